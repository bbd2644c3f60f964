// Fault pad-value: constant-mode pad fills 0 instead of its value (2.5);
// every border element of the result differs.
// RUN: %e2e %s
// RUN: %expect_exit 5 %e2e %s --opt-arg=--tc-test-fault=pad-value
// The manifest names the faulted spot; a build without the fault has none.
// RUN: tensor-opt --tc-cpu-pipeline --tc-test-fault=pad-value --manifest-out=%t.json %s -o %t.ll.mlir
// RUN: FileCheck %s < %t.json
// RUN: tensor-opt --tc-cpu-pipeline --manifest-out=%t.clean.json %s -o %t.clean.mlir
// RUN: FileCheck %s --check-prefix=CLEAN < %t.clean.json
// CHECK: "detail": "pad-value: {{.*}} (test-only miscompile)",
// CHECK-NEXT: "subject": "tc_tensor.pad at {{.*}}pad-value.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "what": "test-fault"
// CLEAN: "format": "tensorc-manifest/2"
// CLEAN-NOT: "what": "test-fault"

func.func @pad_constant(%x: tensor<3x4xf32>) -> tensor<5x6xf32> {
  %0 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: 1, 1, 1, 1>, value = 2.5 : f64} : (tensor<3x4xf32>) -> tensor<5x6xf32>
  return %0 : tensor<5x6xf32>
}
