// max-ignores-nan: reduce_max of a row with a NaN is NaN, not its largest number.
func.func @f(%x: tensor<4x21xf32>) -> tensor<4xf32> {
  %m = "tc_tensor.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x21xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}
