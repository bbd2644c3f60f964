// Temporaries of 256 KiB each (>= 128 KiB: the artifact's static
// workspace, docs/memory.md §5) between ops that read other points, so
// that each is its own buffer.
func.func @f(%x: tensor<256x256xf32>, %w: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %a = "tc_tensor.tanh"(%x) : (tensor<256x256xf32>) -> tensor<256x256xf32>
  %t = "tc_tensor.transpose"(%a) {perm = array<i64: 1, 0>} : (tensor<256x256xf32>) -> tensor<256x256xf32>
  %m = "tc_tensor.matmul"(%t, %w) : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %s = "tc_tensor.softmax"(%m) {axis = -1 : i64} : (tensor<256x256xf32>) -> tensor<256x256xf32>
  %u = "tc_tensor.transpose"(%s) {perm = array<i64: 1, 0>} : (tensor<256x256xf32>) -> tensor<256x256xf32>
  %y = "tc_tensor.add"(%u, %a) : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  return %y : tensor<256x256xf32>
}
