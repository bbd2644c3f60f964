// Gradients of tc_tensor.cast: float to float passes dy (cast to the operand's dtype); to or from integers there is none.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS cast_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS cast_to_int (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// cast_f64 computes in f32 between f64 endpoints, so its forward result and its gradient
// both carry f32 rounding, which the f64 budgets (outputs, grads.outputs) that the gate
// picks by the result's dtype do not cover; the oracle checks it, the gate the others.
// RUN: tensor-conform %s --artifact %t.so --grad --fn cast_to_int --fn cast_widening_f32 --fn cast_lowp --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @cast_f64(%x: tensor<3x4xf64>) -> tensor<3x4xf64> {
  %0 = "tc_tensor.cast"(%x) : (tensor<3x4xf64>) -> tensor<3x4xf32>
  %1 = "tc_tensor.tanh"(%0) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %2 = "tc_tensor.cast"(%1) : (tensor<3x4xf32>) -> tensor<3x4xf64>
  return %2 : tensor<3x4xf64>
}
func.func @cast_to_int(%x: tensor<5xf64> {tc.distribution = "uniform(-4, 4)"}, %y: tensor<5xf64>) -> tensor<5xf64> {
  %0 = "tc_tensor.cast"(%x) : (tensor<5xf64>) -> tensor<5xi32>
  %1 = "tc_tensor.cast"(%0) : (tensor<5xi32>) -> tensor<5xf64>
  %2 = "tc_tensor.mul"(%1, %y) : (tensor<5xf64>, tensor<5xf64>) -> tensor<5xf64>
  return %2 : tensor<5xf64>
}
func.func @cast_widening_f32(%x: tensor<3x4xf32>) -> tensor<3x4xf64> {
  %0 = "tc_tensor.cast"(%x) : (tensor<3x4xf32>) -> tensor<3x4xf64>
  %1 = "tc_tensor.exp"(%0) : (tensor<3x4xf64>) -> tensor<3x4xf64>
  return %1 : tensor<3x4xf64>
}
func.func @cast_lowp(%x: tensor<4xf32>, %y: tensor<4xbf16>) -> (tensor<4xf16>, tensor<4xf32>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  %1 = "tc_tensor.cast"(%y) : (tensor<4xbf16>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf16>, tensor<4xf32>
}
