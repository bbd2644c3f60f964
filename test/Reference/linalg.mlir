// Reference evaluation of matmul and gemm (lib/Reference/EvalLinalg.c,
// docs/dialects.md §2.2.8-9): small programs with exactly known results,
// including rank-1 promotion, batch broadcasting, wrapping integers, K = 0,
// signed zeros, NaN, the exact sum and gemm's omitted zero-factor terms.

// RUN: tensor-ref %s --fn matmul_2d | FileCheck %s --match-full-lines --check-prefix=MM2D
// MM2D: output #0: tensor<2x2xf32> = {{\[}}[4, 5], [10, 11]]
func.func @matmul_2d() -> tensor<2x2xf32> {
  %a = "tc_tensor.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "tc_tensor.constant"() {value = dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %c = "tc_tensor.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %c : tensor<2x2xf32>
}

// Rank-1 operands: [K]·[K] is a scalar, [M, K]·[K] drops N, [K]·[B, K, N]
// drops M and keeps the batch.
// RUN: tensor-ref %s --fn matmul_rank1 | FileCheck %s --match-full-lines --check-prefix=RANK1
// RANK1:      output #0: tensor<f32> = 32
// RANK1-NEXT: output #1: tensor<2xf32> = [14, 32]
// RANK1-NEXT: output #2: tensor<2x2xf32> = {{\[}}[1, 2], [-1, -2]]
func.func @matmul_rank1() -> (tensor<f32>, tensor<2xf32>, tensor<2x2xf32>) {
  %v = "tc_tensor.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %w = "tc_tensor.constant"() {value = dense<[4.0, 5.0, 6.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %m = "tc_tensor.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "tc_tensor.constant"() {value = dense<[[[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]], [[-1.0, 0.0], [0.0, -1.0], [0.0, 0.0]]]> : tensor<2x3x2xf32>} : () -> tensor<2x3x2xf32>
  %0 = "tc_tensor.matmul"(%v, %w) : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  %1 = "tc_tensor.matmul"(%m, %v) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %2 = "tc_tensor.matmul"(%v, %b) : (tensor<3xf32>, tensor<2x3x2xf32>) -> tensor<2x2xf32>
  return %0, %1, %2 : tensor<f32>, tensor<2xf32>, tensor<2x2xf32>
}

// Batch dimensions broadcast: [2, 1] with [3] gives [2, 3].
// RUN: tensor-ref %s --fn matmul_batch_broadcast | FileCheck %s --match-full-lines --check-prefix=BATCH
// BATCH: output #0: tensor<2x3x1x1xi32> = {{\[}}[{{\[}}[1]], {{\[}}[2]], {{\[}}[3]]], {{\[}}[{{\[}}10]], {{\[}}[20]], {{\[}}[30]]]]
func.func @matmul_batch_broadcast() -> tensor<2x3x1x1xi32> {
  %a = "tc_tensor.constant"() {value = dense<[[[[1, 0]]], [[[10, 0]]]]> : tensor<2x1x1x2xi32>} : () -> tensor<2x1x1x2xi32>
  %b = "tc_tensor.constant"() {value = dense<[[[1], [7]], [[2], [7]], [[3], [7]]]> : tensor<3x2x1xi32>} : () -> tensor<3x2x1xi32>
  %c = "tc_tensor.matmul"(%a, %b) : (tensor<2x1x1x2xi32>, tensor<3x2x1xi32>) -> tensor<2x3x1x1xi32>
  return %c : tensor<2x3x1x1xi32>
}

