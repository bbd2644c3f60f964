// A multi-op program whose temporaries can share memory: a matmul on BLIS
// between elementwise ops, a transpose (not pointwise: it reads other
// points), a softmax (a reduction) and pointwise ops after ops that are
// not fused with them (so they can write in place), with results that are
// read again much later (so their buffers must stay live).
func.func @chain(%x: tensor<64x64xf32> {tc.distribution = "uniform(-2, 2)"},
                 %w: tensor<64x64xf32> {tc.distribution = "uniform(-1, 1)"}) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %a = "tc_tensor.tanh"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = "tc_tensor.matmul"(%a, %w) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = "tc_tensor.relu"(%m) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %t = "tc_tensor.transpose"(%r) {perm = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %e = "tc_tensor.exp"(%t) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = "tc_tensor.softmax"(%e) {axis = -1 : i64} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %n = "tc_tensor.neg"(%s) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %m2 = "tc_tensor.matmul"(%n, %a) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %y = "tc_tensor.add"(%m2, %r) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %z = "tc_tensor.mul"(%s, %t) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %y, %z : tensor<64x64xf32>, tensor<64x64xf32>
}
