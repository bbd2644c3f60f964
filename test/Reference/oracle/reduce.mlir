// The reductions (docs/dialects.md §2.2.17) and argmax/argmin (§2.2.18) on
// tensor-ref against the oracle (utils/ref-oracle.py), which reduces exactly
// and rounds once: negative, multiple and empty axes lists, keepdims, rank 0,
// reductions over empty sets (+0, 1, -inf, +inf, NaN, dtype extremes),
// wrapping integers, NaN and signed zeros, ties for argmax.
// RUN: tensor-opt %s > /dev/null
// RUN: %python %tc_src_root/utils/ref-oracle.py %s --tensor-ref tensor-ref --tensor-ref-arg=--exact --contract %S/../oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} cases, 0 failures, {{[1-9][0-9]*}} library checks, 0 library disagreements{{$}}
//
// tensor-ref's fast mode (docs/reference.md) on the same cases: every
// element is the oracle's, except the f64 sum of @reduce_f64 just above a
// midpoint, which it returns within its own one-ulp bound.
// RUN: %python %tc_src_root/utils/ref-oracle.py %s --tensor-ref tensor-ref --contract %S/../oracle.contract.json | FileCheck %s --check-prefix=FAST
// FAST-NOT: FAIL
// FAST: {{[1-9][0-9]*}} cases, 0 failures, {{[1-9][0-9]*}} library checks, 0 library disagreements; 1 elements within tensor-ref's own bound

func.func @reduce_f32_axes(%x: tensor<3x4x5xf32> {tc.distribution = "normal(0, 100)"}) -> (tensor<3x5xf32>, tensor<3x1x1xf32>, tensor<f32>, tensor<1x1x1xf32>, tensor<3x4x1xf32>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<3x4x5xf32>) -> tensor<3x5xf32>
  %1 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: -1, 1>, keepdims = true} : (tensor<3x4x5xf32>) -> tensor<3x1x1xf32>
  %2 = "tc_tensor.reduce_mean"(%x) {axes = array<i64>, keepdims = false} : (tensor<3x4x5xf32>) -> tensor<f32>
  %3 = "tc_tensor.reduce_prod"(%x) {axes = array<i64>, keepdims = true} : (tensor<3x4x5xf32>) -> tensor<1x1x1xf32>
  %4 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: -1>, keepdims = true} : (tensor<3x4x5xf32>) -> tensor<3x4x1xf32>
  return %0, %1, %2, %3, %4 : tensor<3x5xf32>, tensor<3x1x1xf32>, tensor<f32>, tensor<1x1x1xf32>, tensor<3x4x1xf32>
}
// NaN, +inf + -inf = NaN, 0 * inf = NaN in the exact sum and product;
// max/min NaN-propagating, +0 over -0 (max) and -0 over +0 (min).
func.func @reduce_f32_specials(%x: tensor<6x8xf32> {tc.oracle = "special"}) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<8xf32>) attributes {tc.oracle_library_skip = "exact intermediates: f32 extremes (3.4e38) and ordinary values cancel in the sum, NumPy's float64 sum loses the ordinary ones (0 for -6.29)"} {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<6x8xf32>) -> tensor<6xf32>
  %1 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<6x8xf32>) -> tensor<6xf32>
  %2 = "tc_tensor.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<6x8xf32>) -> tensor<6xf32>
  %3 = "tc_tensor.reduce_min"(%x) {axes = array<i64: -1>, keepdims = false} : (tensor<6x8xf32>) -> tensor<6xf32>
  %4 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<6x8xf32>) -> tensor<8xf32>
  return %0, %1, %2, %3, %4 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<8xf32>
}
// Zero signs: a sum of -0s is -0, of mixed zeros +0; max(-0, +0) = +0,
// min = -0; a product's zero is -0 iff an odd number of factors is negative.
func.func @reduce_zero_signs(%x: tensor<4x3xf32> {tc.oracle = "sequence(-0, -0, -0, -0, 0, -0, 0, 0, 0, -0, 2, -0)"}) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x3xf32>) -> tensor<4xf32>
  %1 = "tc_tensor.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x3xf32>) -> tensor<4xf32>
  %2 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x3xf32>) -> tensor<4xf32>
  %3 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x3xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
