// tc-plan-vector-math: libmvec's vector variants (4 ulp, docs/contract.md §6)
// only where the contract's ulp budget for every op calling the function
// covers them; each op's decision is recorded with its clause. The default
// contract allows f32 and f16/bf16 exp, tanh, erf and keeps f64 scalar (the
// reference's own f64 error adds to libmvec's); a composite op calling exp
// in f64 for f64 results keeps f64 exp scalar (vector-math-composite.mlir
// has the narrower results). A contract tighter than 4 ulp keeps expf
// scalar. tensor-translate gives the allowed calls their AVX2 variant on
// an AVX2 target (forced: lib/Host, docs/environment.md), the AVX-512 ones
// too on a 512-bit AVX-512 target, and none on a target without AVX2.
// RUN: env TC_TARGET_CPU=x86-64-v4 TC_VECTOR_BITS=512 tensor-opt --tc-cpu-pipeline %s | env TC_TARGET_CPU=x86-64-v4 TC_VECTOR_BITS=512 tensor-translate --emit=llvm | FileCheck %s --check-prefix=IR512
// RUN: env TC_TARGET_CPU=x86-64 tensor-opt --tc-plan-vector-math --manifest-out=%t.sse.json %s | FileCheck %s --check-prefix=SSE
// RUN: FileCheck %s --check-prefix=SSE-MANIFEST < %t.sse.json
// IR512: "vector-function-abi-variant"="_ZGVdN8v_llvm.exp.f32(_ZGVdN8v_expf),_ZGVeN16v_llvm.exp.f32(_ZGVeN16v_expf)"
// SSE-NOT: tc.vector_math
// SSE-MANIFEST: "detail": "expf: scalar libm (the target offers no libmvec variants: no AVX2, or TC_VECTOR_MATH=none)"
// RUN: env TC_TARGET_CPU=x86-64-v3 tensor-opt --tc-plan-vector-math --manifest-out=%t.json %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: env TC_TARGET_CPU=x86-64-v3 tensor-opt --tc-plan-vector-math --contract=%S/Inputs/tight-exp.contract.json --manifest-out=%t.tight.json %s | FileCheck %s --check-prefix=TIGHT
// RUN: FileCheck %s --check-prefix=TIGHT-MANIFEST < %t.tight.json
// RUN: env TC_TARGET_CPU=x86-64-v3 tensor-opt --tc-cpu-pipeline %s | env TC_TARGET_CPU=x86-64-v3 tensor-translate --emit=llvm | FileCheck %s --check-prefix=IR --implicit-check-not=_ZGVdN4v_exp
// RUN: env TC_TARGET_CPU=x86-64-v3 tensor-opt --tc-cpu-pipeline --contract=%S/Inputs/tight-exp.contract.json %s | env TC_TARGET_CPU=x86-64-v3 tensor-translate --emit=llvm | FileCheck %s --check-prefix=TIGHT-IR --implicit-check-not=_ZGVdN8v_expf

// CHECK: tc.vector_math = ["expf", "tanhf", "erff"]
// TIGHT: tc.vector_math = ["tanhf", "erff"]
func.func @exp32(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = "tc_tensor.exp"(%x) : (tensor<1024xf32>) -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
func.func @tanh16(%x: tensor<64xf16>) -> tensor<64xf16> {
  %0 = "tc_tensor.tanh"(%x) : (tensor<64xf16>) -> tensor<64xf16>
  return %0 : tensor<64xf16>
}
func.func @erf32(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = "tc_tensor.erf"(%x) : (tensor<1024xf32>) -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
func.func @exp64(%x: tensor<64xf64>) -> tensor<64xf64> {
  %0 = "tc_tensor.exp"(%x) : (tensor<64xf64>) -> tensor<64xf64>
  %1 = "tc_tensor.sigmoid"(%0) : (tensor<64xf64>) -> tensor<64xf64>
  return %1 : tensor<64xf64>
}
// Decisions, one per op (the manifest sorts them):
// MANIFEST-DAG: "detail": "expf: libmvec allowed (libmvec's 4 ulp needs a budget of 4 ulp, the contract gives 4)",
// MANIFEST-DAG: "detail": "tanhf: libmvec allowed (libmvec's 4 ulp needs a budget of 1 ulp, the contract gives 2)",
// MANIFEST-DAG: "detail": "erff: libmvec allowed (libmvec's 4 ulp needs a budget of 4 ulp, the contract gives 4)",
// MANIFEST-DAG: "detail": "exp: scalar libm (libmvec's 4 ulp needs a budget of 5 ulp, the contract gives 4)",
// MANIFEST-DAG: "detail": "exp: scalar libm (inside a composite with f64 results, which libmvec's error reaches)",
// MANIFEST-DAG: "clause": "ops.*.tolerance.f16",
// MANIFEST-DAG: "clause": "ops.*.tolerance.f64",
// TIGHT-MANIFEST: "clause": "ops.exp.tolerance.f32",
// TIGHT-MANIFEST-NEXT: "detail": "expf: scalar libm (libmvec's 4 ulp needs a budget of 4 ulp, the contract gives 2)",

// IR: call <8 x float> @_ZGVdN8v_expf(
// IR: call <8 x float> @_ZGVdN8v_erff(
// TIGHT-IR: call <8 x float> @_ZGVdN8v_erff(
