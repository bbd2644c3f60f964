// A two-layer MLP whose weights are arguments, so the wide draw draws them
// too: relu(x·w1) reaches about 2^117, and the second matmul's f32 partial
// sums overflow (test/Conformance/wide-overflow.test). @mlp also returns
// the first layer, whose operands are arguments the draw keeps in range.
func.func @mlp(%x: tensor<8x128xf32>, %w1: tensor<128x128xf32>, %w2: tensor<128x64xf32>) -> (tensor<8x64xf32>, tensor<8x128xf32>) {
  %h = "tc_tensor.matmul"(%x, %w1) : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
  %r = "tc_tensor.relu"(%h) : (tensor<8x128xf32>) -> tensor<8x128xf32>
  %y = "tc_tensor.matmul"(%r, %w2) : (tensor<8x128xf32>, tensor<128x64xf32>) -> tensor<8x64xf32>
  return %y, %h : tensor<8x64xf32>, tensor<8x128xf32>
}
