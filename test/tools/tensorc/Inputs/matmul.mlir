// A matmul large enough that tc-select-kernels sends it to BLIS.
func.func @mm(%a: tensor<64x96xf32>, %b: tensor<96x80xf32>) -> tensor<64x80xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<64x96xf32>, tensor<96x80xf32>) -> tensor<64x80xf32>
  return %0 : tensor<64x80xf32>
}
