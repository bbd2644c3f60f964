// x·w − x·w + s·v as one matmul over concatenated operands: the spec's
// value is s·v exactly, any f32 summation leaves about u·Σ|x·w| of the
// cancelled terms (test/Conformance/wide-composed.test). x is 300 wide, no
// multiple of a gemm kernel's k block (128, 256, ...): had the x·w terms
// filled whole blocks, a blocked kernel would sum −x·w in the same order as
// x·w, cancel them exactly and leave nothing for the wide draw to find
// (K = 604 keeps M·N·K above the BLIS threshold).
func.func @cancel(%x: tensor<8x300xf32>, %w: tensor<300x16xf32>, %s: tensor<8x4xf32>, %v: tensor<4x16xf32>) -> tensor<8x16xf32> {
  %nx = "tc_tensor.neg"(%x) : (tensor<8x300xf32>) -> tensor<8x300xf32>
  %a0 = "tc_tensor.concat"(%x, %nx) {axis = 1 : i64} : (tensor<8x300xf32>, tensor<8x300xf32>) -> tensor<8x600xf32>
  %a = "tc_tensor.concat"(%a0, %s) {axis = 1 : i64} : (tensor<8x600xf32>, tensor<8x4xf32>) -> tensor<8x604xf32>
  %b0 = "tc_tensor.concat"(%w, %w) {axis = 0 : i64} : (tensor<300x16xf32>, tensor<300x16xf32>) -> tensor<600x16xf32>
  %b = "tc_tensor.concat"(%b0, %v) {axis = 0 : i64} : (tensor<600x16xf32>, tensor<4x16xf32>) -> tensor<604x16xf32>
  %y = "tc_tensor.matmul"(%a, %b) : (tensor<8x604xf32>, tensor<604x16xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}
