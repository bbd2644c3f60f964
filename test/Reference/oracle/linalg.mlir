// matmul (docs/dialects.md §2.2.8) and gemm (§2.2.9) on tensor-ref against
// the oracle (utils/ref-oracle.py), which evaluates every dot product
// exactly (Fractions) and rounds once: NumPy's matmul shapes (1-D promotion,
// batch broadcasting), K = 0, wrapping integers, special values, and gemm's
// zero-factor rule.
// RUN: tensor-opt %s > /dev/null
// RUN: %python %tc_src_root/utils/ref-oracle.py %s --tensor-ref tensor-ref --tensor-ref-arg=--exact --contract %S/../oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} cases, 0 failures, {{[1-9][0-9]*}} library checks, 0 library disagreements{{$}}
//
// tensor-ref's fast mode (docs/reference.md) on the same cases: every
// element is the oracle's, except the two ties below, which it returns
// within its own one-ulp bound.
// RUN: %python %tc_src_root/utils/ref-oracle.py %s --tensor-ref tensor-ref --contract %S/../oracle.contract.json | FileCheck %s --check-prefix=FAST
// FAST-NOT: FAIL
// FAST: {{[1-9][0-9]*}} cases, 0 failures, {{[1-9][0-9]*}} library checks, 0 library disagreements; 2 elements within tensor-ref's own bound

