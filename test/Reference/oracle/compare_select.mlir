// Comparisons (docs/dialects.md §2.2.3), where (§2.2.4) and clip (§2.2.5) on
// tensor-ref against the oracle (utils/ref-oracle.py): NaN compares false
// except under ne, -0 == +0, unsigned comparisons, i1 as false < true,
// three-way broadcasting, clip's bound conversion.
// RUN: tensor-opt %s > /dev/null
// RUN: %python %tc_src_root/utils/ref-oracle.py %s --tensor-ref tensor-ref --tensor-ref-arg=--exact --contract %S/../oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} cases, 0 failures, {{[1-9][0-9]*}} library checks, 0 library disagreements

func.func @compare_f32_pairs(%a: tensor<16x1xf32> {tc.oracle = "specials"}, %b: tensor<16xf32> {tc.oracle = "specials"}) -> (tensor<16x16xi1>, tensor<16x16xi1>, tensor<16x16xi1>, tensor<16x16xi1>, tensor<16x16xi1>, tensor<16x16xi1>) {
  %0 = "tc_tensor.eq"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xi1>
  %1 = "tc_tensor.ne"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xi1>
  %2 = "tc_tensor.lt"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xi1>
  %3 = "tc_tensor.le"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xi1>
  %4 = "tc_tensor.gt"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xi1>
  %5 = "tc_tensor.ge"(%a, %b) : (tensor<16x1xf32>, tensor<16xf32>) -> tensor<16x16xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<16x16xi1>, tensor<16x16xi1>, tensor<16x16xi1>, tensor<16x16xi1>, tensor<16x16xi1>, tensor<16x16xi1>
}
// Integer-valued floats make ties frequent.
func.func @compare_f64_ties(%a: tensor<6x1xf64> {tc.distribution = "integers(-3, 3)"}, %b: tensor<2x1x8xf64> {tc.distribution = "integers(-3, 3)", tc.oracle = "special"}) -> (tensor<2x6x8xi1>, tensor<2x6x8xi1>, tensor<2x6x8xi1>) {
  %0 = "tc_tensor.eq"(%a, %b) : (tensor<6x1xf64>, tensor<2x1x8xf64>) -> tensor<2x6x8xi1>
  %1 = "tc_tensor.le"(%a, %b) : (tensor<6x1xf64>, tensor<2x1x8xf64>) -> tensor<2x6x8xi1>
  %2 = "tc_tensor.gt"(%a, %b) : (tensor<6x1xf64>, tensor<2x1x8xf64>) -> tensor<2x6x8xi1>
  return %0, %1, %2 : tensor<2x6x8xi1>, tensor<2x6x8xi1>, tensor<2x6x8xi1>
}
func.func @compare_f16_bf16(%a: tensor<16x1xf16> {tc.oracle = "specials"}, %b: tensor<16xf16> {tc.oracle = "specials"}, %c: tensor<16x1xbf16> {tc.oracle = "specials"}, %d: tensor<16xbf16> {tc.oracle = "specials"}) -> (tensor<16x16xi1>, tensor<16x16xi1>) {
  %0 = "tc_tensor.lt"(%a, %b) : (tensor<16x1xf16>, tensor<16xf16>) -> tensor<16x16xi1>
  %1 = "tc_tensor.ne"(%c, %d) : (tensor<16x1xbf16>, tensor<16xbf16>) -> tensor<16x16xi1>
  return %0, %1 : tensor<16x16xi1>, tensor<16x16xi1>
}
// Signed and unsigned integers compare as the dtype says: ui64 2^63 > 1.
func.func @compare_ints(%a: tensor<9x1xi8> {tc.oracle = "specials"}, %b: tensor<9xi8> {tc.oracle = "specials"}, %c: tensor<7x1xui64> {tc.oracle = "specials"}, %d: tensor<7xui64> {tc.oracle = "specials"}, %e: tensor<9x1xi64> {tc.oracle = "specials"}, %f: tensor<9xi64> {tc.oracle = "specials"}) -> (tensor<9x9xi1>, tensor<9x9xi1>, tensor<7x7xi1>, tensor<7x7xi1>, tensor<9x9xi1>) {
  %0 = "tc_tensor.lt"(%a, %b) : (tensor<9x1xi8>, tensor<9xi8>) -> tensor<9x9xi1>
  %1 = "tc_tensor.ge"(%a, %b) : (tensor<9x1xi8>, tensor<9xi8>) -> tensor<9x9xi1>
  %2 = "tc_tensor.gt"(%c, %d) : (tensor<7x1xui64>, tensor<7xui64>) -> tensor<7x7xi1>
  %3 = "tc_tensor.le"(%c, %d) : (tensor<7x1xui64>, tensor<7xui64>) -> tensor<7x7xi1>
  %4 = "tc_tensor.eq"(%e, %f) : (tensor<9x1xi64>, tensor<9xi64>) -> tensor<9x9xi1>
  return %0, %1, %2, %3, %4 : tensor<9x9xi1>, tensor<9x9xi1>, tensor<7x7xi1>, tensor<7x7xi1>, tensor<9x9xi1>
}
// i1 compares false < true.
func.func @compare_i1(%a: tensor<2x1xi1> {tc.oracle = "specials"}, %b: tensor<2xi1> {tc.oracle = "specials"}) -> (tensor<2x2xi1>, tensor<2x2xi1>, tensor<2x2xi1>) {
  %0 = "tc_tensor.lt"(%a, %b) : (tensor<2x1xi1>, tensor<2xi1>) -> tensor<2x2xi1>
  %1 = "tc_tensor.ge"(%a, %b) : (tensor<2x1xi1>, tensor<2xi1>) -> tensor<2x2xi1>
  %2 = "tc_tensor.ne"(%a, %b) : (tensor<2x1xi1>, tensor<2xi1>) -> tensor<2x2xi1>
  return %0, %1, %2 : tensor<2x2xi1>, tensor<2x2xi1>, tensor<2x2xi1>
}
func.func @compare_empty_rank0(%a: tensor<0x4xui8>, %b: tensor<4xui8>, %c: tensor<i32>, %d: tensor<i32>) -> (tensor<0x4xi1>, tensor<i1>) {
  %0 = "tc_tensor.eq"(%a, %b) : (tensor<0x4xui8>, tensor<4xui8>) -> tensor<0x4xi1>
  %1 = "tc_tensor.lt"(%c, %d) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %0, %1 : tensor<0x4xi1>, tensor<i1>
}

