// TC_GEMM_KERNEL=loops (docs/environment.md): nothing goes to BLIS, however
// large, and every kernel decision says why; the same ops take BLIS
// without it (the gate builds both and checks that they agree).
// RUN: env TC_GEMM_KERNEL=loops tensor-opt --tc-select-kernels --manifest-out=%t.json %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: env -u TC_GEMM_KERNEL tensor-opt --tc-select-kernels %s | FileCheck %s --check-prefix=BLIS

// CHECK-LABEL: func.func @big
// CHECK-NOT: tc_kernel
// CHECK: "tc_tensor.matmul"
// CHECK: "tc_tensor.conv2d"
// MANIFEST: "detail": "direct: TC_GEMM_KERNEL=loops sends nothing to BLIS",
// MANIFEST-NEXT: "subject": "tc_tensor.conv2d at
// MANIFEST: "detail": "loops: TC_GEMM_KERNEL=loops sends nothing to BLIS",
// MANIFEST-NEXT: "subject": "tc_tensor.matmul at
// MANIFEST: "gemm_kernel": "loops",
// BLIS-LABEL: func.func @big
// BLIS: "tc_kernel.gemm"
// BLIS: "tc_kernel.conv2d"
func.func @big(%a: tensor<128x128xf32>, %x: tensor<1x16x32x32xf32>, %w: tensor<32x16x3x3xf32>) -> (tensor<128x128xf32>, tensor<1x32x30x30xf32>) {
  %0 = "tc_tensor.matmul"(%a, %a) : (tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
  %1 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x16x32x32xf32>, tensor<32x16x3x3xf32>) -> tensor<1x32x30x30xf32>
  return %0, %1 : tensor<128x128xf32>, tensor<1x32x30x30xf32>
}
