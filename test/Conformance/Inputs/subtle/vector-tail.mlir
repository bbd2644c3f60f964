// vector-tail: rows of 37 (an 8-lane tail of 5); the tail skips the tanh.
func.func @f(%x: tensor<3x37xf32>, %y: tensor<3x37xf32>) -> tensor<3x37xf32> {
  %m = "tc_tensor.mul"(%x, %y) : (tensor<3x37xf32>, tensor<3x37xf32>) -> tensor<3x37xf32>
  %a = "tc_tensor.add"(%m, %x) : (tensor<3x37xf32>, tensor<3x37xf32>) -> tensor<3x37xf32>
  %t = "tc_tensor.tanh"(%a) : (tensor<3x37xf32>) -> tensor<3x37xf32>
  return %t : tensor<3x37xf32>
}
