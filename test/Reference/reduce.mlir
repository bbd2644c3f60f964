// Reference evaluation of the reductions and argmax/argmin
// (lib/Reference/EvalReduce.c, docs/dialects.md §2.2.17-18): small programs
// with exactly known results, including axes and keepdims, rank 0,
// reductions over size-0 dimensions, signed zeros, NaN and inf, wrapping
// integers, exact sums and products, and argmax ties and NaN.

// x = [[1, 2, 3], [4, 5, 6]]: one axis, the other, negative and empty axes
// (empty = all), keepdims; a middle axis of a rank-3 tensor; rank 0.
// RUN: tensor-ref %s --fn reduce_axes | FileCheck %s --match-full-lines --check-prefix=AXES
// AXES:      output #0: tensor<2xf32> = [6, 15]
// AXES-NEXT: output #1: tensor<1x3xf32> = {{\[}}[5, 7, 9]]
// AXES-NEXT: output #2: tensor<f32> = 21
// AXES-NEXT: output #3: tensor<1x1xf32> = {{\[}}[21]]
// AXES-NEXT: output #4: tensor<f32> = 21
// AXES-NEXT: output #5: tensor<2x1x2xi32> = {{\[}}[{{\[}}2, 4]], {{\[}}[10, 12]]]
// AXES-NEXT: output #6: tensor<f32> = 7
// AXES-NEXT: output #7: tensor<f32> = 7
func.func @reduce_axes() -> (tensor<2xf32>, tensor<1x3xf32>, tensor<f32>, tensor<1x1xf32>, tensor<f32>, tensor<2x1x2xi32>, tensor<f32>, tensor<f32>) {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  %1 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 0>, keepdims = true} : (tensor<2x3xf32>) -> tensor<1x3xf32>
  %2 = "tc_tensor.reduce_sum"(%x) {axes = array<i64>, keepdims = false} : (tensor<2x3xf32>) -> tensor<f32>
  %3 = "tc_tensor.reduce_sum"(%x) {axes = array<i64>, keepdims = true} : (tensor<2x3xf32>) -> tensor<1x1xf32>
  %4 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3xf32>) -> tensor<f32>
  %y = "tc_tensor.constant"() {value = dense<[[[0, 1], [2, 3]], [[4, 5], [6, 7]]]> : tensor<2x2x2xi32>} : () -> tensor<2x2x2xi32>
  %5 = "tc_tensor.reduce_sum"(%y) {axes = array<i64: 1>, keepdims = true} : (tensor<2x2x2xi32>) -> tensor<2x1x2xi32>
  %s = "tc_tensor.constant"() {value = dense<7.0> : tensor<f32>} : () -> tensor<f32>
  %6 = "tc_tensor.reduce_sum"(%s) {axes = array<i64>, keepdims = true} : (tensor<f32>) -> tensor<f32>
  %7 = "tc_tensor.reduce_mean"(%s) {axes = array<i64>, keepdims = false} : (tensor<f32>) -> tensor<f32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2xf32>, tensor<1x3xf32>, tensor<f32>, tensor<1x1xf32>, tensor<f32>, tensor<2x1x2xi32>, tensor<f32>, tensor<f32>
}

// The other reductions on the same x.
// RUN: tensor-ref %s --fn reduce_kinds | FileCheck %s --match-full-lines --check-prefix=KINDS
// KINDS:      output #0: tensor<2xf32> = [6, 120]
// KINDS-NEXT: output #1: tensor<3xf32> = [4, 5, 6]
// KINDS-NEXT: output #2: tensor<2x1xf32> = {{\[}}[1], [4]]
// KINDS-NEXT: output #3: tensor<2xf32> = [2, 5]
// KINDS-NEXT: output #4: tensor<f32> = 3.5
func.func @reduce_kinds() -> (tensor<2xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<2xf32>, tensor<f32>) {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  %1 = "tc_tensor.reduce_max"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<2x3xf32>) -> tensor<3xf32>
  %2 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %3 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  %4 = "tc_tensor.reduce_mean"(%x) {axes = array<i64>, keepdims = false} : (tensor<2x3xf32>) -> tensor<f32>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<2xf32>, tensor<f32>
}

