// conv2d (docs/dialects.md §2.2.10), max_pool2d (§2.2.11), avg_pool2d
// (§2.2.12) and the global pools (§2.2.13) on tensor-ref against the oracle
// (utils/ref-oracle.py): strides, pads, dilations, groups, ceil mode and its
// dropped window, count_include_pad, windows that miss the input, NaN and
// signed zeros.
// RUN: tensor-opt %s > /dev/null
// RUN: %python %tc_src_root/utils/ref-oracle.py %s --tensor-ref tensor-ref --tensor-ref-arg=--exact --contract %S/../oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} cases, 0 failures, {{[1-9][0-9]*}} library checks, 0 library disagreements{{$}}
//
// tensor-ref's fast mode (docs/reference.md) on the same cases: every
// element is the oracle's, except the tie of @conv_tie, which it returns
// within its own one-ulp bound.
// RUN: %python %tc_src_root/utils/ref-oracle.py %s --tensor-ref tensor-ref --contract %S/../oracle.contract.json | FileCheck %s --check-prefix=FAST
// FAST-NOT: FAIL
// FAST: {{[1-9][0-9]*}} cases, 0 failures, {{[1-9][0-9]*}} library checks, 0 library disagreements; 1 elements within tensor-ref's own bound

func.func @conv2d_f32(%x: tensor<2x3x6x5xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<2x4x4x3xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<2x3x6x5xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x4x3xf32>
  return %0 : tensor<2x4x4x3xf32>
}
// Asymmetric pads, strides, dilations and two groups; no bias.
func.func @conv2d_strided_grouped(%x: tensor<1x4x7x6xf32>, %w: tensor<6x2x3x2xf32>) -> tensor<1x6x3x4xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 2, 1>, group = 2 : i64, pads = array<i64: 1, 0, 2, 3>, strides = array<i64: 2, 2>} : (tensor<1x4x7x6xf32>, tensor<6x2x3x2xf32>) -> tensor<1x6x3x4xf32>
  return %0 : tensor<1x6x3x4xf32>
}
// Depthwise (group = C), f16 and bf16: the exact sum is rounded once.
func.func @conv2d_depthwise_f16_bf16(%x: tensor<1x3x5x5xf16> {tc.distribution = "uniform(-60, 60)"}, %w: tensor<3x1x3x3xf16> {tc.distribution = "uniform(-60, 60)"}, %b: tensor<3xf16>, %y: tensor<1x2x4x4xbf16>, %v: tensor<2x2x2x2xbf16>, %c: tensor<2xbf16>) -> (tensor<1x3x3x3xf16>, tensor<1x2x3x3xbf16>) {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {dilations = array<i64: 1, 1>, group = 3 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x3x5x5xf16>, tensor<3x1x3x3xf16>, tensor<3xf16>) -> tensor<1x3x3x3xf16>
  %1 = "tc_tensor.conv2d"(%y, %v, %c) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x4x4xbf16>, tensor<2x2x2x2xbf16>, tensor<2xbf16>) -> tensor<1x2x3x3xbf16>
  return %0, %1 : tensor<1x3x3x3xf16>, tensor<1x2x3x3xbf16>
}
// Padding reads +0 and is multiplied: an inf weight on a tap that reads
// padding gives NaN (0 * inf), NaN inputs spread to every window that reads
// them.
func.func @conv2d_specials(%x: tensor<1x1x3x3xf32> {tc.oracle = "special"}, %w: tensor<2x1x2x2xf32> {tc.oracle = "sequence(inf, 1, 2, 0.5, -1, -0, 3, 1)"}) -> tensor<1x2x4x4xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}
// Products that are all -0 sum to -0 with a -0 bias, to +0 with a +0 one.
func.func @conv2d_zero_signs(%x: tensor<1x1x2x2xf32> {tc.oracle = "values(-0)"}, %w: tensor<1x1x2x2xf32> {tc.oracle = "values(1.5)"}, %b: tensor<1xf32> {tc.oracle = "values(-0)"}, %c: tensor<1xf32> {tc.oracle = "values(0)"}) -> (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>, tensor<1xf32>) -> tensor<1x1x1x1xf32>
  %1 = "tc_tensor.conv2d"(%x, %w, %c) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>, tensor<1xf32>) -> tensor<1x1x1x1xf32>
  return %0, %1 : tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>
}
// An absent bias is omitted from the sum (§2.2.10, as gemm's absent c), not
// added as +0: products that are all -0 give -0. (Formerly a known bug: the
// spec said "absent bias is 0"; settled as the evaluator reads it.)
func.func @conv2d_no_bias_zero_sign(%x: tensor<1x1x2x2xf32> {tc.oracle = "values(-0)"}, %w: tensor<1x1x2x2xf32> {tc.oracle = "values(1.5)"}) -> tensor<1x1x1x1xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x1x1xf32>
  return %0 : tensor<1x1x1x1xf32>
}
// No input channels (Cg = 0) gives the bias; an empty batch gives nothing.
func.func @conv2d_empty(%x: tensor<1x0x3x3xf32>, %w: tensor<2x0x2x2xf32>, %b: tensor<2xf32>, %y: tensor<0x1x3x3xf64>, %v: tensor<1x1x2x2xf64>) -> (tensor<1x2x2x2xf32>, tensor<0x1x2x2xf64>) {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x0x3x3xf32>, tensor<2x0x2x2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  %1 = "tc_tensor.conv2d"(%y, %v) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<0x1x3x3xf64>, tensor<1x1x2x2xf64>) -> tensor<0x1x2x2xf64>
  return %0, %1 : tensor<1x2x2x2xf32>, tensor<0x1x2x2xf64>
}
// f64 with integer values: products and sums exact in double.
func.func @conv2d_f64_exact(%x: tensor<1x2x4x4xf64> {tc.distribution = "integers(-1000, 1000)"}, %w: tensor<3x2x2x2xf64> {tc.distribution = "integers(-1000, 1000)"}, %b: tensor<3xf64>) -> tensor<1x3x3x3xf64> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x4x4xf64>, tensor<3x2x2x2xf64>, tensor<3xf64>) -> tensor<1x3x3x3xf64>
  return %0 : tensor<1x3x3x3xf64>
}

