// Gradients of tc_tensor.where: dy goes to the selected operand; the condition gets none.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS where_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @where_f64(%c: tensor<3x4xi1>, %x: tensor<3x4xf64>, %y: tensor<4xf64>) -> tensor<3x4xf64> {
  %0 = "tc_tensor.where"(%c, %x, %y) : (tensor<3x4xi1>, tensor<3x4xf64>, tensor<4xf64>) -> tensor<3x4xf64>
  return %0 : tensor<3x4xf64>
}
func.func @where_lowp(%c: tensor<2x1xi1>, %x: tensor<2x3xf32>, %y: tensor<1x3xf32>, %a: tensor<5xbf16>, %b: tensor<5xbf16>, %d: tensor<5xi1>) -> (tensor<2x3xf32>, tensor<5xbf16>) {
  %0 = "tc_tensor.where"(%c, %x, %y) : (tensor<2x1xi1>, tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %1 = "tc_tensor.where"(%d, %a, %b) : (tensor<5xi1>, tensor<5xbf16>, tensor<5xbf16>) -> tensor<5xbf16>
  return %0, %1 : tensor<2x3xf32>, tensor<5xbf16>
}
