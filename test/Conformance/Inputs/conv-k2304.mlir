// A 3x3 convolution over 256 channels: each output sums K = 2304 products
// and a bias, enough for im2col + BLIS and for f32 summation error to grow
// past a K-blind budget.
func.func @conv(%x: tensor<1x256x8x8xf32>, %w: tensor<16x256x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x8x8xf32> {
  %y = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x256x8x8xf32>, tensor<16x256x3x3xf32>, tensor<16xf32>) -> tensor<1x16x8x8xf32>
  return %y : tensor<1x16x8x8xf32>
}
