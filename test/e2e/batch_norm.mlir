// tc_tensor.batch_norm compiled with the CPU pipeline against tensor-ref
// (docs/dialects.md §2.2.14): ranks 2 to 4, every float dtype (computed in
// f64, rounded once), empty batches and spatial dimensions, and special
// values as constants: NaN and ±inf inputs, var + epsilon = 0 (±inf, or NaN
// where x = mean), negative var + epsilon (NaN), ±0.
// RUN: %e2e %s

func.func @bn_f32(%x: tensor<2x3x4x5xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32> {tc.distribution = "uniform(0, 2)"}, %x2: tensor<4x3xf32>) -> (tensor<2x3x4x5xf32>, tensor<4x3xf32>) {
  %0 = "tc_tensor.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 1.0e-05 : f64} : (tensor<2x3x4x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x5xf32>
  %1 = "tc_tensor.batch_norm"(%x2, %s, %b, %m, %v) {epsilon = 0.5 : f64} : (tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  return %0, %1 : tensor<2x3x4x5xf32>, tensor<4x3xf32>
}

func.func @bn_f16(%x: tensor<2x4x3xf16> {tc.distribution = "normal(0, 10)"}, %s: tensor<4xf16>, %b: tensor<4xf16>, %m: tensor<4xf16>, %v: tensor<4xf16> {tc.distribution = "uniform(0.1, 3)"}) -> tensor<2x4x3xf16> {
  %0 = "tc_tensor.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 1.0e-03 : f64} : (tensor<2x4x3xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>) -> tensor<2x4x3xf16>
  return %0 : tensor<2x4x3xf16>
}

func.func @bn_bf16(%x: tensor<3x2x2x2xbf16>, %s: tensor<2xbf16>, %b: tensor<2xbf16>, %m: tensor<2xbf16>, %v: tensor<2xbf16> {tc.distribution = "uniform(0.1, 3)"}) -> tensor<3x2x2x2xbf16> {
  %0 = "tc_tensor.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 1.0e-05 : f64} : (tensor<3x2x2x2xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>) -> tensor<3x2x2x2xbf16>
  return %0 : tensor<3x2x2x2xbf16>
}

func.func @bn_f64(%x: tensor<2x5x3xf64>, %s: tensor<5xf64>, %b: tensor<5xf64>, %m: tensor<5xf64>, %v: tensor<5xf64> {tc.distribution = "uniform(0, 2)"}) -> tensor<2x5x3xf64> {
  %0 = "tc_tensor.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 1.0e-05 : f64} : (tensor<2x5x3xf64>, tensor<5xf64>, tensor<5xf64>, tensor<5xf64>, tensor<5xf64>) -> tensor<2x5x3xf64>
  return %0 : tensor<2x5x3xf64>
}

// Empty batch and empty spatial dimension; a batch of one.
func.func @bn_shapes(%x0: tensor<0x3x2xf32>, %x1: tensor<1x3xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32> {tc.distribution = "uniform(0, 2)"}) -> (tensor<0x3x2xf32>, tensor<1x3xf32>) {
  %0 = "tc_tensor.batch_norm"(%x0, %s, %b, %m, %v) {epsilon = 1.0e-05 : f64} : (tensor<0x3x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<0x3x2xf32>
  %1 = "tc_tensor.batch_norm"(%x1, %s, %b, %m, %v) {epsilon = 1.0e-05 : f64} : (tensor<1x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3xf32>
  return %0, %1 : tensor<0x3x2xf32>, tensor<1x3xf32>
}

// Channels: ordinary; var = 0 (epsilon 0); var < 0; infinite scale; zero scale and bias.
func.func @bn_special_f32() -> tensor<6x5xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 2.0, 0.5, 1.0, 1.0], [0x7FC00000, 2.0, 0.5, -1.0, -0.0], [0x7F800000, 3.0, 1.0, 0.0, 2.0], [0xFF800000, -1.0, 0.0, 1.0, -3.0], [-0.0, 0.0, -0.0, 0.0, 0.0], [1.0e+30, -1.0e+30, 3.40282347E+38, 0x00000001, 1.0]]> : tensor<6x5xf32>} : () -> tensor<6x5xf32>
  %s = "tc_tensor.constant"() {value = dense<[2.0, 1.0, 1.0, 0x7F800000, 0.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %b = "tc_tensor.constant"() {value = dense<[0.5, 0.0, -1.0, 0.0, -0.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %m = "tc_tensor.constant"() {value = dense<[1.0, 2.0, 0.5, 0.0, 1.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %v = "tc_tensor.constant"() {value = dense<[1.0, 0.0, -1.0, 4.0, 1.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %0 = "tc_tensor.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 0.0 : f64} : (tensor<6x5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

func.func @bn_special_f16_bf16() -> (tensor<3x3xf16>, tensor<3x3xbf16>) {
  %x = "tc_tensor.constant"() {value = dense<[[0x7E00, 2.0, 6.550400e+04], [0x7C00, 2.0, -6.550400e+04], [-0.0, 3.0, 1.0]]> : tensor<3x3xf16>} : () -> tensor<3x3xf16>
  %p = "tc_tensor.constant"() {value = dense<[1.0, 1.0, 4.0]> : tensor<3xf16>} : () -> tensor<3xf16>
  %q = "tc_tensor.constant"() {value = dense<[0.0, 2.0, 0.0]> : tensor<3xf16>} : () -> tensor<3xf16>
  %y = "tc_tensor.constant"() {value = dense<[[0x7FC0, 2.0, 0x7F7F], [0xFF80, 2.0, 1.0], [0.0, 3.0, -1.0]]> : tensor<3x3xbf16>} : () -> tensor<3x3xbf16>
  %pb = "tc_tensor.constant"() {value = dense<[1.0, 1.0, 4.0]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %qb = "tc_tensor.constant"() {value = dense<[0.0, 2.0, 0.0]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %0 = "tc_tensor.batch_norm"(%x, %p, %q, %q, %q) {epsilon = 0.0 : f64} : (tensor<3x3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>) -> tensor<3x3xf16>
  %1 = "tc_tensor.batch_norm"(%y, %pb, %qb, %qb, %qb) {epsilon = 0.0 : f64} : (tensor<3x3xbf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<3xbf16>) -> tensor<3x3xbf16>
  return %0, %1 : tensor<3x3xf16>, tensor<3x3xbf16>
}

func.func @bn_empty_inner(%x: tensor<2x3x0xf32>, %s: tensor<3xf32>) -> tensor<2x3x0xf32> {
  %0 = "tc_tensor.batch_norm"(%x, %s, %s, %s, %s) {epsilon = 1.0e-05 : f64} : (tensor<2x3x0xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x0xf32>
  return %0 : tensor<2x3x0xf32>
}
