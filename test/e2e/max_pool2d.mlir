// tc_tensor.max_pool2d compiled with the CPU pipeline against tensor-ref
// (docs/dialects.md §2.2.11, an exact op): strides, pads, dilations,
// ceil_mode (a last window running past the padding, and one dropped because
// it would start in the end padding), every numeric dtype, an empty batch,
// windows that a dilation makes miss the input (-inf, the signed minimum, 0),
// and NaN, ±inf, ±0 as constants (NaN wins, +0 over -0).
// RUN: %e2e %s

func.func @maxpool_f32(%x: tensor<1x2x4x4xf32>, %y: tensor<1x1x6x7xf32>, %z: tensor<2x1x5x5xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x1x4x4xf32>, tensor<2x1x3x3xf32>, tensor<2x1x3x3xf32>) {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %1 = "tc_tensor.max_pool2d"(%y) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x1x6x7xf32>) -> tensor<1x1x4x4xf32>
  %2 = "tc_tensor.max_pool2d"(%z) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 2, 2>, ceil_mode = false} : (tensor<2x1x5x5xf32>) -> tensor<2x1x3x3xf32>
  %3 = "tc_tensor.max_pool2d"(%z) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = true} : (tensor<2x1x5x5xf32>) -> tensor<2x1x3x3xf32>
  return %0, %1, %2, %3 : tensor<1x2x2x2xf32>, tensor<1x1x4x4xf32>, tensor<2x1x3x3xf32>, tensor<2x1x3x3xf32>
}

// ceil mode: the fourth window would start in the end padding and is dropped.
func.func @maxpool_ceil_drop(%x: tensor<1x1x4x4xf64>) -> tensor<1x1x3x3xf64> {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 2, 2, 2, 2>, dilations = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x1x4x4xf64>) -> tensor<1x1x3x3xf64>
  return %0 : tensor<1x1x3x3xf64>
}

// -----

func.func @maxpool_f16_bf16(%x: tensor<1x2x5x5xf16>, %y: tensor<1x1x4x6xbf16>) -> (tensor<1x2x3x3xf16>, tensor<1x1x2x3xbf16>) {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x2x5x5xf16>) -> tensor<1x2x3x3xf16>
  %1 = "tc_tensor.max_pool2d"(%y) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x4x6xbf16>) -> tensor<1x1x2x3xbf16>
  return %0, %1 : tensor<1x2x3x3xf16>, tensor<1x1x2x3xbf16>
}

func.func @maxpool_ints(%a: tensor<1x2x4x4xi8> {tc.distribution = "integers(-128, 128)"}, %b: tensor<1x1x4x4xi16>, %c: tensor<1x1x4x4xi32>, %d: tensor<1x1x4x4xi64>, %e: tensor<1x2x4x4xui8> {tc.distribution = "integers(0, 256)"}, %f: tensor<1x1x4x4xui16>, %g: tensor<1x1x4x4xui32>, %h: tensor<1x1x4x4xui64>) -> (tensor<1x2x3x3xi8>, tensor<1x1x2x2xi16>, tensor<1x1x3x3xi32>, tensor<1x1x2x2xi64>, tensor<1x2x3x3xui8>, tensor<1x1x2x2xui16>, tensor<1x1x3x3xui32>, tensor<1x1x2x2xui64>) {
  %0 = "tc_tensor.max_pool2d"(%a) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x2x4x4xi8>) -> tensor<1x2x3x3xi8>
  %1 = "tc_tensor.max_pool2d"(%b) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x4x4xi16>) -> tensor<1x1x2x2xi16>
  %2 = "tc_tensor.max_pool2d"(%c) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x4x4xi32>) -> tensor<1x1x3x3xi32>
  %3 = "tc_tensor.max_pool2d"(%d) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 2, 2>, ceil_mode = false} : (tensor<1x1x4x4xi64>) -> tensor<1x1x2x2xi64>
  %4 = "tc_tensor.max_pool2d"(%e) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x2x4x4xui8>) -> tensor<1x2x3x3xui8>
  %5 = "tc_tensor.max_pool2d"(%f) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x4x4xui16>) -> tensor<1x1x2x2xui16>
  %6 = "tc_tensor.max_pool2d"(%g) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x4x4xui32>) -> tensor<1x1x3x3xui32>
  %7 = "tc_tensor.max_pool2d"(%h) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 2, 2>, ceil_mode = false} : (tensor<1x1x4x4xui64>) -> tensor<1x1x2x2xui64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<1x2x3x3xi8>, tensor<1x1x2x2xi16>, tensor<1x1x3x3xi32>, tensor<1x1x2x2xi64>, tensor<1x2x3x3xui8>, tensor<1x1x2x2xui16>, tensor<1x1x3x3xui32>, tensor<1x1x2x2xui64>
}

