// Gradients of tc_tensor.max_pool2d: dy goes to the window's first maximum (the last NaN if any), as PyTorch's indices.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS max_pool2d_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS max_pool2d_overlapping_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS max_pool2d_dilated_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @max_pool2d_f64(%x: tensor<2x2x5x5xf64>) -> tensor<2x2x2x2xf64> {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<2x2x5x5xf64>) -> tensor<2x2x2x2xf64>
  return %0 : tensor<2x2x2x2xf64>
}
func.func @max_pool2d_overlapping_f64(%x: tensor<1x2x6x5xf64>) -> tensor<1x2x6x3xf64> {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 3, 2>, strides = array<i64: 1, 2>, pads = array<i64: 1, 0, 1, 1>, dilations = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x2x6x5xf64>) -> tensor<1x2x6x3xf64>
  return %0 : tensor<1x2x6x3xf64>
}
func.func @max_pool2d_dilated_f64(%x: tensor<1x1x7x7xf64>) -> tensor<1x1x3x4xf64> {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 3>, strides = array<i64: 2, 1>, pads = array<i64: 1, 1, 0, 0>, dilations = array<i64: 2, 2>, ceil_mode = false} : (tensor<1x1x7x7xf64>) -> tensor<1x1x3x4xf64>
  return %0 : tensor<1x1x3x4xf64>
}
func.func @max_pool2d_ties(%x: tensor<1x1x4x4xf64> {tc.oracle = "values(1, 2, 2, 3)"}) -> tensor<1x1x3x3xf64> attributes {tc.grad_oracle_no_fd = "tied maxima: the first in the window gets dy (PyTorch), not a limit"} {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x4x4xf64>) -> tensor<1x1x3x3xf64>
  return %0 : tensor<1x1x3x3xf64>
}
func.func @max_pool2d_nan(%x: tensor<1x1x2x4xf64> {tc.oracle = "sequence(1, nan, 3, 1, nan, 0, 2, 2)"}) -> tensor<1x1x1x2xf64> attributes {tc.grad_oracle_no_fd = "a window with NaN: its last NaN gets dy (PyTorch), not a limit"} {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x2x4xf64>) -> tensor<1x1x1x2xf64>
  return %0 : tensor<1x1x1x2xf64>
}
func.func @max_pool2d_f32(%x: tensor<1x3x6x6xf32>) -> tensor<1x3x3x3xf32> {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x3x6x6xf32>) -> tensor<1x3x3x3xf32>
  return %0 : tensor<1x3x3x3xf32>
}
func.func @max_pool2d_f16(%x: tensor<1x2x4x4xf16>) -> tensor<1x2x2x2xf16> {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x2x4x4xf16>) -> tensor<1x2x2x2xf16>
  return %0 : tensor<1x2x2x2xf16>
}
func.func @max_pool2d_bf16(%x: tensor<1x2x5x4xbf16>) -> tensor<1x2x4x2xbf16> {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x2x5x4xbf16>) -> tensor<1x2x4x2xbf16>
  return %0 : tensor<1x2x4x2xbf16>
}