// f64 conv2d and average pools are the exact value rounded once (§2.2.10,
// §2.2.12, §2.2.13): exact products, an exact sum, an exact division by the
// count. (Formerly a known bug: each product and the window sum were rounded
// to double, up to 116 ulp off where the sum cancels.)
func.func @conv_pool_f64(%x: tensor<1x2x6x6xf64>, %w: tensor<3x2x2x2xf64>, %y: tensor<1x2x6x6xf64> {tc.distribution = "normal(0, 100)"}, %z: tensor<4x6x7xf64> {tc.distribution = "normal(0, 100)"}) -> (tensor<1x3x5x5xf64>, tensor<1x2x4x4xf64>, tensor<4x6x1xf64>) {
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x6x6xf64>, tensor<3x2x2x2xf64>) -> tensor<1x3x5x5xf64>
  %1 = "tc_tensor.avg_pool2d"(%y) {ceil_mode = false, count_include_pad = false, kernel = array<i64: 3, 3>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x6x6xf64>) -> tensor<1x2x4x4xf64>
  %2 = "tc_tensor.global_avg_pool"(%z) : (tensor<4x6x7xf64>) -> tensor<4x6x1xf64>
  return %0, %1, %2 : tensor<1x3x5x5xf64>, tensor<1x2x4x4xf64>, tensor<4x6x1xf64>
}

// The average of a window [MAX, MAX] is MAX (§2.2.0: intermediate values do
// not overflow), for avg_pool2d and global_avg_pool. (Formerly a known bug:
// the double window sum overflowed to +inf.)
func.func @avg_pool_f64_overflow(%x: tensor<1x1x1x2xf64> {tc.oracle = "sequence(max, max)"}) -> (tensor<1x1x1x1xf64>, tensor<1x1x1xf64>) attributes {tc.oracle_library_skip = "exact intermediates: the window sum overflows in float64 (torch: inf), the spec's exact mean does not"} {
  %0 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = false, kernel = array<i64: 1, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x1x2xf64>) -> tensor<1x1x1x1xf64>
  %r = "tc_tensor.reshape"(%x) : (tensor<1x1x1x2xf64>) -> tensor<1x1x2xf64>
  %1 = "tc_tensor.global_avg_pool"(%r) : (tensor<1x1x2xf64>) -> tensor<1x1x1xf64>
  return %0, %1 : tensor<1x1x1x1xf64>, tensor<1x1x1xf64>
}

