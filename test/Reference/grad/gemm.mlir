// Gradients of tc_tensor.gemm: d op(a) = alpha dy op(b)^T, d op(b) = alpha op(a)^T dy, dc = beta dy summed over c's broadcast.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS gemm_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS gemm_transposed_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS gemm_column_bias_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS gemm_no_c_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS gemm_zero_factors_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @gemm_f64(%a: tensor<3x4xf64>, %b: tensor<4x2xf64>, %c: tensor<3x2xf64>) -> tensor<3x2xf64> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.5 : f64, beta = -0.5 : f64, trans_a = false, trans_b = false} : (tensor<3x4xf64>, tensor<4x2xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}
func.func @gemm_transposed_f64(%a: tensor<4x3xf64>, %b: tensor<2x4xf64>, %c: tensor<2xf64>) -> tensor<3x2xf64> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.75 : f64, beta = 2.0 : f64, trans_a = true, trans_b = true} : (tensor<4x3xf64>, tensor<2x4xf64>, tensor<2xf64>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}
func.func @gemm_column_bias_f64(%a: tensor<3x4xf64>, %b: tensor<2x4xf64>, %c: tensor<3x1xf64>) -> tensor<3x2xf64> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = true} : (tensor<3x4xf64>, tensor<2x4xf64>, tensor<3x1xf64>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}
func.func @gemm_no_c_f64(%a: tensor<4x3xf64>, %b: tensor<4x2xf64>) -> tensor<3x2xf64> {
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = -1.0 : f64, beta = 0.0 : f64, trans_a = true, trans_b = false} : (tensor<4x3xf64>, tensor<4x2xf64>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}
func.func @gemm_zero_factors_f64(%a: tensor<2x2xf64>, %b: tensor<2x2xf64>, %c: tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<2x2xf64>) {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x2xf64>, tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
  %1 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false} : (tensor<2x2xf64>, tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
  return %0, %1 : tensor<2x2xf64>, tensor<2x2xf64>
}
func.func @gemm_lowp(%a: tensor<3x4xf32>, %b: tensor<4x2xf32>, %c: tensor<2xf32>, %d: tensor<2x3xbf16>, %e: tensor<3x2xbf16>, %g: tensor<2x2xf16>, %h: tensor<2x2xf16>) -> (tensor<3x2xf32>, tensor<2x2xbf16>, tensor<2x2xf16>) {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<3x4xf32>, tensor<4x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %1 = "tc_tensor.gemm"(%d, %e) {alpha = 2.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false} : (tensor<2x3xbf16>, tensor<3x2xbf16>) -> tensor<2x2xbf16>
  %2 = "tc_tensor.gemm"(%g, %h) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = true, trans_b = true} : (tensor<2x2xf16>, tensor<2x2xf16>) -> tensor<2x2xf16>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<2x2xbf16>, tensor<2x2xf16>
}
