// (x + y)·y + 8e-5: within outputs.f32's 1e-4 of (x + y)·y, which the
// default contract computes exactly.
func.func @f(%x: tensor<4x7xf32>, %y: tensor<4x7xf32>) -> tensor<4x7xf32> {
  %s = "tc_tensor.add"(%x, %y) : (tensor<4x7xf32>, tensor<4x7xf32>) -> tensor<4x7xf32>
  %p = "tc_tensor.mul"(%s, %y) : (tensor<4x7xf32>, tensor<4x7xf32>) -> tensor<4x7xf32>
  %c = "tc_tensor.constant"() {value = dense<8.0e-05> : tensor<f32>} : () -> tensor<f32>
  %q = "tc_tensor.add"(%p, %c) : (tensor<4x7xf32>, tensor<f32>) -> tensor<4x7xf32>
  return %q : tensor<4x7xf32>
}
