// Fault drop-bias: gemm leaves out beta·c. c is drawn far from zero, so
// every element of the faulted result misses a term of magnitude >= 2.
// RUN: %e2e %s
// RUN: %expect_exit 5 %e2e %s --opt-arg=--tc-test-fault=drop-bias
// The manifest names the faulted spot; a build without the fault has none.
// RUN: tensor-opt --tc-cpu-pipeline --tc-test-fault=drop-bias --manifest-out=%t.json %s -o %t.ll.mlir
// RUN: FileCheck %s < %t.json
// RUN: tensor-opt --tc-cpu-pipeline --manifest-out=%t.clean.json %s -o %t.clean.mlir
// RUN: FileCheck %s --check-prefix=CLEAN < %t.clean.json
// CHECK: "detail": "drop-bias: {{.*}} (test-only miscompile)",
// CHECK-NEXT: "subject": "tc_tensor.gemm at {{.*}}drop-bias.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "what": "test-fault"
// CLEAN: "format": "tensorc-manifest/2"
// CLEAN-NOT: "what": "test-fault"

func.func @gemm_bias(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<5xf32> {tc.distribution = "uniform(2, 4)"}) -> tensor<3x5xf32> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