// Integers wrap: 100·2 + 100·1 = 300 = 44 (mod 256); ui8 255·255 = 1.
// RUN: tensor-ref %s --fn matmul_int_wrap | FileCheck %s --match-full-lines --check-prefix=WRAP
// WRAP:      output #0: tensor<i8> = 44
// WRAP-NEXT: output #1: tensor<ui8> = 1
func.func @matmul_int_wrap() -> (tensor<i8>, tensor<ui8>) {
  %a = "tc_tensor.constant"() {value = dense<[100, 100]> : tensor<2xi8>} : () -> tensor<2xi8>
  %b = "tc_tensor.constant"() {value = dense<[2, 1]> : tensor<2xi8>} : () -> tensor<2xi8>
  %u = "tc_tensor.constant"() {value = dense<[255]> : tensor<1xui8>} : () -> tensor<1xui8>
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2xi8>, tensor<2xi8>) -> tensor<i8>
  %1 = "tc_tensor.matmul"(%u, %u) : (tensor<1xui8>, tensor<1xui8>) -> tensor<ui8>
  return %0, %1 : tensor<i8>, tensor<ui8>
}

// K = 0 gives +0 (int 0); M = 0 gives an empty result.
// RUN: tensor-ref %s --fn matmul_empty | FileCheck %s --match-full-lines --check-prefix=EMPTY
// EMPTY:      output #0: tensor<2x2xf32> = {{\[}}[0, 0], [0, 0]]
// EMPTY-NEXT: output #1: tensor<2xi32> = [0, 0]
// EMPTY-NEXT: output #2: tensor<0x2xf32> = []
func.func @matmul_empty() -> (tensor<2x2xf32>, tensor<2xi32>, tensor<0x2xf32>) {
  %a = "tc_tensor.constant"() {value = dense<> : tensor<2x0xf32>} : () -> tensor<2x0xf32>
  %b = "tc_tensor.constant"() {value = dense<> : tensor<0x2xf32>} : () -> tensor<0x2xf32>
  %ai = "tc_tensor.constant"() {value = dense<> : tensor<2x0xi32>} : () -> tensor<2x0xi32>
  %bi = "tc_tensor.constant"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %e = "tc_tensor.constant"() {value = dense<> : tensor<0x3xf32>} : () -> tensor<0x3xf32>
  %f = "tc_tensor.constant"() {value = dense<1.0> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x0xf32>, tensor<0x2xf32>) -> tensor<2x2xf32>
  %1 = "tc_tensor.matmul"(%ai, %bi) : (tensor<2x0xi32>, tensor<0xi32>) -> tensor<2xi32>
  %2 = "tc_tensor.matmul"(%e, %f) : (tensor<0x3xf32>, tensor<3x2xf32>) -> tensor<0x2xf32>
  return %0, %1, %2 : tensor<2x2xf32>, tensor<2xi32>, tensor<0x2xf32>
}

