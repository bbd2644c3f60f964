// softmax over rows: the program other artifacts are gated against.
func.func @f(%x: tensor<4x13xf32>) -> tensor<4x13xf32> {
  %y = "tc_tensor.softmax"(%x) {axis = -1 : i64} : (tensor<4x13xf32>) -> tensor<4x13xf32>
  return %y : tensor<4x13xf32>
}
