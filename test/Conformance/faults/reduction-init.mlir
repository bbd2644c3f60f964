// Fault reduction-init: float reduce_sum starts at 1 and reduce_max at 0.
// Every x is negative, so the faulted max is 0 instead of at most -1, and
// every faulted sum is off by 1 (a sum of six values in [-4, -1)).
// RUN: %e2e %s
// RUN: %expect_exit 5 %e2e %s --opt-arg=--tc-test-fault=reduction-init
// The manifest names the faulted spot; a build without the fault has none.
// RUN: tensor-opt --tc-cpu-pipeline --tc-test-fault=reduction-init --manifest-out=%t.json %s -o %t.ll.mlir
// RUN: FileCheck %s < %t.json
// RUN: tensor-opt --tc-cpu-pipeline --manifest-out=%t.clean.json %s -o %t.clean.mlir
// RUN: FileCheck %s --check-prefix=CLEAN < %t.clean.json
// CHECK: "detail": "reduction-init: {{.*}} (test-only miscompile)",
// CHECK-NEXT: "subject": "tc_tensor.reduce_max at {{.*}}reduction-init.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "what": "test-fault"
// CLEAN: "format": "tensorc-manifest/2"
// CLEAN-NOT: "what": "test-fault"

func.func @sum_max(%x: tensor<4x6xf32> {tc.distribution = "uniform(-4, -1)"}) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x6xf32>) -> tensor<4xf32>
  %1 = "tc_tensor.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x6xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
