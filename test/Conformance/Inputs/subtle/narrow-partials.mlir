// narrow-partials: sums of 100 in lane partials rounded to bf16.
func.func @f(%x: tensor<3x100xf32>) -> tensor<3xf32> {
  %s = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<3x100xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}
