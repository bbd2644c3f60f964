// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// tc-verify rules of conv2d and the pooling ops
// (lib/Transforms/Verify/VerifyConvPool.c): one case per diagnostic, after a
// case of valid uses. The max_pool2d in ceil mode over 2x2 drops the second
// window, which would start in the bottom/right padding.

func.func @valid(%x: tensor<1x4x5x5xf32>, %w: tensor<6x2x3x3xf32>, %b: tensor<6xf32>, %s: tensor<1x1x2x2xf32>,
                 %v: tensor<2x3x7xi32>) {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {dilations = array<i64: 2, 1>, group = 2 : i64, pads = array<i64: 1, 0, 1, 2>, strides = array<i64: 1, 2>} : (tensor<1x4x5x5xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x3x3xf32>
  %1 = "tc_tensor.max_pool2d"(%x) {ceil_mode = true, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x4x5x5xf32>) -> tensor<1x4x3x3xf32>
  %2 = "tc_tensor.max_pool2d"(%s) {ceil_mode = true, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x1x1xf32>
  %3 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = true, kernel = array<i64: 3, 2>, pads = array<i64: 2, 1, 2, 1>, strides = array<i64: 1, 1>} : (tensor<1x4x5x5xf32>) -> tensor<1x4x7x6xf32>
  %4 = "tc_tensor.global_max_pool"(%v) : (tensor<2x3x7xi32>) -> tensor<2x3x1xi32>
  %5 = "tc_tensor.global_avg_pool"(%x) : (tensor<1x4x5x5xf32>) -> tensor<1x4x1x1xf32>
  return
}

// -----

func.func @conv2d_unknown_attr(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error@+1 {{unknown attribute 'auto_pad'}}
  %0 = "tc_tensor.conv2d"(%x, %w) {auto_pad = "NOTSET", dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @conv2d_strides_i32(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'strides' must be an i64 array}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i32: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @conv2d_strides_length(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'strides' must have 2 entries, got 3}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @conv2d_strides_zero(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'strides' entries must be >= 1, got 0 at index 1}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 0>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @conv2d_pads_length(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'pads' must have 4 entries, got 2}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @conv2d_pads_negative(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'pads' entries must be >= 0, got -1 at index 2}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, -1, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x1x2xf32>
  return
}

// -----

func.func @conv2d_dilations_length(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'dilations' must have 2 entries, got 1}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @conv2d_dilations_zero(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'dilations' entries must be >= 1, got 0 at index 0}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 0, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @conv2d_group_i32(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'group' must be a 64-bit integer}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i32, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @conv2d_group_zero(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'group' must be >= 1, got 0}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 0 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @conv2d_int(%x: tensor<1x1x4x4xi32>, %w: tensor<1x1x3x3xi32>) {
  // expected-error@+1 {{operand 'x' must have float elements, got i32}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xi32>, tensor<1x1x3x3xi32>) -> tensor<1x1x2x2xi32>
  return
}

// -----

func.func @conv2d_mixed_dtypes(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf16>) {
  // expected-error@+1 {{all operands and results must have the same element type}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf16>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @conv2d_x_rank(%x: tensor<1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error@+1 {{operand 'x' must have rank 4, got 3}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @conv2d_w_rank(%x: tensor<1x1x4x4xf32>, %w: tensor<1x3x3xf32>) {
  // expected-error@+1 {{operand 'w' must have rank 4, got 3}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @conv2d_bias_rank(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>, %b: tensor<1x1xf32>) {
  // expected-error@+1 {{operand 'bias' must have rank 1, got 2}}
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>, tensor<1x1xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @conv2d_group_input_channels(%x: tensor<1x3x4x4xf32>, %w: tensor<4x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'group' (2) must divide the number of input channels 3}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 2 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x3x4x4xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x2x2xf32>
  return
}

// -----

func.func @conv2d_group_output_channels(%x: tensor<1x4x4x4xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error@+1 {{attribute 'group' (2) must divide the number of output channels 3}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 2 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x4x4xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x2x2xf32>
  return
}

// -----

func.func @conv2d_w_channels(%x: tensor<1x4x4x4xf32>, %w: tensor<2x4x3x3xf32>) {
  // expected-error@+1 {{operand 'w' must have w.shape[1] = C / group = 2, got 4}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 2 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x4x4xf32>, tensor<2x4x3x3xf32>) -> tensor<1x2x2x2xf32>
  return
}

// -----

func.func @conv2d_empty_kernel(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x0xf32>) {
  // expected-error@+1 {{operand 'w' must have a kernel of at least 1x1, got 3x0}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x0xf32>) -> tensor<1x1x2x5xf32>
  return
}

// -----

func.func @conv2d_bias_size(%x: tensor<1x1x4x4xf32>, %w: tensor<2x1x3x3xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{operand 'bias' must have shape [M] = 2, got 3}}
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<2x1x3x3xf32>, tensor<3xf32>) -> tensor<1x2x2x2xf32>
  return
}

// -----

func.func @conv2d_kernel_too_large(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error@+1 {{padded input width 5 (input plus pads) must be at least the dilated kernel width 7}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 3>, group = 1 : i64, pads = array<i64: 0, 1, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x1xf32>
  return
}

// -----

func.func @conv2d_output_overflow(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x1x1xf32>) {
  // expected-error@+1 {{output height 18446744073709551618 does not fit in a 64-bit dimension}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 9223372036854775807, 0, 9223372036854775807, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @conv2d_result(%x: tensor<1x3x32x32xf32>, %w: tensor<8x3x3x3xf32>) {
  // expected-error@+1 {{result shape must be 1x8x30x30, got 1x8x32x32}}
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x32x32xf32>
  return
}

// -----

func.func @max_pool2d_unknown_attr(%x: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{unknown attribute 'storage_order'}}
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, storage_order = 0 : i64, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @max_pool2d_kernel_length(%x: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{attribute 'kernel' must have 2 entries, got 1}}
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @max_pool2d_kernel_zero(%x: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{attribute 'kernel' entries must be >= 1, got 0 at index 0}}
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 0, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @max_pool2d_ceil_mode_integer(%x: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{attribute 'ceil_mode' must be a bool}}
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = 0 : i64, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @max_pool2d_bool(%x: tensor<1x1x4x4xi1>) {
  // expected-error@+1 {{operand 'x' must have numeric elements, got i1}}
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xi1>) -> tensor<1x1x2x2xi1>
  return
}

// -----

func.func @max_pool2d_result_dtype(%x: tensor<1x1x4x4xi8>) {
  // expected-error@+1 {{all operands and results must have the same element type}}
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xi8>) -> tensor<1x1x2x2xi32>
  return
}

