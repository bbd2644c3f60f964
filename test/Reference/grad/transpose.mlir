// Gradients of tc_tensor.transpose: dy transposed back.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS transpose_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @transpose_f64(%x: tensor<2x3x4xf64>) -> tensor<4x2x3xf64> {
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf64>) -> tensor<4x2x3xf64>
  return %0 : tensor<4x2x3xf64>
}
func.func @transpose_lowp(%x: tensor<3x2xf32>, %y: tensor<2x1x3xbf16>) -> (tensor<2x3xf32>, tensor<1x3x2xbf16>) {
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %1 = "tc_tensor.transpose"(%y) {perm = array<i64: 1, 2, 0>} : (tensor<2x1x3xbf16>) -> tensor<1x3x2xbf16>
  return %0, %1 : tensor<2x3xf32>, tensor<1x3x2xbf16>
}
