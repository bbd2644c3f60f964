// parallel-race: every parallel nest of a threaded build indexes its rows
// from its own chunk; only a run on several threads of such a build shows it.
func.func @f(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a = "tc_tensor.add"(%x, %y) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %a : tensor<64x64xf32>
}
