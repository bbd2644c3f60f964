// An f32 matmul whose 1024 results each sum K = 4096 products: f32
// summation error (about K·2^-24 relative, at worst) then exceeds a K-blind
// 1e-5 budget on some elements, f64 summation stays far inside it.
func.func @mm(%a: tensor<32x4096xf32>, %b: tensor<4096x32xf32>) -> tensor<32x32xf32> {
  %c = "tc_tensor.matmul"(%a, %b) : (tensor<32x4096xf32>, tensor<4096x32xf32>) -> tensor<32x32xf32>
  return %c : tensor<32x32xf32>
}
