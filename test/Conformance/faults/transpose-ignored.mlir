// Fault transpose-ignored: gemm ignores trans_b and computes a·b instead of
// a·bᵀ. b is square, so the faulted reads stay in bounds.
// RUN: %e2e %s
// RUN: %expect_exit 5 %e2e %s --opt-arg=--tc-test-fault=transpose-ignored
// The manifest names the faulted spot; a build without the fault has none.
// RUN: tensor-opt --tc-cpu-pipeline --tc-test-fault=transpose-ignored --manifest-out=%t.json %s -o %t.ll.mlir
// RUN: FileCheck %s < %t.json
// RUN: tensor-opt --tc-cpu-pipeline --manifest-out=%t.clean.json %s -o %t.clean.mlir
// RUN: FileCheck %s --check-prefix=CLEAN < %t.clean.json
// CHECK: "detail": "transpose-ignored: {{.*}} (test-only miscompile)",
// CHECK-NEXT: "subject": "tc_tensor.gemm at {{.*}}transpose-ignored.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "what": "test-fault"
// CLEAN: "format": "tensorc-manifest/2"
// CLEAN-NOT: "what": "test-fault"

func.func @gemm_trans_b(%a: tensor<3x4xf32>, %b: tensor<4x4xf32>) -> tensor<3x4xf32> {
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = true} : (tensor<3x4xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