func.func @matmul_f32(%a: tensor<3x7xf32>, %b: tensor<7x5xf32>) -> tensor<3x5xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<3x7xf32>, tensor<7x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
// Wide value ranges make the partial sums cancel: the exact sum, rounded
// once, is not the float sum.
func.func @matmul_f32_cancel(%a: tensor<4x16xf32> {tc.distribution = "normal(0, 1e6)"}, %b: tensor<16x4xf32> {tc.distribution = "normal(0, 1e-3)"}) -> tensor<4x4xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
// f64 with integer values: every product and partial sum is exact in
// double, so this checks f64 plumbing apart from the rounding bug below.
func.func @matmul_f64_exact(%a: tensor<4x9xf64> {tc.distribution = "integers(-1000000, 1000000)"}, %b: tensor<9x3xf64> {tc.distribution = "integers(-1000, 1000)"}) -> tensor<4x3xf64> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<4x9xf64>, tensor<9x3xf64>) -> tensor<4x3xf64>
  return %0 : tensor<4x3xf64>
}
// f64 matmul and gemm are the exact sum of exact products rounded once
// (§2.2.8, §2.2.9). (Formerly a known bug: each product was rounded to
// double, e.g. 83 ulp off at [6, 1]; unbounded in ulps where the sum
// cancels.)
func.func @matmul_gemm_f64(%a: tensor<8x9xf64> {tc.distribution = "normal(0, 100)"}, %b: tensor<9x8xf64>, %c: tensor<6x4xf64> {tc.distribution = "normal(0, 1e3)"}, %d: tensor<4x5xf64>, %e: tensor<1x5xf64>) -> (tensor<8x8xf64>, tensor<6x5xf64>) {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<8x9xf64>, tensor<9x8xf64>) -> tensor<8x8xf64>
  %1 = "tc_tensor.gemm"(%c, %d, %e) {alpha = 1.5 : f64, beta = 0.25 : f64, trans_a = false, trans_b = false} : (tensor<6x4xf64>, tensor<4x5xf64>, tensor<1x5xf64>) -> tensor<6x5xf64>
  return %0, %1 : tensor<8x8xf64>, tensor<6x5xf64>
}
// f16 products and partial sums beyond 65504 do not overflow: only the
// exact total is rounded (§2.2.0).
func.func @matmul_f16_bf16(%a: tensor<3x6xf16> {tc.distribution = "uniform(100, 250)"}, %b: tensor<6x2xf16> {tc.distribution = "uniform(-250, 250)"}, %c: tensor<3x6xbf16>, %d: tensor<6x2xbf16>) -> (tensor<3x2xf16>, tensor<3x2xbf16>) {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<3x6xf16>, tensor<6x2xf16>) -> tensor<3x2xf16>
  %1 = "tc_tensor.matmul"(%c, %d) : (tensor<3x6xbf16>, tensor<6x2xbf16>) -> tensor<3x2xbf16>
  return %0, %1 : tensor<3x2xf16>, tensor<3x2xbf16>
}
// 1-D promotion: [K] x [K, N] -> [N], [M, K] x [K] -> [M], [K] x [K] -> rank 0.
func.func @matmul_vectors(%a: tensor<4xf32>, %b: tensor<4x3xf32>, %c: tensor<2x4xf32>) -> (tensor<3xf32>, tensor<2xf32>, tensor<f32>) {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<3xf32>
  %1 = "tc_tensor.matmul"(%c, %a) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2xf32>
  %2 = "tc_tensor.matmul"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<3xf32>, tensor<2xf32>, tensor<f32>
}
// Batch dimensions broadcast: [2, 1] with [5] -> [2, 5]; a rank-2 operand
// against a batched one.
func.func @matmul_batch(%a: tensor<2x1x3x4xf32>, %b: tensor<5x4x2xf32>, %c: tensor<3x4xf64> {tc.distribution = "integers(-100, 100)"}, %d: tensor<2x4x2xf64> {tc.distribution = "integers(-8, 8)"}) -> (tensor<2x5x3x2xf32>, tensor<2x3x2xf64>) {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x1x3x4xf32>, tensor<5x4x2xf32>) -> tensor<2x5x3x2xf32>
  %1 = "tc_tensor.matmul"(%c, %d) : (tensor<3x4xf64>, tensor<2x4x2xf64>) -> tensor<2x3x2xf64>
  return %0, %1 : tensor<2x5x3x2xf32>, tensor<2x3x2xf64>
}
// K = 0 gives +0; an empty M or batch gives an empty result.
func.func @matmul_empty(%a: tensor<3x0xf32>, %b: tensor<0x2xf32>, %c: tensor<0x4xi32>, %d: tensor<4x3xi32>, %e: tensor<0x2x2xf16>, %f: tensor<2x2xf16>) -> (tensor<3x2xf32>, tensor<0x3xi32>, tensor<0x2x2xf16>) {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<3x0xf32>, tensor<0x2xf32>) -> tensor<3x2xf32>
  %1 = "tc_tensor.matmul"(%c, %d) : (tensor<0x4xi32>, tensor<4x3xi32>) -> tensor<0x3xi32>
  %2 = "tc_tensor.matmul"(%e, %f) : (tensor<0x2x2xf16>, tensor<2x2xf16>) -> tensor<0x2x2xf16>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<0x3xi32>, tensor<0x2x2xf16>
}
// NaN, inf - inf, 0 * inf in the sums; an all -0 sum stays -0.
func.func @matmul_specials(%a: tensor<6x5xf32> {tc.oracle = "special"}, %b: tensor<5x6xf32> {tc.oracle = "special"}, %c: tensor<2x3xf64> {tc.oracle = "values(-0)"}, %d: tensor<3x2xf64> {tc.oracle = "values(1, 2.5, 0)"}) -> (tensor<6x6xf32>, tensor<2x2xf64>) {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<6x5xf32>, tensor<5x6xf32>) -> tensor<6x6xf32>
  %1 = "tc_tensor.matmul"(%c, %d) : (tensor<2x3xf64>, tensor<3x2xf64>) -> tensor<2x2xf64>
  return %0, %1 : tensor<6x6xf32>, tensor<2x2xf64>
}
// Integers wrap modulo 2^N (the exact sum of exact products, wrapped once).
func.func @matmul_ints(%a: tensor<3x4xi32> {tc.oracle = "full"}, %b: tensor<4x2xi32> {tc.oracle = "full"}, %c: tensor<2x5xi8> {tc.oracle = "special"}, %d: tensor<5x3xi8> {tc.oracle = "special"}, %e: tensor<2x3xui8> {tc.oracle = "full"}, %f: tensor<3xui8> {tc.oracle = "full"}, %g: tensor<2x3xi64> {tc.oracle = "full"}, %h: tensor<3x2xi64> {tc.oracle = "full"}) -> (tensor<3x2xi32>, tensor<2x3xi8>, tensor<2xui8>, tensor<2x2xi64>) {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<3x4xi32>, tensor<4x2xi32>) -> tensor<3x2xi32>
  %1 = "tc_tensor.matmul"(%c, %d) : (tensor<2x5xi8>, tensor<5x3xi8>) -> tensor<2x3xi8>
  %2 = "tc_tensor.matmul"(%e, %f) : (tensor<2x3xui8>, tensor<3xui8>) -> tensor<2xui8>
  %3 = "tc_tensor.matmul"(%g, %h) : (tensor<2x3xi64>, tensor<3x2xi64>) -> tensor<2x2xi64>
  return %0, %1, %2, %3 : tensor<3x2xi32>, tensor<2x3xi8>, tensor<2xui8>, tensor<2x2xi64>
}

