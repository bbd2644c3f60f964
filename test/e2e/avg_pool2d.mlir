// tc_tensor.avg_pool2d compiled with the CPU pipeline against tensor-ref
// (docs/dialects.md §2.2.12): count_include_pad both ways with pads, ceil_mode
// (a last window running past the padding, whose outside positions never
// count, and one dropped because it would start in the end padding), every
// float dtype (f16/bf16 summed in f32), an empty batch, and NaN, ±inf, ±0 as
// constants (an all -0 window averages to -0).
// RUN: %e2e %s

func.func @avgpool_f32(%x: tensor<1x2x4x4xf32>, %y: tensor<1x1x5x5xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) {
  %0 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, ceil_mode = false, count_include_pad = false} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %1 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, ceil_mode = false, count_include_pad = true} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %2 = "tc_tensor.avg_pool2d"(%y) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = false, count_include_pad = false} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
  %3 = "tc_tensor.avg_pool2d"(%y) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = false, count_include_pad = true} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
  return %0, %1, %2, %3 : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>
}

// Ceil mode: the last row/column window runs past the padding; the
// 3x3/2 window with pads 2 drops its fourth position.
func.func @avgpool_ceil(%x: tensor<2x1x5x6xf32>, %y: tensor<1x1x4x4xf32>) -> (tensor<2x1x3x4xf32>, tensor<2x1x3x4xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) {
  %0 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 1, 0, 0>, ceil_mode = true, count_include_pad = false} : (tensor<2x1x5x6xf32>) -> tensor<2x1x3x4xf32>
  %1 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 1, 0, 0>, ceil_mode = true, count_include_pad = true} : (tensor<2x1x5x6xf32>) -> tensor<2x1x3x4xf32>
  %2 = "tc_tensor.avg_pool2d"(%y) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 2, 2, 2, 2>, ceil_mode = true, count_include_pad = true} : (tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xf32>
  %3 = "tc_tensor.avg_pool2d"(%y) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 2, 2, 2, 2>, ceil_mode = true, count_include_pad = false} : (tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xf32>
  return %0, %1, %2, %3 : tensor<2x1x3x4xf32>, tensor<2x1x3x4xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>
}

// -----

func.func @avgpool_f16_bf16_f64(%x: tensor<1x2x5x5xf16> {tc.distribution = "uniform(-60000, 60000)"}, %y: tensor<1x1x4x6xbf16>, %z: tensor<1x2x3x4xf64>) -> (tensor<1x2x3x3xf16>, tensor<1x1x2x3xbf16>, tensor<1x2x2x2xf64>) {
  %0 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = false, count_include_pad = true} : (tensor<1x2x5x5xf16>) -> tensor<1x2x3x3xf16>
  %1 = "tc_tensor.avg_pool2d"(%y) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, ceil_mode = false, count_include_pad = false} : (tensor<1x1x4x6xbf16>) -> tensor<1x1x2x3xbf16>
  %2 = "tc_tensor.avg_pool2d"(%z) {kernel = array<i64: 2, 3>, strides = array<i64: 1, 2>, pads = array<i64: 0, 1, 0, 1>, ceil_mode = false, count_include_pad = false} : (tensor<1x2x3x4xf64>) -> tensor<1x2x2x2xf64>
  return %0, %1, %2 : tensor<1x2x3x3xf16>, tensor<1x1x2x3xbf16>, tensor<1x2x2x2xf64>
}

// -----

// NaN propagates, inf - inf is NaN, an all -0 window gives -0 (and +0 once
// a padded position counts only in the divisor: still -0 / D = -0).
func.func @avgpool_special(%e: tensor<0x1x4x4xf32>) -> (tensor<1x1x2x3xf32>, tensor<1x1x3x4xf32>, tensor<0x1x2x2xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[[[0x7FC00000, 1.0, -0.0, -0.0, 0x7F800000, 0x7F800000], [2.0, 3.0, -0.0, -0.0, 0xFF800000, 1.0], [3.40282347E+38, 3.40282347E+38, 0x7F800000, 1.0, -0.0, 0.0], [3.40282347E+38, 3.40282347E+38, 1.0, 1.0, -0.0, -0.0]]]]> : tensor<1x1x4x6xf32>} : () -> tensor<1x1x4x6xf32>
  %0 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, ceil_mode = false, count_include_pad = false} : (tensor<1x1x4x6xf32>) -> tensor<1x1x2x3xf32>
  %1 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = false, count_include_pad = true} : (tensor<1x1x4x6xf32>) -> tensor<1x1x3x4xf32>
  %2 = "tc_tensor.avg_pool2d"(%e) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, ceil_mode = false, count_include_pad = false} : (tensor<0x1x4x4xf32>) -> tensor<0x1x2x2xf32>
  return %0, %1, %2 : tensor<1x1x2x3xf32>, tensor<1x1x3x4xf32>, tensor<0x1x2x2xf32>
}
