// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// Dynamic dimensions (docs/dialects.md §1.5): tc-verify accepts `?` in the
// ops that take it, computes `?` where a rule's size depends on one, checks
// every equality whose two sides are known and leaves the others to the
// run-time constraints. The first case is valid throughout; each later one
// breaks one rule that stays static.

func.func @valid(%x: tensor<?x784xf32>, %w: tensor<784x64xf32>, %wt: tensor<64x784xf32>, %b: tensor<64xf32>,
                 %k: tensor<?x?xf32>, %img: tensor<?x3x8x8xf32>, %cw: tensor<4x3x3x3xf32>, %cb: tensor<4xf32>,
                 %hw: tensor<2x3x?x?xf32>, %ch: tensor<1x?x4x4xf32>, %c: tensor<3xf32>, %one: tensor<1x784xf32>,
                 %w784: tensor<784xf32>) {
  // Elementwise: ? with 1 stays ?, ? with a known 784 is 784, ? with ? is ?.
  %0 = "tc_tensor.relu"(%x) : (tensor<?x784xf32>) -> tensor<?x784xf32>
  %1 = "tc_tensor.add"(%x, %one) : (tensor<?x784xf32>, tensor<1x784xf32>) -> tensor<?x784xf32>
  %2 = "tc_tensor.add"(%k, %x) : (tensor<?x?xf32>, tensor<?x784xf32>) -> tensor<?x784xf32>
  %3 = "tc_tensor.mul"(%k, %k) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tc_tensor.lt"(%x, %one) : (tensor<?x784xf32>, tensor<1x784xf32>) -> tensor<?x784xi1>
  %5 = "tc_tensor.cast"(%x) : (tensor<?x784xf32>) -> tensor<?x784xf16>
  // matmul and gemm: M carries its ?; a ? K is left to `equal-dims`.
  %6 = "tc_tensor.matmul"(%x, %w) : (tensor<?x784xf32>, tensor<784x64xf32>) -> tensor<?x64xf32>
  %7 = "tc_tensor.matmul"(%k, %w) : (tensor<?x?xf32>, tensor<784x64xf32>) -> tensor<?x64xf32>
  %8 = "tc_tensor.gemm"(%x, %wt, %b) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = true} : (tensor<?x784xf32>, tensor<64x784xf32>, tensor<64xf32>) -> tensor<?x64xf32>
  // conv2d and pools: a ? batch passes through; a ? H or W gives a ? output size.
  %9 = "tc_tensor.conv2d"(%img, %cw, %cb) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<?x4x8x8xf32>
  %10 = "tc_tensor.max_pool2d"(%9) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<?x4x8x8xf32>) -> tensor<?x4x4x4xf32>
  %11 = "tc_tensor.avg_pool2d"(%hw) {ceil_mode = false, count_include_pad = false, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<2x3x?x?xf32>) -> tensor<2x3x?x?xf32>
  %12 = "tc_tensor.conv2d"(%hw, %cw) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<2x3x?x?xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x?x?xf32>
  %13 = "tc_tensor.global_avg_pool"(%hw) : (tensor<2x3x?x?xf32>) -> tensor<2x3x1x1xf32>
  // A ? channel count: conv2d's C = group * Cg and batch_norm's [C] are run-time constraints.
  %14 = "tc_tensor.batch_norm"(%ch, %c, %c, %c, %c) {epsilon = 1.0e-05 : f64} : (tensor<1x?x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x?x4x4xf32>
  %15 = "tc_tensor.conv2d"(%ch, %cw) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x?x4x4xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x2x2xf32>
  // Shape-preserving ops, reductions, transpose.
  %16 = "tc_tensor.softmax"(%6) {axis = 1 : i64} : (tensor<?x64xf32>) -> tensor<?x64xf32>
  %17 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<?x784xf32>) -> tensor<?xf32>
  %18 = "tc_tensor.reduce_max"(%x) {axes = array<i64: 0>, keepdims = true} : (tensor<?x784xf32>) -> tensor<1x784xf32>
  %19 = "tc_tensor.argmax"(%k) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<?x?xf32>) -> tensor<?xi64>
  %20 = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<?x784xf32>) -> tensor<784x?xf32>
  // reshape: one result ? (count(x) / 4 / 4), or none (`reshape-count`).
  %21 = "tc_tensor.reshape"(%10) : (tensor<?x4x4x4xf32>) -> tensor<?x64xf32>
  %22 = "tc_tensor.reshape"(%x) : (tensor<?x784xf32>) -> tensor<?x28x28xf32>
  %23 = "tc_tensor.reshape"(%k) : (tensor<?x?xf32>) -> tensor<6xf32>
  // slice takes a ? axis whole; layer_norm a ? among its rows.
  %24 = "tc_tensor.slice"(%x) {starts = array<i64: 0, 4>, ends = array<i64: 9223372036854775807, 8>, steps = array<i64: 1, 2>} : (tensor<?x784xf32>) -> tensor<?x2xf32>
  %25 = "tc_tensor.layer_norm"(%x, %w784, %w784) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<?x784xf32>, tensor<784xf32>, tensor<784xf32>) -> tensor<?x784xf32>
  return
}

// -----