// -----

func.func @max_pool2d_rank(%x: tensor<1x4x4xf32>) {
  // expected-error@+1 {{operand 'x' must have rank 4, got 3}}
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x4x4xf32>) -> tensor<1x2x2xf32>
  return
}

// -----

func.func @max_pool2d_pad_dilated(%x: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{attribute 'pads' right pad 3 must be smaller than the window width 3}}
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 2>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 2, 0, 3>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x3x7xf32>
  return
}

// -----

func.func @max_pool2d_window_too_large(%x: tensor<1x1x2x4xf32>) {
  // expected-error@+1 {{padded input height 2 (input plus pads) must be at least the window height 3}}
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 3, 3>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x2x4xf32>) -> tensor<1x1x1x2xf32>
  return
}

// -----

func.func @max_pool2d_ceil_result(%x: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{result shape must be 1x1x1x1, got 1x1x2x2}}
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = true, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @avg_pool2d_dilations(%x: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{unknown attribute 'dilations'}}
  %0 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @avg_pool2d_count_include_pad_integer(%x: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{attribute 'count_include_pad' must be a bool}}
  %0 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = 1 : i64, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @avg_pool2d_int(%x: tensor<1x1x4x4xi32>) {
  // expected-error@+1 {{operand 'x' must have float elements, got i32}}
  %0 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = false, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xi32>) -> tensor<1x1x2x2xi32>
  return
}

// -----

func.func @avg_pool2d_pad(%x: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{attribute 'pads' top pad 2 must be smaller than the window height 2}}
  %0 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = true, kernel = array<i64: 2, 2>, pads = array<i64: 2, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x5x3xf32>
  return
}

// -----

func.func @avg_pool2d_ceil_result(%x: tensor<1x1x5x5xf32>) {
  // expected-error@+1 {{result shape must be 1x1x3x2, got 1x1x2x2}}
  %0 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = true, count_include_pad = false, kernel = array<i64: 2, 3>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x5x5xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @global_pool_unknown_attr(%x: tensor<1x2x3x3xf32>) {
  // expected-error@+1 {{unknown attribute 'keepdims'}}
  %0 = "tc_tensor.global_max_pool"(%x) {keepdims = true} : (tensor<1x2x3x3xf32>) -> tensor<1x2x1x1xf32>
  return
}

// -----

func.func @global_avg_pool_int(%x: tensor<1x2x3x3xi32>) {
  // expected-error@+1 {{operand 'x' must have float elements, got i32}}
  %0 = "tc_tensor.global_avg_pool"(%x) : (tensor<1x2x3x3xi32>) -> tensor<1x2x1x1xi32>
  return
}

// -----

func.func @global_max_pool_result_dtype(%x: tensor<1x2x3x3xf32>) {
  // expected-error@+1 {{all operands and results must have the same element type}}
  %0 = "tc_tensor.global_max_pool"(%x) : (tensor<1x2x3x3xf32>) -> tensor<1x2x1x1xf16>
  return
}

// -----

func.func @global_max_pool_rank(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{operand 'x' must have rank at least 3, got 2}}
  %0 = "tc_tensor.global_max_pool"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @global_avg_pool_result(%x: tensor<1x2x3x3xf32>) {
  // expected-error@+1 {{result shape must be 1x2x1x1, got 1x2x1}}
  %0 = "tc_tensor.global_avg_pool"(%x) : (tensor<1x2x3x3xf32>) -> tensor<1x2x1xf32>
  return
}
