// Gradients of tc_tensor.global_avg_pool: dy over the number of spatial elements.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS global_avg_pool_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS global_avg_pool_rank3_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @global_avg_pool_f64(%x: tensor<2x3x4x3xf64>) -> tensor<2x3x1x1xf64> {
  %0 = "tc_tensor.global_avg_pool"(%x) : (tensor<2x3x4x3xf64>) -> tensor<2x3x1x1xf64>
  return %0 : tensor<2x3x1x1xf64>
}
func.func @global_avg_pool_rank3_f64(%x: tensor<2x2x5xf64>) -> tensor<2x2x1xf64> {
  %0 = "tc_tensor.global_avg_pool"(%x) : (tensor<2x2x5xf64>) -> tensor<2x2x1xf64>
  return %0 : tensor<2x2x1xf64>
}
func.func @global_avg_pool_lowp(%x: tensor<1x2x3x3xf32>, %y: tensor<1x2x4xf16>, %z: tensor<2x1x2x2xbf16>) -> (tensor<1x2x1x1xf32>, tensor<1x2x1xf16>, tensor<2x1x1x1xbf16>) {
  %0 = "tc_tensor.global_avg_pool"(%x) : (tensor<1x2x3x3xf32>) -> tensor<1x2x1x1xf32>
  %1 = "tc_tensor.global_avg_pool"(%y) : (tensor<1x2x4xf16>) -> tensor<1x2x1xf16>
  %2 = "tc_tensor.global_avg_pool"(%z) : (tensor<2x1x2x2xbf16>) -> tensor<2x1x1x1xbf16>
  return %0, %1, %2 : tensor<1x2x1x1xf32>, tensor<1x2x1xf16>, tensor<2x1x1x1xbf16>
}
