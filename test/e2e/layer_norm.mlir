// tc_tensor.layer_norm compiled with the CPU pipeline against tensor-ref
// (docs/dialects.md §2.2.15): every axis incl. negative and 0 (the whole
// tensor), scale and bias unidirectionally broadcast (lower rank, size-1
// dimensions), an absent bias, every float dtype (f16/bf16 in f32), empty
// tensors, and special rows as constants: NaN or ±inf (all NaN), a constant
// row with epsilon = 0 (0/0 = NaN) and > 0, ±0 rows without a bias.
// RUN: %e2e %s

func.func @ln_f32(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %b: tensor<3x1xf32>, %s2: tensor<2x3x4xf32>, %b2: tensor<1xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = "tc_tensor.layer_norm"(%x, %s, %b) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %1 = "tc_tensor.layer_norm"(%x, %s) {axis = -1 : i64, epsilon = 1.0e-03 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %2 = "tc_tensor.layer_norm"(%x, %s2, %b2) {axis = 0 : i64, epsilon = 0.0 : f64} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<1xf32>) -> tensor<2x3x4xf32>
  return %0, %1, %2 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

func.func @ln_f16_bf16_f64(%x0: tensor<4x6xf16> {tc.distribution = "normal(5, 2)"}, %s0: tensor<6xf16>, %b0: tensor<6xf16>, %x1: tensor<3x2x5xbf16>, %s1: tensor<1x5xbf16>, %x2: tensor<2x8xf64> {tc.distribution = "normal(100, 0.01)"}, %s2: tensor<8xf64>, %b2: tensor<1xf64>) -> (tensor<4x6xf16>, tensor<3x2x5xbf16>, tensor<2x8xf64>) {
  %0 = "tc_tensor.layer_norm"(%x0, %s0, %b0) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<4x6xf16>, tensor<6xf16>, tensor<6xf16>) -> tensor<4x6xf16>
  %1 = "tc_tensor.layer_norm"(%x1, %s1) {axis = -2 : i64, epsilon = 1.0e-05 : f64} : (tensor<3x2x5xbf16>, tensor<1x5xbf16>) -> tensor<3x2x5xbf16>
  %2 = "tc_tensor.layer_norm"(%x2, %s2, %b2) {axis = 1 : i64, epsilon = 1.0e-12 : f64} : (tensor<2x8xf64>, tensor<8xf64>, tensor<1xf64>) -> tensor<2x8xf64>
  return %0, %1, %2 : tensor<4x6xf16>, tensor<3x2x5xbf16>, tensor<2x8xf64>
}

// A rank-1 input, one-element rows, empty tensors.
func.func @ln_shapes(%x0: tensor<7xf32>, %s0: tensor<7xf32>, %x1: tensor<3x1xf32>, %s1: tensor<1xf32>, %b1: tensor<1xf32>, %x2: tensor<0x4xf32>, %s2: tensor<4xf32>) -> (tensor<7xf32>, tensor<3x1xf32>, tensor<0x4xf32>, tensor<0x4xf32>) {
  %0 = "tc_tensor.layer_norm"(%x0, %s0) {axis = 0 : i64, epsilon = 1.0e-05 : f64} : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xf32>
  %1 = "tc_tensor.layer_norm"(%x1, %s1, %b1) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<3x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3x1xf32>
  %2 = "tc_tensor.layer_norm"(%x2, %s2) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<0x4xf32>, tensor<4xf32>) -> tensor<0x4xf32>
  %3 = "tc_tensor.layer_norm"(%x2, %s2, %s2) {axis = 0 : i64, epsilon = 1.0e-05 : f64} : (tensor<0x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<0x4xf32>
  return %0, %1, %2, %3 : tensor<7xf32>, tensor<3x1xf32>, tensor<0x4xf32>, tensor<0x4xf32>
}

// Rows: NaN; +inf; -inf and +inf; constant 0.1; ±0 only; a large offset.
func.func @ln_special_f32() -> (tensor<6x4xf32>, tensor<6x4xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 0x7FC00000, 3.0, 2.0], [0x7F800000, 1.0, 2.0, 3.0], [0xFF800000, 0x7F800000, 1.0, 2.0], [0.1, 0.1, 0.1, 0.1], [-0.0, 0.0, -0.0, 0.0], [1.0e+04, 1.0e+04, 1.0001e+04, 9.999e+03]]> : tensor<6x4xf32>} : () -> tensor<6x4xf32>
  %s = "tc_tensor.constant"() {value = dense<[1.0, -2.0, 0.5, 3.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = 1 : i64, epsilon = 0.0 : f64} : (tensor<6x4xf32>, tensor<4xf32>) -> tensor<6x4xf32>
  %1 = "tc_tensor.layer_norm"(%x, %s) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<6x4xf32>, tensor<4xf32>) -> tensor<6x4xf32>
  return %0, %1 : tensor<6x4xf32>, tensor<6x4xf32>
}

func.func @ln_special_f16_bf16_f64() -> (tensor<3x3xf16>, tensor<3x3xbf16>, tensor<3x3xf64>) {
  %a = "tc_tensor.constant"() {value = dense<[[0x7E00, 1.0, 2.0], [3.0, 3.0, 3.0], [6.550400e+04, 6.550400e+04, -6.550400e+04]]> : tensor<3x3xf16>} : () -> tensor<3x3xf16>
  %b = "tc_tensor.constant"() {value = dense<[[1.0, 0x7F80, 2.0], [0.1, 0.1, 0.1], [-0.0, -0.0, -0.0]]> : tensor<3x3xbf16>} : () -> tensor<3x3xbf16>
  %c = "tc_tensor.constant"() {value = dense<[[0xFFF0000000000000, 1.0, 2.0], [0.1, 0.1, 0.1], [1.0, 2.0, 4.0]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %sa = "tc_tensor.constant"() {value = dense<[1.0, 2.0, -1.0]> : tensor<3xf16>} : () -> tensor<3xf16>
  %sb = "tc_tensor.constant"() {value = dense<[1.0]> : tensor<1xbf16>} : () -> tensor<1xbf16>
  %sc = "tc_tensor.constant"() {value = dense<[1.0, 0.5, 2.0]> : tensor<3xf64>} : () -> tensor<3xf64>
  %0 = "tc_tensor.layer_norm"(%a, %sa) {axis = 1 : i64, epsilon = 0.0 : f64} : (tensor<3x3xf16>, tensor<3xf16>) -> tensor<3x3xf16>
  %1 = "tc_tensor.layer_norm"(%b, %sb) {axis = 1 : i64, epsilon = 0.0 : f64} : (tensor<3x3xbf16>, tensor<1xbf16>) -> tensor<3x3xbf16>
  %2 = "tc_tensor.layer_norm"(%c, %sc, %sc) {axis = -1 : i64, epsilon = 0.0 : f64} : (tensor<3x3xf64>, tensor<3xf64>, tensor<3xf64>) -> tensor<3x3xf64>
  return %0, %1, %2 : tensor<3x3xf16>, tensor<3x3xbf16>, tensor<3x3xf64>
}

func.func @ln_empty_inner(%x: tensor<2x0xf32>, %s: tensor<1xf32>) -> (tensor<2x0xf32>, tensor<2x0xf32>) {
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x0xf32>, tensor<1xf32>) -> tensor<2x0xf32>
  %1 = "tc_tensor.layer_norm"(%x, %s, %s) {axis = 0 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x0xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x0xf32>
  return %0, %1 : tensor<2x0xf32>, tensor<2x0xf32>
}
