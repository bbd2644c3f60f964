// tc-select-kernels on conv2d: BLIS (one gemm per image of >= 64 output
// pixels, conv-gemm.mlir has the layout rule) where the dtype, the group,
// the size and the contract allow (docs/lowering.md, "Kernel selection"),
// the direct loops otherwise; one `kernel` decision per convolution.
// RUN: tensor-opt --tc-select-kernels --manifest-out=%t.json -split-input-file %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: tensor-opt --contract=%S/Inputs/no-reassociation.contract.json --tc-select-kernels --manifest-out=%t.no.json %s -split-input-file | FileCheck %s --check-prefix=NO
// RUN: FileCheck %s --check-prefix=NO-MANIFEST < %t.no.json

// CHECK-LABEL: func.func @big(
// CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %{{.*}} : tensor<2x8x16x16xf32> to memref<2x8x16x16xf32>
// CHECK: %[[W:.*]] = builtin.unrealized_conversion_cast %{{.*}} : tensor<16x8x3x3xf32> to memref<16x8x3x3xf32>
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %{{.*}} : tensor<16xf32> to memref<16xf32>
// CHECK: %[[O:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x16x8x8xf32>
// CHECK: "tc_kernel.conv2d"(%[[X]], %[[W]], %[[B]], %[[O]]) {algorithm = "gemm", dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, {{.*}}strides = array<i64: 2, 2>}
// CHECK-NOT: tc_tensor.conv2d
// CHECK: return
// NO-LABEL: func.func @big(
// NO: tc_tensor.conv2d
func.func @big(%x: tensor<2x8x16x16xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>) -> tensor<2x16x8x8xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x8x16x16xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<2x16x8x8xf32>
  return %0 : tensor<2x16x8x8xf32>
}
// MANIFEST: "detail": "gemm: one BLIS gemm of M 128, N 16, K 72 (M*N*K 147456 >= 65536) summed in f64, bias added last; reassociation allowed; as 2 gemms, one per image in the output's layout (M 16, N 64, K 72: 64 pixels >= 64)"
// NO-MANIFEST: "detail": "direct: the contract does not let conv2d be reassociated"

// -----

// CHECK-LABEL: func.func @small(
// CHECK: tc_tensor.conv2d
func.func @small(%x: tensor<1x2x6x6xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x4x4xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x2x6x6xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}
// MANIFEST: "detail": "direct: GEMM M*N*K = 1152 is below the BLIS threshold 65536"

// -----

// CHECK-LABEL: func.func @grouped(
// CHECK: tc_tensor.conv2d
func.func @grouped(%x: tensor<2x8x16x16xf32>, %w: tensor<16x4x3x3xf32>) -> tensor<2x16x14x14xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 2 : i64} : (tensor<2x8x16x16xf32>, tensor<16x4x3x3xf32>) -> tensor<2x16x14x14xf32>
  return %0 : tensor<2x16x14x14xf32>
}
// MANIFEST: "detail": "direct: a grouped convolution (group > 1) has no im2col path yet"

// -----

// CHECK-LABEL: func.func @half(
// CHECK: tc_tensor.conv2d
func.func @half(%x: tensor<2x8x16x16xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<2x16x14x14xf16> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x8x16x16xf16>, tensor<16x8x3x3xf16>) -> tensor<2x16x14x14xf16>
  return %0 : tensor<2x16x14x14xf16>
}
// MANIFEST: "detail": "direct: im2col + BLIS needs f32 or f64"
