// dropped-partial: sums of 100 in 8 lanes, the last lane's partial left out.
func.func @f(%x: tensor<3x100xf32>) -> tensor<3xf32> {
  %s = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<3x100xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}
