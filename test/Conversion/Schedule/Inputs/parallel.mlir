// Nests with enough work to run on OpenMP threads (docs/lowering.md,
// tc-lower-loops): elementwise with libmvec, a row reduction, softmax,
// a transpose and a matmul.
func.func @ew(%x: tensor<1024x1500xf32> {tc.distribution = "uniform(-5, 5)"}) -> tensor<1024x1500xf32> {
  %0 = "tc_tensor.exp"(%x) : (tensor<1024x1500xf32>) -> tensor<1024x1500xf32>
  %1 = "tc_tensor.tanh"(%0) : (tensor<1024x1500xf32>) -> tensor<1024x1500xf32>
  return %1 : tensor<1024x1500xf32>
}
func.func @rows(%x: tensor<300x4000xf32> {tc.distribution = "uniform(-1, 1)"}) -> tensor<300xf32> {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<300x4000xf32>) -> tensor<300xf32>
  return %0 : tensor<300xf32>
}
func.func @softmax(%x: tensor<512x513xf32> {tc.distribution = "uniform(-4, 4)"}) -> tensor<512x513xf32> {
  %0 = "tc_tensor.softmax"(%x) {axis = -1 : i64} : (tensor<512x513xf32>) -> tensor<512x513xf32>
  return %0 : tensor<512x513xf32>
}
func.func @transpose(%x: tensor<1200x1400xf64> {tc.distribution = "uniform(-1, 1)"}) -> tensor<1400x1200xf64> {
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<1200x1400xf64>) -> tensor<1400x1200xf64>
  return %0 : tensor<1400x1200xf64>
}
func.func @matmul(%a: tensor<96x130xf32> {tc.distribution = "uniform(-1, 1)"}, %b: tensor<130x70xf32> {tc.distribution = "uniform(-1, 1)"}) -> tensor<96x70xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<96x130xf32>, tensor<130x70xf32>) -> tensor<96x70xf32>
  return %0 : tensor<96x70xf32>
}
