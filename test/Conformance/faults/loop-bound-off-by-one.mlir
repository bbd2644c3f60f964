// Fault loop-bound-off-by-one: tc-lower-loops runs each nest's outermost
// loop to bound - 1, so the last row of the result is never written and
// holds whatever the output buffer held: the faulted code is deterministic,
// its last row is not (tensor-conform also reports the runs disagreeing).
// No write leaves sums of values in [1, 2) there; reduction-bound is the
// deterministic off-by-one.
// RUN: %e2e %s
// RUN: %expect_exit 5 %e2e %s --opt-arg=--tc-test-fault=loop-bound-off-by-one
// The manifest names the faulted spot; a build without the fault has none.
// RUN: tensor-opt --tc-cpu-pipeline --tc-test-fault=loop-bound-off-by-one --manifest-out=%t.json %s -o %t.ll.mlir
// RUN: FileCheck %s < %t.json
// RUN: tensor-opt --tc-cpu-pipeline --manifest-out=%t.clean.json %s -o %t.clean.mlir
// RUN: FileCheck %s --check-prefix=CLEAN < %t.clean.json
// CHECK: "detail": "loop-bound-off-by-one: {{.*}} (test-only miscompile)",
// CHECK-NEXT: "subject": "tc_loop.nest at {{.*}}loop-bound-off-by-one.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "what": "test-fault"
// CLEAN: "format": "tensorc-manifest/2"
// CLEAN-NOT: "what": "test-fault"

func.func @add_rows(%x: tensor<4x3xf32> {tc.distribution = "uniform(1, 2)"}, %y: tensor<4x3xf32> {tc.distribution = "uniform(1, 2)"}) -> tensor<4x3xf32> {
  %0 = "tc_tensor.add"(%x, %y) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
