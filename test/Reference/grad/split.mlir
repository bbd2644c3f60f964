// Gradients of tc_tensor.split: the results' adjoints concatenated (zeros for a result without one).
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS split_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @split_f64(%x: tensor<2x6x3xf64>) -> (tensor<2x2x3xf64>, tensor<2x2x3xf64>) {
  %0:3 = "tc_tensor.split"(%x) {axis = 1 : i64} : (tensor<2x6x3xf64>) -> (tensor<2x2x3xf64>, tensor<2x2x3xf64>, tensor<2x2x3xf64>)
  return %0#0, %0#2 : tensor<2x2x3xf64>, tensor<2x2x3xf64>
}
func.func @split_lowp(%x: tensor<4x2xbf16>) -> (tensor<2x2xbf16>, tensor<2x2xbf16>) {
  %0:2 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<4x2xbf16>) -> (tensor<2x2xbf16>, tensor<2x2xbf16>)
  return %0#0, %0#1 : tensor<2x2xbf16>, tensor<2x2xbf16>
}
