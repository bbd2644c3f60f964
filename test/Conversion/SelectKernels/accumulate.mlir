// How tc-select-kernels sums f32 in BLIS (docs/lowering.md, "Kernel
// selection", rule 6): in f64 (bli_dgemm on f64 copies) under the default
// contract, whose f32 matmul/gemm tolerances have no gamma; in f32
// (bli_sgemm, `accumulate = "f32"`) under contracts/f32-summation, whose
// have gamma >= 1. The kernel decision names the clause either way; f64 is
// the same under both. tc-lower-kernels passes mode 2 (f64 sums) or 1
// (bli_sgemm) to the shim.
// RUN: tensor-opt --tc-select-kernels --manifest-out=%t.default.json %s | FileCheck %s --check-prefix=DEFAULT
// RUN: FileCheck %s --check-prefix=DEFAULT-MANIFEST < %t.default.json
// RUN: tensor-opt --contract=%tc_src_root/contracts/f32-summation.contract.json --tc-select-kernels --manifest-out=%t.gamma.json %s | FileCheck %s --check-prefix=GAMMA
// RUN: FileCheck %s --check-prefix=GAMMA-MANIFEST < %t.gamma.json
// RUN: tensor-opt --tc-select-kernels --tc-bufferize --tc-lower-kernels %s | FileCheck %s --check-prefix=DEFAULT-CALL
// RUN: tensor-opt --contract=%tc_src_root/contracts/f32-summation.contract.json --tc-select-kernels --tc-bufferize --tc-lower-kernels %s | FileCheck %s --check-prefix=GAMMA-CALL

// DEFAULT-LABEL: func.func @products
// DEFAULT-NOT: accumulate
// GAMMA-LABEL: func.func @products
// GAMMA: "tc_kernel.gemm"{{.*}}accumulate = "f32"{{.*}}memref<64x64xf32>
// GAMMA: "tc_kernel.gemm"{{.*}}accumulate = "f32"{{.*}}memref<64x64xf32>
// GAMMA-NOT: accumulate
// GAMMA: "tc_kernel.gemm"{{.*}}memref<64x64xf64>

// DEFAULT-MANIFEST: "clause": "ops.gemm.tolerance.f32",
// DEFAULT-MANIFEST-NEXT: "detail": "blis: f32, {{.*}}; f32 summed in f64 (bli_dgemm on f64 copies): ops.gemm.tolerance.f32 has no gamma >= 1",
// DEFAULT-MANIFEST: "clause": "ops.matmul.reassociate",
// DEFAULT-MANIFEST: "detail": "blis: f64, {{[^;]*}}",
// DEFAULT-MANIFEST: "clause": "ops.matmul.tolerance.f32",
// DEFAULT-MANIFEST-NEXT: "detail": "blis: f32, {{.*}}; f32 summed in f64 (bli_dgemm on f64 copies): ops.matmul.tolerance.f32 has no gamma >= 1",

// GAMMA-MANIFEST: "clause": "ops.gemm.tolerance.f32.gamma",
// GAMMA-MANIFEST-NEXT: "detail": "blis: f32, {{.*}}; blis sgemm, f32 accumulation: ops.gemm.tolerance.f32.gamma = {{[0-9.]+}}",
// GAMMA-MANIFEST: "clause": "ops.matmul.reassociate",
// GAMMA-MANIFEST: "detail": "blis: f64, {{[^;]*}}",
// GAMMA-MANIFEST: "clause": "ops.matmul.tolerance.f32.gamma",
// GAMMA-MANIFEST-NEXT: "detail": "blis: f32, {{.*}}; blis sgemm, f32 accumulation: ops.matmul.tolerance.f32.gamma = {{[0-9.]+}}",

// The second argument of the shim call is the mode; its constants are
// built in argument order (config, mode, ...).
// DEFAULT-CALL-LABEL: func.func @products
// DEFAULT-CALL: arith.constant {{[0-9]+}} : i64
// DEFAULT-CALL-NEXT: %[[TWO:.*]] = arith.constant 2 : i64
// DEFAULT-CALL: call @__tc_blis_gemm(%{{[^,]*}}, %[[TWO]],
// GAMMA-CALL-LABEL: func.func @products
// GAMMA-CALL: arith.constant {{[0-9]+}} : i64
// GAMMA-CALL-NEXT: %[[ONE:.*]] = arith.constant 1 : i64
// GAMMA-CALL: call @__tc_blis_gemm(%{{[^,]*}}, %[[ONE]],
func.func @products(%a: tensor<64x64xf32>, %d: tensor<64x64xf64>) -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf64>) {
  %0 = "tc_tensor.matmul"(%a, %a) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = "tc_tensor.gemm"(%a, %a) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = true} : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = "tc_tensor.matmul"(%d, %d) : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  return %0, %1, %2 : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf64>
}
