// Gradients of tc_tensor.matmul: dlhs = dy . rhs^T, drhs = lhs^T . dy, with NumPy's 1-D promotion and batch broadcasting.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS matmul_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS matmul_vectors_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS matmul_batch_broadcast_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @matmul_f64(%a: tensor<2x3x4xf64>, %b: tensor<4x5xf64>) -> tensor<2x3x5xf64> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x3x4xf64>, tensor<4x5xf64>) -> tensor<2x3x5xf64>
  return %0 : tensor<2x3x5xf64>
}
func.func @matmul_vectors_f64(%v: tensor<4xf64>, %m: tensor<4x3xf64>, %w: tensor<3xf64>) -> (tensor<3xf64>, tensor<4xf64>, tensor<f64>) {
  %0 = "tc_tensor.matmul"(%v, %m) : (tensor<4xf64>, tensor<4x3xf64>) -> tensor<3xf64>
  %1 = "tc_tensor.matmul"(%m, %w) : (tensor<4x3xf64>, tensor<3xf64>) -> tensor<4xf64>
  %2 = "tc_tensor.matmul"(%0, %w) : (tensor<3xf64>, tensor<3xf64>) -> tensor<f64>
  return %0, %1, %2 : tensor<3xf64>, tensor<4xf64>, tensor<f64>
}
func.func @matmul_batch_broadcast_f64(%a: tensor<2x1x2x3xf64>, %b: tensor<4x3x2xf64>) -> tensor<2x4x2x2xf64> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x1x2x3xf64>, tensor<4x3x2xf64>) -> tensor<2x4x2x2xf64>
  return %0 : tensor<2x4x2x2xf64>
}
func.func @matmul_lowp(%a: tensor<3x4xf32>, %b: tensor<4x2xf32>, %c: tensor<2x3xf16>, %d: tensor<3x2xf16>, %e: tensor<2x3xbf16>, %g: tensor<3xbf16>) -> (tensor<3x2xf32>, tensor<2x2xf16>, tensor<2xbf16>) {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %1 = "tc_tensor.matmul"(%c, %d) : (tensor<2x3xf16>, tensor<3x2xf16>) -> tensor<2x2xf16>
  %2 = "tc_tensor.matmul"(%e, %g) : (tensor<2x3xbf16>, tensor<3xbf16>) -> tensor<2xbf16>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<2x2xf16>, tensor<2xbf16>
}
