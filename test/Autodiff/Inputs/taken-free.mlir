func.func @f(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  %w = "tc_tensor.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tc_tensor.mul"(%x, %w) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "tc_tensor.add"(%0, %y) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
