// Fault cast-truncate: cast f32 -> bf16 drops the low 16 bits (rounds toward
// zero) instead of rounding to nearest even. cast is exact under the
// contract; about half of 64 random values round away from zero.
// RUN: %e2e %s
// RUN: %expect_exit 5 %e2e %s --opt-arg=--tc-test-fault=cast-truncate
// The manifest names the faulted spot; a build without the fault has none.
// RUN: tensor-opt --tc-cpu-pipeline --tc-test-fault=cast-truncate --manifest-out=%t.json %s -o %t.ll.mlir
// RUN: FileCheck %s < %t.json
// RUN: tensor-opt --tc-cpu-pipeline --manifest-out=%t.clean.json %s -o %t.clean.mlir
// RUN: FileCheck %s --check-prefix=CLEAN < %t.clean.json
// CHECK: "detail": "cast-truncate: {{.*}} (test-only miscompile)",
// CHECK-NEXT: "subject": "func.func at {{.*}}cast-truncate.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "what": "test-fault"
// CLEAN: "format": "tensorc-manifest/2"
// CLEAN-NOT: "what": "test-fault"

func.func @to_bf16(%x: tensor<64xf32>) -> tensor<64xbf16> {
  %0 = "tc_tensor.cast"(%x) : (tensor<64xf32>) -> tensor<64xbf16>
  return %0 : tensor<64xbf16>
}
