// Gradients of tc_tensor.layer_norm: through the mean and the variance; scale and bias summed where broadcast.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS layer_norm_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS layer_norm_axis1_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS layer_norm_scalar_scale_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @layer_norm_f64(%x: tensor<3x5xf64>, %s: tensor<5xf64>, %b: tensor<5xf64>) -> tensor<3x5xf64> {
  %0 = "tc_tensor.layer_norm"(%x, %s, %b) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<3x5xf64>, tensor<5xf64>, tensor<5xf64>) -> tensor<3x5xf64>
  return %0 : tensor<3x5xf64>
}
func.func @layer_norm_axis1_f64(%x: tensor<2x3x4xf64>, %s: tensor<1x4xf64>) -> tensor<2x3x4xf64> {
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = 1 : i64, epsilon = 1.0e-03 : f64} : (tensor<2x3x4xf64>, tensor<1x4xf64>) -> tensor<2x3x4xf64>
  return %0 : tensor<2x3x4xf64>
}
func.func @layer_norm_scalar_scale_f64(%x: tensor<2x6xf64>, %s: tensor<f64>, %b: tensor<6xf64>) -> tensor<2x6xf64> {
  %0 = "tc_tensor.layer_norm"(%x, %s, %b) {axis = 0 : i64, epsilon = 0.5 : f64} : (tensor<2x6xf64>, tensor<f64>, tensor<6xf64>) -> tensor<2x6xf64>
  return %0 : tensor<2x6xf64>
}
func.func @layer_norm_lowp(%x: tensor<2x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>, %y: tensor<3x4xf16>, %t: tensor<4xf16>, %z: tensor<2x4xbf16>, %u: tensor<4xbf16>, %c: tensor<4xbf16>) -> (tensor<2x8xf32>, tensor<3x4xf16>, tensor<2x4xbf16>) {
  %0 = "tc_tensor.layer_norm"(%x, %s, %b) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  %1 = "tc_tensor.layer_norm"(%y, %t) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<3x4xf16>, tensor<4xf16>) -> tensor<3x4xf16>
  %2 = "tc_tensor.layer_norm"(%z, %u, %c) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x4xbf16>, tensor<4xbf16>, tensor<4xbf16>) -> tensor<2x4xbf16>
  return %0, %1, %2 : tensor<2x8xf32>, tensor<3x4xf16>, tensor<2x4xbf16>
}
