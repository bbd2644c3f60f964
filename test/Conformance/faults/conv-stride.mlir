// Fault conv-stride: conv2d runs with strides 1, so output (oh, ow) reads the
// window at (oh, ow) instead of (2·oh, 2·ow); only (0, 0) agrees.
// RUN: %e2e %s
// RUN: %expect_exit 5 %e2e %s --opt-arg=--tc-test-fault=conv-stride
// The manifest names the faulted spot; a build without the fault has none.
// RUN: tensor-opt --tc-cpu-pipeline --tc-test-fault=conv-stride --manifest-out=%t.json %s -o %t.ll.mlir
// RUN: FileCheck %s < %t.json
// RUN: tensor-opt --tc-cpu-pipeline --manifest-out=%t.clean.json %s -o %t.clean.mlir
// RUN: FileCheck %s --check-prefix=CLEAN < %t.clean.json
// CHECK: "detail": "conv-stride: {{.*}} (test-only miscompile)",
// CHECK-NEXT: "subject": "tc_tensor.conv2d at {{.*}}conv-stride.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "what": "test-fault"
// CLEAN: "format": "tensorc-manifest/2"
// CLEAN-NOT: "what": "test-fault"

func.func @conv_strided(%x: tensor<1x2x7x7xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x2x7x7xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %0 : tensor<1x3x3x3xf32>
}
