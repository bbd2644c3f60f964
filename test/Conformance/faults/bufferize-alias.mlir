// Fault bufferize-alias: tc-bufferize computes the temporary t = x + y into
// x's buffer although mul reads x afterwards, so the result is (x + y)² and
// not (x + y)·x. y is drawn away from zero, so the two always differ.
// RUN: %e2e %s
// RUN: %expect_exit 5 %e2e %s --opt-arg=--tc-test-fault=bufferize-alias
// The manifest names the faulted spot; a build without the fault has none.
// RUN: tensor-opt --tc-cpu-pipeline --tc-test-fault=bufferize-alias --manifest-out=%t.json %s -o %t.ll.mlir
// RUN: FileCheck %s < %t.json
// RUN: tensor-opt --tc-cpu-pipeline --manifest-out=%t.clean.json %s -o %t.clean.mlir
// RUN: FileCheck %s --check-prefix=CLEAN < %t.clean.json
// CHECK: "detail": "bufferize-alias: {{.*}} (test-only miscompile)",
// CHECK-NEXT: "subject": "func.func at {{.*}}bufferize-alias.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "what": "test-fault"
// CLEAN: "format": "tensorc-manifest/2"
// CLEAN-NOT: "what": "test-fault"

func.func @reuse(%x: tensor<3x5xf32>, %y: tensor<3x5xf32> {tc.distribution = "uniform(1, 2)"}) -> tensor<3x5xf32> {
  %t = "tc_tensor.add"(%x, %y) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %0 = "tc_tensor.mul"(%t, %x) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
