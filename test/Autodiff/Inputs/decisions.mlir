func.func @f(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xi64>, tensor<2x3xf32>) {
  %0 = "tc_tensor.exp"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "tc_tensor.softmax"(%0) {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "tc_tensor.argmax"(%1) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<2x3xf32>) -> tensor<2xi64>
  %3 = "tc_tensor.reduce_sum"(%1) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  %4 = "tc_tensor.floor"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %3, %2, %4 : tensor<2xf32>, tensor<2xi64>, tensor<2x3xf32>
}
func.func @g(%n: tensor<2xi32>) -> tensor<2xi32> {
  return %n : tensor<2xi32>
}
