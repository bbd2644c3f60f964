// Fault gather-index: gather reads row k + 1 (clamped) instead of row k.
// Indices are drawn in [0, 5) of 6 rows, so the faulted row always exists
// and always differs.
// RUN: %e2e %s
// RUN: %expect_exit 5 %e2e %s --opt-arg=--tc-test-fault=gather-index
// The manifest names the faulted spot; a build without the fault has none.
// RUN: tensor-opt --tc-cpu-pipeline --tc-test-fault=gather-index --manifest-out=%t.json %s -o %t.ll.mlir
// RUN: FileCheck %s < %t.json
// RUN: tensor-opt --tc-cpu-pipeline --manifest-out=%t.clean.json %s -o %t.clean.mlir
// RUN: FileCheck %s --check-prefix=CLEAN < %t.clean.json
// CHECK: "detail": "gather-index: {{.*}} (test-only miscompile)",
// CHECK-NEXT: "subject": "tc_tensor.gather at {{.*}}gather-index.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "what": "test-fault"
// CLEAN: "format": "tensorc-manifest/2"
// CLEAN-NOT: "what": "test-fault"

func.func @gather_rows(%d: tensor<6x3xf32>, %i: tensor<4xi64> {tc.distribution = "integers(0, 5)"}) -> tensor<4x3xf32> {
  %0 = "tc_tensor.gather"(%d, %i) {axis = 0 : i64} : (tensor<6x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
