// cast (docs/dialects.md §2.2.6) and constant (§2.2.7) on tensor-ref against
// the oracle (utils/ref-oracle.py): every class of conversion, rounding once
// (never through f32 on the way to bf16 or f16), saturation, wrapping, i1.
// RUN: tensor-opt %s > /dev/null
// RUN: %python %tc_src_root/utils/ref-oracle.py %s --tensor-ref tensor-ref --tensor-ref-arg=--exact --contract %S/../oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} cases, 0 failures, {{[1-9][0-9]*}} library checks, 0 library disagreements

// float -> narrower float rounds once. 1.0039062509313226 = 1 + 2^-8 + 2^-30
// lies just above a bf16 midpoint: rounding to f32 first would land on the
// midpoint and tie to 1.0 (PyTorch's double -> bfloat16 goes through float
// and does this); once, it is 1.0078125. Likewise 1 + 2^-11 + 2^-40 for f16.
func.func @cast_f64_to_bf16_f16(%x: tensor<12xf64> {tc.oracle = "sequence(1.0039062509313226, 1.0039062490686774, 1.00390625, 1.01171875, 1.0004882812509095, 65519.99, 65520, -65520, 3.0e38, 3.4e38, 1e-45, 2.9802322387695312e-08)"}) -> (tensor<12xbf16>, tensor<12xf16>, tensor<12xf32>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<12xf64>) -> tensor<12xbf16>
  %1 = "tc_tensor.cast"(%x) : (tensor<12xf64>) -> tensor<12xf16>
  %2 = "tc_tensor.cast"(%x) : (tensor<12xf64>) -> tensor<12xf32>
  return %0, %1, %2 : tensor<12xbf16>, tensor<12xf16>, tensor<12xf32>
}
func.func @cast_float_float_specials(%x: tensor<40xf64> {tc.distribution = "normal(0, 1e4)", tc.oracle = "special"}, %y: tensor<40xf32> {tc.oracle = "special"}) -> (tensor<40xf32>, tensor<40xf16>, tensor<40xbf16>, tensor<40xf16>, tensor<40xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<40xf64>) -> tensor<40xf32>
  %1 = "tc_tensor.cast"(%x) : (tensor<40xf64>) -> tensor<40xf16>
  %2 = "tc_tensor.cast"(%y) : (tensor<40xf32>) -> tensor<40xbf16>
  %3 = "tc_tensor.cast"(%y) : (tensor<40xf32>) -> tensor<40xf16>
  %4 = "tc_tensor.cast"(%y) : (tensor<40xf32>) -> tensor<40xf64>
  return %0, %1, %2, %3, %4 : tensor<40xf32>, tensor<40xf16>, tensor<40xbf16>, tensor<40xf16>, tensor<40xf64>
}
// f16 <-> bf16 rounds both ways (f16 65504 -> bf16 65536; bf16 1e38 -> f16 inf).
func.func @cast_f16_bf16(%x: tensor<40xf16> {tc.distribution = "uniform(-100, 100)", tc.oracle = "special"}, %y: tensor<40xbf16> {tc.distribution = "normal(0, 1e5)", tc.oracle = "special"}) -> (tensor<40xbf16>, tensor<40xf16>, tensor<40xf32>, tensor<40xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<40xf16>) -> tensor<40xbf16>
  %1 = "tc_tensor.cast"(%y) : (tensor<40xbf16>) -> tensor<40xf16>
  %2 = "tc_tensor.cast"(%x) : (tensor<40xf16>) -> tensor<40xf32>
  %3 = "tc_tensor.cast"(%y) : (tensor<40xbf16>) -> tensor<40xf64>
  return %0, %1, %2, %3 : tensor<40xbf16>, tensor<40xf16>, tensor<40xf32>, tensor<40xf64>
}

