// The largest element of each row.
func.func @f(%x: tensor<4x13xf32>) -> tensor<4xf32> {
  %m = "tc_tensor.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x13xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}
