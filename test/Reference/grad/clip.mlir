// Gradients of tc_tensor.clip: 1 inside [min, max] (bounds included), 0 outside.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS clip_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @clip_f64(%x: tensor<4x5xf64> {tc.distribution = "uniform(-2, 2)"}) -> tensor<4x5xf64> {
  %0 = "tc_tensor.clip"(%x) {min = -1.0 : f64, max = 1.0 : f64} : (tensor<4x5xf64>) -> tensor<4x5xf64>
  return %0 : tensor<4x5xf64>
}
func.func @clip_bounds(%x: tensor<6xf64> {tc.oracle = "sequence(-1, 1, 0, 2, -2, 0.5)"}) -> tensor<6xf64> attributes {tc.grad_oracle_no_fd = "at a bound clip is not differentiable: the bounds belong to the inside (PyTorch's clamp)"} {
  %0 = "tc_tensor.clip"(%x) {min = -1.0 : f64, max = 1.0 : f64} : (tensor<6xf64>) -> tensor<6xf64>
  return %0 : tensor<6xf64>
}
func.func @clip_lowp(%x: tensor<3x4xf32> {tc.distribution = "uniform(-2, 2)"}, %y: tensor<6xf16> {tc.distribution = "uniform(-2, 2)"}) -> (tensor<3x4xf32>, tensor<6xf16>) {
  %0 = "tc_tensor.clip"(%x) {min = -0.5 : f64, max = 0.25 : f64} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %1 = "tc_tensor.clip"(%y) {min = -1.0 : f64, max = 1.0 : f64} : (tensor<6xf16>) -> tensor<6xf16>
  return %0, %1 : tensor<3x4xf32>, tensor<6xf16>
}
