// Gradients of tc_tensor.batch_norm: the inference form's derivatives in x, scale, bias, mean and var.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS batch_norm_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS batch_norm_rank2_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @batch_norm_f64(%x: tensor<2x3x2x2xf64>, %s: tensor<3xf64>, %b: tensor<3xf64>, %m: tensor<3xf64>, %v: tensor<3xf64> {tc.distribution = "uniform(0.5, 2)"}) -> tensor<2x3x2x2xf64> {
  %0 = "tc_tensor.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 1.0e-05 : f64} : (tensor<2x3x2x2xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>) -> tensor<2x3x2x2xf64>
  return %0 : tensor<2x3x2x2xf64>
}
func.func @batch_norm_rank2_f64(%x: tensor<4x2xf64>, %s: tensor<2xf64>, %b: tensor<2xf64>, %m: tensor<2xf64>, %v: tensor<2xf64> {tc.distribution = "uniform(0.25, 1)"}) -> tensor<4x2xf64> {
  %0 = "tc_tensor.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 1.0e-03 : f64} : (tensor<4x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<4x2xf64>
  return %0 : tensor<4x2xf64>
}
func.func @batch_norm_lowp(%x: tensor<1x2x3xf32>, %s: tensor<2xf32>, %b: tensor<2xf32>, %m: tensor<2xf32>, %v: tensor<2xf32> {tc.distribution = "uniform(0.5, 2)"}, %y: tensor<2x2xbf16>, %t: tensor<2xbf16>, %c: tensor<2xbf16>, %n: tensor<2xbf16>, %w: tensor<2xbf16> {tc.distribution = "uniform(0.5, 2)"}) -> (tensor<1x2x3xf32>, tensor<2x2xbf16>) {
  %0 = "tc_tensor.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 1.0e-05 : f64} : (tensor<1x2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3xf32>
  %1 = "tc_tensor.batch_norm"(%y, %t, %c, %n, %w) {epsilon = 1.0e-05 : f64} : (tensor<2x2xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>) -> tensor<2x2xbf16>
  return %0, %1 : tensor<1x2x3xf32>, tensor<2x2xbf16>
}
func.func @batch_norm_f16(%x: tensor<2x2x2xf16>, %s: tensor<2xf16>, %b: tensor<2xf16>, %m: tensor<2xf16>, %v: tensor<2xf16> {tc.distribution = "uniform(0.5, 2)"}) -> tensor<2x2x2xf16> {
  %0 = "tc_tensor.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 1.0e-03 : f64} : (tensor<2x2x2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>) -> tensor<2x2x2xf16>
  return %0 : tensor<2x2x2xf16>
}
