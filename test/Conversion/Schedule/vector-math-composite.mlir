// tc-plan-vector-math on composites that call exp (and log) in f64 and round
// once to a narrower dtype (docs/lowering.md, tc-plan-vector-math): libmvec's
// 4 ulp of f64 move such a result by at most 1 ulp of its dtype, so f64 exp
// and log may vectorise where each op's tolerance admits 1 ulp (the default
// contract's atol/rtol 1e-5 for softmax does; ulp 2 for f16 sigmoid does).
// A contract finer than one ulp refuses it, and so does a softmax slice
// longer than 2^25 (its f64 sum's own error is then no longer negligible).
// RUN: env TC_TARGET_CPU=x86-64-v3 tensor-opt --tc-plan-vector-math --manifest-out=%t.json %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: env TC_TARGET_CPU=x86-64-v3 tensor-opt --tc-plan-vector-math --contract=%S/Inputs/tight-softmax.contract.json --manifest-out=%t.tight.json %s | FileCheck %s --check-prefix=TIGHT
// RUN: FileCheck %s --check-prefix=TIGHT-MANIFEST < %t.tight.json
// RUN: env TC_TARGET_CPU=x86-64-v3 tensor-opt --tc-cpu-pipeline %s | env TC_TARGET_CPU=x86-64-v3 tensor-translate --emit=llvm | FileCheck %s --check-prefix=IR
// RUN: env TC_TARGET_CPU=x86-64-v3 tensor-opt --tc-cpu-pipeline --contract=%S/Inputs/tight-softmax.contract.json %s | env TC_TARGET_CPU=x86-64-v3 tensor-translate --emit=llvm | FileCheck %s --check-prefix=TIGHT-IR
// RUN: env TC_TARGET_CPU=x86-64-v3 tensor-opt --tc-plan-vector-math --manifest-out=%t.long.json %S/Inputs/long-softmax.mlir | FileCheck %s --check-prefix=LONG
// RUN: FileCheck %s --check-prefix=LONG-MANIFEST < %t.long.json

// CHECK: tc.vector_math = ["exp", "log"]
// TIGHT: tc.vector_math = ["log"]
func.func @softmax32(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %0 = "tc_tensor.softmax"(%x) {axis = -1 : i64} : (tensor<8x64xf32>) -> tensor<8x64xf32>
  return %0 : tensor<8x64xf32>
}
func.func @log_softmax32(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %0 = "tc_tensor.log_softmax"(%x) {axis = -1 : i64} : (tensor<8x64xf32>) -> tensor<8x64xf32>
  return %0 : tensor<8x64xf32>
}
func.func @sigmoid16(%x: tensor<256xf16>) -> tensor<256xf16> {
  %0 = "tc_tensor.sigmoid"(%x) : (tensor<256xf16>) -> tensor<256xf16>
  return %0 : tensor<256xf16>
}
// MANIFEST-DAG: "detail": "exp: libmvec allowed (in f64 inside a composite with f32 results, libmvec's 4 ulp of f64 move them by at most 1 ulp; the contract's tolerance (atol 1e-05, rtol 1e-05, no ulp) admits 1 ulp)",
// MANIFEST-DAG: "detail": "log: libmvec allowed (in f64 inside a composite with f32 results, libmvec's 4 ulp of f64 move them by at most 1 ulp; the contract's tolerance (atol 1e-05, rtol 1e-05, no ulp) admits 1 ulp)",
// MANIFEST-DAG: "detail": "exp: libmvec allowed (in f64 inside a composite with f16 results, libmvec's 4 ulp of f64 move them by at most 1 ulp; the contract's tolerance (atol 0.001, rtol 0.001, ulp 2) admits 1 ulp)",
// MANIFEST-DAG: "clause": "ops.softmax.tolerance.f32",
// MANIFEST-DAG: "clause": "ops.*.tolerance.f16",
// TIGHT-MANIFEST: "clause": "ops.softmax.tolerance.f32",
// TIGHT-MANIFEST-NEXT: "detail": "exp: scalar libm (in f64 inside a composite with f32 results, libmvec's 4 ulp of f64 move them by at most 1 ulp; the contract's tolerance (atol 1e-05, rtol 1e-08, no ulp) does not admit 1 ulp)",

// The softmax sums vectorise with libmvec's f64 exp; the tight contract
// keeps every exp scalar (one refusal holds for the whole module).
// IR: call <4 x double> @_ZGVdN4v_exp(
// TIGHT-IR-NOT: _ZGVdN4v_exp
// TIGHT-IR: call double @llvm.exp.f64(
// TIGHT-IR-NOT: _ZGVdN4v_exp

// LONG-NOT: tc.vector_math
// LONG-MANIFEST: "detail": "exp: scalar libm (inside a composite over slices of 33554433 elements, more than 33554432)",
