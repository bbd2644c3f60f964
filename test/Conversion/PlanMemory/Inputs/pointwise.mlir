// A program whose ops the default contract lets no one reassociate, so
// tensor-conform demands bit-identical outputs between builds: pooling and
// reductions (not pointwise), pointwise ops after them that are not fused
// with them (so they may write in place), a transpose of a square buffer
// whose input dies there (in place refused: it reads other points), and a
// value read again at the end (its buffer must stay live).
func.func @net(%x: tensor<1x4x32x32xf32> {tc.distribution = "uniform(-3, 3)"}) -> (tensor<1x4x16x16xf32>, tensor<1x4x16x1xf32>) {
  %p = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x4x32x32xf32>) -> tensor<1x4x16x16xf32>
  %m = "tc_tensor.reduce_max"(%p) {axes = array<i64: 3>, keepdims = true} : (tensor<1x4x16x16xf32>) -> tensor<1x4x16x1xf32>
  %r = "tc_tensor.tanh"(%p) : (tensor<1x4x16x16xf32>) -> tensor<1x4x16x16xf32>
  %t = "tc_tensor.transpose"(%r) {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x4x16x16xf32>) -> tensor<1x4x16x16xf32>
  %n = "tc_tensor.reduce_min"(%t) {axes = array<i64: 3>, keepdims = true} : (tensor<1x4x16x16xf32>) -> tensor<1x4x16x1xf32>
  %e = "tc_tensor.exp"(%t) : (tensor<1x4x16x16xf32>) -> tensor<1x4x16x16xf32>
  %s = "tc_tensor.sub"(%n, %m) : (tensor<1x4x16x1xf32>, tensor<1x4x16x1xf32>) -> tensor<1x4x16x1xf32>
  %a = "tc_tensor.abs"(%s) : (tensor<1x4x16x1xf32>) -> tensor<1x4x16x1xf32>
  return %e, %a : tensor<1x4x16x16xf32>, tensor<1x4x16x1xf32>
}