// Special values: a sum of -0 products is -0, one +0 product makes it +0;
// inf + -inf, NaN and 0·inf give NaN; inf + finite stays inf.
// RUN: tensor-ref %s --fn matmul_special | FileCheck %s --match-full-lines --check-prefix=SPECIAL
// SPECIAL:      output #0: tensor<5x1xf32> = {{\[}}[-0], [0], [{{-?}}nan], [inf], [{{-?}}nan]]
// SPECIAL-NEXT: output #1: tensor<f32> = {{-?}}nan
func.func @matmul_special() -> (tensor<5x1xf32>, tensor<f32>) {
  %a = "tc_tensor.constant"() {value = dense<[[-0.0, -0.0], [-0.0, 0.0], [0x7F800000, 0xFF800000], [0x7F800000, 1.0], [0x7FC00000, 1.0]]> : tensor<5x2xf32>} : () -> tensor<5x2xf32>
  %b = "tc_tensor.constant"() {value = dense<1.0> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %z = "tc_tensor.constant"() {value = dense<[0.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %i = "tc_tensor.constant"() {value = dense<[0x7F800000, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<5x2xf32>, tensor<2x1xf32>) -> tensor<5x1xf32>
  %1 = "tc_tensor.matmul"(%z, %i) : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
  return %0, %1 : tensor<5x1xf32>, tensor<f32>
}

// The sum is exact, rounded once: 1 + 2^-24 + 2^-24 is 1 + 2^-23 in f32
// (adding in f32 would round each 2^-24 away), and an f16 sum whose partial
// sums pass 65504 is finite when its total is.
// RUN: tensor-ref %s --fn matmul_exact | FileCheck %s --match-full-lines --check-prefix=EXACT
// EXACT:      output #0: tensor<f32> = 1.00000012
// EXACT-NEXT: output #1: tensor<f16> = 60000
func.func @matmul_exact() -> (tensor<f32>, tensor<f16>) {
  %a = "tc_tensor.constant"() {value = dense<[1.0, 5.96046448e-08, 5.96046448e-08]> : tensor<3xf32>} : () -> tensor<3xf32>
  %one = "tc_tensor.constant"() {value = dense<1.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %h = "tc_tensor.constant"() {value = dense<[60000.0, 60000.0, -60000.0]> : tensor<3xf16>} : () -> tensor<3xf16>
  %oneh = "tc_tensor.constant"() {value = dense<1.0> : tensor<3xf16>} : () -> tensor<3xf16>
  %0 = "tc_tensor.matmul"(%a, %one) : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  %1 = "tc_tensor.matmul"(%h, %oneh) : (tensor<3xf16>, tensor<3xf16>) -> tensor<f16>
  return %0, %1 : tensor<f32>, tensor<f16>
}

// gemm: op(a) = aᵀ is [2, 3], op(b) = bᵀ is [3, 2]; c [1, 2] stretches over
// the rows: 2·[[4, 5], [10, 11]] + 0.5·[2, -4].
// RUN: tensor-ref %s --fn gemm_trans | FileCheck %s --match-full-lines --check-prefix=GEMM
// GEMM: output #0: tensor<2x2xf32> = {{\[}}[9, 8], [21, 20]]
func.func @gemm_trans() -> tensor<2x2xf32> {
  %a = "tc_tensor.constant"() {value = dense<[[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %b = "tc_tensor.constant"() {value = dense<[[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c = "tc_tensor.constant"() {value = dense<[[2.0, -4.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 2.0 : f64, beta = 0.5 : f64, trans_a = true, trans_b = true} : (tensor<3x2xf32>, tensor<2x3xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// No c; a rank-0 c and a column c [M, 1] broadcast. An F64 alpha enters
// unrounded: (1 + 2^-24)·(1 + 2^-23) lies just above the midpoint between
// f32 1 + 2^-23 and 1 + 2^-22, so it rounds up, where alpha rounded to f32
// first (to 1) would give 1 + 2^-23.
// RUN: tensor-ref %s --fn gemm_c_forms | FileCheck %s --match-full-lines --check-prefix=CFORMS
// CFORMS:      output #0: tensor<2x2xf32> = {{\[}}[1, 2], [3, 4]]
// CFORMS-NEXT: output #1: tensor<2x2xf32> = {{\[}}[11, 12], [13, 14]]
// CFORMS-NEXT: output #2: tensor<2x2xf32> = {{\[}}[2, 3], [1, 2]]
// CFORMS-NEXT: output #3: tensor<1x1xf32> = {{\[}}[1.00000024]]
func.func @gemm_c_forms() -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<1x1xf32>) {
  %a = "tc_tensor.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %i = "tc_tensor.constant"() {value = dense<[[1.0, 0.0], [0.0, 1.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %s = "tc_tensor.constant"() {value = dense<10.0> : tensor<f32>} : () -> tensor<f32>
  %col = "tc_tensor.constant"() {value = dense<[[1.0], [-2.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %x = "tc_tensor.constant"() {value = dense<1.00000012> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %one = "tc_tensor.constant"() {value = dense<1.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %0 = "tc_tensor.gemm"(%a, %i) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = "tc_tensor.gemm"(%a, %i, %s) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  %2 = "tc_tensor.gemm"(%a, %i, %col) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x2xf32>
  %3 = "tc_tensor.gemm"(%x, %one) {alpha = 1.000000059604644775390625 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<1x1xf32>
}

// A term whose factor is 0 is omitted: alpha = 0 does not read a (NaN, inf),
// beta = 0 does not read c (NaN); with both omitted the result is +0, and a
// lone -0 c term stays -0. K = 0 makes the product term +0 even for a
// negative alpha, so +0 + -0 gives +0.
// RUN: tensor-ref %s --fn gemm_zero_factors | FileCheck %s --match-full-lines --check-prefix=ZERO
// ZERO:      output #0: tensor<1x2xf32> = {{\[}}[-0, 6]]
// ZERO-NEXT: output #1: tensor<1x2xf32> = {{\[}}[0, 1]]
// ZERO-NEXT: output #2: tensor<1x2xf32> = {{\[}}[0, 0]]
// ZERO-NEXT: output #3: tensor<1x2xf32> = {{\[}}[0, 3]]
func.func @gemm_zero_factors() -> (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
  %a = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 0x7F800000]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %z = "tc_tensor.constant"() {value = dense<[[0.0, 1.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %b = "tc_tensor.constant"() {value = dense<[[1.0, 0.0], [0.0, 1.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %c = "tc_tensor.constant"() {value = dense<[[-0.0, 3.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %n = "tc_tensor.constant"() {value = dense<0x7FC00000> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %e = "tc_tensor.constant"() {value = dense<> : tensor<1x0xf32>} : () -> tensor<1x0xf32>
  %f = "tc_tensor.constant"() {value = dense<> : tensor<0x2xf32>} : () -> tensor<0x2xf32>
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.0 : f64, beta = 2.0 : f64, trans_a = false, trans_b = false} : (tensor<1x2xf32>, tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
  %1 = "tc_tensor.gemm"(%z, %b, %n) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false} : (tensor<1x2xf32>, tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
  %2 = "tc_tensor.gemm"(%a, %b, %n) {alpha = 0.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false} : (tensor<1x2xf32>, tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
  %3 = "tc_tensor.gemm"(%e, %f, %c) {alpha = -1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<1x0xf32>, tensor<0x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
  return %0, %1, %2, %3 : tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>
}

// The evaluator checks the spec's rules itself (exit 2, structural).
// RUN: %expect_exit 2 tensor-ref %s --fn matmul_bad_result 2>&1 | FileCheck %s --check-prefix=BADRESULT
// BADRESULT: error: 'tc_tensor.matmul' op result #0 is declared 2x3 but the spec's shape rule gives 2x2
func.func @matmul_bad_result() -> tensor<2x3xf32> {
  %a = "tc_tensor.constant"() {value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "tc_tensor.constant"() {value = dense<1.0> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %c = "tc_tensor.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
  return %c : tensor<2x3xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --fn matmul_bad_batch 2>&1 | FileCheck %s --check-prefix=BADBATCH
// BADBATCH: error: 'tc_tensor.matmul' op shapes 2 and 3 are not broadcast-compatible
func.func @matmul_bad_batch() -> tensor<2x1x1xf32> {
  %a = "tc_tensor.constant"() {value = dense<1.0> : tensor<2x1x2xf32>} : () -> tensor<2x1x2xf32>
  %b = "tc_tensor.constant"() {value = dense<1.0> : tensor<3x2x1xf32>} : () -> tensor<3x2x1xf32>
  %c = "tc_tensor.matmul"(%a, %b) : (tensor<2x1x2xf32>, tensor<3x2x1xf32>) -> tensor<2x1x1xf32>
  return %c : tensor<2x1x1xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --fn gemm_bad_c 2>&1 | FileCheck %s --check-prefix=BADC
// BADC: error: 'tc_tensor.gemm' op operand 'c' must be unidirectionally broadcastable to [1, 2]
func.func @gemm_bad_c() -> tensor<1x2xf32> {
  %a = "tc_tensor.constant"() {value = dense<1.0> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %b = "tc_tensor.constant"() {value = dense<1.0> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %c = "tc_tensor.constant"() {value = dense<1.0> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<1x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --fn gemm_bad_alpha 2>&1 | FileCheck %s --check-prefix=BADALPHA
// BADALPHA: error: 'tc_tensor.gemm' op attribute 'alpha' must be finite
func.func @gemm_bad_alpha() -> tensor<1x1xf32> {
  %a = "tc_tensor.constant"() {value = dense<1.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %0 = "tc_tensor.gemm"(%a, %a) {alpha = 0x7FF0000000000000 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}