// Reductions over an empty set: sum +0 (int 0), prod 1, max -inf / dtype min
// / 0 unsigned, min +inf / dtype max, mean 0/0 = NaN.
func.func @reduce_empty(%x: tensor<2x0x3xf32>, %y: tensor<0x2xi8>, %z: tensor<0xui16>) -> (tensor<2x3xf32>, tensor<2x1x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<ui16>, tensor<ui16>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0x3xf32>) -> tensor<2x3xf32>
  %1 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: -2>, keepdims = true} : (tensor<2x0x3xf32>) -> tensor<2x1x3xf32>
  %2 = "tc_tensor.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0x3xf32>) -> tensor<2x3xf32>
  %3 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0x3xf32>) -> tensor<2x3xf32>
  %4 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0x3xf32>) -> tensor<2x3xf32>
  %5 = "tc_tensor.reduce_max"(%y) {axes = array<i64: 0>, keepdims = false} : (tensor<0x2xi8>) -> tensor<2xi8>
  %6 = "tc_tensor.reduce_min"(%y) {axes = array<i64: 0>, keepdims = false} : (tensor<0x2xi8>) -> tensor<2xi8>
  %7 = "tc_tensor.reduce_prod"(%y) {axes = array<i64: 0>, keepdims = false} : (tensor<0x2xi8>) -> tensor<2xi8>
  %8 = "tc_tensor.reduce_max"(%z) {axes = array<i64: 0>, keepdims = false} : (tensor<0xui16>) -> tensor<ui16>
  %9 = "tc_tensor.reduce_min"(%z) {axes = array<i64>, keepdims = false} : (tensor<0xui16>) -> tensor<ui16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<2x3xf32>, tensor<2x1x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<ui16>, tensor<ui16>
}
// An empty tensor whose reduced axes are not empty: an empty result.
func.func @reduce_empty_result(%x: tensor<0x4xf64>) -> (tensor<0xf64>, tensor<0x1xf64>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<0x4xf64>) -> tensor<0xf64>
  %1 = "tc_tensor.reduce_max"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<0x4xf64>) -> tensor<0x1xf64>
  return %0, %1 : tensor<0xf64>, tensor<0x1xf64>
}
// Rank 0: axes = [] reduces no axis; the result is x (mean: x / 1).
func.func @reduce_rank0(%x: tensor<f32> {tc.oracle = "values(-0)"}, %y: tensor<i32> {tc.oracle = "full"}) -> (tensor<f32>, tensor<f32>, tensor<i32>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64>, keepdims = false} : (tensor<f32>) -> tensor<f32>
  %1 = "tc_tensor.reduce_mean"(%x) {axes = array<i64>, keepdims = true} : (tensor<f32>) -> tensor<f32>
  %2 = "tc_tensor.reduce_prod"(%y) {axes = array<i64>, keepdims = false} : (tensor<i32>) -> tensor<i32>
  return %0, %1, %2 : tensor<f32>, tensor<f32>, tensor<i32>
}
// Intermediate values neither round nor overflow: f16 partial sums beyond
// 65504 still give the finite exact total; an f32 sum that cancels to a
// small value is exact (1e30 + 1 - 1e30 = 1).
func.func @reduce_no_intermediate_rounding(%x: tensor<2x4xf16> {tc.oracle = "sequence(60000, 60000, -60000, -59999, 65504, 65504, -65504, 0.0009765625)"}, %y: tensor<3xf32> {tc.oracle = "sequence(1e30, 1, -1e30)"}, %z: tensor<4xbf16> {tc.oracle = "sequence(3e38, 3e38, -3e38, 1)"}) -> (tensor<2xf16>, tensor<f32>, tensor<bf16>, tensor<2xf16>) attributes {tc.oracle_library_skip = "exact intermediates: 1e30 + 1 - 1e30 rounds to 0 in float64 (NumPy's sum), the spec's exact sum is 1"} {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x4xf16>) -> tensor<2xf16>
  %1 = "tc_tensor.reduce_sum"(%y) {axes = array<i64>, keepdims = false} : (tensor<3xf32>) -> tensor<f32>
  %2 = "tc_tensor.reduce_sum"(%z) {axes = array<i64: 0>, keepdims = false} : (tensor<4xbf16>) -> tensor<bf16>
  %3 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x4xf16>) -> tensor<2xf16>
  return %0, %1, %2, %3 : tensor<2xf16>, tensor<f32>, tensor<bf16>, tensor<2xf16>
}
func.func @reduce_f16_bf16(%x: tensor<4x6xf16> {tc.distribution = "uniform(-1000, 1000)"}, %y: tensor<3x5xbf16> {tc.oracle = "special"}) -> (tensor<4xf16>, tensor<4xf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<5xbf16>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x6xf16>) -> tensor<4xf16>
  %1 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x6xf16>) -> tensor<4xf16>
  %2 = "tc_tensor.reduce_max"(%y) {axes = array<i64: 1>, keepdims = false} : (tensor<3x5xbf16>) -> tensor<3xbf16>
  %3 = "tc_tensor.reduce_min"(%y) {axes = array<i64: 1>, keepdims = false} : (tensor<3x5xbf16>) -> tensor<3xbf16>
  %4 = "tc_tensor.reduce_prod"(%y) {axes = array<i64: 0>, keepdims = false} : (tensor<3x5xbf16>) -> tensor<5xbf16>
  return %0, %1, %2, %3, %4 : tensor<4xf16>, tensor<4xf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<5xbf16>
}
// f64 with integer values (sums exact in double) and a power-of-two count
// (the mean's division exact): f64 plumbing apart from the bug below.
func.func @reduce_f64_exact(%x: tensor<3x8xf64> {tc.distribution = "integers(-1000000, 1000000)"}, %y: tensor<2x4xf64> {tc.distribution = "integers(-100, 100)"}) -> (tensor<3xf64>, tensor<3xf64>, tensor<2xf64>, tensor<3xf64>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<3x8xf64>) -> tensor<3xf64>
  %1 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<3x8xf64>) -> tensor<3xf64>
  %2 = "tc_tensor.reduce_prod"(%y) {axes = array<i64: 1>, keepdims = false} : (tensor<2x4xf64>) -> tensor<2xf64>
  %3 = "tc_tensor.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<3x8xf64>) -> tensor<3xf64>
  return %0, %1, %2, %3 : tensor<3xf64>, tensor<3xf64>, tensor<2xf64>, tensor<3xf64>
}
// f64 reductions are the exact value rounded once (§2.2.17): sum of [1,
// 2^-53, 2^-106] is 1 + 2^-53 + 2^-106, just above a midpoint, so
// 1.0000000000000002; reduce_mean divides the exact sum; reduce_prod rounds
// only the whole product. (Formerly a known bug: a compensated double sum,
// a rounded sum before the division, every partial product rounded.)
func.func @reduce_f64(%x: tensor<3xf64> {tc.oracle = "sequence(1, 1.1102230246251565e-16, 1.232595164407831e-32)"}, %y: tensor<4x7xf64>, %z: tensor<4x5xf64>) -> (tensor<f64>, tensor<4xf64>, tensor<4xf64>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64>, keepdims = false} : (tensor<3xf64>) -> tensor<f64>
  %1 = "tc_tensor.reduce_mean"(%y) {axes = array<i64: 1>, keepdims = false} : (tensor<4x7xf64>) -> tensor<4xf64>
  %2 = "tc_tensor.reduce_prod"(%z) {axes = array<i64: 1>, keepdims = false} : (tensor<4x5xf64>) -> tensor<4xf64>
  return %0, %1, %2 : tensor<f64>, tensor<4xf64>, tensor<4xf64>
}
// f64 sums past the double range are right ([MAX, MAX, -MAX] is MAX), and so
// are products whose partial values leave it.
func.func @reduce_f64_range(%x: tensor<3xf64> {tc.oracle = "sequence(max, max, -max)"}, %y: tensor<2x3xf64> {tc.oracle = "sequence(1e300, 1e300, 1e-300, tiny, tiny, 1e300)"}) -> (tensor<f64>, tensor<2xf64>) attributes {tc.oracle_library_skip = "exact intermediates: the f64 partial sums overflow in float64 (NumPy: inf), the spec's exact sum is finite"} {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64>, keepdims = false} : (tensor<3xf64>) -> tensor<f64>
  %1 = "tc_tensor.reduce_prod"(%y) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf64>) -> tensor<2xf64>
  return %0, %1 : tensor<f64>, tensor<2xf64>
}
// The mean of [MAX, MAX] is MAX (§2.2.0: intermediate values do not
// overflow). (Formerly a known bug: the sum 2*MAX became +inf first.)
func.func @reduce_mean_f64_overflow(%x: tensor<2xf64> {tc.oracle = "sequence(max, max)"}) -> tensor<f64> attributes {tc.oracle_library_skip = "exact intermediates: the f64 sum overflows in float64 (NumPy: inf), the spec's exact mean is finite"} {
  %0 = "tc_tensor.reduce_mean"(%x) {axes = array<i64>, keepdims = false} : (tensor<2xf64>) -> tensor<f64>
  return %0 : tensor<f64>
}
// Integers: the exact sum and product wrapped once; max/min signed or
// unsigned as the dtype says.
func.func @reduce_ints(%x: tensor<4x6xi8> {tc.oracle = "full"}, %y: tensor<3x4xui32> {tc.oracle = "full"}, %z: tensor<2x3xi64> {tc.oracle = "special"}) -> (tensor<4xi8>, tensor<4xi8>, tensor<6xi8>, tensor<3xui32>, tensor<4xui32>, tensor<ui32>, tensor<2xi64>, tensor<3xi64>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x6xi8>) -> tensor<4xi8>
  %1 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: -1>, keepdims = false} : (tensor<4x6xi8>) -> tensor<4xi8>
  %2 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<4x6xi8>) -> tensor<6xi8>
  %3 = "tc_tensor.reduce_sum"(%y) {axes = array<i64: 1>, keepdims = false} : (tensor<3x4xui32>) -> tensor<3xui32>
  %4 = "tc_tensor.reduce_max"(%y) {axes = array<i64: 0>, keepdims = false} : (tensor<3x4xui32>) -> tensor<4xui32>
  %5 = "tc_tensor.reduce_min"(%y) {axes = array<i64>, keepdims = false} : (tensor<3x4xui32>) -> tensor<ui32>
  %6 = "tc_tensor.reduce_prod"(%z) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xi64>) -> tensor<2xi64>
  %7 = "tc_tensor.reduce_sum"(%z) {axes = array<i64: 0>, keepdims = false} : (tensor<2x3xi64>) -> tensor<3xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi8>, tensor<4xi8>, tensor<6xi8>, tensor<3xui32>, tensor<4xui32>, tensor<ui32>, tensor<2xi64>, tensor<3xi64>
}