// Reducing a size-0 dimension gives each op's value over the empty set;
// reducing the other dimension of a [2, 0] tensor gives an empty result.
// RUN: tensor-ref %s --fn reduce_empty | FileCheck %s --match-full-lines --check-prefix=EMPTY
// EMPTY:      output #0: tensor<2xf32> = [0, 0]
// EMPTY-NEXT: output #1: tensor<2xf32> = [1, 1]
// EMPTY-NEXT: output #2: tensor<2xf32> = [-inf, -inf]
// EMPTY-NEXT: output #3: tensor<2xf32> = [inf, inf]
// EMPTY-NEXT: output #4: tensor<2xf32> = [{{-?}}nan, {{-?}}nan]
// EMPTY-NEXT: output #5: tensor<0xf32> = []
// EMPTY-NEXT: output #6: tensor<2xi8> = [0, 0]
// EMPTY-NEXT: output #7: tensor<2xi8> = [1, 1]
// EMPTY-NEXT: output #8: tensor<2xi8> = [-128, -128]
// EMPTY-NEXT: output #9: tensor<2xi8> = [127, 127]
// EMPTY-NEXT: output #10: tensor<2xui8> = [0, 0]
// EMPTY-NEXT: output #11: tensor<2xui8> = [255, 255]
// EMPTY-NEXT: output #12: tensor<f64> = 0
// EMPTY-NEXT: output #13: tensor<i64> = -9223372036854775808
func.func @reduce_empty() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<0xf32>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xui8>, tensor<2xui8>, tensor<f64>, tensor<i64>) {
  %x = "tc_tensor.constant"() {value = dense<> : tensor<2x0xf32>} : () -> tensor<2x0xf32>
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xf32>) -> tensor<2xf32>
  %1 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xf32>) -> tensor<2xf32>
  %2 = "tc_tensor.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xf32>) -> tensor<2xf32>
  %3 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xf32>) -> tensor<2xf32>
  %4 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xf32>) -> tensor<2xf32>
  %5 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<2x0xf32>) -> tensor<0xf32>
  %i = "tc_tensor.constant"() {value = dense<> : tensor<2x0xi8>} : () -> tensor<2x0xi8>
  %6 = "tc_tensor.reduce_sum"(%i) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xi8>) -> tensor<2xi8>
  %7 = "tc_tensor.reduce_prod"(%i) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xi8>) -> tensor<2xi8>
  %8 = "tc_tensor.reduce_max"(%i) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xi8>) -> tensor<2xi8>
  %9 = "tc_tensor.reduce_min"(%i) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xi8>) -> tensor<2xi8>
  %u = "tc_tensor.constant"() {value = dense<> : tensor<2x0xui8>} : () -> tensor<2x0xui8>
  %10 = "tc_tensor.reduce_max"(%u) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xui8>) -> tensor<2xui8>
  %11 = "tc_tensor.reduce_min"(%u) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xui8>) -> tensor<2xui8>
  %d = "tc_tensor.constant"() {value = dense<> : tensor<0x3xf64>} : () -> tensor<0x3xf64>
  %12 = "tc_tensor.reduce_sum"(%d) {axes = array<i64>, keepdims = false} : (tensor<0x3xf64>) -> tensor<f64>
  %l = "tc_tensor.constant"() {value = dense<> : tensor<0xi64>} : () -> tensor<0xi64>
  %13 = "tc_tensor.reduce_max"(%l) {axes = array<i64: 0>, keepdims = false} : (tensor<0xi64>) -> tensor<i64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<0xf32>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xui8>, tensor<2xui8>, tensor<f64>, tensor<i64>
}

// Rows [-0, -0], [-0, +0], [+0, -0], [-1, +0]: a sum is -0 only if every
// addend is; max prefers +0 and min -0 in either order; a zero product is -0
// iff an odd number of factors is negative or -0.
// RUN: tensor-ref %s --fn reduce_signed_zeros | FileCheck %s --match-full-lines --check-prefix=ZEROS
// ZEROS:      output #0: tensor<4xf32> = [-0, 0, 0, -1]
// ZEROS-NEXT: output #1: tensor<4xf32> = [-0, 0, 0, 0]
// ZEROS-NEXT: output #2: tensor<4xf32> = [-0, -0, -0, -1]
// ZEROS-NEXT: output #3: tensor<4xf32> = [0, -0, -0, -0]
// ZEROS-NEXT: output #4: tensor<4xf32> = [-0, 0, 0, -0.5]
func.func @reduce_signed_zeros() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[-0.0, -0.0], [-0.0, 0.0], [0.0, -0.0], [-1.0, 0.0]]> : tensor<4x2xf32>} : () -> tensor<4x2xf32>
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x2xf32>) -> tensor<4xf32>
  %1 = "tc_tensor.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x2xf32>) -> tensor<4xf32>
  %2 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x2xf32>) -> tensor<4xf32>
  %3 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x2xf32>) -> tensor<4xf32>
  %4 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x2xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// Rows [1, NaN], [inf, -inf], [0, inf], [inf, 2]: NaN propagates through
