// Gradient fault softmax-dot: softmax's dx is y * dy, without the subtracted
// sum(dy * y) of each row; for random cotangents that sum is not 0.
func.func @probabilities(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "tc_tensor.softmax"(%x) {axis = 1 : i64} : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
