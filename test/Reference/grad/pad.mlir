// Gradients of tc_tensor.pad: constant: dy cropped (or padded with 0 where the forward cropped); edge, reflect: copies folded back.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS pad_constant_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS pad_edge_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS pad_reflect_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @pad_constant_f64(%x: tensor<3x4xf64>) -> tensor<6x5xf64> {
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, -1, 2, 2>, mode = "constant", value = 1.5 : f64} : (tensor<3x4xf64>) -> tensor<6x5xf64>
  return %0 : tensor<6x5xf64>
}
func.func @pad_edge_f64(%x: tensor<3x4xf64>) -> tensor<6x4xf64> {
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 2, 1, 1, -1>, mode = "edge", value = 0.0 : f64} : (tensor<3x4xf64>) -> tensor<6x4xf64>
  return %0 : tensor<6x4xf64>
}
func.func @pad_reflect_f64(%x: tensor<4x5xf64>) -> (tensor<9x6xf64>, tensor<6x9xf64>) {
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 3, 2, 2, -1>, mode = "reflect", value = 0.0 : f64} : (tensor<4x5xf64>) -> tensor<9x6xf64>
  %1 = "tc_tensor.pad"(%x) {pads = array<i64: -1, 0, 3, 4>, mode = "reflect", value = 0.0 : f64} : (tensor<4x5xf64>) -> tensor<6x9xf64>
  return %0, %1 : tensor<9x6xf64>, tensor<6x9xf64>
}
func.func @pad_lowp(%x: tensor<2x3xf32>, %y: tensor<4xbf16>, %z: tensor<3xf16>) -> (tensor<3x6xf32>, tensor<9xbf16>, tensor<8xf16>) {
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1, 0, 2>, mode = "constant", value = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<3x6xf32>
  %1 = "tc_tensor.pad"(%y) {pads = array<i64: 2, 3>, mode = "reflect", value = 0.0 : f64} : (tensor<4xbf16>) -> tensor<9xbf16>
  %2 = "tc_tensor.pad"(%z) {pads = array<i64: 4, 1>, mode = "edge", value = 0.0 : f64} : (tensor<3xf16>) -> tensor<8xf16>
  return %0, %1, %2 : tensor<3x6xf32>, tensor<9xbf16>, tensor<8xf16>
}