// float -> int truncates toward zero and saturates; NaN -> 0, +inf -> max,
// -inf -> min (0 unsigned). ONNX leaves out-of-range conversion undefined and
// NumPy's astype gives platform garbage; the spec defines it.
func.func @cast_f32_to_ints(%x: tensor<40xf32> {tc.distribution = "uniform(-300, 300)", tc.oracle = "special"}) -> (tensor<40xi8>, tensor<40xui8>, tensor<40xi32>, tensor<40xui64>, tensor<40xi64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<40xf32>) -> tensor<40xi8>
  %1 = "tc_tensor.cast"(%x) : (tensor<40xf32>) -> tensor<40xui8>
  %2 = "tc_tensor.cast"(%x) : (tensor<40xf32>) -> tensor<40xi32>
  %3 = "tc_tensor.cast"(%x) : (tensor<40xf32>) -> tensor<40xui64>
  %4 = "tc_tensor.cast"(%x) : (tensor<40xf32>) -> tensor<40xi64>
  return %0, %1, %2, %3, %4 : tensor<40xi8>, tensor<40xui8>, tensor<40xi32>, tensor<40xui64>, tensor<40xi64>
}
// The edges of 64-bit ranges: 2^63 saturates to i64 max, 2^63 - 1024 is
// exact, -2^63 is min; 2^64 saturates ui64, 2^64 - 2048 is exact.
func.func @cast_f64_to_64bit(%x: tensor<12xf64> {tc.oracle = "sequence(9223372036854775808, 9223372036854774784, -9223372036854775808, -9223372036854777856, 18446744073709551616, 18446744073709549568, -0.7, -3.5, 300.0, -1.0e300, 4294967295.9, 2147483647.5)"}) -> (tensor<12xi64>, tensor<12xui64>, tensor<12xi32>, tensor<12xui32>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<12xf64>) -> tensor<12xi64>
  %1 = "tc_tensor.cast"(%x) : (tensor<12xf64>) -> tensor<12xui64>
  %2 = "tc_tensor.cast"(%x) : (tensor<12xf64>) -> tensor<12xi32>
  %3 = "tc_tensor.cast"(%x) : (tensor<12xf64>) -> tensor<12xui32>
  return %0, %1, %2, %3 : tensor<12xi64>, tensor<12xui64>, tensor<12xi32>, tensor<12xui32>
}
func.func @cast_f16_bf16_to_ints(%x: tensor<40xf16> {tc.distribution = "uniform(-70000, 70000)", tc.oracle = "special"}, %y: tensor<40xbf16> {tc.distribution = "normal(0, 1e5)", tc.oracle = "special"}) -> (tensor<40xi16>, tensor<40xui16>, tensor<40xi32>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<40xf16>) -> tensor<40xi16>
  %1 = "tc_tensor.cast"(%x) : (tensor<40xf16>) -> tensor<40xui16>
  %2 = "tc_tensor.cast"(%y) : (tensor<40xbf16>) -> tensor<40xi32>
  return %0, %1, %2 : tensor<40xi16>, tensor<40xui16>, tensor<40xi32>
}

// int -> float rounds the exact integer once, ties to even: 2^24 + 1 ->
// 2^24 in f32, 257 -> 256 and 259 -> 260 in bf16, i64 max -> 2^63, ui32
// 70000 -> +inf in f16 (beyond 65520).
func.func @cast_ints_to_float(%a: tensor<10xi64> {tc.oracle = "sequence(16777217, 16777219, -16777217, 257, 259, 9223372036854775807, -9223372036854775808, 65519, 65520, -65536)"}, %b: tensor<7xui64> {tc.oracle = "specials"}, %c: tensor<7xui32> {tc.oracle = "sequence(70000, 65504, 65519, 65520, 4294967295, 0, 1)"}) -> (tensor<10xf32>, tensor<10xbf16>, tensor<10xf16>, tensor<10xf64>, tensor<7xf64>, tensor<7xf32>, tensor<7xf16>) {
  %0 = "tc_tensor.cast"(%a) : (tensor<10xi64>) -> tensor<10xf32>
  %1 = "tc_tensor.cast"(%a) : (tensor<10xi64>) -> tensor<10xbf16>
  %2 = "tc_tensor.cast"(%a) : (tensor<10xi64>) -> tensor<10xf16>
  %3 = "tc_tensor.cast"(%a) : (tensor<10xi64>) -> tensor<10xf64>
  %4 = "tc_tensor.cast"(%b) : (tensor<7xui64>) -> tensor<7xf64>
  %5 = "tc_tensor.cast"(%b) : (tensor<7xui64>) -> tensor<7xf32>
  %6 = "tc_tensor.cast"(%c) : (tensor<7xui32>) -> tensor<7xf16>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<10xf32>, tensor<10xbf16>, tensor<10xf16>, tensor<10xf64>, tensor<7xf64>, tensor<7xf32>, tensor<7xf16>
}
func.func @cast_ints_to_float_random(%a: tensor<32xi32> {tc.oracle = "full"}, %b: tensor<32xui64> {tc.oracle = "full"}, %c: tensor<32xi64> {tc.oracle = "full"}) -> (tensor<32xf32>, tensor<32xbf16>, tensor<32xf32>, tensor<32xf64>) {
  %0 = "tc_tensor.cast"(%a) : (tensor<32xi32>) -> tensor<32xf32>
  %1 = "tc_tensor.cast"(%a) : (tensor<32xi32>) -> tensor<32xbf16>
  %2 = "tc_tensor.cast"(%b) : (tensor<32xui64>) -> tensor<32xf32>
  %3 = "tc_tensor.cast"(%c) : (tensor<32xi64>) -> tensor<32xf64>
  return %0, %1, %2, %3 : tensor<32xf32>, tensor<32xbf16>, tensor<32xf32>, tensor<32xf64>
}

