// softmax as exp(x) / sum(exp(x)), the maximum not subtracted: the same
// function where no exp overflows, NaN where one does.
func.func @f(%x: tensor<4x13xf32>) -> tensor<4x13xf32> {
  %e = "tc_tensor.exp"(%x) : (tensor<4x13xf32>) -> tensor<4x13xf32>
  %s = "tc_tensor.reduce_sum"(%e) {axes = array<i64: 1>, keepdims = true} : (tensor<4x13xf32>) -> tensor<4x1xf32>
  %y = "tc_tensor.div"(%e, %s) : (tensor<4x13xf32>, tensor<4x1xf32>) -> tensor<4x13xf32>
  return %y : tensor<4x13xf32>
}