// -----

// NaN wins over every value, +0 over -0, -inf loses; int MIN and MAX.
func.func @maxpool_special() -> (tensor<1x1x2x3xf32>, tensor<1x1x1x2xi32>, tensor<1x1x1x2xf16>) {
  %x = "tc_tensor.constant"() {value = dense<[[[[0x7FC00000, 1.0, -0.0, 0.0, 0xFF800000, 0xFF800000], [2.0, 0x7F800000, -0.0, -0.0, 0xFF800000, -3.0], [0.0, -0.0, 1.0, 0x7FC00000, -1.0, -2.0], [-0.0, 0.0, 0x7F800000, 5.0, -5.0, -1.0]]]]> : tensor<1x1x4x6xf32>} : () -> tensor<1x1x4x6xf32>
  %y = "tc_tensor.constant"() {value = dense<[[[[-2147483648, -2147483648, 2147483647, 0], [-2147483648, -2147483648, -1, -2147483648]]]]> : tensor<1x1x2x4xi32>} : () -> tensor<1x1x2x4xi32>
  %h = "tc_tensor.constant"() {value = dense<[[[[0x7E00, 0x3C00, 0x8000, 0x0000], [0xFC00, 0xFC00, 0x8000, 0x8000]]]]> : tensor<1x1x2x4xf16>} : () -> tensor<1x1x2x4xf16>
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x4x6xf32>) -> tensor<1x1x2x3xf32>
  %1 = "tc_tensor.max_pool2d"(%y) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x2x4xi32>) -> tensor<1x1x1x2xi32>
  %2 = "tc_tensor.max_pool2d"(%h) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x2x4xf16>) -> tensor<1x1x1x2xf16>
  return %0, %1, %2 : tensor<1x1x2x3xf32>, tensor<1x1x1x2xi32>, tensor<1x1x1x2xf16>
}

// A dilation of 2 over a 1x1 input with pads 1: both taps miss the input,
// V is empty and the result is max over the empty set; an empty batch.
func.func @maxpool_empty(%x: tensor<1x2x1x1xf32>, %y: tensor<1x1x1x1xi8>, %z: tensor<1x1x1x1xui16>, %w: tensor<1x1x1x1xbf16>, %e: tensor<0x1x4x4xf32>) -> (tensor<1x2x1x1xf32>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xui16>, tensor<1x1x1x1xbf16>, tensor<0x1x2x2xf32>) {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 2, 2>, ceil_mode = false} : (tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  %1 = "tc_tensor.max_pool2d"(%y) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 2, 2>, ceil_mode = false} : (tensor<1x1x1x1xi8>) -> tensor<1x1x1x1xi8>
  %2 = "tc_tensor.max_pool2d"(%z) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 2, 2>, ceil_mode = false} : (tensor<1x1x1x1xui16>) -> tensor<1x1x1x1xui16>
  %3 = "tc_tensor.max_pool2d"(%w) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 2, 2>, ceil_mode = false} : (tensor<1x1x1x1xbf16>) -> tensor<1x1x1x1xbf16>
  %4 = "tc_tensor.max_pool2d"(%e) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<0x1x4x4xf32>) -> tensor<0x1x2x2xf32>
  return %0, %1, %2, %3, %4 : tensor<1x2x1x1xf32>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xui16>, tensor<1x1x1x1xbf16>, tensor<0x1x2x2xf32>
}
