// tanh (4 ulp, or 1e-6 + 1e-6·|r|) then exact ops: the composed budget of
// the output is tanh's budget carried through add and mul.
func.func @f(%x: tensor<4x7xf32>, %y: tensor<4x7xf32>) -> tensor<4x7xf32> {
  %t = "tc_tensor.tanh"(%x) : (tensor<4x7xf32>) -> tensor<4x7xf32>
  %s = "tc_tensor.add"(%t, %y) : (tensor<4x7xf32>, tensor<4x7xf32>) -> tensor<4x7xf32>
  %p = "tc_tensor.mul"(%s, %y) : (tensor<4x7xf32>, tensor<4x7xf32>) -> tensor<4x7xf32>
  return %p : tensor<4x7xf32>
}
