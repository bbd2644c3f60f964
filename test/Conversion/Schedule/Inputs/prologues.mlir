// Reductions with an elementwise prologue (tc-fuse-producers folds each
// prologue into the reduction's nest) and, as a control, one whose
// prologue is a transcendental (not folded).
func.func @scaled_softmax(%x: tensor<64x96xf32>, %s: tensor<96xf32>) -> tensor<64x96xf32> {
  %0 = "tc_tensor.mul"(%x, %s) : (tensor<64x96xf32>, tensor<96xf32>) -> tensor<64x96xf32>
  %1 = "tc_tensor.softmax"(%0) {axis = -1 : i64} : (tensor<64x96xf32>) -> tensor<64x96xf32>
  return %1 : tensor<64x96xf32>
}

func.func @residual_layer_norm(%x: tensor<32x128xf32>, %r: tensor<32x128xf32>, %g: tensor<128xf32>, %b: tensor<128xf32>) -> tensor<32x128xf32> {
  %0 = "tc_tensor.add"(%x, %r) : (tensor<32x128xf32>, tensor<32x128xf32>) -> tensor<32x128xf32>
  %1 = "tc_tensor.layer_norm"(%0, %g, %b) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<32x128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<32x128xf32>
  return %1 : tensor<32x128xf32>
}

func.func @tanh_softmax(%x: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %0 = "tc_tensor.tanh"(%x) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %1 = "tc_tensor.softmax"(%0) {axis = -1 : i64} : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}
