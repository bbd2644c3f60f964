// tc-select-kernels' layout rule for BLIS convolutions (SelectConv.c rules
// 6 and 7): an image of >= 64 output pixels gets one gemm per image
// (algorithm "gemm"), a relu that is the conv's only user is fused into its
// epilogue (a `fuse` decision); a relu beside another user is not; smaller
// images keep one gemm over all of them (im2col), whose lowering has no
// epilogue for an activation.
// RUN: tensor-opt --tc-select-kernels --manifest-out=%t.json -split-input-file %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json

// CHECK-LABEL: func.func @fused(
// CHECK: %[[O:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x32x16x16xf32>
// CHECK: "tc_kernel.conv2d"(%{{.*}}, %{{.*}}, %{{.*}}, %[[O]]) {activation = "relu", algorithm = "gemm",
// CHECK-NOT: tc_tensor.relu
// CHECK: %[[R:.*]] = builtin.unrealized_conversion_cast %[[O]] : memref<2x32x16x16xf32> to tensor<2x32x16x16xf32>
// CHECK-NEXT: return %[[R]]
func.func @fused(%x: tensor<2x16x16x16xf32>, %w: tensor<32x16x1x1xf32>, %b: tensor<32xf32>) -> tensor<2x32x16x16xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x16x16x16xf32>, tensor<32x16x1x1xf32>, tensor<32xf32>) -> tensor<2x32x16x16xf32>
  %1 = "tc_tensor.relu"(%0) : (tensor<2x32x16x16xf32>) -> tensor<2x32x16x16xf32>
  return %1 : tensor<2x32x16x16xf32>
}
// MANIFEST-DAG: "detail": "gemm: one BLIS gemm of M 512, N 32, K 16 (M*N*K 262144 >= 65536) summed in f64, bias added last; reassociation allowed; as 2 gemms, one per image in the output's layout (M 32, N 256, K 16: 256 pixels >= 64)"
// MANIFEST-DAG: "detail": "relu fused into the epilogue of tc_tensor.conv2d at {{.*}}conv-gemm.mlir:17:8 (algorithm gemm): applied to each output element, once rounded, in the pass that adds the bias"

// -----

// CHECK-LABEL: func.func @two_users(
// CHECK: "tc_kernel.conv2d"
// CHECK-NOT: activation
// CHECK: tc_tensor.relu
func.func @two_users(%x: tensor<2x16x16x16xf32>, %w: tensor<32x16x1x1xf32>) -> (tensor<2x32x16x16xf32>, tensor<2x32x16x16xf32>) {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x16x16x16xf32>, tensor<32x16x1x1xf32>) -> tensor<2x32x16x16xf32>
  %1 = "tc_tensor.relu"(%0) : (tensor<2x32x16x16xf32>) -> tensor<2x32x16x16xf32>
  return %0, %1 : tensor<2x32x16x16xf32>, tensor<2x32x16x16xf32>
}

// -----

// CHECK-LABEL: func.func @small_images(
// CHECK: "tc_kernel.conv2d"{{.*}}algorithm = "im2col"
// CHECK-NOT: activation
// CHECK: tc_tensor.relu
func.func @small_images(%x: tensor<8x32x6x6xf32>, %w: tensor<32x32x3x3xf32>) -> tensor<8x32x6x6xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<8x32x6x6xf32>, tensor<32x32x3x3xf32>) -> tensor<8x32x6x6xf32>
  %1 = "tc_tensor.relu"(%0) : (tensor<8x32x6x6xf32>) -> tensor<8x32x6x6xf32>
  return %1 : tensor<8x32x6x6xf32>
}
// MANIFEST-DAG: "detail": "im2col: one BLIS gemm of M 288, N 32, K 288 (M*N*K 2654208 >= 65536) summed in f64, bias added last; reassociation allowed; one gemm over all images: an image has 36 output pixels (< 64)"
