// exp of f32 over 64x64: the loop vectoriser calls libmvec's expf variant.
func.func @f(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = "tc_tensor.exp"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
