// Gradients of tc_tensor.min: the partial derivatives are 1 where lhs < rhs, 1/2 at a tie.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS min_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS min_broadcast_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @min_f64(%x: tensor<3x4xf64> {tc.distribution = "uniform(-3, 3)"}, %y: tensor<3x4xf64> {tc.distribution = "uniform(-3, 3)"}) -> tensor<3x4xf64> {
  %0 = "tc_tensor.min"(%x, %y) : (tensor<3x4xf64>, tensor<3x4xf64>) -> tensor<3x4xf64>
  return %0 : tensor<3x4xf64>
}
func.func @min_broadcast_f64(%x: tensor<3x1xf64> {tc.distribution = "uniform(-3, 3)"}, %y: tensor<2x1x4xf64> {tc.distribution = "uniform(-3, 3)"}) -> tensor<2x3x4xf64> {
  %0 = "tc_tensor.min"(%x, %y) : (tensor<3x1xf64>, tensor<2x1x4xf64>) -> tensor<2x3x4xf64>
  return %0 : tensor<2x3x4xf64>
}
func.func @min_lowp(%x0: tensor<3x4xf32> {tc.distribution = "uniform(-3, 3)"}, %y0: tensor<4xf32> {tc.distribution = "uniform(-3, 3)"}, %x1: tensor<5xf16> {tc.distribution = "uniform(-3, 3)"}, %y1: tensor<5xf16> {tc.distribution = "uniform(-3, 3)"}, %x2: tensor<2x3xbf16> {tc.distribution = "uniform(-3, 3)"}, %y2: tensor<3xbf16> {tc.distribution = "uniform(-3, 3)"}) -> (tensor<3x4xf32>, tensor<5xf16>, tensor<2x3xbf16>) {
  %0 = "tc_tensor.min"(%x0, %y0) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %1 = "tc_tensor.min"(%x1, %y1) : (tensor<5xf16>, tensor<5xf16>) -> tensor<5xf16>
  %2 = "tc_tensor.min"(%x2, %y2) : (tensor<2x3xbf16>, tensor<3xbf16>) -> tensor<2x3xbf16>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<5xf16>, tensor<2x3xbf16>
}
func.func @min_ties(%x: tensor<4xf64> {tc.oracle = "sequence(1, 2, 3, -0)"}, %y: tensor<4xf64> {tc.oracle = "sequence(1, 5, -1, 0)"}) -> tensor<4xf64> attributes {tc.grad_oracle_no_fd = "at a tie (x = y) min is not differentiable: each side gets half (PyTorch)"} {
  %0 = "tc_tensor.min"(%x, %y) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
