// Fault swap-operands: sub and div compute rhs op lhs. x and y are drawn
// from disjoint ranges, so x - y != y - x and x / y != y / x everywhere.
// RUN: %e2e %s
// RUN: %expect_exit 5 %e2e %s --opt-arg=--tc-test-fault=swap-operands
// The manifest names the faulted spot; a build without the fault has none.
// RUN: tensor-opt --tc-cpu-pipeline --tc-test-fault=swap-operands --manifest-out=%t.json %s -o %t.ll.mlir
// RUN: FileCheck %s < %t.json
// RUN: tensor-opt --tc-cpu-pipeline --manifest-out=%t.clean.json %s -o %t.clean.mlir
// RUN: FileCheck %s --check-prefix=CLEAN < %t.clean.json
// CHECK: "detail": "swap-operands: {{.*}} (test-only miscompile)",
// CHECK-NEXT: "subject": "tc_tensor.div at {{.*}}swap-operands.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "what": "test-fault"
// CLEAN: "format": "tensorc-manifest/2"
// CLEAN-NOT: "what": "test-fault"

func.func @sub_div(%x: tensor<3x4xf32> {tc.distribution = "uniform(2, 4)"}, %y: tensor<3x4xf32> {tc.distribution = "uniform(0.5, 1)"}) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %0 = "tc_tensor.sub"(%x, %y) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %1 = "tc_tensor.div"(%x, %y) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0, %1 : tensor<3x4xf32>, tensor<3x4xf32>
}
