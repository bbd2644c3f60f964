// x·w − x·w + s·v as one matmul over concatenated operands: the spec's
// value is s·v exactly, any f32 summation leaves about u·Σ|x·w| of the
// cancelled terms (test/Conformance/wide-composed.test).
func.func @cancel(%x: tensor<8x256xf32>, %w: tensor<256x16xf32>, %s: tensor<8x4xf32>, %v: tensor<4x16xf32>) -> tensor<8x16xf32> {
  %nx = "tc_tensor.neg"(%x) : (tensor<8x256xf32>) -> tensor<8x256xf32>
  %a0 = "tc_tensor.concat"(%x, %nx) {axis = 1 : i64} : (tensor<8x256xf32>, tensor<8x256xf32>) -> tensor<8x512xf32>
  %a = "tc_tensor.concat"(%a0, %s) {axis = 1 : i64} : (tensor<8x512xf32>, tensor<8x4xf32>) -> tensor<8x516xf32>
  %b0 = "tc_tensor.concat"(%w, %w) {axis = 0 : i64} : (tensor<256x16xf32>, tensor<256x16xf32>) -> tensor<512x16xf32>
  %b = "tc_tensor.concat"(%b0, %v) {axis = 0 : i64} : (tensor<512x16xf32>, tensor<4x16xf32>) -> tensor<516x16xf32>
  %y = "tc_tensor.matmul"(%a, %b) : (tensor<8x516xf32>, tensor<516x16xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}
