// Gradient fault conv-weight-stride: conv2d's weight gradient correlates x
// with dy at the strides swapped, (2, 1) instead of (1, 2). With one output
// row the swap leaves the shapes valid, and along the width it reads x at
// every column instead of every second one.
func.func @conv(%x: tensor<1x2x3x9xf32>, %w: tensor<2x2x3x3xf32>) -> tensor<1x2x1x4xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x2x3x9xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x1x4xf32>
  return %0 : tensor<1x2x1x4xf32>
}
