// Gradient fault maxpool-route: max_pool2d sends each window's dy one column
// to the right of the window's maximum (into the next window, or off the
// edge), so the gradient lands on the wrong elements.
func.func @pool(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}
