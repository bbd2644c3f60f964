// bias-add.tc.mlir - what bias-add.mlir computes, in tc_tensor: tensor-ref
// draws the inputs and the expected output of the end-to-end test from it.
func.func @bias_add(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %y = "tc_tensor.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
