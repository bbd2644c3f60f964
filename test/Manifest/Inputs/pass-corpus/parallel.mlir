// Large enough that tc-lower-loops puts the pointwise nest on OpenMP threads
// (2^21 points), with a sub, a reduction in partial accumulators and exp
// for tc-plan-vector-math: the pass-version corpus's share of those
// passes.
func.func @f(%x: tensor<1024x2048xf32>, %y: tensor<1024x2048xf32>) -> (tensor<1024x2048xf32>, tensor<1024xf32>) {
  %0 = "tc_tensor.add"(%x, %y) : (tensor<1024x2048xf32>, tensor<1024x2048xf32>) -> tensor<1024x2048xf32>
  %1 = "tc_tensor.exp"(%0) : (tensor<1024x2048xf32>) -> tensor<1024x2048xf32>
  %2 = "tc_tensor.sub"(%x, %1) : (tensor<1024x2048xf32>, tensor<1024x2048xf32>) -> tensor<1024x2048xf32>
  %3 = "tc_tensor.reduce_sum"(%2) {axes = array<i64: 1>, keepdims = false} : (tensor<1024x2048xf32>) -> tensor<1024xf32>
  return %1, %3 : tensor<1024x2048xf32>, tensor<1024xf32>
}
