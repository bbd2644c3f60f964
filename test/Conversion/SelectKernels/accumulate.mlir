// How tc-select-kernels sums f32 in BLIS (docs/lowering.md, "Kernel
// selection", rule 6): in f32 (bli_sgemm, `accumulate = "f32"`) under the
// default contract, whose f32 matmul/gemm tolerances have gamma >= 1; in
// f64 (bli_dgemm on f64 copies) under contracts/strict, whose have no
// gamma. The kernel decision names the clause either way; f64 is the same
// under both. tc-lower-kernels passes mode 2 (f64 sums) or 1 (bli_sgemm)
// to the shim.
// RUN: tensor-opt --contract=%tc_src_root/contracts/strict.contract.json --tc-select-kernels --manifest-out=%t.strict.json %s | FileCheck %s --check-prefix=STRICT
// RUN: FileCheck %s --check-prefix=STRICT-MANIFEST < %t.strict.json
// RUN: tensor-opt --tc-select-kernels --manifest-out=%t.default.json %s | FileCheck %s --check-prefix=DEFAULT
// RUN: FileCheck %s --check-prefix=DEFAULT-MANIFEST < %t.default.json
// RUN: tensor-opt --contract=%tc_src_root/contracts/strict.contract.json --tc-select-kernels --tc-bufferize --tc-lower-kernels %s | FileCheck %s --check-prefix=STRICT-CALL
// RUN: tensor-opt --tc-select-kernels --tc-bufferize --tc-lower-kernels %s | FileCheck %s --check-prefix=DEFAULT-CALL

// STRICT-LABEL: func.func @products
// STRICT-NOT: accumulate
// DEFAULT-LABEL: func.func @products
// DEFAULT: "tc_kernel.gemm"{{.*}}accumulate = "f32"{{.*}}memref<64x64xf32>
// DEFAULT: "tc_kernel.gemm"{{.*}}accumulate = "f32"{{.*}}memref<64x64xf32>
// DEFAULT-NOT: accumulate
// DEFAULT: "tc_kernel.gemm"{{.*}}memref<64x64xf64>

// STRICT-MANIFEST: "clause": "ops.gemm.tolerance.f32",
// STRICT-MANIFEST-NEXT: "detail": "blis: f32, {{.*}}; f32 summed in f64 (bli_dgemm on f64 copies): ops.gemm.tolerance.f32 has no gamma >= 1",
// STRICT-MANIFEST: "clause": "ops.matmul.reassociate",
// STRICT-MANIFEST: "detail": "blis: f64, {{[^;]*}}",
// STRICT-MANIFEST: "clause": "ops.matmul.tolerance.f32",
// STRICT-MANIFEST-NEXT: "detail": "blis: f32, {{.*}}; f32 summed in f64 (bli_dgemm on f64 copies): ops.matmul.tolerance.f32 has no gamma >= 1",

// DEFAULT-MANIFEST: "clause": "ops.gemm.tolerance.f32.gamma",
// DEFAULT-MANIFEST-NEXT: "detail": "blis: f32, {{.*}}; blis sgemm, f32 accumulation: ops.gemm.tolerance.f32.gamma = {{[0-9.]+}}",
// DEFAULT-MANIFEST: "clause": "ops.matmul.reassociate",
// DEFAULT-MANIFEST: "detail": "blis: f64, {{[^;]*}}",
// DEFAULT-MANIFEST: "clause": "ops.matmul.tolerance.f32.gamma",
// DEFAULT-MANIFEST-NEXT: "detail": "blis: f32, {{.*}}; blis sgemm, f32 accumulation: ops.matmul.tolerance.f32.gamma = {{[0-9.]+}}",

// The second argument of the shim call is the mode; its constants are
// built in argument order (config, mode, ...).
// STRICT-CALL-LABEL: func.func @products
// STRICT-CALL: arith.constant {{[0-9]+}} : i64
// STRICT-CALL-NEXT: %[[TWO:.*]] = arith.constant 2 : i64
// STRICT-CALL: call @__tc_blis_gemm(%{{[^,]*}}, %[[TWO]],
// DEFAULT-CALL-LABEL: func.func @products
// DEFAULT-CALL: arith.constant {{[0-9]+}} : i64
// DEFAULT-CALL-NEXT: %[[ONE:.*]] = arith.constant 1 : i64
// DEFAULT-CALL: call @__tc_blis_gemm(%{{[^,]*}}, %[[ONE]],
func.func @products(%a: tensor<64x64xf32>, %d: tensor<64x64xf64>) -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf64>) {
  %0 = "tc_tensor.matmul"(%a, %a) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = "tc_tensor.gemm"(%a, %a) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = true} : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = "tc_tensor.matmul"(%d, %d) : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  return %0, %1, %2 : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf64>
}
