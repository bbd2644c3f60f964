// The binary elementwise ops (docs/dialects.md §2.2.2) on tensor-ref against
// the oracle (utils/ref-oracle.py). An [n, 1] operand of every special value
// against an [n] one broadcasts to all n*n pairs (inf - inf, 0 * inf, x / -0,
// MIN / -1, x mod 0, ...); random cases cover rounding, size-1 and empty
// broadcasting and rank 0.
// RUN: tensor-opt %s > /dev/null
// RUN: %python %tc_src_root/utils/ref-oracle.py %s --tensor-ref tensor-ref --tensor-ref-arg=--exact --contract %S/../oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} cases, 0 failures, {{[1-9][0-9]*}} library checks, 0 library disagreements

// add, sub, mul, div: IEEE special cases and zero signs (x - x = +0,
// -0 + -0 = -0, x / -0 = -inf for x > 0).
func.func @arith_f32_pairs(%a: tensor<16x1xf32> {tc.oracle = "specials"}, %b: tensor<16xf32> {tc.oracle = "specials"}) -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xf32>
  %1 = "tc_tensor.sub"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xf32>
  %2 = "tc_tensor.mul"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xf32>
  %3 = "tc_tensor.div"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xf32>
  return %0, %1, %2, %3 : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}
func.func @arith_f64_pairs(%a: tensor<16x1xf64> {tc.oracle = "specials"}, %b: tensor<16xf64> {tc.oracle = "specials"}) -> (tensor<16x16xf64>, tensor<16x16xf64>, tensor<16x16xf64>, tensor<16x16xf64>) {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<16x1xf64>, tensor<16xf64>) -> tensor<16x16xf64>
  %1 = "tc_tensor.sub"(%a, %b) : (tensor<16x1xf64>, tensor<16xf64>) -> tensor<16x16xf64>
  %2 = "tc_tensor.mul"(%a, %b) : (tensor<16x1xf64>, tensor<16xf64>) -> tensor<16x16xf64>
  %3 = "tc_tensor.div"(%a, %b) : (tensor<16x1xf64>, tensor<16xf64>) -> tensor<16x16xf64>
  return %0, %1, %2, %3 : tensor<16x16xf64>, tensor<16x16xf64>, tensor<16x16xf64>, tensor<16x16xf64>
}
func.func @arith_f16_pairs(%a: tensor<16x1xf16> {tc.oracle = "specials"}, %b: tensor<16xf16> {tc.oracle = "specials"}) -> (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<16x1xf16>, tensor<16xf16>) -> tensor<16x16xf16>
  %1 = "tc_tensor.sub"(%a, %b) : (tensor<16x1xf16>, tensor<16xf16>) -> tensor<16x16xf16>
  %2 = "tc_tensor.mul"(%a, %b) : (tensor<16x1xf16>, tensor<16xf16>) -> tensor<16x16xf16>
  %3 = "tc_tensor.div"(%a, %b) : (tensor<16x1xf16>, tensor<16xf16>) -> tensor<16x16xf16>
  return %0, %1, %2, %3 : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>
}
// Random values: rounding of sums and quotients; [2, 1, 3] with [4, 1].
func.func @arith_bf16_broadcast(%a: tensor<2x1x3xbf16> {tc.distribution = "uniform(-100, 100)"}, %b: tensor<4x1xbf16> {tc.oracle = "special"}) -> (tensor<2x4x3xbf16>, tensor<2x4x3xbf16>, tensor<2x4x3xbf16>, tensor<2x4x3xbf16>) {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<2x1x3xbf16>, tensor<4x1xbf16>) -> tensor<2x4x3xbf16>
  %1 = "tc_tensor.sub"(%a, %b) : (tensor<2x1x3xbf16>, tensor<4x1xbf16>) -> tensor<2x4x3xbf16>
  %2 = "tc_tensor.mul"(%a, %b) : (tensor<2x1x3xbf16>, tensor<4x1xbf16>) -> tensor<2x4x3xbf16>
  %3 = "tc_tensor.div"(%a, %b) : (tensor<2x1x3xbf16>, tensor<4x1xbf16>) -> tensor<2x4x3xbf16>
  return %0, %1, %2, %3 : tensor<2x4x3xbf16>, tensor<2x4x3xbf16>, tensor<2x4x3xbf16>, tensor<2x4x3xbf16>
}
func.func @arith_f32_random(%a: tensor<8x8xf32> {tc.distribution = "normal(0, 1000)"}, %b: tensor<f32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<8x8xf32>, tensor<f32>) -> tensor<8x8xf32>
  %1 = "tc_tensor.mul"(%a, %b) : (tensor<8x8xf32>, tensor<f32>) -> tensor<8x8xf32>
  %2 = "tc_tensor.div"(%b, %a) : (tensor<f32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}