// every reduction; inf + -inf and 0·inf are NaN.
// RUN: tensor-ref %s --fn reduce_special | FileCheck %s --match-full-lines --check-prefix=SPECIAL
// SPECIAL:      output #0: tensor<4xf32> = [{{-?}}nan, {{-?}}nan, inf, inf]
// SPECIAL-NEXT: output #1: tensor<4xf32> = [{{-?}}nan, -inf, {{-?}}nan, inf]
// SPECIAL-NEXT: output #2: tensor<4xf32> = [{{-?}}nan, inf, inf, inf]
// SPECIAL-NEXT: output #3: tensor<4xf32> = [{{-?}}nan, -inf, 0, 2]
// SPECIAL-NEXT: output #4: tensor<4xf32> = [{{-?}}nan, {{-?}}nan, inf, inf]
func.func @reduce_special() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 0x7FC00000], [0x7F800000, 0xFF800000], [0.0, 0x7F800000], [0x7F800000, 2.0]]> : tensor<4x2xf32>} : () -> tensor<4x2xf32>
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x2xf32>) -> tensor<4xf32>
  %1 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x2xf32>) -> tensor<4xf32>
  %2 = "tc_tensor.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x2xf32>) -> tensor<4xf32>
  %3 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x2xf32>) -> tensor<4xf32>
  %4 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x2xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// Integers wrap (rows [100, 100], [16, 16], [-128, -1] in i8; ui8
// 200 + 100; i32 2^16 · 2^16) and compare with their dtype's signedness.
// RUN: tensor-ref %s --fn reduce_int | FileCheck %s --match-full-lines --check-prefix=INT
// INT:      output #0: tensor<3xi8> = [-56, 32, 127]
// INT-NEXT: output #1: tensor<3xi8> = [16, 0, -128]
// INT-NEXT: output #2: tensor<3xi8> = [100, 16, -1]
// INT-NEXT: output #3: tensor<ui8> = 44
// INT-NEXT: output #4: tensor<ui8> = 200
// INT-NEXT: output #5: tensor<ui8> = 100
// INT-NEXT: output #6: tensor<i32> = 0
func.func @reduce_int() -> (tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<ui8>, tensor<ui8>, tensor<ui8>, tensor<i32>) {
  %s = "tc_tensor.constant"() {value = dense<[[100, 100], [16, 16], [-128, -1]]> : tensor<3x2xi8>} : () -> tensor<3x2xi8>
  %0 = "tc_tensor.reduce_sum"(%s) {axes = array<i64: 1>, keepdims = false} : (tensor<3x2xi8>) -> tensor<3xi8>
  %1 = "tc_tensor.reduce_prod"(%s) {axes = array<i64: 1>, keepdims = false} : (tensor<3x2xi8>) -> tensor<3xi8>
  %2 = "tc_tensor.reduce_max"(%s) {axes = array<i64: 1>, keepdims = false} : (tensor<3x2xi8>) -> tensor<3xi8>
  %u = "tc_tensor.constant"() {value = dense<[200, 100]> : tensor<2xui8>} : () -> tensor<2xui8>
  %3 = "tc_tensor.reduce_sum"(%u) {axes = array<i64>, keepdims = false} : (tensor<2xui8>) -> tensor<ui8>
  %4 = "tc_tensor.reduce_max"(%u) {axes = array<i64>, keepdims = false} : (tensor<2xui8>) -> tensor<ui8>
  %5 = "tc_tensor.reduce_min"(%u) {axes = array<i64>, keepdims = false} : (tensor<2xui8>) -> tensor<ui8>
  %w = "tc_tensor.constant"() {value = dense<65536> : tensor<2xi32>} : () -> tensor<2xi32>
  %6 = "tc_tensor.reduce_prod"(%w) {axes = array<i64: 0>, keepdims = false} : (tensor<2xi32>) -> tensor<i32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<ui8>, tensor<ui8>, tensor<ui8>, tensor<i32>
}

