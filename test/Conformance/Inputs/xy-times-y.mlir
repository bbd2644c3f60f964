// (x + y)·y: add and mul are exact under the default contract, so the
// composed budget of the output is exact (docs/conformance.md §2.2).
func.func @f(%x: tensor<4x7xf32>, %y: tensor<4x7xf32>) -> tensor<4x7xf32> {
  %s = "tc_tensor.add"(%x, %y) : (tensor<4x7xf32>, tensor<4x7xf32>) -> tensor<4x7xf32>
  %p = "tc_tensor.mul"(%s, %y) : (tensor<4x7xf32>, tensor<4x7xf32>) -> tensor<4x7xf32>
  return %p : tensor<4x7xf32>
}
