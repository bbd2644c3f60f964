// Dot products the fast mode cannot prove (used by fast-mode.test with the
// inputs Inputs/make-fast-inputs.py writes). @tie: 1 + 2^-24 + 2^-80 lies
// just above the f32 midpoint between 1 and 1 + 2^-23, but its double sum
// is the midpoint itself; @tie_f64: 1 + 2^-53 + 2^-110, the same in f64
// for the compensated sum. @cancel: products of ±2^40 that cancel, so the
// bound is far wider than the result's ulp. Returned directly, a result
// keeps the evaluator's bound; read by another op, it is computed exactly.
func.func @tie(%a: tensor<1x3xf32>, %b: tensor<3x1xf32>) -> tensor<1x1xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<1x3xf32>, tensor<3x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}
func.func @tie_read(%a: tensor<1x3xf32>, %b: tensor<3x1xf32>) -> tensor<1x1xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<1x3xf32>, tensor<3x1xf32>) -> tensor<1x1xf32>
  %1 = "tc_tensor.neg"(%0) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %1 : tensor<1x1xf32>
}
func.func @tie_f64(%a: tensor<1x3xf64>, %b: tensor<3x1xf64>) -> tensor<1x1xf64> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<1x3xf64>, tensor<3x1xf64>) -> tensor<1x1xf64>
  return %0 : tensor<1x1xf64>
}
func.func @tie_f64_read(%a: tensor<1x3xf64>, %b: tensor<3x1xf64>) -> tensor<1x1xf64> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<1x3xf64>, tensor<3x1xf64>) -> tensor<1x1xf64>
  %1 = "tc_tensor.neg"(%0) : (tensor<1x1xf64>) -> tensor<1x1xf64>
  return %1 : tensor<1x1xf64>
}
func.func @cancel(%a: tensor<4x64xf32>, %b: tensor<64x3xf32>) -> tensor<4x3xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<4x64xf32>, tensor<64x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
func.func @cancel_read(%a: tensor<4x64xf32>, %b: tensor<64x3xf32>) -> tensor<4x3xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<4x64xf32>, tensor<64x3xf32>) -> tensor<4x3xf32>
  %1 = "tc_tensor.neg"(%0) : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %1 : tensor<4x3xf32>
}
