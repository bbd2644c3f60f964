// Gradient fault add-broadcast: the adjoint of the broadcast row b is dy's
// first row instead of the sum of dy's four rows.
func.func @add_row(%x: tensor<4x3xf32>, %b: tensor<3xf32>) -> tensor<4x3xf32> {
  %0 = "tc_tensor.add"(%x, %b) : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
