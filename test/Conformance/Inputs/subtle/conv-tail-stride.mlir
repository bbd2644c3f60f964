// conv-tail-stride: a stride-2 convolution (direct loops: below the BLIS
// threshold) whose last output column reads its window one column over.
func.func @f(%x: tensor<1x2x9x9xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  %y = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x2x9x9xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32>
  return %y : tensor<1x3x4x4xf32>
}
