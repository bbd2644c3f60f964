// Gradients of tc_tensor.conv2d: dx a transposed convolution of dy, dw a correlation of x with dy, dbias the sum of dy.
// The reference's rule (tensor-ref --grad) and tc-grad's compiled rule (f_vjp
// through the CPU pipeline) are checked in float64 against central finite
// differences and PyTorch's autograd, and in every dtype against PyTorch
// (utils/grad-oracle.py, budgets in oracle.contract.json).

// RUN: tensor-opt --tc-stamp --tc-grad --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %tc_src_root/utils/grad-oracle.py %s --tensor-ref tensor-ref --artifact %t.so --tensor-run tensor-run --contract %S/oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK-DAG: PASS conv2d_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS conv2d_strided_padded_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS conv2d_dilated_grouped_f64 (forward, torch, numeric, artifact)
// CHECK-DAG: PASS conv2d_depthwise_f64 (forward, torch, numeric, artifact)
// CHECK: {{[1-9][0-9]*}} cases, 0 failures
// The gate judges the compiled VJPs against the reference's under the default
// contract's gradient budgets (docs/contract.md §1.2), in every dtype.
// RUN: tensor-conform %s --artifact %t.so --grad --quiet | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass

func.func @conv2d_f64(%x: tensor<2x2x5x5xf64>, %w: tensor<3x2x3x3xf64>, %b: tensor<3xf64>) -> tensor<2x3x3x3xf64> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x2x5x5xf64>, tensor<3x2x3x3xf64>, tensor<3xf64>) -> tensor<2x3x3x3xf64>
  return %0 : tensor<2x3x3x3xf64>
}
func.func @conv2d_strided_padded_f64(%x: tensor<1x2x7x6xf64>, %w: tensor<2x2x3x2xf64>, %b: tensor<2xf64>) -> tensor<1x2x3x3xf64> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 2, 3>, pads = array<i64: 1, 2, 0, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x2x7x6xf64>, tensor<2x2x3x2xf64>, tensor<2xf64>) -> tensor<1x2x3x3xf64>
  return %0 : tensor<1x2x3x3xf64>
}
func.func @conv2d_dilated_grouped_f64(%x: tensor<1x4x6x6xf64>, %w: tensor<6x2x2x2xf64>) -> tensor<1x6x7x3xf64> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 2>, pads = array<i64: 1, 0, 2, 1>, dilations = array<i64: 2, 1>, group = 2 : i64} : (tensor<1x4x6x6xf64>, tensor<6x2x2x2xf64>) -> tensor<1x6x7x3xf64>
  return %0 : tensor<1x6x7x3xf64>
}
func.func @conv2d_depthwise_f64(%x: tensor<2x3x5x4xf64>, %w: tensor<3x1x3x3xf64>, %b: tensor<3xf64>) -> tensor<2x3x5x4xf64> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 3 : i64} : (tensor<2x3x5x4xf64>, tensor<3x1x3x3xf64>, tensor<3xf64>) -> tensor<2x3x5x4xf64>
  return %0 : tensor<2x3x5x4xf64>
}
func.func @conv2d_f32(%x: tensor<1x3x6x6xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x3x3xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x3x6x6xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}
func.func @conv2d_f16(%x: tensor<1x2x5x5xf16>, %w: tensor<2x1x2x2xf16>, %b: tensor<2xf16>) -> tensor<1x2x4x4xf16> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 2 : i64} : (tensor<1x2x5x5xf16>, tensor<2x1x2x2xf16>, tensor<2xf16>) -> tensor<1x2x4x4xf16>
  return %0 : tensor<1x2x4x4xf16>
}
func.func @conv2d_bf16(%x: tensor<1x2x4x4xbf16>, %w: tensor<2x2x2x2xbf16>, %b: tensor<2xbf16>) -> tensor<1x2x4x4xbf16> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x2x4x4xbf16>, tensor<2x2x2x2xbf16>, tensor<2xbf16>) -> tensor<1x2x4x4xbf16>
  return %0 : tensor<1x2x4x4xbf16>
}
