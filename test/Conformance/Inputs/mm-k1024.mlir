func.func @mm(%a: tensor<16x1024xf32>, %b: tensor<1024x16xf32>) -> tensor<16x16xf32> {
  %c = "tc_tensor.matmul"(%a, %b) : (tensor<16x1024xf32>, tensor<1024x16xf32>) -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}
