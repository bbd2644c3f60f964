// The constant [1, 2, 3, 4] written as dense: const-resource.mlir holds the same bytes as a dense_resource.
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = "tc_tensor.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "tc_tensor.add"(%x, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
