// read-after-write: the second softmax's temporary shares the first's
// memory (tc-plan-memory); the first reduce_max is moved past its write.
func.func @f(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %a = "tc_tensor.softmax"(%x) {axis = -1 : i64} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = "tc_tensor.reduce_max"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<64x64xf32>) -> tensor<64xf32>
  %b = "tc_tensor.softmax"(%y) {axis = -1 : i64} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %c = "tc_tensor.reduce_max"(%b) {axes = array<i64: 1>, keepdims = false} : (tensor<64x64xf32>) -> tensor<64xf32>
  return %s, %c : tensor<64xf32>, tensor<64xf32>
}
