// Fault reduction-bound: matmul's reduction loop stops at K - 1, so every
// element misses the product lhs[m, K-1] · rhs[K-1, n]; both factors are
// drawn away from zero, so the missing term is at least 1 in magnitude.
// RUN: %e2e %s
// RUN: %expect_exit 5 %e2e %s --opt-arg=--tc-test-fault=reduction-bound
// The manifest names the faulted spot; a build without the fault has none.
// RUN: tensor-opt --tc-cpu-pipeline --tc-test-fault=reduction-bound --manifest-out=%t.json %s -o %t.ll.mlir
// RUN: FileCheck %s < %t.json
// RUN: tensor-opt --tc-cpu-pipeline --manifest-out=%t.clean.json %s -o %t.clean.mlir
// RUN: FileCheck %s --check-prefix=CLEAN < %t.clean.json
// CHECK: "detail": "reduction-bound: {{.*}} (test-only miscompile)",
// CHECK-NEXT: "subject": "tc_tensor.matmul at {{.*}}reduction-bound.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "what": "test-fault"
// CLEAN: "format": "tensorc-manifest/2"
// CLEAN-NOT: "what": "test-fault"

func.func @matmul_k(%a: tensor<3x4xf32> {tc.distribution = "uniform(1, 2)"}, %b: tensor<4x5xf32> {tc.distribution = "uniform(1, 2)"}) -> tensor<3x5xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
