// Fault broadcast-axis: a lower-rank operand is aligned to the leading
// dimensions instead of the trailing ones, so the row vector b is added down
// the columns. The result is square, so the faulted reads stay in bounds.
// RUN: %e2e %s
// RUN: %expect_exit 5 %e2e %s --opt-arg=--tc-test-fault=broadcast-axis
// The manifest names the faulted spot; a build without the fault has none.
// RUN: tensor-opt --tc-cpu-pipeline --tc-test-fault=broadcast-axis --manifest-out=%t.json %s -o %t.ll.mlir
// RUN: FileCheck %s < %t.json
// RUN: tensor-opt --tc-cpu-pipeline --manifest-out=%t.clean.json %s -o %t.clean.mlir
// RUN: FileCheck %s --check-prefix=CLEAN < %t.clean.json
// CHECK: "detail": "broadcast-axis: {{.*}} (test-only miscompile)",
// CHECK-NEXT: "subject": "tc_tensor.add at {{.*}}broadcast-axis.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "what": "test-fault"
// CLEAN: "format": "tensorc-manifest/2"
// CLEAN-NOT: "what": "test-fault"

func.func @add_row(%x: tensor<4x4xf32>, %b: tensor<4xf32>) -> tensor<4x4xf32> {
  %0 = "tc_tensor.add"(%x, %b) : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