// Products and quotients that land among the subnormals.
func.func @arith_f64_subnormal(%a: tensor<8x1xf64> {tc.oracle = "sequence(1e-160, -3e-160, tiny, 2.5e-308, 1e-300, -7e-170, 3, normal)"}, %b: tensor<8xf64> {tc.oracle = "sequence(1e-160, 0.5, -1e-10, 3e-150, 1e20, 0.75, -tiny, 1e-8)"}) -> (tensor<8x8xf64>, tensor<8x8xf64>) {
  %0 = "tc_tensor.mul"(%a, %b) : (tensor<8x1xf64>, tensor<8xf64>) -> tensor<8x8xf64>
  %1 = "tc_tensor.div"(%a, %b) : (tensor<8x1xf64>, tensor<8xf64>) -> tensor<8x8xf64>
  return %0, %1 : tensor<8x8xf64>, tensor<8x8xf64>
}
// Size 1 against size 0 broadcasts to 0; rank 0 against rank 2.
func.func @arith_empty(%a: tensor<0x3xf32>, %b: tensor<1x3xf32>, %c: tensor<1xi32>, %d: tensor<0xi32>) -> (tensor<0x3xf32>, tensor<0xi32>) {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<0x3xf32>, tensor<1x3xf32>) -> tensor<0x3xf32>
  %1 = "tc_tensor.mul"(%c, %d) : (tensor<1xi32>, tensor<0xi32>) -> tensor<0xi32>
  return %0, %1 : tensor<0x3xf32>, tensor<0xi32>
}