// Intermediate values do not overflow (§2.2.0): [1e200, 1e200] . [1e200,
// -1e200] is exactly 0, and so is gemm's alpha*S + beta*c = 1e10 * 1e300 +
// 1e10 * -1e300. (Formerly a known bug: inf - inf = NaN.)
func.func @matmul_gemm_f64_overflow(%a: tensor<1x2xf64> {tc.oracle = "sequence(1e200, 1e200)"}, %b: tensor<2x1xf64> {tc.oracle = "sequence(1e200, -1e200)"}, %c: tensor<1x1xf64> {tc.oracle = "values(1e300)"}, %d: tensor<1x1xf64> {tc.oracle = "values(1)"}, %e: tensor<1x1xf64> {tc.oracle = "values(-1e300)"}) -> (tensor<1x1xf64>, tensor<1x1xf64>) attributes {tc.oracle_library_skip = "exact intermediates: products of 1e200 overflow in float64 (NumPy: inf - inf = NaN), the spec's exact sum is 0"} {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<1x2xf64>, tensor<2x1xf64>) -> tensor<1x1xf64>
  %1 = "tc_tensor.gemm"(%c, %d, %e) {alpha = 1.0e10 : f64, beta = 1.0e10 : f64, trans_a = false, trans_b = false} : (tensor<1x1xf64>, tensor<1x1xf64>, tensor<1x1xf64>) -> tensor<1x1xf64>
  return %0, %1 : tensor<1x1xf64>, tensor<1x1xf64>
}
// f32 products beyond f32's range are fine: they stay finite in double.
func.func @matmul_f32_no_overflow(%a: tensor<1x2xf32> {tc.oracle = "sequence(3e38, 3e38)"}, %b: tensor<2x1xf32> {tc.oracle = "sequence(3e38, -3e38)"}) -> tensor<1x1xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<1x2xf32>, tensor<2x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// gemm: alpha*op(a)*op(b) + beta*c rounded once, with c broadcast
// unidirectionally to [M, N] from [N], [M, 1], [1, 1] or rank 0.
func.func @gemm_f32(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<5xf32>) -> tensor<3x5xf32> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.5 : f64, beta = -2.0 : f64, trans_a = false, trans_b = false} : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
// alpha and beta enter with their f64 values, not rounded to f32 first.
func.func @gemm_transposed(%a: tensor<4x3xf32>, %b: tensor<5x4xf32>, %c: tensor<3x1xf32>, %d: tensor<f32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.1 : f64, beta = 1.0 : f64, trans_a = true, trans_b = true} : (tensor<4x3xf32>, tensor<5x4xf32>, tensor<3x1xf32>) -> tensor<3x5xf32>
  %t = "tc_tensor.transpose"(%b) {perm = array<i64: 1, 0>} : (tensor<5x4xf32>) -> tensor<4x5xf32>
  %1 = "tc_tensor.gemm"(%a, %t, %d) {alpha = 1.0 : f64, beta = 0.3 : f64, trans_a = true, trans_b = false} : (tensor<4x3xf32>, tensor<4x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  %2 = "tc_tensor.gemm"(%a, %t) {alpha = -1.0e-3 : f64, beta = 0.0 : f64, trans_a = true, trans_b = false} : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0, %1, %2 : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>
}
func.func @gemm_f64_f16_bf16(%a: tensor<3x4xf64> {tc.distribution = "integers(-1000, 1000)"}, %b: tensor<4x2xf64> {tc.distribution = "integers(-1000, 1000)"}, %c: tensor<1x2xf64>, %d: tensor<2x3xf16> {tc.distribution = "uniform(-300, 300)"}, %e: tensor<3x2xf16> {tc.distribution = "uniform(-300, 300)"}, %f: tensor<2x2xf16>, %g: tensor<2x3xbf16>, %h: tensor<3x2xbf16>) -> (tensor<3x2xf64>, tensor<2x2xf16>, tensor<2x2xbf16>) {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.5 : f64, beta = 0.25 : f64, trans_a = false, trans_b = false} : (tensor<3x4xf64>, tensor<4x2xf64>, tensor<1x2xf64>) -> tensor<3x2xf64>
  %1 = "tc_tensor.gemm"(%d, %e, %f) {alpha = 2.0 : f64, beta = 3.0e4 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf16>, tensor<3x2xf16>, tensor<2x2xf16>) -> tensor<2x2xf16>
  %2 = "tc_tensor.gemm"(%g, %h) {alpha = 0.7 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x3xbf16>, tensor<3x2xbf16>) -> tensor<2x2xbf16>
  return %0, %1, %2 : tensor<3x2xf64>, tensor<2x2xf16>, tensor<2x2xbf16>
}
// A zero factor omits its term (BLAS; a literal reading of ONNX Gemm would
// make 0 * inf NaN): alpha = 0 reads neither a nor b, beta = 0 not c.
func.func @gemm_zero_factors(%a: tensor<3x4xf32> {tc.oracle = "special"}, %b: tensor<4x2xf32> {tc.oracle = "special"}, %c: tensor<3x2xf32> {tc.oracle = "special"}) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<3x4xf32>, tensor<4x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %1 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false} : (tensor<3x4xf32>, tensor<4x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %2 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false} : (tensor<3x4xf32>, tensor<4x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>
}
// K = 0 makes the product term +0, whatever alpha's sign; plus beta*c.
func.func @gemm_k0(%a: tensor<2x0xf32>, %b: tensor<0x3xf32>, %c: tensor<3xf32> {tc.oracle = "sequence(-0, 1.5, nan)"}) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = -1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x0xf32>, tensor<0x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "tc_tensor.gemm"(%a, %b) {alpha = -1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}
// The exact sum 1 + 2^-24 + 2^-80 lies just above the f32 midpoint between
// 1 and 1 + 2^-23, its double sum on it; 1 + 2^-53 + 2^-110 is the same for
// f64 and a compensated sum. Exact: rounded up.
func.func @matmul_ties(%a: tensor<1x3xf32> {tc.oracle = "sequence(1, 5.9604644775390625e-08, 8.271806125530277e-25)"}, %b: tensor<3x1xf32> {tc.oracle = "values(1)"}, %c: tensor<1x3xf64> {tc.oracle = "sequence(1, 1.1102230246251565e-16, 7.703719777548943e-34)"}, %d: tensor<3x1xf64> {tc.oracle = "values(1)"}) -> (tensor<1x1xf32>, tensor<1x1xf64>) attributes {tc.oracle_library_skip = "float64 sums land on the midpoint and round to even"} {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<1x3xf32>, tensor<3x1xf32>) -> tensor<1x1xf32>
  %1 = "tc_tensor.matmul"(%c, %d) : (tensor<1x3xf64>, tensor<3x1xf64>) -> tensor<1x1xf64>
  return %0, %1 : tensor<1x1xf32>, tensor<1x1xf64>
}
