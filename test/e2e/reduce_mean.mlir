// tc_tensor.reduce_mean compiled with the CPU pipeline against tensor-ref
// (docs/dialects.md §2.2.17): axes subsets, negative axes, keepdims, empty
// axes (all), rank 0 (x/1), every float dtype (f16/bf16 summed in f32, sums
// beyond the f16 range with a finite mean), means over a size-0 dimension
// (0/0 = NaN), empty results, and NaN, ±inf, ±0 as constants.
// RUN: %e2e %s

func.func @mean_f32(%x: tensor<2x3x4xf32>) -> (tensor<2x4xf32>, tensor<1x1x1xf32>, tensor<3xf32>, tensor<2x1x4xf32>) {
  %0 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  %1 = "tc_tensor.reduce_mean"(%x) {axes = array<i64>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  %2 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  %3 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: -2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<1x1x1xf32>, tensor<3xf32>, tensor<2x1x4xf32>
}

func.func @mean_f16_bf16_f64(%x0: tensor<3x5xf16> {tc.distribution = "uniform(-100, 100)"}, %x1: tensor<4x6xbf16>, %x2: tensor<2x3x4xf64>) -> (tensor<1x5xf16>, tensor<4xbf16>, tensor<f64>) {
  %0 = "tc_tensor.reduce_mean"(%x0) {axes = array<i64: 0>, keepdims = true} : (tensor<3x5xf16>) -> tensor<1x5xf16>
  %1 = "tc_tensor.reduce_mean"(%x1) {axes = array<i64: 1>, keepdims = false} : (tensor<4x6xbf16>) -> tensor<4xbf16>
  %2 = "tc_tensor.reduce_mean"(%x2) {axes = array<i64>, keepdims = false} : (tensor<2x3x4xf64>) -> tensor<f64>
  return %0, %1, %2 : tensor<1x5xf16>, tensor<4xbf16>, tensor<f64>
}

func.func @mean_rank0(%x: tensor<f32>, %z: tensor<f16>, %w: tensor<f64>) -> (tensor<f32>, tensor<f16>, tensor<f64>) {
  %0 = "tc_tensor.reduce_mean"(%x) {axes = array<i64>, keepdims = false} : (tensor<f32>) -> tensor<f32>
  %1 = "tc_tensor.reduce_mean"(%z) {axes = array<i64>, keepdims = true} : (tensor<f16>) -> tensor<f16>
  %2 = "tc_tensor.reduce_mean"(%w) {axes = array<i64>, keepdims = false} : (tensor<f64>) -> tensor<f64>
  return %0, %1, %2 : tensor<f32>, tensor<f16>, tensor<f64>
}

func.func @mean_empty(%x: tensor<0x3xf32>, %z: tensor<0x2xf16>, %b: tensor<0x2xbf16>, %w: tensor<0x2x3xf64>) -> (tensor<3xf32>, tensor<0x1xf32>, tensor<f16>, tensor<1x2xbf16>, tensor<2x3xf64>, tensor<0x3xf64>) {
  %0 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<0x3xf32>) -> tensor<3xf32>
  %1 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<0x3xf32>) -> tensor<0x1xf32>
  %2 = "tc_tensor.reduce_mean"(%z) {axes = array<i64>, keepdims = false} : (tensor<0x2xf16>) -> tensor<f16>
  %3 = "tc_tensor.reduce_mean"(%b) {axes = array<i64: 0>, keepdims = true} : (tensor<0x2xbf16>) -> tensor<1x2xbf16>
  %4 = "tc_tensor.reduce_mean"(%w) {axes = array<i64: 0>, keepdims = false} : (tensor<0x2x3xf64>) -> tensor<2x3xf64>
  %5 = "tc_tensor.reduce_mean"(%w) {axes = array<i64: 1>, keepdims = false} : (tensor<0x2x3xf64>) -> tensor<0x3xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<3xf32>, tensor<0x1xf32>, tensor<f16>, tensor<1x2xbf16>, tensor<2x3xf64>, tensor<0x3xf64>
}

// Rows: NaN; inf + -inf; inf; -inf; all -0; -0 and +0; exact cancellation; subnormals.
func.func @mean_special_f32() -> tensor<8xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 1.0, 2.0, 3.0], [0x7F800000, 0xFF800000, 1.0, 1.0], [0x7F800000, 1.0, -2.0, 3.0], [0xFF800000, 1.0, 2.0, 3.0], [-0.0, -0.0, -0.0, -0.0], [-0.0, 0.0, -0.0, -0.0], [1.5, -1.0, 0.5, -1.0], [0x00000001, 0x00000001, 0x80000003, 0x00000002]]> : tensor<8x4xf32>} : () -> tensor<8x4xf32>
  %0 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<8x4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// Partial sums beyond 65504 whose mean is finite; NaN; -inf; all -0.
func.func @mean_special_f16() -> tensor<4xf16> {
  %x = "tc_tensor.constant"() {value = dense<[[6.550400e+04, 6.550400e+04, 6.550400e+04, 1.0], [0x7E00, 1.0, 2.0, 3.0], [0xFC00, 6.550400e+04, 6.550400e+04, 1.0], [-0.0, -0.0, -0.0, -0.0]]> : tensor<4x4xf16>} : () -> tensor<4x4xf16>
  %0 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
