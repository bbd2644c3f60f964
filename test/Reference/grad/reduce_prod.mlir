// Gradients of tc_tensor.reduce_prod: each element of a group gets the product of the other elements.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS reduce_prod_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS reduce_prod_zeros (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @reduce_prod_f64(%x: tensor<3x4x2xf64> {tc.distribution = "uniform(0.5, 1.5)"}) -> (tensor<3x2xf64>, tensor<1x4x1xf64>, tensor<f64>) {
  %0 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<3x4x2xf64>) -> tensor<3x2xf64>
  %1 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 0, -1>, keepdims = true} : (tensor<3x4x2xf64>) -> tensor<1x4x1xf64>
  %2 = "tc_tensor.reduce_prod"(%x) {axes = array<i64>, keepdims = false} : (tensor<3x4x2xf64>) -> tensor<f64>
  return %0, %1, %2 : tensor<3x2xf64>, tensor<1x4x1xf64>, tensor<f64>
}
func.func @reduce_prod_lowp(%x: tensor<2x5xf32> {tc.distribution = "uniform(0.5, 1.5)"}, %y: tensor<3x2xf16> {tc.distribution = "uniform(0.5, 1.5)"}, %z: tensor<4xbf16> {tc.distribution = "uniform(0.5, 1.5)"}) -> (tensor<2x1xf32>, tensor<2xf16>, tensor<bf16>) {
  %0 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %1 = "tc_tensor.reduce_prod"(%y) {axes = array<i64: 0>, keepdims = false} : (tensor<3x2xf16>) -> tensor<2xf16>
  %2 = "tc_tensor.reduce_prod"(%z) {axes = array<i64>, keepdims = false} : (tensor<4xbf16>) -> tensor<bf16>
  return %0, %1, %2 : tensor<2x1xf32>, tensor<2xf16>, tensor<bf16>
}
func.func @reduce_prod_zeros(%x: tensor<3x3xf64> {tc.oracle = "sequence(0, 2, 3, 0, 0, 1.5, 1, 2, 0.5)"}) -> tensor<3xf64> {
  %0 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<3x3xf64>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}