// int -> int wraps: widening sign-extends a signed source (i8 -1 -> ui64
// 2^64 - 1) and zero-extends an unsigned one; narrowing keeps the low bits.
func.func @cast_int_int(%a: tensor<9xi8> {tc.oracle = "specials"}, %b: tensor<7xui8> {tc.oracle = "specials"}, %c: tensor<32xi32> {tc.oracle = "full"}, %d: tensor<7xui64> {tc.oracle = "specials"}) -> (tensor<9xui64>, tensor<9xi64>, tensor<7xi8>, tensor<7xi32>, tensor<32xi8>, tensor<32xui16>, tensor<7xi32>, tensor<7xi64>) {
  %0 = "tc_tensor.cast"(%a) : (tensor<9xi8>) -> tensor<9xui64>
  %1 = "tc_tensor.cast"(%a) : (tensor<9xi8>) -> tensor<9xi64>
  %2 = "tc_tensor.cast"(%b) : (tensor<7xui8>) -> tensor<7xi8>
  %3 = "tc_tensor.cast"(%b) : (tensor<7xui8>) -> tensor<7xi32>
  %4 = "tc_tensor.cast"(%c) : (tensor<32xi32>) -> tensor<32xi8>
  %5 = "tc_tensor.cast"(%c) : (tensor<32xi32>) -> tensor<32xui16>
  %6 = "tc_tensor.cast"(%d) : (tensor<7xui64>) -> tensor<7xi32>
  %7 = "tc_tensor.cast"(%d) : (tensor<7xui64>) -> tensor<7xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<9xui64>, tensor<9xi64>, tensor<7xi8>, tensor<7xi32>, tensor<32xi8>, tensor<32xui16>, tensor<7xi32>, tensor<7xi64>
}

// Anything -> i1 is x != 0 (NaN -> true, -0 -> false); i1 -> int is 0 or 1,
// never -1 (i1 is bool, not a 1-bit signed integer).
func.func @cast_i1(%a: tensor<40xf32> {tc.oracle = "special"}, %b: tensor<9xi8> {tc.oracle = "specials"}, %c: tensor<2x3xi1>, %d: tensor<40xbf16> {tc.oracle = "special"}) -> (tensor<40xi1>, tensor<9xi1>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xi8>, tensor<2x3xui8>, tensor<2x3xbf16>, tensor<40xi1>, tensor<2x3xi1>) {
  %0 = "tc_tensor.cast"(%a) : (tensor<40xf32>) -> tensor<40xi1>
  %1 = "tc_tensor.cast"(%b) : (tensor<9xi8>) -> tensor<9xi1>
  %2 = "tc_tensor.cast"(%c) : (tensor<2x3xi1>) -> tensor<2x3xf32>
  %3 = "tc_tensor.cast"(%c) : (tensor<2x3xi1>) -> tensor<2x3xi32>
  %4 = "tc_tensor.cast"(%c) : (tensor<2x3xi1>) -> tensor<2x3xi8>
  %5 = "tc_tensor.cast"(%c) : (tensor<2x3xi1>) -> tensor<2x3xui8>
  %6 = "tc_tensor.cast"(%c) : (tensor<2x3xi1>) -> tensor<2x3xbf16>
  %7 = "tc_tensor.cast"(%d) : (tensor<40xbf16>) -> tensor<40xi1>
  %8 = "tc_tensor.cast"(%c) : (tensor<2x3xi1>) -> tensor<2x3xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<40xi1>, tensor<9xi1>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xi8>, tensor<2x3xui8>, tensor<2x3xbf16>, tensor<40xi1>, tensor<2x3xi1>
}
func.func @cast_same_rank0_empty(%a: tensor<f32> {tc.oracle = "values(nan)"}, %b: tensor<0x2xf64>, %c: tensor<i64> {tc.oracle = "full"}) -> (tensor<f32>, tensor<0x2xi8>, tensor<ui16>) {
  %0 = "tc_tensor.cast"(%a) : (tensor<f32>) -> tensor<f32>
  %1 = "tc_tensor.cast"(%b) : (tensor<0x2xf64>) -> tensor<0x2xi8>
  %2 = "tc_tensor.cast"(%c) : (tensor<i64>) -> tensor<ui16>
  return %0, %1, %2 : tensor<f32>, tensor<0x2xi8>, tensor<ui16>
}