// where passes the selected value unchanged (NaN payloads, -0) and ignores
// the other; cond, lhs and rhs broadcast three ways.
func.func @where_f32_broadcast(%c: tensor<4x1x1xi1>, %a: tensor<1x5x1xf32> {tc.oracle = "special"}, %b: tensor<3xf32> {tc.oracle = "special"}) -> tensor<4x5x3xf32> {
  %0 = "tc_tensor.where"(%c, %a, %b) : (tensor<4x1x1xi1>, tensor<1x5x1xf32>, tensor<3xf32>) -> tensor<4x5x3xf32>
  return %0 : tensor<4x5x3xf32>
}
func.func @where_dtypes(%c: tensor<3x4xi1>, %a: tensor<3x4xi64> {tc.oracle = "special"}, %b: tensor<i64>, %d: tensor<i1>, %e: tensor<2x2xi1>, %f: tensor<2x2xi1>, %g: tensor<3x4xbf16> {tc.oracle = "special"}, %h: tensor<4xbf16>) -> (tensor<3x4xi64>, tensor<2x2xi1>, tensor<3x4xbf16>) {
  %0 = "tc_tensor.where"(%c, %a, %b) : (tensor<3x4xi1>, tensor<3x4xi64>, tensor<i64>) -> tensor<3x4xi64>
  %1 = "tc_tensor.where"(%d, %e, %f) : (tensor<i1>, tensor<2x2xi1>, tensor<2x2xi1>) -> tensor<2x2xi1>
  %2 = "tc_tensor.where"(%c, %g, %h) : (tensor<3x4xi1>, tensor<3x4xbf16>, tensor<4xbf16>) -> tensor<3x4xbf16>
  return %0, %1, %2 : tensor<3x4xi64>, tensor<2x2xi1>, tensor<3x4xbf16>
}
func.func @where_empty(%c: tensor<0x1xi1>, %a: tensor<1x3xf16>, %b: tensor<1xf16>) -> tensor<0x3xf16> {
  %0 = "tc_tensor.where"(%c, %a, %b) : (tensor<0x1xi1>, tensor<1x3xf16>, tensor<1xf16>) -> tensor<0x3xf16>
  return %0 : tensor<0x3xf16>
}
// A comparison feeding where: the two ops compose.
func.func @where_of_compare(%a: tensor<4x6xf32> {tc.oracle = "special"}, %b: tensor<6xf32> {tc.oracle = "special"}) -> tensor<4x6xf32> {
  %c = "tc_tensor.gt"(%a, %b) : (tensor<4x6xf32>, tensor<6xf32>) -> tensor<4x6xi1>
  %0 = "tc_tensor.where"(%c, %a, %b) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// clip: min(max(x, lo), hi) under the max/min rules (NaN stays NaN, -0 with
// lo = +0 gives +0); float bounds are first rounded to the dtype as cast
// does (0.1 in f16 is 0.0999755859375).
func.func @clip_f32(%x: tensor<40xf32> {tc.oracle = "special"}) -> (tensor<40xf32>, tensor<40xf32>) {
  %0 = "tc_tensor.clip"(%x) {min = -1.5 : f64, max = 2.0 : f64} : (tensor<40xf32>) -> tensor<40xf32>
  %1 = "tc_tensor.clip"(%x) {min = 0.0 : f64, max = 0x7FF0000000000000 : f64} : (tensor<40xf32>) -> tensor<40xf32>
  return %0, %1 : tensor<40xf32>, tensor<40xf32>
}
func.func @clip_f16_rounded_bounds(%x: tensor<40xf16> {tc.distribution = "uniform(-0.2, 0.2)", tc.oracle = "special"}) -> tensor<40xf16> {
  %0 = "tc_tensor.clip"(%x) {min = -0.1 : f64, max = 0.1 : f64} : (tensor<40xf16>) -> tensor<40xf16>
  return %0 : tensor<40xf16>
}
// Bounds beyond a narrow dtype's range round to ±inf (bf16: 1e39 -> inf);
// lo > hi makes every non-NaN element hi.
func.func @clip_bf16_f64(%x: tensor<40xbf16> {tc.oracle = "special"}, %y: tensor<40xf64> {tc.oracle = "special"}) -> (tensor<40xbf16>, tensor<40xf64>) {
  %0 = "tc_tensor.clip"(%x) {min = -1.0e39 : f64, max = 3.0e38 : f64} : (tensor<40xbf16>) -> tensor<40xbf16>
  %1 = "tc_tensor.clip"(%y) {min = 2.0 : f64, max = -3.0 : f64} : (tensor<40xf64>) -> tensor<40xf64>
  return %0, %1 : tensor<40xbf16>, tensor<40xf64>
}
// Integer bounds; for ui64 the i64 attribute's bits are read unsigned, so
// -1 : i64 is 2^64 - 1.
func.func @clip_ints(%a: tensor<20xi8> {tc.oracle = "special"}, %b: tensor<14xui64> {tc.oracle = "special"}, %c: tensor<20xi32> {tc.oracle = "full"}, %d: tensor<0x2xi16>) -> (tensor<20xi8>, tensor<14xui64>, tensor<20xi32>, tensor<0x2xi16>) {
  %0 = "tc_tensor.clip"(%a) {min = -100 : i64, max = 5 : i64} : (tensor<20xi8>) -> tensor<20xi8>
  %1 = "tc_tensor.clip"(%b) {min = 2 : i64, max = -1 : i64} : (tensor<14xui64>) -> tensor<14xui64>
  %2 = "tc_tensor.clip"(%c) {min = 7 : i64, max = -7 : i64} : (tensor<20xi32>) -> tensor<20xi32>
  %3 = "tc_tensor.clip"(%d) {min = 0 : i64, max = 1 : i64} : (tensor<0x2xi16>) -> tensor<0x2xi16>
  return %0, %1, %2, %3 : tensor<20xi8>, tensor<14xui64>, tensor<20xi32>, tensor<0x2xi16>
}