// max_pool2d: NaN wins, +0 over -0; ceil mode drops a last window that
// would start in the bottom/right padding; dilation.
func.func @max_pool2d_f32(%x: tensor<2x2x5x5xf32> {tc.oracle = "special"}) -> (tensor<2x2x3x3xf32>, tensor<2x2x3x3xf32>, tensor<2x2x2x2xf32>) {
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = true, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<2x2x5x5xf32>) -> tensor<2x2x3x3xf32>
  %1 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<2x2x5x5xf32>) -> tensor<2x2x3x3xf32>
  %2 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 2, 2>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<2x2x5x5xf32>) -> tensor<2x2x2x2xf32>
  return %0, %1, %2 : tensor<2x2x3x3xf32>, tensor<2x2x3x3xf32>, tensor<2x2x2x2xf32>
}
func.func @max_pool2d_zeros(%x: tensor<1x1x2x2xf32> {tc.oracle = "sequence(-0, 0, -0, -0)"}) -> tensor<1x1x1x2xf32> {
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 1>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x1x2xf32>
  return %0 : tensor<1x1x1x2xf32>
}
// Ceil mode keeps a window that starts inside the input but runs past the
// padding (5 + 0 + 1 = 6, kernel 3, stride 2: windows at 0, 2, 4).
func.func @max_pool2d_ceil_ints(%x: tensor<1x2x5x5xi8> {tc.oracle = "special"}, %y: tensor<1x1x4x6xui16> {tc.oracle = "full"}) -> (tensor<1x2x3x3xi8>, tensor<1x1x2x3xui16>) {
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = true, dilations = array<i64: 1, 1>, kernel = array<i64: 3, 3>, pads = array<i64: 0, 0, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x5x5xi8>) -> tensor<1x2x3x3xi8>
  %1 = "tc_tensor.max_pool2d"(%y) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x6xui16>) -> tensor<1x1x2x3xui16>
  return %0, %1 : tensor<1x2x3x3xi8>, tensor<1x1x2x3xui16>
}
// Ceil mode's extra window would start in the bottom/right padding and is
// dropped (2 + 0 + 1 = 3, kernel 2, stride 2: one window per axis, not two);
// with 3 + 0 + 1 = 4 the second window starts inside the input and stays.
func.func @pool_ceil_dropped_window(%x: tensor<1x1x2x2xf32>, %y: tensor<1x1x3x3xf32>) -> (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1x1x2x2xf32>) {
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = true, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x1x1xf32>
  %1 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = true, count_include_pad = true, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x1x1xf32>
  %2 = "tc_tensor.avg_pool2d"(%y) {ceil_mode = true, count_include_pad = true, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return %0, %1, %2 : tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1x1x2x2xf32>
}
// A dilation that steps over the whole input: each window's two rows are the
// top and the bottom padding row, so its valid set is empty and the result
// is -inf.
func.func @max_pool2d_dilation_skips_input(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x1x2xf32> {
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 3, 1>, kernel = array<i64: 2, 1>, pads = array<i64: 1, 0, 1, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x1x2xf32>
  return %0 : tensor<1x1x1x2xf32>
}
// A window that misses an empty input: -inf, the dtype's minimum, or 0
// unsigned (reduce_max's empty value).
func.func @max_pool2d_empty_window(%x: tensor<1x1x0x3xf32>, %y: tensor<1x1x0x3xi32>, %z: tensor<1x1x0x3xui8>) -> (tensor<1x1x1x2xf32>, tensor<1x1x1x2xi32>, tensor<1x1x1x2xui8>) {
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 1, 0, 1, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x0x3xf32>) -> tensor<1x1x1x2xf32>
  %1 = "tc_tensor.max_pool2d"(%y) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 1, 0, 1, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x0x3xi32>) -> tensor<1x1x1x2xi32>
  %2 = "tc_tensor.max_pool2d"(%z) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 1, 0, 1, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x0x3xui8>) -> tensor<1x1x1x2xui8>
  return %0, %1, %2 : tensor<1x1x1x2xf32>, tensor<1x1x1x2xi32>, tensor<1x1x1x2xui8>
}
func.func @max_pool2d_f16_bf16(%x: tensor<1x3x4x4xf16> {tc.oracle = "special"}, %y: tensor<2x1x3x3xbf16> {tc.oracle = "special"}) -> (tensor<1x3x2x2xf16>, tensor<2x1x2x2xbf16>) {
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x3x4x4xf16>) -> tensor<1x3x2x2xf16>
  %1 = "tc_tensor.max_pool2d"(%y) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<2x1x3x3xbf16>) -> tensor<2x1x2x2xbf16>
  return %0, %1 : tensor<1x3x2x2xf16>, tensor<2x1x2x2xbf16>
}

// avg_pool2d: the exact window sum over its valid positions, divided by
// their count (count_include_pad = false) or by the window's extent inside
// the padded input (true; positions past the padding in ceil mode never
// count), rounded once.
func.func @avg_pool2d_f32(%x: tensor<1x2x5x5xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %0 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = false, kernel = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
  %1 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = true, kernel = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
  %2 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = true, count_include_pad = true, kernel = array<i64: 3, 2>, pads = array<i64: 0, 1, 1, 0>, strides = array<i64: 2, 2>} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
  %3 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = true, count_include_pad = false, kernel = array<i64: 3, 2>, pads = array<i64: 0, 1, 1, 0>, strides = array<i64: 2, 2>} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
  return %0, %1, %2, %3 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}