// argmax/argmin: the first (or last, select_last_index) index of the
// extreme; NaN wins; -0 and +0 tie.
func.func @argmax_argmin_f32(%x: tensor<4x6xf32> {tc.distribution = "integers(-3, 3)", tc.oracle = "values(nan, -0, 0, 1, 1, 2, -3)"}) -> (tensor<4xi64>, tensor<4x1xi64>, tensor<6xi64>, tensor<1x6xi64>) {
  %0 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<4x6xf32>) -> tensor<4xi64>
  %1 = "tc_tensor.argmax"(%x) {axis = -1 : i64, keepdims = true, select_last_index = true} : (tensor<4x6xf32>) -> tensor<4x1xi64>
  %2 = "tc_tensor.argmin"(%x) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<4x6xf32>) -> tensor<6xi64>
  %3 = "tc_tensor.argmin"(%x) {axis = -2 : i64, keepdims = true, select_last_index = true} : (tensor<4x6xf32>) -> tensor<1x6xi64>
  return %0, %1, %2, %3 : tensor<4xi64>, tensor<4x1xi64>, tensor<6xi64>, tensor<1x6xi64>
}
func.func @argmax_zeros_nan(%x: tensor<3x3xf64> {tc.oracle = "sequence(-0, 0, -1, 0, -0, -1, 1, nan, nan)"}) -> (tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) {
  %0 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<3x3xf64>) -> tensor<3xi64>
  %1 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<3x3xf64>) -> tensor<3xi64>
  %2 = "tc_tensor.argmin"(%x) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<3x3xf64>) -> tensor<3xi64>
  return %0, %1, %2 : tensor<3xi64>, tensor<3xi64>, tensor<3xi64>
}
func.func @argmax_ints(%x: tensor<2x3x4xi32> {tc.distribution = "integers(0, 3)"}, %y: tensor<5x2xui8> {tc.oracle = "special"}, %z: tensor<8xf16> {tc.oracle = "special"}, %w: tensor<1x0xbf16>) -> (tensor<2x4xi64>, tensor<2x3x1xi64>, tensor<2xi64>, tensor<i64>, tensor<0xi64>) {
  %0 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<2x3x4xi32>) -> tensor<2x4xi64>
  %1 = "tc_tensor.argmin"(%x) {axis = 2 : i64, keepdims = true, select_last_index = false} : (tensor<2x3x4xi32>) -> tensor<2x3x1xi64>
  %2 = "tc_tensor.argmax"(%y) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<5x2xui8>) -> tensor<2xi64>
  %3 = "tc_tensor.argmin"(%z) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<8xf16>) -> tensor<i64>
  %4 = "tc_tensor.argmax"(%w) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<1x0xbf16>) -> tensor<0xi64>
  return %0, %1, %2, %3, %4 : tensor<2x4xi64>, tensor<2x3x1xi64>, tensor<2xi64>, tensor<i64>, tensor<0xi64>
}