// Integers wrap; div truncates toward zero (C, ONNX; NumPy's // floors),
// x / 0 = 0 (NumPy: 0 with a warning; ONNX: undefined), MIN / -1 = MIN.
func.func @arith_i8_pairs(%a: tensor<9x1xi8> {tc.oracle = "specials"}, %b: tensor<9xi8> {tc.oracle = "specials"}) -> (tensor<9x9xi8>, tensor<9x9xi8>, tensor<9x9xi8>, tensor<9x9xi8>) {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<9x1xi8>, tensor<9xi8>) -> tensor<9x9xi8>
  %1 = "tc_tensor.sub"(%a, %b) : (tensor<9x1xi8>, tensor<9xi8>) -> tensor<9x9xi8>
  %2 = "tc_tensor.mul"(%a, %b) : (tensor<9x1xi8>, tensor<9xi8>) -> tensor<9x9xi8>
  %3 = "tc_tensor.div"(%a, %b) : (tensor<9x1xi8>, tensor<9xi8>) -> tensor<9x9xi8>
  return %0, %1, %2, %3 : tensor<9x9xi8>, tensor<9x9xi8>, tensor<9x9xi8>, tensor<9x9xi8>
}
func.func @arith_i64_pairs(%a: tensor<9x1xi64> {tc.oracle = "specials"}, %b: tensor<9xi64> {tc.oracle = "specials"}) -> (tensor<9x9xi64>, tensor<9x9xi64>, tensor<9x9xi64>, tensor<9x9xi64>) {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<9x1xi64>, tensor<9xi64>) -> tensor<9x9xi64>
  %1 = "tc_tensor.sub"(%a, %b) : (tensor<9x1xi64>, tensor<9xi64>) -> tensor<9x9xi64>
  %2 = "tc_tensor.mul"(%a, %b) : (tensor<9x1xi64>, tensor<9xi64>) -> tensor<9x9xi64>
  %3 = "tc_tensor.div"(%a, %b) : (tensor<9x1xi64>, tensor<9xi64>) -> tensor<9x9xi64>
  return %0, %1, %2, %3 : tensor<9x9xi64>, tensor<9x9xi64>, tensor<9x9xi64>, tensor<9x9xi64>
}
func.func @arith_ui8_pairs(%a: tensor<7x1xui8> {tc.oracle = "specials"}, %b: tensor<7xui8> {tc.oracle = "specials"}) -> (tensor<7x7xui8>, tensor<7x7xui8>, tensor<7x7xui8>, tensor<7x7xui8>) {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<7x1xui8>, tensor<7xui8>) -> tensor<7x7xui8>
  %1 = "tc_tensor.sub"(%a, %b) : (tensor<7x1xui8>, tensor<7xui8>) -> tensor<7x7xui8>
  %2 = "tc_tensor.mul"(%a, %b) : (tensor<7x1xui8>, tensor<7xui8>) -> tensor<7x7xui8>
  %3 = "tc_tensor.div"(%a, %b) : (tensor<7x1xui8>, tensor<7xui8>) -> tensor<7x7xui8>
  return %0, %1, %2, %3 : tensor<7x7xui8>, tensor<7x7xui8>, tensor<7x7xui8>, tensor<7x7xui8>
}
func.func @arith_ui64_pairs(%a: tensor<7x1xui64> {tc.oracle = "specials"}, %b: tensor<7xui64> {tc.oracle = "specials"}) -> (tensor<7x7xui64>, tensor<7x7xui64>, tensor<7x7xui64>) {
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<7x1xui64>, tensor<7xui64>) -> tensor<7x7xui64>
  %1 = "tc_tensor.mul"(%a, %b) : (tensor<7x1xui64>, tensor<7xui64>) -> tensor<7x7xui64>
  %2 = "tc_tensor.div"(%a, %b) : (tensor<7x1xui64>, tensor<7xui64>) -> tensor<7x7xui64>
  return %0, %1, %2 : tensor<7x7xui64>, tensor<7x7xui64>, tensor<7x7xui64>
}
func.func @arith_i32_full(%a: tensor<32xi32> {tc.oracle = "full"}, %b: tensor<32xi32> {tc.oracle = "full"}, %c: tensor<32xi16> {tc.distribution = "integers(-20, 21)"}, %d: tensor<32xi16> {tc.distribution = "integers(-7, 8)"}) -> (tensor<32xi32>, tensor<32xi32>, tensor<32xi32>, tensor<32xi16>) {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<32xi32>, tensor<32xi32>) -> tensor<32xi32>
  %1 = "tc_tensor.mul"(%a, %b) : (tensor<32xi32>, tensor<32xi32>) -> tensor<32xi32>
  %c2 = "tc_tensor.cast"(%d) : (tensor<32xi16>) -> tensor<32xi32>
  %2 = "tc_tensor.div"(%a, %c2) : (tensor<32xi32>, tensor<32xi32>) -> tensor<32xi32>
  %3 = "tc_tensor.div"(%c, %d) : (tensor<32xi16>, tensor<32xi16>) -> tensor<32xi16>
  return %0, %1, %2, %3 : tensor<32xi32>, tensor<32xi32>, tensor<32xi32>, tensor<32xi16>
}

// pow, float: C99 pow (Annex F) as the spec's table lists it: pow(x, ±0) = 1
// and pow(1, y) = 1 even for NaN, pow(-1, ±inf) = 1, pow(±0, negative odd)
// = ±inf, negative x with a non-integer y is NaN.
func.func @pow_f32_pairs(%a: tensor<16x1xf32> {tc.oracle = "specials"}, %b: tensor<16xf32> {tc.oracle = "specials"}) -> tensor<16x16xf32> {
  %0 = "tc_tensor.pow"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}
