func.func @ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @broken(
