// tc_tensor.softmax compiled with the CPU pipeline against tensor-ref
// (docs/dialects.md §2.2.16): every axis incl. negative, every float dtype
// (f16/bf16 computed in f32), one-element slices, large inputs (exp would
// overflow without subtracting the maximum), empty tensors, and the special
// slices as constants: NaN or +inf anywhere (all NaN), all -inf (all NaN),
// -inf among finite values.
// RUN: %e2e %s

func.func @softmax_f32(%x: tensor<3x4x5xf32> {tc.distribution = "normal(0, 3)"}) -> (tensor<3x4x5xf32>, tensor<3x4x5xf32>, tensor<3x4x5xf32>) {
  %0 = "tc_tensor.softmax"(%x) {axis = -1 : i64} : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  %1 = "tc_tensor.softmax"(%x) {axis = 1 : i64} : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  %2 = "tc_tensor.softmax"(%x) {axis = 0 : i64} : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  return %0, %1, %2 : tensor<3x4x5xf32>, tensor<3x4x5xf32>, tensor<3x4x5xf32>
}

func.func @softmax_f16_bf16_f64(%x0: tensor<4x6xf16> {tc.distribution = "normal(0, 4)"}, %x1: tensor<5x3xbf16>, %x2: tensor<2x7xf64> {tc.distribution = "normal(0, 10)"}) -> (tensor<4x6xf16>, tensor<5x3xbf16>, tensor<2x7xf64>) {
  %0 = "tc_tensor.softmax"(%x0) {axis = 1 : i64} : (tensor<4x6xf16>) -> tensor<4x6xf16>
  %1 = "tc_tensor.softmax"(%x1) {axis = 0 : i64} : (tensor<5x3xbf16>) -> tensor<5x3xbf16>
  %2 = "tc_tensor.softmax"(%x2) {axis = -1 : i64} : (tensor<2x7xf64>) -> tensor<2x7xf64>
  return %0, %1, %2 : tensor<4x6xf16>, tensor<5x3xbf16>, tensor<2x7xf64>
}

// One-element slices (1 or +0), a rank-1 input, large values, empty tensors.
func.func @softmax_shapes(%x0: tensor<3x1xf32>, %x1: tensor<6xf32> {tc.distribution = "uniform(500, 1000)"}, %x2: tensor<0x3xf32>) -> (tensor<3x1xf32>, tensor<6xf32>, tensor<0x3xf32>, tensor<0x3xf32>) {
  %0 = "tc_tensor.softmax"(%x0) {axis = 1 : i64} : (tensor<3x1xf32>) -> tensor<3x1xf32>
  %1 = "tc_tensor.softmax"(%x1) {axis = 0 : i64} : (tensor<6xf32>) -> tensor<6xf32>
  %2 = "tc_tensor.softmax"(%x2) {axis = 1 : i64} : (tensor<0x3xf32>) -> tensor<0x3xf32>
  %3 = "tc_tensor.softmax"(%x2) {axis = 0 : i64} : (tensor<0x3xf32>) -> tensor<0x3xf32>
  return %0, %1, %2, %3 : tensor<3x1xf32>, tensor<6xf32>, tensor<0x3xf32>, tensor<0x3xf32>
}

// Rows: NaN; +inf; all -inf; -inf among finite; -0 and +0; a large spread.
func.func @softmax_special_f32() -> tensor<6x4xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 0x7FC00000, 3.0, 2.0], [0x7F800000, 1.0, 2.0, 3.0], [0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000], [0xFF800000, 1.0, 0xFF800000, 2.0], [-0.0, 0.0, -0.0, 0.0], [100.0, -100.0, 0.0, 88.0]]> : tensor<6x4xf32>} : () -> tensor<6x4xf32>
  %0 = "tc_tensor.softmax"(%x) {axis = 1 : i64} : (tensor<6x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

func.func @softmax_special_f16_bf16_f64() -> (tensor<4x3xf16>, tensor<4x3xbf16>, tensor<4x3xf64>) {
  %a = "tc_tensor.constant"() {value = dense<[[0x7E00, 1.0, 2.0], [0x7C00, 0xFC00, 1.0], [0xFC00, 0xFC00, 0xFC00], [0xFC00, 6.550400e+04, 6.550400e+04]]> : tensor<4x3xf16>} : () -> tensor<4x3xf16>
  %b = "tc_tensor.constant"() {value = dense<[[1.0, 0x7FC0, 2.0], [0x7F80, 0xFF80, 1.0], [0xFF80, 0xFF80, 0xFF80], [0xFF80, 1.0, 0x7F7F]]> : tensor<4x3xbf16>} : () -> tensor<4x3xbf16>
  %c = "tc_tensor.constant"() {value = dense<[[0x7FF8000000000000, 1.0, 2.0], [0x7FF0000000000000, 0xFFF0000000000000, 1.0], [0xFFF0000000000000, 0xFFF0000000000000, 0xFFF0000000000000], [0xFFF0000000000000, 1.0, 700.0]]> : tensor<4x3xf64>} : () -> tensor<4x3xf64>
  %0 = "tc_tensor.softmax"(%a) {axis = 1 : i64} : (tensor<4x3xf16>) -> tensor<4x3xf16>
  %1 = "tc_tensor.softmax"(%b) {axis = -1 : i64} : (tensor<4x3xbf16>) -> tensor<4x3xbf16>
  %2 = "tc_tensor.softmax"(%c) {axis = 1 : i64} : (tensor<4x3xf64>) -> tensor<4x3xf64>
  return %0, %1, %2 : tensor<4x3xf16>, tensor<4x3xbf16>, tensor<4x3xf64>
}

func.func @softmax_empty_inner(%x: tensor<2x0xf16>) -> (tensor<2x0xf16>, tensor<2x0xf16>) {
  %0 = "tc_tensor.softmax"(%x) {axis = 1 : i64} : (tensor<2x0xf16>) -> tensor<2x0xf16>
  %1 = "tc_tensor.softmax"(%x) {axis = 0 : i64} : (tensor<2x0xf16>) -> tensor<2x0xf16>
  return %0, %1 : tensor<2x0xf16>, tensor<2x0xf16>
}