func.func @pow_f32_table(%a: tensor<10x1xf32> {tc.oracle = "sequence(-0, 0, -1, 1, -inf, inf, -2.5, 0.5, nan, -3)"}, %b: tensor<12xf32> {tc.oracle = "sequence(-3, -2, -0.5, 3, 2, 0.5, -inf, inf, nan, -0, 1, 25)"}) -> tensor<10x12xf32> {
  %0 = "tc_tensor.pow"(%a, %b) : (tensor<10x1xf32>, tensor<12xf32>) -> tensor<10x12xf32>
  return %0 : tensor<10x12xf32>
}
// Exact powers that are f32 midpoints (4097^2 = 2^24 + 2^13 + 1 ties to
// even) or need all 24 bits (3^15).
func.func @pow_f32_exact_ties(%a: tensor<4xf32> {tc.oracle = "sequence(4097, 8191, 3, -4097)"}, %b: tensor<4xf32> {tc.oracle = "sequence(2, 2, 15, 3)"}) -> tensor<4xf32> {
  %0 = "tc_tensor.pow"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @pow_f64(%a: tensor<64xf64> {tc.distribution = "uniform(0, 10)"}, %b: tensor<64xf64> {tc.distribution = "uniform(-20, 20)"}) -> tensor<64xf64> {
  %0 = "tc_tensor.pow"(%a, %b) : (tensor<64xf64>, tensor<64xf64>) -> tensor<64xf64>
  return %0 : tensor<64xf64>
}
func.func @pow_f64_pairs(%a: tensor<16x1xf64> {tc.oracle = "specials"}, %b: tensor<16xf64> {tc.oracle = "specials"}) -> tensor<16x16xf64> {
  %0 = "tc_tensor.pow"(%a, %b) : (tensor<16x1xf64>, tensor<16xf64>) -> tensor<16x16xf64>
  return %0 : tensor<16x16xf64>
}
// Negative bases with integer exponents, and results near overflow and
// underflow of each dtype.
func.func @pow_f16_bf16(%a: tensor<6x1xf16> {tc.oracle = "sequence(-2.5, -1.5, 3, 0.1, -7, 255)"}, %b: tensor<8xf16> {tc.oracle = "sequence(-7, -4, 2, 3, 5, 11, -0.5, 9.5)"},
                        %c: tensor<6x1xbf16> {tc.oracle = "sequence(-2.5, -1.5, 3, 0.1, -7, 255)"}, %d: tensor<8xbf16> {tc.oracle = "sequence(-40, -33, 2, 3, 45, 80, -0.5, 17)"}) -> (tensor<6x8xf16>, tensor<6x8xbf16>) {
  %0 = "tc_tensor.pow"(%a, %b) : (tensor<6x1xf16>, tensor<8xf16>) -> tensor<6x8xf16>
  %1 = "tc_tensor.pow"(%c, %d) : (tensor<6x1xbf16>, tensor<8xbf16>) -> tensor<6x8xbf16>
  return %0, %1 : tensor<6x8xf16>, tensor<6x8xbf16>
}
// pow, integer: the exact power wrapped (0^0 = 1); a negative exponent gives
// x^y truncated toward zero: 1 for x = 1, ±1 for x = -1, else 0, 0^y
// included (NumPy raises an error, ONNX leaves it undefined).
func.func @pow_i32(%a: tensor<9x1xi32> {tc.distribution = "integers(-4, 5)"}, %b: tensor<15xi32> {tc.distribution = "integers(-3, 40)"}) -> tensor<9x15xi32> {
  %0 = "tc_tensor.pow"(%a, %b) : (tensor<9x1xi32>, tensor<15xi32>) -> tensor<9x15xi32>
  return %0 : tensor<9x15xi32>
}
func.func @pow_i8_ui64_pairs(%a: tensor<9x1xi8> {tc.oracle = "specials"}, %b: tensor<9xi8> {tc.oracle = "specials"}, %c: tensor<7x1xui64> {tc.oracle = "specials"}, %d: tensor<7xui64> {tc.oracle = "specials"}) -> (tensor<9x9xi8>, tensor<7x7xui64>) {
  %0 = "tc_tensor.pow"(%a, %b) : (tensor<9x1xi8>, tensor<9xi8>) -> tensor<9x9xi8>
  %1 = "tc_tensor.pow"(%c, %d) : (tensor<7x1xui64>, tensor<7xui64>) -> tensor<7x7xui64>
  return %0, %1 : tensor<9x9xi8>, tensor<7x7xui64>
}
func.func @pow_i64_ui8(%a: tensor<16xi64> {tc.oracle = "full"}, %b: tensor<16xi64> {tc.distribution = "integers(0, 70)"}, %c: tensor<16xui8> {tc.oracle = "full"}, %d: tensor<16xui8> {tc.oracle = "full"}) -> (tensor<16xi64>, tensor<16xui8>) {
  %0 = "tc_tensor.pow"(%a, %b) : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi64>
  %1 = "tc_tensor.pow"(%c, %d) : (tensor<16xui8>, tensor<16xui8>) -> tensor<16xui8>
  return %0, %1 : tensor<16xi64>, tensor<16xui8>
}

// max, min: NaN-propagating (NumPy maximum; not fmax), max(-0, +0) = +0,
// min(-0, +0) = -0 in either order.
func.func @max_min_f32_pairs(%a: tensor<16x1xf32> {tc.oracle = "specials"}, %b: tensor<16xf32> {tc.oracle = "specials"}) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %0 = "tc_tensor.max"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xf32>
  %1 = "tc_tensor.min"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xf32>
  return %0, %1 : tensor<16x16xf32>, tensor<16x16xf32>
}
func.func @max_min_ints(%a: tensor<9x1xi16> {tc.oracle = "specials"}, %b: tensor<9xi16> {tc.oracle = "specials"}, %c: tensor<7x1xui32> {tc.oracle = "specials"}, %d: tensor<7xui32> {tc.oracle = "specials"}) -> (tensor<9x9xi16>, tensor<7x7xui32>) {
  %0 = "tc_tensor.max"(%a, %b) : (tensor<9x1xi16>, tensor<9xi16>) -> tensor<9x9xi16>
  %1 = "tc_tensor.min"(%c, %d) : (tensor<7x1xui32>, tensor<7xui32>) -> tensor<7x7xui32>
  return %0, %1 : tensor<9x9xi16>, tensor<7x7xui32>
}
func.func @max_min_f16_bf16_f64(%a: tensor<5x4xf16> {tc.oracle = "special"}, %b: tensor<4xf16> {tc.oracle = "special"}, %c: tensor<bf16> {tc.oracle = "values(-0)"}, %d: tensor<3xbf16> {tc.oracle = "sequence(0, -0, nan)"}, %e: tensor<6xf64> {tc.oracle = "special"}, %f: tensor<6xf64> {tc.oracle = "special"}) -> (tensor<5x4xf16>, tensor<3xbf16>, tensor<6xf64>) {
  %0 = "tc_tensor.min"(%a, %b) : (tensor<5x4xf16>, tensor<4xf16>) -> tensor<5x4xf16>
  %1 = "tc_tensor.max"(%c, %d) : (tensor<bf16>, tensor<3xbf16>) -> tensor<3xbf16>
  %2 = "tc_tensor.max"(%e, %f) : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
  return %0, %1, %2 : tensor<5x4xf16>, tensor<3xbf16>, tensor<6xf64>
}

