// A small MLP layer for the gradient gate's tests: y = tanh(x·w + b), with a
// weight constant `s` (rank 1) that wrt-constants turns into an argument.
func.func @layer(%x: tensor<4x3xf32>, %w: tensor<3x5xf32>, %b: tensor<5xf32>) -> tensor<4x5xf32> {
  %s = "tc_tensor.constant"() {value = dense<[0.5, -1.0, 2.0, 0.25, 1.5]> : tensor<5xf32>} : () -> tensor<5xf32>
  %0 = "tc_tensor.matmul"(%x, %w) : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  %1 = "tc_tensor.add"(%0, %b) : (tensor<4x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>
  %2 = "tc_tensor.mul"(%1, %s) : (tensor<4x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>
  %3 = "tc_tensor.tanh"(%2) : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %3 : tensor<4x5xf32>
}
