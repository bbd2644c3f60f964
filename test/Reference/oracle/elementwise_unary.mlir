// The unary elementwise ops (docs/dialects.md §2.2.1) on tensor-ref against
// the oracle (utils/ref-oracle.py): exact values rounded once, NaN/±inf/±0/
// subnormals mixed in by `tc.oracle = "special"`, every float dtype and the
// integer dtypes the ops accept, rank 0 and empty tensors.
// RUN: tensor-opt %s > /dev/null
// RUN: %python %tc_src_root/utils/ref-oracle.py %s --tensor-ref tensor-ref --tensor-ref-arg=--exact --contract %S/../oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} cases, 0 failures, {{[1-9][0-9]*}} library checks, 0 library disagreements

// neg flips the sign of zeros and infinities; integers wrap (-MIN = MIN,
// unsigned: 2^N - x).
func.func @neg_f32(%x: tensor<4x10xf32> {tc.oracle = "special"}) -> tensor<4x10xf32> {
  %0 = "tc_tensor.neg"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
func.func @neg_i8(%x: tensor<30xi8> {tc.oracle = "special"}) -> tensor<30xi8> {
  %0 = "tc_tensor.neg"(%x) : (tensor<30xi8>) -> tensor<30xi8>
  return %0 : tensor<30xi8>
}
func.func @neg_ui16(%x: tensor<20xui16> {tc.oracle = "special"}) -> tensor<20xui16> {
  %0 = "tc_tensor.neg"(%x) : (tensor<20xui16>) -> tensor<20xui16>
  return %0 : tensor<20xui16>
}
func.func @neg_bf16_empty(%x: tensor<0x3xbf16>) -> tensor<0x3xbf16> {
  %0 = "tc_tensor.neg"(%x) : (tensor<0x3xbf16>) -> tensor<0x3xbf16>
  return %0 : tensor<0x3xbf16>
}

// abs: |-0| = +0; |MIN| = MIN after wrapping.
func.func @abs_f16(%x: tensor<40xf16> {tc.oracle = "special"}) -> tensor<40xf16> {
  %0 = "tc_tensor.abs"(%x) : (tensor<40xf16>) -> tensor<40xf16>
  return %0 : tensor<40xf16>
}
func.func @abs_i64(%x: tensor<20xi64> {tc.oracle = "special"}) -> tensor<20xi64> {
  %0 = "tc_tensor.abs"(%x) : (tensor<20xi64>) -> tensor<20xi64>
  return %0 : tensor<20xi64>
}
func.func @abs_ui8(%x: tensor<12xui8> {tc.oracle = "special"}) -> tensor<12xui8> {
  %0 = "tc_tensor.abs"(%x) : (tensor<12xui8>) -> tensor<12xui8>
  return %0 : tensor<12xui8>
}

// exp: overflow to inf and underflow through the subnormals of each dtype.
func.func @exp_f32(%x: tensor<4x10xf32> {tc.oracle = "special"}) -> tensor<4x10xf32> {
  %0 = "tc_tensor.exp"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
func.func @exp_f32_range(%x: tensor<64xf32> {tc.distribution = "uniform(-105, 90)"}) -> tensor<64xf32> {
  %0 = "tc_tensor.exp"(%x) : (tensor<64xf32>) -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
func.func @exp_f64(%x: tensor<64xf64> {tc.distribution = "uniform(-746, 710)", tc.oracle = "special"}) -> tensor<64xf64> {
  %0 = "tc_tensor.exp"(%x) : (tensor<64xf64>) -> tensor<64xf64>
  return %0 : tensor<64xf64>
}
func.func @exp_f16(%x: tensor<48xf16> {tc.distribution = "uniform(-18, 12)", tc.oracle = "special"}) -> tensor<48xf16> {
  %0 = "tc_tensor.exp"(%x) : (tensor<48xf16>) -> tensor<48xf16>
  return %0 : tensor<48xf16>
}
func.func @exp_bf16_rank0(%x: tensor<bf16>) -> tensor<bf16> {
  %0 = "tc_tensor.exp"(%x) : (tensor<bf16>) -> tensor<bf16>
  return %0 : tensor<bf16>
}
func.func @exp_bf16(%x: tensor<48xbf16> {tc.distribution = "uniform(-95, 90)", tc.oracle = "special"}) -> tensor<48xbf16> {
  %0 = "tc_tensor.exp"(%x) : (tensor<48xbf16>) -> tensor<48xbf16>
  return %0 : tensor<48xbf16>
}

// log: x < 0 (-inf included) is NaN, ±0 is -inf, log 1 = +0.
func.func @log_f32(%x: tensor<4x10xf32> {tc.distribution = "uniform(0, 50)", tc.oracle = "special"}) -> tensor<4x10xf32> {
  %0 = "tc_tensor.log"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
func.func @log_f64(%x: tensor<64xf64> {tc.distribution = "uniform(0, 3)", tc.oracle = "special"}) -> tensor<64xf64> {
  %0 = "tc_tensor.log"(%x) : (tensor<64xf64>) -> tensor<64xf64>
  return %0 : tensor<64xf64>
}
func.func @log_f16(%x: tensor<40xf16> {tc.distribution = "uniform(0, 2)", tc.oracle = "special"}) -> tensor<40xf16> {
  %0 = "tc_tensor.log"(%x) : (tensor<40xf16>) -> tensor<40xf16>
  return %0 : tensor<40xf16>
}
func.func @log_bf16(%x: tensor<40xbf16> {tc.distribution = "uniform(0, 1000)", tc.oracle = "special"}) -> tensor<40xbf16> {
  %0 = "tc_tensor.log"(%x) : (tensor<40xbf16>) -> tensor<40xbf16>
  return %0 : tensor<40xbf16>
}

// sqrt: sqrt(-0) = -0, x < 0 is NaN; correctly rounded in every dtype.
func.func @sqrt_f32(%x: tensor<4x10xf32> {tc.distribution = "uniform(0, 100)", tc.oracle = "special"}) -> tensor<4x10xf32> {
  %0 = "tc_tensor.sqrt"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
func.func @sqrt_f64(%x: tensor<64xf64> {tc.distribution = "uniform(0, 100)", tc.oracle = "special"}) -> tensor<64xf64> {
  %0 = "tc_tensor.sqrt"(%x) : (tensor<64xf64>) -> tensor<64xf64>
  return %0 : tensor<64xf64>
}
func.func @sqrt_f16_bf16(%x: tensor<40xf16> {tc.distribution = "uniform(0, 100)", tc.oracle = "special"},
                         %y: tensor<40xbf16> {tc.distribution = "uniform(0, 100)", tc.oracle = "special"}) -> (tensor<40xf16>, tensor<40xbf16>) {
  %0 = "tc_tensor.sqrt"(%x) : (tensor<40xf16>) -> tensor<40xf16>
  %1 = "tc_tensor.sqrt"(%y) : (tensor<40xbf16>) -> tensor<40xbf16>
  return %0, %1 : tensor<40xf16>, tensor<40xbf16>
}

// rsqrt is 1/sqrt(x) rounded once (not 1/rnd(sqrt x)); +0 -> +inf, -0 -> -inf.
func.func @rsqrt_f32(%x: tensor<4x10xf32> {tc.distribution = "uniform(0, 100)", tc.oracle = "special"}) -> tensor<4x10xf32> {
  %0 = "tc_tensor.rsqrt"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
func.func @rsqrt_f64_exact(%x: tensor<12xf64> {tc.oracle = "sequence(nan, inf, -inf, 0, -0, -1, -tiny, 1, 4, 0.25, 1099511627776, tiny)"}) -> tensor<12xf64> {
  %0 = "tc_tensor.rsqrt"(%x) : (tensor<12xf64>) -> tensor<12xf64>
  return %0 : tensor<12xf64>
}
// f64 rsqrt is rnd(1/sqrt x), rounded once (§2.2.1), not 1/rnd(sqrt x):
// e.g. x = 87.48890937914592 gives 0.10691127247904245. (Formerly a known
// bug: 28% of arguments in [0, 100) were 1 ulp off.)
func.func @rsqrt_f64(%x: tensor<64xf64> {tc.distribution = "uniform(0, 100)"}) -> tensor<64xf64> {
  %0 = "tc_tensor.rsqrt"(%x) : (tensor<64xf64>) -> tensor<64xf64>
  return %0 : tensor<64xf64>
}
func.func @rsqrt_f16_bf16(%x: tensor<40xf16> {tc.distribution = "uniform(0, 100)", tc.oracle = "special"},
                          %y: tensor<40xbf16> {tc.distribution = "uniform(0, 100)", tc.oracle = "special"}) -> (tensor<40xf16>, tensor<40xbf16>) {
  %0 = "tc_tensor.rsqrt"(%x) : (tensor<40xf16>) -> tensor<40xf16>
  %1 = "tc_tensor.rsqrt"(%y) : (tensor<40xbf16>) -> tensor<40xbf16>
  return %0, %1 : tensor<40xf16>, tensor<40xbf16>
}

// tanh: ±inf -> ±1, ±0 kept.
func.func @tanh_f32(%x: tensor<4x10xf32> {tc.oracle = "special"}) -> tensor<4x10xf32> {
  %0 = "tc_tensor.tanh"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
func.func @tanh_f64(%x: tensor<64xf64> {tc.distribution = "uniform(-20, 20)", tc.oracle = "special"}) -> tensor<64xf64> {
  %0 = "tc_tensor.tanh"(%x) : (tensor<64xf64>) -> tensor<64xf64>
  return %0 : tensor<64xf64>
}
func.func @tanh_f16_bf16(%x: tensor<40xf16> {tc.oracle = "special"}, %y: tensor<40xbf16> {tc.oracle = "special"}) -> (tensor<40xf16>, tensor<40xbf16>) {
  %0 = "tc_tensor.tanh"(%x) : (tensor<40xf16>) -> tensor<40xf16>
  %1 = "tc_tensor.tanh"(%y) : (tensor<40xbf16>) -> tensor<40xbf16>
  return %0, %1 : tensor<40xf16>, tensor<40xbf16>
}

// sigmoid: ±0 -> 0.5, -inf -> +0; deep negative arguments give subnormals.
func.func @sigmoid_f32(%x: tensor<4x10xf32> {tc.distribution = "uniform(-110, 30)", tc.oracle = "special"}) -> tensor<4x10xf32> {
  %0 = "tc_tensor.sigmoid"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
func.func @sigmoid_f64(%x: tensor<64xf64> {tc.distribution = "uniform(-40, 40)", tc.oracle = "special"}) -> tensor<64xf64> {
  %0 = "tc_tensor.sigmoid"(%x) : (tensor<64xf64>) -> tensor<64xf64>
  return %0 : tensor<64xf64>
}
// Between -745.1 and -709.8, e^-x overflows a double while sigmoid(x) is
// still a positive f64 subnormal.
// sigmoid(x) = e^x/(1 + e^x) for x < 0 keeps the f64 subnormal results of
// x in (-745.1, -709.78): x = -710 gives 4.47628622567513e-309. (Formerly a
// known bug: 1/(1 + e^-x) overflowed e^-x and gave +0.)
func.func @sigmoid_f64_underflow(%x: tensor<8xf64> {tc.oracle = "sequence(-700, -709.5, -710, -720, -740, -745, -745.2, -800)"}) -> tensor<8xf64> attributes {tc.oracle_library_skip = "torch's sigmoid 1/(1 + exp(-x)) overflows exp(-x) to inf and gives 0 where the exact value is a subnormal"} {
  %0 = "tc_tensor.sigmoid"(%x) : (tensor<8xf64>) -> tensor<8xf64>
  return %0 : tensor<8xf64>
}
func.func @sigmoid_f16_bf16(%x: tensor<40xf16> {tc.distribution = "uniform(-20, 20)", tc.oracle = "special"},
                            %y: tensor<40xbf16> {tc.distribution = "uniform(-100, 20)", tc.oracle = "special"}) -> (tensor<40xf16>, tensor<40xbf16>) {
  %0 = "tc_tensor.sigmoid"(%x) : (tensor<40xf16>) -> tensor<40xf16>
  %1 = "tc_tensor.sigmoid"(%y) : (tensor<40xbf16>) -> tensor<40xbf16>
  return %0, %1 : tensor<40xf16>, tensor<40xbf16>
}

// relu: -0 -> +0 and -inf -> +0 (NumPy's maximum(x, 0.) keeps -0: the spec
// defines relu as max(x, +0) under its max rule, which prefers +0).
func.func @relu_f32(%x: tensor<4x10xf32> {tc.oracle = "special"}) -> tensor<4x10xf32> {
  %0 = "tc_tensor.relu"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
func.func @relu_ints(%x: tensor<20xi32> {tc.oracle = "special"}, %y: tensor<10xui64> {tc.oracle = "special"}) -> (tensor<20xi32>, tensor<10xui64>) {
  %0 = "tc_tensor.relu"(%x) : (tensor<20xi32>) -> tensor<20xi32>
  %1 = "tc_tensor.relu"(%y) : (tensor<10xui64>) -> tensor<10xui64>
  return %0, %1 : tensor<20xi32>, tensor<10xui64>
}
func.func @relu_f16_bf16(%x: tensor<40xf16> {tc.oracle = "special"}, %y: tensor<2x0xbf16>) -> (tensor<40xf16>, tensor<2x0xbf16>) {
  %0 = "tc_tensor.relu"(%x) : (tensor<40xf16>) -> tensor<40xf16>
  %1 = "tc_tensor.relu"(%y) : (tensor<2x0xbf16>) -> tensor<2x0xbf16>
  return %0, %1 : tensor<40xf16>, tensor<2x0xbf16>
}

// gelu is the exact erf form x*Phi(x); for x < 0 it is negative and tiny, so
// -inf -> -0 and deep negative arguments give (sub)normal negative values.
func.func @gelu_f32(%x: tensor<4x10xf32> {tc.distribution = "uniform(-3, 4)", tc.oracle = "values(nan, inf, 0, -0, -tiny, normal, max, -max, 1, -1, 0.5, 30)"}) -> tensor<4x10xf32> {
  %0 = "tc_tensor.gelu"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
func.func @gelu_f64(%x: tensor<64xf64> {tc.distribution = "uniform(0, 6)", tc.oracle = "values(nan, inf, 0, -0, max, -max, 1, 0.5, 40)"}) -> tensor<64xf64> {
  %0 = "tc_tensor.gelu"(%x) : (tensor<64xf64>) -> tensor<64xf64>
  return %0 : tensor<64xf64>
}
func.func @gelu_f16_bf16(%x: tensor<40xf16> {tc.distribution = "uniform(-3, 4)", tc.oracle = "values(nan, inf, 0, -0, -tiny, max, -max, 1, -1)"},
                         %y: tensor<40xbf16> {tc.distribution = "uniform(-3, 4)", tc.oracle = "values(nan, inf, 0, -0, -tiny, max, -max, 1, -1)"}) -> (tensor<40xf16>, tensor<40xbf16>) {
  %0 = "tc_tensor.gelu"(%x) : (tensor<40xf16>) -> tensor<40xf16>
  %1 = "tc_tensor.gelu"(%y) : (tensor<40xbf16>) -> tensor<40xbf16>
  return %0, %1 : tensor<40xf16>, tensor<40xbf16>
}
// For the smallest subnormal x = 2^-149 (f32; 2^-24 f16), gelu(x) = x/2 +
// x^2/sqrt(2 pi) + ... lies just above half the smallest subnormal and rounds
// up to x. (Formerly a known bug: the computed value was exactly the
// midpoint x/2 and tied to +0; see docs/reference.md, "Decisions".)
func.func @gelu_subnormal(%x: tensor<1xf32> {tc.oracle = "values(tiny)"}, %y: tensor<1xf16> {tc.oracle = "values(tiny)"}) -> (tensor<1xf32>, tensor<1xf16>) {
  %0 = "tc_tensor.gelu"(%x) : (tensor<1xf32>) -> tensor<1xf32>
  %1 = "tc_tensor.gelu"(%y) : (tensor<1xf16>) -> tensor<1xf16>
  return %0, %1 : tensor<1xf32>, tensor<1xf16>
}
// gelu(-inf) = -0 (§2.2.1). (Formerly a known bug: -inf * 0 = NaN.)
func.func @gelu_minus_inf(%x: tensor<2xf32> {tc.oracle = "sequence(-inf, 1)"}, %y: tensor<2xf16> {tc.oracle = "sequence(-inf, 1)"}) -> (tensor<2xf32>, tensor<2xf16>) attributes {tc.oracle_library_skip = "torch's gelu x * (1 + erf(x/sqrt 2))/2 gives -inf * 0 = NaN at -inf (spec: -0, the limit)"} {
  %0 = "tc_tensor.gelu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "tc_tensor.gelu"(%y) : (tensor<2xf16>) -> tensor<2xf16>
  return %0, %1 : tensor<2xf32>, tensor<2xf16>
}
// gelu for negative x, where 1 + erf(x/sqrt 2) would cancel: x = -8.5 gives
// -8.1e-17 in f32, not -0. Phi(x) = erfc(-x/sqrt 2)/2 has no cancellation.
// (Formerly a known bug: up to 99 ulp off in f64, -0 below x = -8.3.)
func.func @gelu_negative(%x: tensor<32xf32> {tc.distribution = "uniform(-14, -4)"}, %y: tensor<32xf64> {tc.distribution = "uniform(-30, -1)"}) -> (tensor<32xf32>, tensor<32xf64>) attributes {tc.oracle_library_skip = "torch's gelu x * (1 + erf(x/sqrt 2))/2 cancels for x < -5 (1 + erf rounds to 0), the spec's x * Phi(x) does not"} {
  %0 = "tc_tensor.gelu"(%x) : (tensor<32xf32>) -> tensor<32xf32>
  %1 = "tc_tensor.gelu"(%y) : (tensor<32xf64>) -> tensor<32xf64>
  return %0, %1 : tensor<32xf32>, tensor<32xf64>
}

// erf: ±inf -> ±1, ±0 kept.
func.func @erf_f32(%x: tensor<4x10xf32> {tc.oracle = "special"}) -> tensor<4x10xf32> {
  %0 = "tc_tensor.erf"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
func.func @erf_f64(%x: tensor<64xf64> {tc.distribution = "uniform(-6, 6)", tc.oracle = "special"}) -> tensor<64xf64> {
  %0 = "tc_tensor.erf"(%x) : (tensor<64xf64>) -> tensor<64xf64>
  return %0 : tensor<64xf64>
}
func.func @erf_f16_bf16(%x: tensor<40xf16> {tc.oracle = "special"}, %y: tensor<40xbf16> {tc.oracle = "special"}) -> (tensor<40xf16>, tensor<40xbf16>) {
  %0 = "tc_tensor.erf"(%x) : (tensor<40xf16>) -> tensor<40xf16>
  %1 = "tc_tensor.erf"(%y) : (tensor<40xbf16>) -> tensor<40xbf16>
  return %0, %1 : tensor<40xf16>, tensor<40xbf16>
}

// sin, cos at the exact argument, huge arguments (the largest finite value
// is among the specials) included; ±inf -> NaN.
func.func @sin_cos_f32(%x: tensor<4x10xf32> {tc.distribution = "uniform(-1000, 1000)", tc.oracle = "special"}) -> (tensor<4x10xf32>, tensor<4x10xf32>) {
  %0 = "tc_tensor.sin"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  %1 = "tc_tensor.cos"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0, %1 : tensor<4x10xf32>, tensor<4x10xf32>
}
func.func @sin_f64(%x: tensor<64xf64> {tc.distribution = "uniform(-10, 10)", tc.oracle = "special"}) -> tensor<64xf64> {
  %0 = "tc_tensor.sin"(%x) : (tensor<64xf64>) -> tensor<64xf64>
  return %0 : tensor<64xf64>
}
func.func @cos_f64(%x: tensor<64xf64> {tc.distribution = "uniform(-1e6, 1e6)", tc.oracle = "special"}) -> tensor<64xf64> {
  %0 = "tc_tensor.cos"(%x) : (tensor<64xf64>) -> tensor<64xf64>
  return %0 : tensor<64xf64>
}
func.func @sin_cos_f16_bf16(%x: tensor<40xf16> {tc.distribution = "uniform(-100, 100)", tc.oracle = "special"},
                            %y: tensor<40xbf16> {tc.distribution = "uniform(-100, 100)", tc.oracle = "special"}) -> (tensor<40xf16>, tensor<40xbf16>) {
  %0 = "tc_tensor.sin"(%x) : (tensor<40xf16>) -> tensor<40xf16>
  %1 = "tc_tensor.cos"(%y) : (tensor<40xbf16>) -> tensor<40xbf16>
  return %0, %1 : tensor<40xf16>, tensor<40xbf16>
}

// floor, ceil, round are exact; a zero result keeps x's sign
// (ceil(-0.5) = -0, round(-0.4) = -0); round is ties-to-even (ONNX Round,
// NumPy rint; not C round, which rounds ties away from zero).
func.func @floor_ceil_round_f32(%x: tensor<4x10xf32> {tc.distribution = "uniform(-5, 5)", tc.oracle = "special"}) -> (tensor<4x10xf32>, tensor<4x10xf32>, tensor<4x10xf32>) {
  %0 = "tc_tensor.floor"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  %1 = "tc_tensor.ceil"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  %2 = "tc_tensor.round"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0, %1, %2 : tensor<4x10xf32>, tensor<4x10xf32>, tensor<4x10xf32>
}
func.func @round_ties(%x: tensor<16xf64> {tc.oracle = "sequence(0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, -0.4, 0.49999999999999994, 4503599627370495.5, 4503599627370497, -4503599627370495.5, 0.6, -0.6, 1e300, -tiny)"}) -> tensor<16xf64> {
  %0 = "tc_tensor.round"(%x) : (tensor<16xf64>) -> tensor<16xf64>
  return %0 : tensor<16xf64>
}
func.func @floor_ceil_round_f16(%x: tensor<40xf16> {tc.distribution = "integers(-20, 20)", tc.oracle = "values(0.5, -0.5, 1.5, 2.5, -2.5, 0.25, -0.75, 1024.5, -1023.5, 2047.5)"}) -> (tensor<40xf16>, tensor<40xf16>, tensor<40xf16>) {
  %0 = "tc_tensor.floor"(%x) : (tensor<40xf16>) -> tensor<40xf16>
  %1 = "tc_tensor.ceil"(%x) : (tensor<40xf16>) -> tensor<40xf16>
  %2 = "tc_tensor.round"(%x) : (tensor<40xf16>) -> tensor<40xf16>
  return %0, %1, %2 : tensor<40xf16>, tensor<40xf16>, tensor<40xf16>
}
func.func @floor_ceil_round_bf16(%x: tensor<3x0xbf16>, %y: tensor<40xbf16> {tc.distribution = "uniform(-300, 300)", tc.oracle = "special"}) -> (tensor<3x0xbf16>, tensor<40xbf16>, tensor<40xbf16>) {
  %0 = "tc_tensor.floor"(%x) : (tensor<3x0xbf16>) -> tensor<3x0xbf16>
  %1 = "tc_tensor.ceil"(%y) : (tensor<40xbf16>) -> tensor<40xbf16>
  %2 = "tc_tensor.round"(%y) : (tensor<40xbf16>) -> tensor<40xbf16>
  return %0, %1, %2 : tensor<3x0xbf16>, tensor<40xbf16>, tensor<40xbf16>
}

// sign: ±0 -> +0 (as NumPy; ONNX Sign leaves the zero's sign open), NaN -> NaN.
func.func @sign_f32(%x: tensor<4x10xf32> {tc.oracle = "special"}) -> tensor<4x10xf32> {
  %0 = "tc_tensor.sign"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
func.func @sign_ints(%x: tensor<20xi8> {tc.oracle = "special"}, %y: tensor<10xui32> {tc.oracle = "special"}, %z: tensor<bf16> {tc.oracle = "values(-0)"}) -> (tensor<20xi8>, tensor<10xui32>, tensor<bf16>) {
  %0 = "tc_tensor.sign"(%x) : (tensor<20xi8>) -> tensor<20xi8>
  %1 = "tc_tensor.sign"(%y) : (tensor<10xui32>) -> tensor<10xui32>
  %2 = "tc_tensor.sign"(%z) : (tensor<bf16>) -> tensor<bf16>
  return %0, %1, %2 : tensor<20xi8>, tensor<10xui32>, tensor<bf16>
}

// reciprocal: ±0 -> ±inf, ±inf -> ±0, correctly rounded.
func.func @reciprocal_f32(%x: tensor<4x10xf32> {tc.oracle = "special"}) -> tensor<4x10xf32> {
  %0 = "tc_tensor.reciprocal"(%x) : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
func.func @reciprocal_f64_f16(%x: tensor<64xf64> {tc.oracle = "special"}, %y: tensor<40xf16> {tc.oracle = "special"}) -> (tensor<64xf64>, tensor<40xf16>) {
  %0 = "tc_tensor.reciprocal"(%x) : (tensor<64xf64>) -> tensor<64xf64>
  %1 = "tc_tensor.reciprocal"(%y) : (tensor<40xf16>) -> tensor<40xf16>
  return %0, %1 : tensor<64xf64>, tensor<40xf16>
}

// not: logical on i1, bitwise on integers (signed: -x - 1).
func.func @not_i1(%x: tensor<3x4xi1>) -> tensor<3x4xi1> {
  %0 = "tc_tensor.not"(%x) : (tensor<3x4xi1>) -> tensor<3x4xi1>
  return %0 : tensor<3x4xi1>
}
func.func @not_ints(%x: tensor<20xi8> {tc.oracle = "special"}, %y: tensor<12xui32> {tc.oracle = "special"}, %z: tensor<i64> {tc.oracle = "full"}) -> (tensor<20xi8>, tensor<12xui32>, tensor<i64>) {
  %0 = "tc_tensor.not"(%x) : (tensor<20xi8>) -> tensor<20xi8>
  %1 = "tc_tensor.not"(%y) : (tensor<12xui32>) -> tensor<12xui32>
  %2 = "tc_tensor.not"(%z) : (tensor<i64>) -> tensor<i64>
  return %0, %1, %2 : tensor<20xi8>, tensor<12xui32>, tensor<i64>
}

// identity passes every dtype through unchanged, NaN and -0 included.
func.func @identity_any(%a: tensor<40xf16> {tc.oracle = "special"}, %b: tensor<2x5xi1>, %c: tensor<10xui64> {tc.oracle = "special"},
                        %d: tensor<40xbf16> {tc.oracle = "special"}, %e: tensor<0xi16>) -> (tensor<40xf16>, tensor<2x5xi1>, tensor<10xui64>, tensor<40xbf16>, tensor<0xi16>) {
  %0 = "tc_tensor.identity"(%a) : (tensor<40xf16>) -> tensor<40xf16>
  %1 = "tc_tensor.identity"(%b) : (tensor<2x5xi1>) -> tensor<2x5xi1>
  %2 = "tc_tensor.identity"(%c) : (tensor<10xui64>) -> tensor<10xui64>
  %3 = "tc_tensor.identity"(%d) : (tensor<40xbf16>) -> tensor<40xbf16>
  %4 = "tc_tensor.identity"(%e) : (tensor<0xi16>) -> tensor<0xi16>
  return %0, %1, %2, %3, %4 : tensor<40xf16>, tensor<2x5xi1>, tensor<10xui64>, tensor<40xbf16>, tensor<0xi16>
}