// Sums and products are exact, rounded once: 1 + 2^-24 + 2^-24 is
// 1 + 2^-23 in f32; f16 and f64 partial sums may pass the largest finite
// value; f64 partial products may overflow or underflow; a total beyond the
// range is inf.
// RUN: tensor-ref %s --fn reduce_exact | FileCheck %s --match-full-lines --check-prefix=EXACT
// EXACT:      output #0: tensor<f32> = 1.00000012
// EXACT-NEXT: output #1: tensor<f16> = 60000
// EXACT-NEXT: output #2: tensor<f16> = 60000
// EXACT-NEXT: output #3: tensor<f64> = 1.7976931348623157e+308
// EXACT-NEXT: output #4: tensor<f64> = inf
// EXACT-NEXT: output #5: tensor<f64> = 1.0715086071862673e+301
// EXACT-NEXT: output #6: tensor<f64> = 9.3326361850321888e-302
func.func @reduce_exact() -> (tensor<f32>, tensor<f16>, tensor<f16>, tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>) {
  %a = "tc_tensor.constant"() {value = dense<[1.0, 5.96046448e-08, 5.96046448e-08]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "tc_tensor.reduce_sum"(%a) {axes = array<i64>, keepdims = false} : (tensor<3xf32>) -> tensor<f32>
  %h = "tc_tensor.constant"() {value = dense<[60000.0, 60000.0, -60000.0]> : tensor<3xf16>} : () -> tensor<3xf16>
  %1 = "tc_tensor.reduce_sum"(%h) {axes = array<i64>, keepdims = false} : (tensor<3xf16>) -> tensor<f16>
  %hm = "tc_tensor.constant"() {value = dense<60000.0> : tensor<2xf16>} : () -> tensor<2xf16>
  %2 = "tc_tensor.reduce_mean"(%hm) {axes = array<i64>, keepdims = false} : (tensor<2xf16>) -> tensor<f16>
  %d = "tc_tensor.constant"() {value = dense<[1.7976931348623157e+308, 1.7976931348623157e+308, -1.7976931348623157e+308]> : tensor<3xf64>} : () -> tensor<3xf64>
  %3 = "tc_tensor.reduce_sum"(%d) {axes = array<i64>, keepdims = false} : (tensor<3xf64>) -> tensor<f64>
  %dd = "tc_tensor.constant"() {value = dense<1.7976931348623157e+308> : tensor<2xf64>} : () -> tensor<2xf64>
  %4 = "tc_tensor.reduce_sum"(%dd) {axes = array<i64>, keepdims = false} : (tensor<2xf64>) -> tensor<f64>
  %p = "tc_tensor.constant"() {value = dense<[1.0715086071862673e+301, 1.0715086071862673e+301, 9.3326361850321888e-302]> : tensor<3xf64>} : () -> tensor<3xf64>
  %5 = "tc_tensor.reduce_prod"(%p) {axes = array<i64>, keepdims = false} : (tensor<3xf64>) -> tensor<f64>
  %q = "tc_tensor.constant"() {value = dense<[9.3326361850321888e-302, 9.3326361850321888e-302, 1.0715086071862673e+301]> : tensor<3xf64>} : () -> tensor<3xf64>
  %6 = "tc_tensor.reduce_prod"(%q) {axes = array<i64>, keepdims = false} : (tensor<3xf64>) -> tensor<f64>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<f32>, tensor<f16>, tensor<f16>, tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>
}

// x = [[1, 3, 3, 2], [5, NaN, 1, NaN]] along axis 1: ties give the first
// index, or the last with select_last_index; a NaN wins for argmax and
// argmin alike (the first or last NaN). keepdims keeps the axis as 1.
// RUN: tensor-ref %s --fn argmax_basic | FileCheck %s --match-full-lines --check-prefix=ARG
// ARG:      output #0: tensor<2xi64> = [1, 1]
// ARG-NEXT: output #1: tensor<2xi64> = [2, 3]
// ARG-NEXT: output #2: tensor<2x1xi64> = {{\[}}[0], [1]]
// ARG-NEXT: output #3: tensor<2xi64> = [0, 3]
// ARG-NEXT: output #4: tensor<4xi64> = [1, 1, 0, 1]
func.func @argmax_basic() -> (tensor<2xi64>, tensor<2xi64>, tensor<2x1xi64>, tensor<2xi64>, tensor<4xi64>) {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 3.0, 3.0, 2.0], [5.0, 0x7FC00000, 1.0, 0x7FC00000]]> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %0 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<2x4xf32>) -> tensor<2xi64>
  %1 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<2x4xf32>) -> tensor<2xi64>
  %2 = "tc_tensor.argmin"(%x) {axis = -1 : i64, keepdims = true, select_last_index = false} : (tensor<2x4xf32>) -> tensor<2x1xi64>
  %3 = "tc_tensor.argmin"(%x) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<2x4xf32>) -> tensor<2xi64>
  %4 = "tc_tensor.argmax"(%x) {axis = -2 : i64, keepdims = false, select_last_index = false} : (tensor<2x4xf32>) -> tensor<4xi64>
  return %0, %1, %2, %3, %4 : tensor<2xi64>, tensor<2xi64>, tensor<2x1xi64>, tensor<2xi64>, tensor<4xi64>
}

