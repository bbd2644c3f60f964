// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_kernel.irdl.mlir %s | FileCheck %s

// Round-trip of tc_kernel.conv2d (docs/dialects.md section 4): bias present
// and absent, strides, pads and groups, and the algorithm/reason record. The
// kernel writes out, its last operand. Output sizes follow conv2d's rule.

// CHECK-LABEL: func.func @conv2d_bias(
// CHECK-SAME:    %[[X:.*]]: memref<1x3x8x8xf32>, %[[W:.*]]: memref<4x3x3x3xf32>, %[[BIAS:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<1x4x8x8xf32>)
// CHECK:         "tc_kernel.conv2d"(%[[X]], %[[W]], %[[BIAS]], %[[OUT]]) {algorithm = "im2col", dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, reason = "3x3 kernel, 3 input channels", strides = array<i64: 1, 1>} : (memref<1x3x8x8xf32>, memref<4x3x3x3xf32>, memref<4xf32>, memref<1x4x8x8xf32>) -> ()
// CHECK:         return
func.func @conv2d_bias(%x: memref<1x3x8x8xf32>, %w: memref<4x3x3x3xf32>, %bias: memref<4xf32>, %out: memref<1x4x8x8xf32>) {
  "tc_kernel.conv2d"(%x, %w, %bias, %out) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "im2col", reason = "3x3 kernel, 3 input channels"} : (memref<1x3x8x8xf32>, memref<4x3x3x3xf32>, memref<4xf32>, memref<1x4x8x8xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @conv2d_no_bias_strided(
// CHECK-SAME:    %[[X:.*]]: memref<1x1x7x7xf32>, %[[W:.*]]: memref<2x1x3x3xf32>, %[[OUT:.*]]: memref<1x2x4x4xf32>)
// CHECK:         "tc_kernel.conv2d"(%[[X]], %[[W]], %[[OUT]]) {algorithm = "direct", dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, reason = "single input channel", strides = array<i64: 2, 2>} : (memref<1x1x7x7xf32>, memref<2x1x3x3xf32>, memref<1x2x4x4xf32>) -> ()
// CHECK:         return
func.func @conv2d_no_bias_strided(%x: memref<1x1x7x7xf32>, %w: memref<2x1x3x3xf32>, %out: memref<1x2x4x4xf32>) {
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "single input channel"} : (memref<1x1x7x7xf32>, memref<2x1x3x3xf32>, memref<1x2x4x4xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @conv2d_depthwise_f16(
// CHECK-SAME:    %[[X:.*]]: memref<1x3x4x4xf16>, %[[W:.*]]: memref<3x1x3x3xf16>, %[[BIAS:.*]]: memref<3xf16>, %[[OUT:.*]]: memref<1x3x4x4xf16>)
// CHECK:         "tc_kernel.conv2d"(%[[X]], %[[W]], %[[BIAS]], %[[OUT]]) {algorithm = "direct", dilations = array<i64: 1, 1>, group = 3 : i64, pads = array<i64: 1, 1, 1, 1>, reason = "depthwise: group equals channels", strides = array<i64: 1, 1>} : (memref<1x3x4x4xf16>, memref<3x1x3x3xf16>, memref<3xf16>, memref<1x3x4x4xf16>) -> ()
// CHECK:         return
func.func @conv2d_depthwise_f16(%x: memref<1x3x4x4xf16>, %w: memref<3x1x3x3xf16>, %bias: memref<3xf16>, %out: memref<1x3x4x4xf16>) {
  "tc_kernel.conv2d"(%x, %w, %bias, %out) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 3 : i64, algorithm = "direct", reason = "depthwise: group equals channels"} : (memref<1x3x4x4xf16>, memref<3x1x3x3xf16>, memref<3xf16>, memref<1x3x4x4xf16>) -> ()
  return
}
