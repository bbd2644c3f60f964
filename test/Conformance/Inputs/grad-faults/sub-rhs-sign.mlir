// Gradient fault sub-rhs-sign: sub's drhs is +dy instead of -dy; random
// cotangents are never 0, so every element of drhs has the wrong sign.
func.func @difference(%x: tensor<3x4xf32>, %y: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = "tc_tensor.sub"(%x, %y) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