// mod is floored (sign of rhs, NumPy remainder), fmod truncated (sign of
// lhs, C fmod); float x mod ±0 = NaN, integer x mod 0 = 0 (NumPy: 0 with a
// warning; ONNX: undefined); x mod ±inf is x or ±inf by the signs.
func.func @mod_fmod_f32_pairs(%a: tensor<16x1xf32> {tc.oracle = "specials"}, %b: tensor<16xf32> {tc.oracle = "specials"}) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %0 = "tc_tensor.mod"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xf32>
  %1 = "tc_tensor.fmod"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xf32>
  return %0, %1 : tensor<16x16xf32>, tensor<16x16xf32>
}
// The spec's example: rnd(t + y) can return y itself (f32: -1e-30 mod 1 = 1).
func.func @mod_f32_rounds_to_rhs(%a: tensor<4xf32> {tc.oracle = "sequence(-1e-30, 1e-30, -5e-8, -0)"}, %b: tensor<f32> {tc.oracle = "values(1)"}) -> tensor<4xf32> {
  %0 = "tc_tensor.mod"(%a, %b) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @mod_fmod_f64(%a: tensor<64xf64> {tc.distribution = "uniform(-1e6, 1e6)"}, %b: tensor<64xf64> {tc.distribution = "uniform(-10, 10)"}) -> (tensor<64xf64>, tensor<64xf64>) {
  %0 = "tc_tensor.mod"(%a, %b) : (tensor<64xf64>, tensor<64xf64>) -> tensor<64xf64>
  %1 = "tc_tensor.fmod"(%a, %b) : (tensor<64xf64>, tensor<64xf64>) -> tensor<64xf64>
  return %0, %1 : tensor<64xf64>, tensor<64xf64>
}
func.func @mod_fmod_f16_bf16(%a: tensor<40xf16> {tc.distribution = "uniform(-1000, 1000)", tc.oracle = "special"}, %b: tensor<40xf16> {tc.distribution = "uniform(-5, 5)"},
                             %c: tensor<40xbf16> {tc.distribution = "uniform(-1000, 1000)", tc.oracle = "special"}, %d: tensor<40xbf16> {tc.distribution = "uniform(-5, 5)"}) -> (tensor<40xf16>, tensor<40xbf16>) {
  %0 = "tc_tensor.mod"(%a, %b) : (tensor<40xf16>, tensor<40xf16>) -> tensor<40xf16>
  %1 = "tc_tensor.fmod"(%c, %d) : (tensor<40xbf16>, tensor<40xbf16>) -> tensor<40xbf16>
  return %0, %1 : tensor<40xf16>, tensor<40xbf16>
}
// MIN mod -1 = MIN fmod -1 = 0 (no overflow).
func.func @mod_fmod_ints(%a: tensor<9x1xi8> {tc.oracle = "specials"}, %b: tensor<9xi8> {tc.oracle = "specials"}, %c: tensor<7x1xui16> {tc.oracle = "specials"}, %d: tensor<7xui16> {tc.oracle = "specials"}, %e: tensor<9x1xi64> {tc.oracle = "specials"}, %f: tensor<9xi64> {tc.oracle = "specials"}) -> (tensor<9x9xi8>, tensor<9x9xi8>, tensor<7x7xui16>, tensor<7x7xui16>, tensor<9x9xi64>, tensor<9x9xi64>) {
  %0 = "tc_tensor.mod"(%a, %b) : (tensor<9x1xi8>, tensor<9xi8>) -> tensor<9x9xi8>
  %1 = "tc_tensor.fmod"(%a, %b) : (tensor<9x1xi8>, tensor<9xi8>) -> tensor<9x9xi8>
  %2 = "tc_tensor.mod"(%c, %d) : (tensor<7x1xui16>, tensor<7xui16>) -> tensor<7x7xui16>
  %3 = "tc_tensor.fmod"(%c, %d) : (tensor<7x1xui16>, tensor<7xui16>) -> tensor<7x7xui16>
  %4 = "tc_tensor.mod"(%e, %f) : (tensor<9x1xi64>, tensor<9xi64>) -> tensor<9x9xi64>
  %5 = "tc_tensor.fmod"(%e, %f) : (tensor<9x1xi64>, tensor<9xi64>) -> tensor<9x9xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<9x9xi8>, tensor<9x9xi8>, tensor<7x7xui16>, tensor<7x7xui16>, tensor<9x9xi64>, tensor<9x9xi64>
}
func.func @mod_fmod_i32_signs(%a: tensor<12x1xi32> {tc.distribution = "integers(-30, 31)"}, %b: tensor<10xi32> {tc.distribution = "integers(-7, 8)"}) -> (tensor<12x10xi32>, tensor<12x10xi32>) {
  %0 = "tc_tensor.mod"(%a, %b) : (tensor<12x1xi32>, tensor<10xi32>) -> tensor<12x10xi32>
  %1 = "tc_tensor.fmod"(%a, %b) : (tensor<12x1xi32>, tensor<10xi32>) -> tensor<12x10xi32>
  return %0, %1 : tensor<12x10xi32>, tensor<12x10xi32>
}

// and, or, xor: logical on i1, bitwise on the N-bit patterns.
func.func @logic_i1(%a: tensor<2x1xi1> {tc.oracle = "specials"}, %b: tensor<2xi1> {tc.oracle = "specials"}) -> (tensor<2x2xi1>, tensor<2x2xi1>, tensor<2x2xi1>) {
  %0 = "tc_tensor.and"(%a, %b) : (tensor<2x1xi1>, tensor<2xi1>) -> tensor<2x2xi1>
  %1 = "tc_tensor.or"(%a, %b) : (tensor<2x1xi1>, tensor<2xi1>) -> tensor<2x2xi1>
  %2 = "tc_tensor.xor"(%a, %b) : (tensor<2x1xi1>, tensor<2xi1>) -> tensor<2x2xi1>
  return %0, %1, %2 : tensor<2x2xi1>, tensor<2x2xi1>, tensor<2x2xi1>
}
func.func @logic_ints(%a: tensor<9x1xi64> {tc.oracle = "specials"}, %b: tensor<9xi64> {tc.oracle = "specials"}, %c: tensor<32xi16> {tc.oracle = "full"}, %d: tensor<32xi16> {tc.oracle = "full"}, %e: tensor<7x1xui64> {tc.oracle = "specials"}, %f: tensor<7xui64> {tc.oracle = "specials"}) -> (tensor<9x9xi64>, tensor<32xi16>, tensor<7x7xui64>) {
  %0 = "tc_tensor.and"(%a, %b) : (tensor<9x1xi64>, tensor<9xi64>) -> tensor<9x9xi64>
  %1 = "tc_tensor.or"(%c, %d) : (tensor<32xi16>, tensor<32xi16>) -> tensor<32xi16>
  %2 = "tc_tensor.xor"(%e, %f) : (tensor<7x1xui64>, tensor<7xui64>) -> tensor<7x7xui64>
  return %0, %1, %2 : tensor<9x9xi64>, tensor<32xi16>, tensor<7x7xui64>
}
