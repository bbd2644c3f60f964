// Reference evaluation of batch_norm, layer_norm, softmax and log_softmax
// (lib/Reference/EvalNorm.c, docs/dialects.md §2.2.14-16): small programs
// with exactly known results, including zero variances, NaN and inf slices,
// signed zeros, large magnitudes and empty tensors.

// Per-channel statistics: channel 0 divides by √(3 + 1) = 2, channel 1 by
// √(0 + 1) = 1; rank 4 checks the channel of each spatial element.
// RUN: tensor-ref %s --fn batch_norm_basic | FileCheck %s --match-full-lines --check-prefix=BN
// BN:      output #0: tensor<1x2x2xf32> = {{\[}}[{{\[}}0.5, 2.5], [-1, 1]]]
// BN-NEXT: output #1: tensor<2x2x1x2xf32> = {{\[}}[{{\[}}[0, 1]], {{\[}}[0, 10]]], {{\[}}[{{\[}}4, 5]], {{\[}}[40, 50]]]]
func.func @batch_norm_basic() -> (tensor<1x2x2xf32>, tensor<2x2x1x2xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[[1.0, 3.0], [5.0, 7.0]]]> : tensor<1x2x2xf32>} : () -> tensor<1x2x2xf32>
  %scale = "tc_tensor.constant"() {value = dense<[2.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %bias = "tc_tensor.constant"() {value = dense<[0.5, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %mean = "tc_tensor.constant"() {value = dense<[1.0, 5.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %var = "tc_tensor.constant"() {value = dense<[3.0, 0.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tc_tensor.batch_norm"(%x, %scale, %bias, %mean, %var) {epsilon = 1.0 : f64} : (tensor<1x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2xf32>
  %x4 = "tc_tensor.constant"() {value = dense<[[[[1.0, 2.0]], [[3.0, 4.0]]], [[[5.0, 6.0]], [[7.0, 8.0]]]]> : tensor<2x2x1x2xf32>} : () -> tensor<2x2x1x2xf32>
  %s4 = "tc_tensor.constant"() {value = dense<[1.0, 10.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b4 = "tc_tensor.constant"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %m4 = "tc_tensor.constant"() {value = dense<[1.0, 3.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v4 = "tc_tensor.constant"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "tc_tensor.batch_norm"(%x4, %s4, %b4, %m4, %v4) {epsilon = 1.0 : f64} : (tensor<2x2x1x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2x1x2xf32>
  return %0, %1 : tensor<1x2x2xf32>, tensor<2x2x1x2xf32>
}

// var + epsilon = 0 divides by zero: ±inf, or NaN where x = mean; a
// negative var + epsilon gives NaN.
// RUN: tensor-ref %s --fn batch_norm_special | FileCheck %s --match-full-lines --check-prefix=BNSPECIAL
// BNSPECIAL:      output #0: tensor<3x1xf32> = {{\[}}[inf], [{{-?}}nan], [-inf]]
// BNSPECIAL-NEXT: output #1: tensor<3x1xf32> = {{\[}}[{{-?}}nan], [{{-?}}nan], [{{-?}}nan]]
func.func @batch_norm_special() -> (tensor<3x1xf32>, tensor<3x1xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[2.0], [1.0], [0.0]]> : tensor<3x1xf32>} : () -> tensor<3x1xf32>
  %one = "tc_tensor.constant"() {value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %zero = "tc_tensor.constant"() {value = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %neg = "tc_tensor.constant"() {value = dense<-4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "tc_tensor.batch_norm"(%x, %one, %zero, %one, %zero) {epsilon = 0.0 : f64} : (tensor<3x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3x1xf32>
  %1 = "tc_tensor.batch_norm"(%x, %one, %zero, %one, %neg) {epsilon = 0.0 : f64} : (tensor<3x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3x1xf32>
  return %0, %1 : tensor<3x1xf32>, tensor<3x1xf32>
}

// Rows [1, 3, 1, 3] (mean 2, variance 1) and [0, 0, 4, 4] (mean 2, variance
// 4); scale [4] and bias [1] stretch over the row.
// RUN: tensor-ref %s --fn layer_norm_basic | FileCheck %s --match-full-lines --check-prefix=LN
// LN: output #0: tensor<2x4xf32> = {{\[}}[-0.5, 2.5, -0.5, 2.5], [-0.5, -1.5, 1.5, 2.5]]
func.func @layer_norm_basic() -> tensor<2x4xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 3.0, 1.0, 3.0], [0.0, 0.0, 4.0, 4.0]]> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %scale = "tc_tensor.constant"() {value = dense<[1.0, 2.0, 1.0, 2.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %bias = "tc_tensor.constant"() {value = dense<0.5> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "tc_tensor.layer_norm"(%x, %scale, %bias) {axis = -1 : i64, epsilon = 0.0 : f64} : (tensor<2x4xf32>, tensor<4xf32>, tensor<1xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// Normalising over several dimensions: axis 0 of [2, 2] takes all four
// elements; axis 1 of [1, 2, 2] takes each [2, 2] block. Scales [1, 2] and
// [2, 1] stretch along different dimensions; no bias.
// RUN: tensor-ref %s --fn layer_norm_axes | FileCheck %s --match-full-lines --check-prefix=LNAXES
// LNAXES:      output #0: tensor<2x2xf32> = {{\[}}[-1, 2], [-1, 2]]
// LNAXES-NEXT: output #1: tensor<1x2x2xf32> = {{\[}}[{{\[}}-1, -1], [3, 3]]]
func.func @layer_norm_axes() -> (tensor<2x2xf32>, tensor<1x2x2xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 3.0], [1.0, 3.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %s = "tc_tensor.constant"() {value = dense<[[1.0, 2.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = -2 : i64, epsilon = 0.0 : f64} : (tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
  %y = "tc_tensor.constant"() {value = dense<[[[0.0, 0.0], [4.0, 4.0]]]> : tensor<1x2x2xf32>} : () -> tensor<1x2x2xf32>
  %t = "tc_tensor.constant"() {value = dense<[[1.0], [3.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %1 = "tc_tensor.layer_norm"(%y, %t) {axis = 1 : i64, epsilon = 0.0 : f64} : (tensor<1x2x2xf32>, tensor<2x1xf32>) -> tensor<1x2x2xf32>
  return %0, %1 : tensor<2x2xf32>, tensor<1x2x2xf32>
}

// A constant row with epsilon 0 is 0/0; a row holding inf is NaN throughout;
// other rows are unaffected. (x − μ) = +0 times a negative scale is -0 and
// stays -0 without a bias; a +0 bias makes it +0. Empty x gives nothing.
// RUN: tensor-ref %s --fn layer_norm_special | FileCheck %s --match-full-lines --check-prefix=LNSPECIAL
// LNSPECIAL:      output #0: tensor<3x2xf32> = {{\[}}[{{-?}}nan, {{-?}}nan], [{{-?}}nan, {{-?}}nan], [-1, 1]]
// LNSPECIAL-NEXT: output #1: tensor<1x2xf32> = {{\[}}[-0, -0]]
// LNSPECIAL-NEXT: output #2: tensor<1x2xf32> = {{\[}}[0, 0]]
// LNSPECIAL-NEXT: output #3: tensor<2x0xf32> = {{\[}}[], []]
func.func @layer_norm_special() -> (tensor<3x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<2x0xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[5.0, 5.0], [1.0, 0x7F800000], [1.0, 3.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %one = "tc_tensor.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tc_tensor.layer_norm"(%x, %one) {axis = 1 : i64, epsilon = 0.0 : f64} : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %c = "tc_tensor.constant"() {value = dense<2.0> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %m = "tc_tensor.constant"() {value = dense<-1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %z = "tc_tensor.constant"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "tc_tensor.layer_norm"(%c, %m) {axis = 1 : i64, epsilon = 1.0 : f64} : (tensor<1x2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  %2 = "tc_tensor.layer_norm"(%c, %m, %z) {axis = 1 : i64, epsilon = 1.0 : f64} : (tensor<1x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  %e = "tc_tensor.constant"() {value = dense<> : tensor<2x0xf32>} : () -> tensor<2x0xf32>
  %s = "tc_tensor.constant"() {value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %3 = "tc_tensor.layer_norm"(%e, %s) {axis = 1 : i64, epsilon = 0.0 : f64} : (tensor<2x0xf32>, tensor<1xf32>) -> tensor<2x0xf32>
  return %0, %1, %2, %3 : tensor<3x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<2x0xf32>
}

// Equal elements share the mass, whatever their magnitude (e^1000 overflows
// a double; the value is still 1/2); along axis 0, a -inf element gets 0.
// RUN: tensor-ref %s --fn softmax_basic | FileCheck %s --match-full-lines --check-prefix=SM
// SM:      output #0: tensor<3x2xf32> = {{\[}}[0.5, 0.5], [0.5, 0.5], [0.5, 0.5]]
// SM-NEXT: output #1: tensor<2x2xf32> = {{\[}}[0.5, 1], [0.5, 0]]
// SM-NEXT: output #2: tensor<4xf16> = [0.25, 0.25, 0.25, 0.25]
// SM-NEXT: output #3: tensor<1x1xf32> = {{\[}}[1]]
func.func @softmax_basic() -> (tensor<3x2xf32>, tensor<2x2xf32>, tensor<4xf16>, tensor<1x1xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[0.0, 0.0], [1000.0, 1000.0], [-1000.0, -1000.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %0 = "tc_tensor.softmax"(%x) {axis = 1 : i64} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %y = "tc_tensor.constant"() {value = dense<[[1.0, 0.0], [1.0, 0xFF800000]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %1 = "tc_tensor.softmax"(%y) {axis = 0 : i64} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %h = "tc_tensor.constant"() {value = dense<3.0> : tensor<4xf16>} : () -> tensor<4xf16>
  %2 = "tc_tensor.softmax"(%h) {axis = -1 : i64} : (tensor<4xf16>) -> tensor<4xf16>
  %one = "tc_tensor.constant"() {value = dense<7.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %3 = "tc_tensor.softmax"(%one) {axis = 1 : i64} : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0, %1, %2, %3 : tensor<3x2xf32>, tensor<2x2xf32>, tensor<4xf16>, tensor<1x1xf32>
}

// log_softmax: -ln 2 (two finite equal elements; -inf ones stay -inf) and
// -ln 4, rounded to f32; a slice of one element gives +0.
// RUN: tensor-ref %s --fn log_softmax_basic | FileCheck %s --match-full-lines --check-prefix=LSM
// LSM:      output #0: tensor<2x4xf32> = {{\[}}[-0.693147182, -0.693147182, -inf, -inf], [-1.38629436, -1.38629436, -1.38629436, -1.38629436]]
// LSM-NEXT: output #1: tensor<1x1xf32> = {{\[}}[0]]
// LSM-NEXT: output #2: tensor<2xf32> = [0, -inf]
func.func @log_softmax_basic() -> (tensor<2x4xf32>, tensor<1x1xf32>, tensor<2xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 1.0, 0xFF800000, 0xFF800000], [5.0, 5.0, 5.0, 5.0]]> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %0 = "tc_tensor.log_softmax"(%x) {axis = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %one = "tc_tensor.constant"() {value = dense<7.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %1 = "tc_tensor.log_softmax"(%one) {axis = 0 : i64} : (tensor<1x1xf32>) -> tensor<1x1xf32>
  %y = "tc_tensor.constant"() {value = dense<[5.0, 0xFF800000]> : tensor<2xf32>} : () -> tensor<2xf32>
  %2 = "tc_tensor.log_softmax"(%y) {axis = 0 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  return %0, %1, %2 : tensor<2x4xf32>, tensor<1x1xf32>, tensor<2xf32>
}

// Per slice: NaN or +inf anywhere, or every element -inf, makes the whole
// slice NaN; the last slice is ordinary.
// RUN: tensor-ref %s --fn softmax_special | FileCheck %s --match-full-lines --check-prefix=SMSPECIAL
// SMSPECIAL:      output #0: tensor<4x2xf32> = {{\[}}[{{-?}}nan, {{-?}}nan], [{{-?}}nan, {{-?}}nan], [{{-?}}nan, {{-?}}nan], [1, 0]]
// SMSPECIAL-NEXT: output #1: tensor<4x2xf32> = {{\[}}[{{-?}}nan, {{-?}}nan], [{{-?}}nan, {{-?}}nan], [{{-?}}nan, {{-?}}nan], [0, -inf]]
// SMSPECIAL-NEXT: output #2: tensor<0x3xf32> = []
func.func @softmax_special() -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<0x3xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 1.0], [0x7F800000, 1.0], [0xFF800000, 0xFF800000], [5.0, 0xFF800000]]> : tensor<4x2xf32>} : () -> tensor<4x2xf32>
  %0 = "tc_tensor.softmax"(%x) {axis = 1 : i64} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %1 = "tc_tensor.log_softmax"(%x) {axis = 1 : i64} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %e = "tc_tensor.constant"() {value = dense<> : tensor<0x3xf32>} : () -> tensor<0x3xf32>
  %2 = "tc_tensor.softmax"(%e) {axis = 0 : i64} : (tensor<0x3xf32>) -> tensor<0x3xf32>
  return %0, %1, %2 : tensor<4x2xf32>, tensor<4x2xf32>, tensor<0x3xf32>
}

// The evaluator checks the spec's rules itself (exit 2, structural).
// RUN: %expect_exit 2 tensor-ref %s --fn layer_norm_bad_scale 2>&1 | FileCheck %s --check-prefix=BADSCALE
// BADSCALE: error: 'tc_tensor.layer_norm' op operand 'scale' must be unidirectionally broadcastable to x.shape[axis:]
func.func @layer_norm_bad_scale() -> tensor<2x4xf32> {
  %x = "tc_tensor.constant"() {value = dense<1.0> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %s = "tc_tensor.constant"() {value = dense<1.0> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = 1 : i64, epsilon = 0.0 : f64} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --fn batch_norm_bad_epsilon 2>&1 | FileCheck %s --check-prefix=BADEPS
// BADEPS: error: 'tc_tensor.batch_norm' op attribute 'epsilon' must be finite and >= 0, got -1
func.func @batch_norm_bad_epsilon() -> tensor<1x1xf32> {
  %x = "tc_tensor.constant"() {value = dense<1.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %c = "tc_tensor.constant"() {value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "tc_tensor.batch_norm"(%x, %c, %c, %c, %c) {epsilon = -1.0 : f64} : (tensor<1x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --fn softmax_int 2>&1 | FileCheck %s --check-prefix=SMINT
// SMINT: error: 'tc_tensor.softmax' op operand 'x' must have float elements, got i32
func.func @softmax_int() -> tensor<2xi32> {
  %x = "tc_tensor.constant"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tc_tensor.softmax"(%x) {axis = 0 : i64} : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
