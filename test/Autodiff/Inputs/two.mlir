func.func @f(%x: tensor<2xf32>, %n: tensor<2xi32>) -> tensor<2xf32> {
  %0 = "tc_tensor.exp"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
