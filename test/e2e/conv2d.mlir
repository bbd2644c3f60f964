// tc_tensor.conv2d compiled with the CPU pipeline against tensor-ref
// (docs/dialects.md §2.2.10): padding (symmetric and not), strides,
// dilations, groups (depthwise included), with and without bias, every float
// dtype (f16/bf16 summed in f32), an empty batch, and special values as
// constants: an inf weight on a tap that reads padding gives NaN (padding is
// +0 and multiplied), a sum of -0 products without bias stays -0.
// RUN: %e2e %s

func.func @conv_f32(%x: tensor<1x1x5x5xf32>, %w: tensor<2x1x3x3xf32>, %b: tensor<2xf32>, %x2: tensor<2x3x7x6xf32>, %w2: tensor<4x3x2x3xf32>) -> (tensor<1x2x5x5xf32>, tensor<2x4x4x5xf32>) {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x5x5xf32>, tensor<2x1x3x3xf32>, tensor<2xf32>) -> tensor<1x2x5x5xf32>
  %1 = "tc_tensor.conv2d"(%x2, %w2) {strides = array<i64: 2, 1>, pads = array<i64: 1, 0, 2, 3>, dilations = array<i64: 2, 2>, group = 1 : i64} : (tensor<2x3x7x6xf32>, tensor<4x3x2x3xf32>) -> tensor<2x4x4x5xf32>
  return %0, %1 : tensor<1x2x5x5xf32>, tensor<2x4x4x5xf32>
}

func.func @conv_groups(%x: tensor<1x4x5x5xf32>, %w: tensor<6x2x3x3xf32>, %b: tensor<6xf32>, %x2: tensor<1x3x4x4xf32>, %w2: tensor<3x1x2x2xf32>) -> (tensor<1x6x3x3xf32>, tensor<1x3x3x3xf32>) {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 2 : i64} : (tensor<1x4x5x5xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x3x3xf32>
  %1 = "tc_tensor.conv2d"(%x2, %w2) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 3 : i64} : (tensor<1x3x4x4xf32>, tensor<3x1x2x2xf32>) -> tensor<1x3x3x3xf32>
  return %0, %1 : tensor<1x6x3x3xf32>, tensor<1x3x3x3xf32>
}

// -----

func.func @conv_f16(%x: tensor<1x2x4x4xf16> {tc.distribution = "uniform(-30, 30)"}, %w: tensor<2x2x3x3xf16> {tc.distribution = "uniform(-30, 30)"}, %b: tensor<2xf16>) -> tensor<1x2x4x4xf16> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x2x4x4xf16>, tensor<2x2x3x3xf16>, tensor<2xf16>) -> tensor<1x2x4x4xf16>
  return %0 : tensor<1x2x4x4xf16>
}

func.func @conv_bf16(%x: tensor<1x1x3x3xbf16>, %w: tensor<1x1x2x2xbf16>) -> tensor<1x1x2x2xbf16> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x3x3xbf16>, tensor<1x1x2x2xbf16>) -> tensor<1x1x2x2xbf16>
  return %0 : tensor<1x1x2x2xbf16>
}

func.func @conv_f64(%x: tensor<1x2x3x4xf64>, %w: tensor<3x2x1x2xf64>, %b: tensor<3xf64>) -> tensor<1x3x3x3xf64> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 2>, pads = array<i64: 0, 1, 0, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x2x3x4xf64>, tensor<3x2x1x2xf64>, tensor<3xf64>) -> tensor<1x3x3x3xf64>
  return %0 : tensor<1x3x3x3xf64>
}

// -----

// An inf weight at the top-left tap: outputs whose tap reads padding are
// 0 · inf = NaN, the others ±inf. All -0 inputs against positive weights
// give -0 without padding and +0 with it (a padded +0 product).
func.func @conv_special(%x: tensor<1x1x3x3xf32>, %wp: tensor<1x1x2x2xf32> {tc.distribution = "uniform(0.5, 2)"}) -> (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>, tensor<1x1x4x4xf32>) {
  %w = "tc_tensor.constant"() {value = dense<[[[[0x7F800000, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]]]> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %z = "tc_tensor.constant"() {value = dense<-0.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  %1 = "tc_tensor.conv2d"(%z, %wp) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %2 = "tc_tensor.conv2d"(%z, %wp) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return %0, %1, %2 : tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>, tensor<1x1x4x4xf32>
}

// A bias of -0 keeps an all -0 sum -0; NaN in x spreads to every window
// that covers it; an empty batch gives an empty result.
func.func @conv_bias_nan_empty(%w: tensor<2x1x2x2xf32> {tc.distribution = "uniform(0.5, 2)"}, %e: tensor<0x1x3x3xf32>) -> (tensor<1x2x2x2xf32>, tensor<0x2x2x2xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[[[-0.0, -0.0, -0.0], [-0.0, -0.0, -0.0], [-0.0, -0.0, 0x7FC00000]]]]> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %b = "tc_tensor.constant"() {value = dense<[-0.0, 0.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  %1 = "tc_tensor.conv2d"(%e, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<0x1x3x3xf32>, tensor<2x1x2x2xf32>, tensor<2xf32>) -> tensor<0x2x2x2xf32>
  return %0, %1 : tensor<1x2x2x2xf32>, tensor<0x2x2x2xf32>
}
