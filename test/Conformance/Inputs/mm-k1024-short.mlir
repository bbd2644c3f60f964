// A wrong @mm of mm-k1024.mlir (same signature): it drops the last of the
// 1024 products of every element.
func.func @mm(%a: tensor<16x1024xf32>, %b: tensor<1024x16xf32>) -> tensor<16x16xf32> {
  %as = "tc_tensor.slice"(%a) {starts = array<i64: 0, 0>, ends = array<i64: 16, 1023>, steps = array<i64: 1, 1>} : (tensor<16x1024xf32>) -> tensor<16x1023xf32>
  %bs = "tc_tensor.slice"(%b) {starts = array<i64: 0, 0>, ends = array<i64: 1023, 16>, steps = array<i64: 1, 1>} : (tensor<1024x16xf32>) -> tensor<1023x16xf32>
  %c = "tc_tensor.matmul"(%as, %bs) : (tensor<16x1023xf32>, tensor<1023x16xf32>) -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}
