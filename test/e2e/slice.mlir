// tc_tensor.slice (docs/dialects.md §2.2.24) compiled with the CPU pipeline
// against tensor-ref: Python slicing with clamping, negative starts, ends
// and steps, the Python-not-ONNX corner, rank 0, empty results and inputs.
// RUN: %e2e %s

func.func @slice_f32(%x: tensor<5x6xf32>) -> (tensor<2x3xf32>, tensor<5x6xf32>, tensor<3x2xf32>, tensor<0x6xf32>, tensor<5x1xf32>) {
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 1, 0>, ends = array<i64: 3, 6>, steps = array<i64: 1, 2>} : (tensor<5x6xf32>) -> tensor<2x3xf32>
  %1 = "tc_tensor.slice"(%x) {starts = array<i64: -100, -100>, ends = array<i64: 100, 100>, steps = array<i64: 1, 1>} : (tensor<5x6xf32>) -> tensor<5x6xf32>
  %2 = "tc_tensor.slice"(%x) {starts = array<i64: -1, 100>, ends = array<i64: -100, 2>, steps = array<i64: -2, -2>} : (tensor<5x6xf32>) -> tensor<3x2xf32>
  %3 = "tc_tensor.slice"(%x) {starts = array<i64: 3, 0>, ends = array<i64: 1, 6>, steps = array<i64: 1, 1>} : (tensor<5x6xf32>) -> tensor<0x6xf32>
  %4 = "tc_tensor.slice"(%x) {starts = array<i64: 4, -2>, ends = array<i64: -6, -1>, steps = array<i64: -1, 5>} : (tensor<5x6xf32>) -> tensor<5x1xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<5x6xf32>, tensor<3x2xf32>, tensor<0x6xf32>, tensor<5x1xf32>
}

func.func @slice_special_f32() -> tensor<3xf32> {
  %c = "tc_tensor.constant"() {value = dense<[0x7FC00000, 0xFF800000, 0x7F800000, 0x80000000, 0x00000000, 0x00000001]> : tensor<6xf32>} : () -> tensor<6xf32>
  %0 = "tc_tensor.slice"(%c) {starts = array<i64: 5>, ends = array<i64: -7>, steps = array<i64: -2>} : (tensor<6xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

func.func @slice_f16_bf16_f64(%a: tensor<4x5xf16>, %b: tensor<7xbf16>, %c: tensor<2x3x4xf64>) -> (tensor<2x2xf16>, tensor<3xbf16>, tensor<2x1x2xf64>) {
  %0 = "tc_tensor.slice"(%a) {starts = array<i64: 3, 1>, ends = array<i64: 0, 5>, steps = array<i64: -2, 3>} : (tensor<4x5xf16>) -> tensor<2x2xf16>
  %1 = "tc_tensor.slice"(%b) {starts = array<i64: 0>, ends = array<i64: 7>, steps = array<i64: 3>} : (tensor<7xbf16>) -> tensor<3xbf16>
  %2 = "tc_tensor.slice"(%c) {starts = array<i64: 0, 1, -1>, ends = array<i64: 2, 2, 0>, steps = array<i64: 1, 1, -2>} : (tensor<2x3x4xf64>) -> tensor<2x1x2xf64>
  return %0, %1, %2 : tensor<2x2xf16>, tensor<3xbf16>, tensor<2x1x2xf64>
}

func.func @slice_ints(%a: tensor<6xi1>, %b: tensor<3x4xui8> {tc.distribution = "integers(0, 256)"}, %c: tensor<4xi32>) -> (tensor<3xi1>, tensor<3x2xui8>, tensor<0xi32>, tensor<1xi32>) {
  %0 = "tc_tensor.slice"(%a) {starts = array<i64: 1>, ends = array<i64: 6>, steps = array<i64: 2>} : (tensor<6xi1>) -> tensor<3xi1>
  %1 = "tc_tensor.slice"(%b) {starts = array<i64: -1, 3>, ends = array<i64: -10, 0>, steps = array<i64: -1, -2>} : (tensor<3x4xui8>) -> tensor<3x2xui8>
  %2 = "tc_tensor.slice"(%c) {starts = array<i64: -10>, ends = array<i64: -10>, steps = array<i64: -1>} : (tensor<4xi32>) -> tensor<0xi32>
  %3 = "tc_tensor.slice"(%c) {starts = array<i64: 0>, ends = array<i64: -10>, steps = array<i64: -1>} : (tensor<4xi32>) -> tensor<1xi32>
  return %0, %1, %2, %3 : tensor<3xi1>, tensor<3x2xui8>, tensor<0xi32>, tensor<1xi32>
}

func.func @slice_int_extremes() -> tensor<2xi64> {
  %c = "tc_tensor.constant"() {value = dense<[-9223372036854775808, 0, 9223372036854775807]> : tensor<3xi64>} : () -> tensor<3xi64>
  %0 = "tc_tensor.slice"(%c) {starts = array<i64: 2>, ends = array<i64: -4>, steps = array<i64: -2>} : (tensor<3xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

func.func @slice_rank0_empty(%y: tensor<f64>, %z: tensor<0x3xui8>) -> (tensor<f64>, tensor<0x2xui8>) {
  %0 = "tc_tensor.slice"(%y) {starts = array<i64>, ends = array<i64>, steps = array<i64>} : (tensor<f64>) -> tensor<f64>
  %1 = "tc_tensor.slice"(%z) {starts = array<i64: 1, 1>, ends = array<i64: 3, 5>, steps = array<i64: 1, 1>} : (tensor<0x3xui8>) -> tensor<0x2xui8>
  return %0, %1 : tensor<f64>, tensor<0x2xui8>
}