func.func @known_k_mismatch(%x: tensor<?x784xf32>, %w: tensor<700x64xf32>) {
  // expected-error@+1 {{contracted dimensions of 'lhs' ?x784 and 'rhs' 700x64 must match, got 784 and 700}}
  %0 = "tc_tensor.matmul"(%x, %w) : (tensor<?x784xf32>, tensor<700x64xf32>) -> tensor<?x64xf32>
  return
}

// -----

func.func @known_broadcast_mismatch(%x: tensor<?x4xf32>, %y: tensor<?x3xf32>) {
  // expected-error@+1 {{operand shapes ?x4 and ?x3 are not broadcast-compatible}}
  %0 = "tc_tensor.add"(%x, %y) : (tensor<?x4xf32>, tensor<?x3xf32>) -> tensor<?x4xf32>
  return
}

// -----

// ? with a known 5 is 5: the result type must say so.
func.func @static_written_dynamic(%x: tensor<?x4xf32>, %y: tensor<5x4xf32>) {
  // expected-error@+1 {{result shape must be 5x4, got ?x4}}
  %0 = "tc_tensor.add"(%x, %y) : (tensor<?x4xf32>, tensor<5x4xf32>) -> tensor<?x4xf32>
  return
}

// -----

// And a ? the rule gives may not be written as a size.
func.func @dynamic_written_static(%x: tensor<?x784xf32>) {
  // expected-error@+1 {{result shape must be ?x784, got 8x784}}
  %0 = "tc_tensor.relu"(%x) : (tensor<?x784xf32>) -> tensor<8x784xf32>
  return
}

// -----

func.func @conv_dynamic_weights(%x: tensor<?x3x8x8xf32>, %w: tensor<?x3x3x3xf32>) {
  // expected-error@+1 {{operand 'w' must have a static shape, got ?x3x3x3 (docs/dialects.md §1.5)}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<?x3x8x8xf32>, tensor<?x3x3x3xf32>) -> tensor<?x?x6x6xf32>
  return
}

// -----

func.func @batch_norm_dynamic_param(%x: tensor<?x3xf32>, %c: tensor<3xf32>, %d: tensor<?xf32>) {
  // expected-error@+1 {{operand 'mean' must have a static shape, got ? (docs/dialects.md §1.5)}}
  %0 = "tc_tensor.batch_norm"(%x, %c, %c, %d, %c) {epsilon = 1.0e-05 : f64} : (tensor<?x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<?xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  return
}

// -----

// An attribute rule stays static whatever the sizes.
func.func @pool_pad_too_large(%x: tensor<?x1x?x?xf32>) {
  // expected-error@+1 {{attribute 'pads' top pad 2 must be smaller than the window height 2}}
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 2, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<?x1x?x?xf32>) -> tensor<?x1x?x?xf32>
  return
}

// -----

func.func @reshape_two_dynamic(%x: tensor<?x?xf32>) {
  // expected-error@+1 {{result shape ?x? of a reshape may have at most one dynamic dimension}}
  %0 = "tc_tensor.reshape"(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_dynamic_from_static(%x: tensor<4x6xf32>) {
  // expected-error@+1 {{result shape ?x6 may have a dynamic dimension only if x's shape 4x6 has one and no result dimension is 0}}
  %0 = "tc_tensor.reshape"(%x) : (tensor<4x6xf32>) -> tensor<?x6xf32>
  return
}

// -----

func.func @reshape_dynamic_beside_zero(%x: tensor<?x6xf32>) {
  // expected-error@+1 {{result shape ?x0 may have a dynamic dimension only if x's shape ?x6 has one and no result dimension is 0}}
  %0 = "tc_tensor.reshape"(%x) : (tensor<?x6xf32>) -> tensor<?x0xf32>
  return
}

// -----

func.func @static_only_op(%x: tensor<?x3xf32>) {
  // expected-error@+3 {{operand #0 has a dynamic dimension, tensor<?x3xf32>, but 'tc_tensor.concat' takes static shapes only (docs/dialects.md §1.5)}}
  // expected-error@+2 {{operand #1 has a dynamic dimension, tensor<?x3xf32>}}
  // expected-error@+1 {{result #0 has a dynamic dimension, tensor<?x6xf32>}}
  %0 = "tc_tensor.concat"(%x, %x) {axis = 1 : i64} : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x6xf32>
  return
}

// -----

func.func @slice_cuts_dynamic_axis(%x: tensor<?x3xf32>) {
  // expected-error@+1 {{dimension 0 of x is dynamic, so the slice must take it whole (start 0, end 9223372036854775807, step 1), got start 1, end 9223372036854775807, step 1 (docs/dialects.md §1.5)}}
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 1, 0>, ends = array<i64: 9223372036854775807, 3>, steps = array<i64: 1, 1>} : (tensor<?x3xf32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @layer_norm_dynamic_row(%x: tensor<2x?xf32>, %s: tensor<1xf32>) {
  // expected-error@+1 {{the normalised dimensions x.shape[axis:] = ? must be static (docs/dialects.md §1.5)}}
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x?xf32>, tensor<1xf32>) -> tensor<2x?xf32>
  return
}

// -----

func.func @layer_norm_dynamic_scale(%x: tensor<?x4xf32>, %s: tensor<?xf32>) {
  // expected-error@+1 {{operand 'scale' must have a static shape, got ? (docs/dialects.md §1.5)}}
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<?x4xf32>, tensor<?xf32>) -> tensor<?x4xf32>
  return
}
