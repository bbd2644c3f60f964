// Gradients of tc_tensor.gather: dy summed into every element an index named (indices get none).
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS gather_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS gather_axis1_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS gather_scalar_index_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @gather_f64(%x: tensor<5x3xf64>, %i: tensor<2x3xi64> {tc.distribution = "integers(-5, 5)"}) -> tensor<2x3x3xf64> {
  %0 = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<5x3xf64>, tensor<2x3xi64>) -> tensor<2x3x3xf64>
  return %0 : tensor<2x3x3xf64>
}
func.func @gather_axis1_f64(%x: tensor<2x4x3xf64>, %i: tensor<5xi32> {tc.distribution = "integers(-4, 4)", tc.oracle = "sequence(1, 1, -1, 0, 1)"}) -> tensor<2x5x3xf64> {
  %0 = "tc_tensor.gather"(%x, %i) {axis = 1 : i64} : (tensor<2x4x3xf64>, tensor<5xi32>) -> tensor<2x5x3xf64>
  return %0 : tensor<2x5x3xf64>
}
func.func @gather_scalar_index_f64(%x: tensor<3x2xf64>, %i: tensor<i64> {tc.distribution = "integers(-3, 3)", tc.oracle = "values(2)"}) -> tensor<2xf64> {
  %0 = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<3x2xf64>, tensor<i64>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}
func.func @gather_lowp(%x: tensor<4xf16>, %i: tensor<6xi64> {tc.distribution = "integers(0, 4)"}, %y: tensor<3x2xf32>, %j: tensor<2xi32> {tc.distribution = "integers(-3, 3)"}) -> (tensor<6xf16>, tensor<2x2xf32>) {
  %0 = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<4xf16>, tensor<6xi64>) -> tensor<6xf16>
  %1 = "tc_tensor.gather"(%y, %j) {axis = 0 : i64} : (tensor<3x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %0, %1 : tensor<6xf16>, tensor<2x2xf32>
}