// Rows [-0, +0] and [-inf, -inf]: -0 and +0 are equal (both the maximum
// and the minimum of [-0, +0]), as are two -inf, so the first or last index
// is chosen. Integers compare by their dtype's signedness; a rank-1 operand
// without keepdims gives a rank-0 index; an empty other dimension gives an
// empty result.
// RUN: tensor-ref %s --fn argmax_ties | FileCheck %s --match-full-lines --check-prefix=TIES
// TIES:      output #0: tensor<2xi64> = [0, 0]
// TIES-NEXT: output #1: tensor<2xi64> = [1, 1]
// TIES-NEXT: output #2: tensor<2xi64> = [0, 0]
// TIES-NEXT: output #3: tensor<2xi64> = [1, 1]
// TIES-NEXT: output #4: tensor<i64> = 3
// TIES-NEXT: output #5: tensor<i64> = 2
// TIES-NEXT: output #6: tensor<i64> = 2
// TIES-NEXT: output #7: tensor<i64> = 1
// TIES-NEXT: output #8: tensor<0x1xi64> = []
func.func @argmax_ties() -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<0x1xi64>) {
  %z = "tc_tensor.constant"() {value = dense<[[-0.0, 0.0], [0xFF800000, 0xFF800000]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %0 = "tc_tensor.argmax"(%z) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<2x2xf32>) -> tensor<2xi64>
  %1 = "tc_tensor.argmax"(%z) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<2x2xf32>) -> tensor<2xi64>
  %2 = "tc_tensor.argmin"(%z) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<2x2xf32>) -> tensor<2xi64>
  %3 = "tc_tensor.argmin"(%z) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<2x2xf32>) -> tensor<2xi64>
  %i = "tc_tensor.constant"() {value = dense<[-1, 0, -128, 127]> : tensor<4xi8>} : () -> tensor<4xi8>
  %4 = "tc_tensor.argmax"(%i) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<4xi8>) -> tensor<i64>
  %5 = "tc_tensor.argmin"(%i) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<4xi8>) -> tensor<i64>
  %u = "tc_tensor.constant"() {value = dense<[255, 0, 255]> : tensor<3xui8>} : () -> tensor<3xui8>
  %6 = "tc_tensor.argmax"(%u) {axis = 0 : i64, keepdims = false, select_last_index = true} : (tensor<3xui8>) -> tensor<i64>
  %7 = "tc_tensor.argmin"(%u) {axis = 0 : i64, keepdims = false, select_last_index = true} : (tensor<3xui8>) -> tensor<i64>
  %e = "tc_tensor.constant"() {value = dense<> : tensor<0x3xf32>} : () -> tensor<0x3xf32>
  %8 = "tc_tensor.argmax"(%e) {axis = 1 : i64, keepdims = true, select_last_index = false} : (tensor<0x3xf32>) -> tensor<0x1xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<0x1xi64>
}

// The evaluator checks the spec's rules itself (exit 2, structural).
// RUN: %expect_exit 2 tensor-ref %s --fn argmax_empty_axis 2>&1 | FileCheck %s --check-prefix=EMPTYAXIS
// EMPTYAXIS: error: 'tc_tensor.argmax' op dimension 1 of the operand (the reduced axis) must not be empty
func.func @argmax_empty_axis() -> tensor<2xi64> {
  %x = "tc_tensor.constant"() {value = dense<> : tensor<2x0xf32>} : () -> tensor<2x0xf32>
  %0 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<2x0xf32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// RUN: %expect_exit 2 tensor-ref %s --fn reduce_duplicate_axes 2>&1 | FileCheck %s --check-prefix=DUPAXES
// DUPAXES: error: 'tc_tensor.reduce_sum' op attribute 'axes' names dimension 1 twice
func.func @reduce_duplicate_axes() -> tensor<2xf32> {
  %x = "tc_tensor.constant"() {value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1, -1>, keepdims = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --fn reduce_mean_int 2>&1 | FileCheck %s --check-prefix=MEANINT
// MEANINT: error: 'tc_tensor.reduce_mean' op operand must have float elements, got i32
func.func @reduce_mean_int() -> tensor<i32> {
  %x = "tc_tensor.constant"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tc_tensor.reduce_mean"(%x) {axes = array<i64>, keepdims = false} : (tensor<2xi32>) -> tensor<i32>
  return %0 : tensor<i32>
}