// constant: the value's elements, as the attribute holds them (decimal
// literals are read as doubles and converted, as MLIR does; hex literals are
// bit patterns: NaN, -inf, the smallest subnormal).
func.func @constant_floats() -> (tensor<2x3xf32>, tensor<4xf32>, tensor<f64>, tensor<4xf16>, tensor<4xbf16>, tensor<0x3xf32>) {
  %0 = "tc_tensor.constant"() {value = dense<[[1.5, -0.0, 0x7FC00000], [0xFF800000, 0x00000001, 3.0e38]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %1 = "tc_tensor.constant"() {value = dense<0.1> : tensor<4xf32>} : () -> tensor<4xf32>
  %2 = "tc_tensor.constant"() {value = dense<-2.5e-310> : tensor<f64>} : () -> tensor<f64>
  %3 = "tc_tensor.constant"() {value = dense<[0.1, 65504.0, -6.103515625e-05, 0x0001]> : tensor<4xf16>} : () -> tensor<4xf16>
  %4 = "tc_tensor.constant"() {value = dense<[0x7FC0, 0xFF80, 0x0001, 1.0078125]> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %5 = "tc_tensor.constant"() {value = dense<> : tensor<0x3xf32>} : () -> tensor<0x3xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xf32>, tensor<4xf32>, tensor<f64>, tensor<4xf16>, tensor<4xbf16>, tensor<0x3xf32>
}
func.func @constant_ints() -> (tensor<3xi1>, tensor<2xi8>, tensor<2xui64>, tensor<2x2xi64>, tensor<ui16>, tensor<3xi32>) {
  %0 = "tc_tensor.constant"() {value = dense<[true, false, true]> : tensor<3xi1>} : () -> tensor<3xi1>
  %1 = "tc_tensor.constant"() {value = dense<[-128, 127]> : tensor<2xi8>} : () -> tensor<2xi8>
  %2 = "tc_tensor.constant"() {value = dense<[18446744073709551615, 9223372036854775808]> : tensor<2xui64>} : () -> tensor<2xui64>
  %3 = "tc_tensor.constant"() {value = dense<[[-9223372036854775808, 9223372036854775807], [0, -1]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %4 = "tc_tensor.constant"() {value = dense<65535> : tensor<ui16>} : () -> tensor<ui16>
  %5 = "tc_tensor.constant"() {value = dense<-7> : tensor<3xi32>} : () -> tensor<3xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<3xi1>, tensor<2xi8>, tensor<2xui64>, tensor<2x2xi64>, tensor<ui16>, tensor<3xi32>
}
func.func @constant_resource() -> (tensor<2x3xf32>, tensor<4xi32>) {
  %0 = "tc_tensor.constant"() {value = dense_resource<blob_f32> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %1 = "tc_tensor.constant"() {value = dense_resource<blob_i32> : tensor<4xi32>} : () -> tensor<4xi32>
  return %0, %1 : tensor<2x3xf32>, tensor<4xi32>
}
// A constant feeding an op with an argument.
func.func @constant_then_add(%x: tensor<2x3xf64> {tc.oracle = "special"}) -> tensor<2x3xf64> {
  %c = "tc_tensor.constant"() {value = dense<[[1.0e308, -1.0, 0x7FF0000000000000], [-0.0, 2.5, 0x0000000000000001]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %0 = "tc_tensor.add"(%x, %c) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

{-#
  dialect_resources: {
    builtin: {
      blob_f32: "0x040000000000C03F000010C00000C07F000080FF0000008002000000",
      blob_i32: "0x0400000000000080FFFFFF7FFFFFFFFF07000000"
    }
  }
#-}
