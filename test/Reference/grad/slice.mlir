// Gradients of tc_tensor.slice: dy put back where the slice read, 0 elsewhere.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS slice_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS slice_clamped_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @slice_f64(%x: tensor<5x6xf64>) -> (tensor<3x3xf64>, tensor<3x2xf64>) {
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 1, 0>, ends = array<i64: 4, 6>, steps = array<i64: 1, 2>} : (tensor<5x6xf64>) -> tensor<3x3xf64>
  %1 = "tc_tensor.slice"(%x) {starts = array<i64: -1, 5>, ends = array<i64: -6, -100>, steps = array<i64: -2, -3>} : (tensor<5x6xf64>) -> tensor<3x2xf64>
  return %0, %1 : tensor<3x3xf64>, tensor<3x2xf64>
}
func.func @slice_clamped_f64(%x: tensor<4x3xf64>) -> tensor<2x1xf64> {
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: -10, 1>, ends = array<i64: 10, 2>, steps = array<i64: 3, 1>} : (tensor<4x3xf64>) -> tensor<2x1xf64>
  return %0 : tensor<2x1xf64>
}
func.func @slice_lowp(%x: tensor<6xf32>, %y: tensor<3x4xbf16>) -> (tensor<6xf32>, tensor<2x2xbf16>) {
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 5>, ends = array<i64: -7>, steps = array<i64: -1>} : (tensor<6xf32>) -> tensor<6xf32>
  %1 = "tc_tensor.slice"(%y) {starts = array<i64: 0, 1>, ends = array<i64: 2, 4>, steps = array<i64: 1, 2>} : (tensor<3x4xbf16>) -> tensor<2x2xbf16>
  return %0, %1 : tensor<6xf32>, tensor<2x2xbf16>
}