func.func @avg_pool2d_specials_f16(%x: tensor<1x2x4x4xf32> {tc.oracle = "special"}, %y: tensor<1x1x5x4xf16> {tc.distribution = "uniform(60000, 65504)"}) -> (tensor<1x2x2x2xf32>, tensor<1x1x4x3xf16>) {
  %0 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = false, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %1 = "tc_tensor.avg_pool2d"(%y) {ceil_mode = false, count_include_pad = false, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x5x4xf16>) -> tensor<1x1x4x3xf16>
  return %0, %1 : tensor<1x2x2x2xf32>, tensor<1x1x4x3xf16>
}
// An empty input: 0/0 = NaN without the padding in the count, +0 with it.
func.func @avg_pool2d_empty_window(%x: tensor<1x1x0x3xbf16>) -> (tensor<1x1x1x2xbf16>, tensor<1x1x1x2xbf16>) {
  %0 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = false, kernel = array<i64: 2, 2>, pads = array<i64: 1, 0, 1, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x0x3xbf16>) -> tensor<1x1x1x2xbf16>
  %1 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = true, kernel = array<i64: 2, 2>, pads = array<i64: 1, 0, 1, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x0x3xbf16>) -> tensor<1x1x1x2xbf16>
  return %0, %1 : tensor<1x1x1x2xbf16>, tensor<1x1x1x2xbf16>
}

// Global pools reduce every spatial axis (rank 3 to 5), keeping them as 1.
func.func @global_pools(%x: tensor<2x3x7xf32> {tc.oracle = "special"}, %y: tensor<1x2x2x3x2xi16> {tc.oracle = "special"}, %z: tensor<2x2x3x3xf32>, %h: tensor<1x3x4x4xf16> {tc.distribution = "uniform(1000, 60000)"}) -> (tensor<2x3x1xf32>, tensor<1x2x1x1x1xi16>, tensor<2x2x1x1xf32>, tensor<1x3x1x1xf16>) {
  %0 = "tc_tensor.global_max_pool"(%x) : (tensor<2x3x7xf32>) -> tensor<2x3x1xf32>
  %1 = "tc_tensor.global_max_pool"(%y) : (tensor<1x2x2x3x2xi16>) -> tensor<1x2x1x1x1xi16>
  %2 = "tc_tensor.global_avg_pool"(%z) : (tensor<2x2x3x3xf32>) -> tensor<2x2x1x1xf32>
  %3 = "tc_tensor.global_avg_pool"(%h) : (tensor<1x3x4x4xf16>) -> tensor<1x3x1x1xf16>
  return %0, %1, %2, %3 : tensor<2x3x1xf32>, tensor<1x2x1x1x1xi16>, tensor<2x2x1x1xf32>, tensor<1x3x1x1xf16>
}
// Empty spatial extent: -inf / the dtype's minimum / 0 for max, NaN for avg.
func.func @global_pools_empty(%x: tensor<1x2x0x3xf32>, %y: tensor<2x2x0xi8>, %z: tensor<1x1x0xui32>, %w: tensor<1x2x3x0xbf16>) -> (tensor<1x2x1x1xf32>, tensor<2x2x1xi8>, tensor<1x1x1xui32>, tensor<1x2x1x1xbf16>) {
  %0 = "tc_tensor.global_max_pool"(%x) : (tensor<1x2x0x3xf32>) -> tensor<1x2x1x1xf32>
  %1 = "tc_tensor.global_max_pool"(%y) : (tensor<2x2x0xi8>) -> tensor<2x2x1xi8>
  %2 = "tc_tensor.global_max_pool"(%z) : (tensor<1x1x0xui32>) -> tensor<1x1x1xui32>
  %3 = "tc_tensor.global_avg_pool"(%w) : (tensor<1x2x3x0xbf16>) -> tensor<1x2x1x1xbf16>
  return %0, %1, %2, %3 : tensor<1x2x1x1xf32>, tensor<2x2x1xi8>, tensor<1x1x1xui32>, tensor<1x2x1x1xbf16>
}
// The bias and three products sum to 1 + 2^-24 + 2^-80 exactly, just above
// the f32 midpoint between 1 and 1 + 2^-23, but to the midpoint in double.
// Exact: rounded up.
func.func @conv_tie(%x: tensor<1x2x1x1xf32> {tc.oracle = "sequence(5.9604644775390625e-08, 8.271806125530277e-25)"}, %w: tensor<1x2x1x1xf32> {tc.oracle = "values(1)"}, %b: tensor<1xf32> {tc.oracle = "values(1)"}) -> tensor<1x1x1x1xf32> attributes {tc.oracle_library_skip = "float64 sums land on the midpoint and round to even"} {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x1x1xf32>, tensor<1x2x1x1xf32>, tensor<1xf32>) -> tensor<1x1x1x1xf32>
  return %0 : tensor<1x1x1x1xf32>
}
