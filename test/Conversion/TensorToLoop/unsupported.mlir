// An op without a lowering stops tc-lower-tensor with a located compile
// failure; nothing is left half lowered.
// RUN: tensor-opt --tc-lower-tensor -verify-diagnostics %s

func.func @gather(%d: tensor<4xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  // expected-error @+1 {{tc_tensor.gather has no lowering to tc_loop}}
  %0 = "tc_tensor.gather"(%d, %i) {axis = 0 : i64} : (tensor<4xf32>, tensor<2xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
