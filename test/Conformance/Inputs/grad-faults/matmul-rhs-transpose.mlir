// Gradient fault matmul-rhs-transpose: matmul's drhs is lhs . dy instead of
// lhs^T . dy. lhs is square so the faulted VJP is still well typed; a
// random lhs is not symmetric, so every element of drhs is wrong.
func.func @mm(%a: tensor<4x4xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<4x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
