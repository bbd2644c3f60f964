// Fault softmax-max: softmax skips subtracting the slice maximum. The inputs
// are large (above 709, where exp overflows even in the f64 the lowering
// computes f32 softmax in), so the faulted exp sums are inf and the result
// NaN; the exact softmax of these rows is finite.
// RUN: %e2e %s
// RUN: %expect_exit 5 %e2e %s --opt-arg=--tc-test-fault=softmax-max
// The manifest names the faulted spot; a build without the fault has none.
// RUN: tensor-opt --tc-cpu-pipeline --tc-test-fault=softmax-max --manifest-out=%t.json %s -o %t.ll.mlir
// RUN: FileCheck %s < %t.json
// RUN: tensor-opt --tc-cpu-pipeline --manifest-out=%t.clean.json %s -o %t.clean.mlir
// RUN: FileCheck %s --check-prefix=CLEAN < %t.clean.json
// CHECK: "detail": "softmax-max: {{.*}} (test-only miscompile)",
// CHECK-NEXT: "subject": "tc_tensor.softmax at {{.*}}softmax-max.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "what": "test-fault"
// CLEAN: "format": "tensorc-manifest/2"
// CLEAN-NOT: "what": "test-fault"

func.func @softmax_large(%x: tensor<3x6xf32> {tc.distribution = "uniform(750, 1000)"}) -> tensor<3x6xf32> {
  %0 = "tc_tensor.softmax"(%x) {axis = -1 : i64} : (tensor<3x6xf32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}
