// A relu between two BLIS matmuls: its nest stands alone (nothing to fuse
// it with), reads the first product at its own point and is the product's
// last reader, so tc-plan-memory writes it in place (docs/memory.md §3).
func.func @f(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a = "tc_tensor.matmul"(%x, %w) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %b = "tc_tensor.relu"(%a) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %d = "tc_tensor.matmul"(%b, %b) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}
