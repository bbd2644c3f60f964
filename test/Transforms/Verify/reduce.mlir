// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// tc-verify rules of the reductions and argmax/argmin
// (lib/Transforms/Verify/VerifyReduce.c): one case per diagnostic, after a
// case of valid uses.

func.func @valid(%x: tensor<2x3x4xf32>, %i: tensor<2x0xi32>, %s: tensor<f32>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  %1 = "tc_tensor.reduce_prod"(%i) {axes = array<i64: 1>, keepdims = true} : (tensor<2x0xi32>) -> tensor<2x1xi32>
  %2 = "tc_tensor.reduce_max"(%x) {axes = array<i64>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  %3 = "tc_tensor.reduce_min"(%i) {axes = array<i64>, keepdims = false} : (tensor<2x0xi32>) -> tensor<i32>
  %4 = "tc_tensor.reduce_mean"(%s) {axes = array<i64>, keepdims = false} : (tensor<f32>) -> tensor<f32>
  %5 = "tc_tensor.argmax"(%x) {axis = -2 : i64, keepdims = true, select_last_index = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xi64>
  %6 = "tc_tensor.argmin"(%i) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<2x0xi32>) -> tensor<0xi64>
  return
}

// -----

func.func @reduce_unknown_attr(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{unknown attribute 'noop_with_empty_axes'}}
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64>, keepdims = false, noop_with_empty_axes = false} : (tensor<2x3xf32>) -> tensor<f32>
  return
}

// -----

func.func @reduce_keepdims_integer(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'keepdims' must be a bool}}
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 0>, keepdims = 1 : i64} : (tensor<2x3xf32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @reduce_axes_i32(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'axes' must be an i64 array}}
  %0 = "tc_tensor.reduce_max"(%x) {axes = array<i32: 0>, keepdims = false} : (tensor<2x3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @reduce_bool(%x: tensor<2x3xi1>) {
  // expected-error@+1 {{operand 'x' must have numeric elements, got i1}}
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<2x3xi1>) -> tensor<3xi1>
  return
}

// -----

func.func @reduce_mean_int(%x: tensor<2x3xi32>) {
  // expected-error@+1 {{operand 'x' must have float elements, got i32}}
  %0 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<2x3xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @reduce_result_dtype(%x: tensor<2x3xi32>) {
  // expected-error@+1 {{all operands and results must have the same element type}}
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<2x3xi32>) -> tensor<3xi64>
  return
}

// -----

func.func @reduce_axis_range(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'axes' (-3) is out of range for rank 2: must lie in [-2, 2)}}
  %0 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 0, -3>, keepdims = false} : (tensor<2x3xf32>) -> tensor<f32>
  return
}

// -----

func.func @reduce_axis_rank0(%x: tensor<f32>) {
  // expected-error@+1 {{attribute 'axes' (0) is out of range for rank 0}}
  %0 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @reduce_axes_duplicate(%x: tensor<2x3x4xf32>) {
  // expected-error@+1 {{attribute 'axes' must have distinct entries after normalisation: 2 and -1 name axis 2}}
  %0 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 2, 0, -1>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @reduce_result_keepdims(%x: tensor<2x3x4xf32>) {
  // expected-error@+1 {{result shape must be 2x1x4, got 2x4}}
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @reduce_result_all_axes(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{result shape must be scalar, got 1x1}}
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64>, keepdims = false} : (tensor<2x3xf32>) -> tensor<1x1xf32>
  return
}

// -----

func.func @argmax_unknown_attr(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{unknown attribute 'axes'}}
  %0 = "tc_tensor.argmax"(%x) {axis = 0 : i64, axes = array<i64: 0>, keepdims = false, select_last_index = false} : (tensor<2x3xf32>) -> tensor<3xi64>
  return
}

// -----

func.func @argmax_select_last_index_integer(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'select_last_index' must be a bool}}
  %0 = "tc_tensor.argmax"(%x) {axis = 0 : i64, keepdims = false, select_last_index = 0 : i64} : (tensor<2x3xf32>) -> tensor<3xi64>
  return
}

// -----

func.func @argmin_bool(%x: tensor<2x3xi1>) {
  // expected-error@+1 {{operand 'x' must have numeric elements, got i1}}
  %0 = "tc_tensor.argmin"(%x) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<2x3xi1>) -> tensor<3xi64>
  return
}

// -----

func.func @argmax_result_i32(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{result must have element type i64, got i32}}
  %0 = "tc_tensor.argmax"(%x) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<2x3xf32>) -> tensor<3xi32>
  return
}

// -----

func.func @argmax_result_ui64(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{result must have element type i64, got ui64}}
  %0 = "tc_tensor.argmax"(%x) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<2x3xf32>) -> tensor<3xui64>
  return
}

// -----

func.func @argmax_rank0(%x: tensor<f32>) {
  // expected-error@+1 {{operand 'x' must have rank at least 1, got 0}}
  %0 = "tc_tensor.argmax"(%x) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<f32>) -> tensor<i64>
  return
}

// -----

func.func @argmin_axis_i32(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'axis' must be a 64-bit integer}}
  %0 = "tc_tensor.argmin"(%x) {axis = 0 : i32, keepdims = false, select_last_index = false} : (tensor<2x3xf32>) -> tensor<3xi64>
  return
}

// -----

func.func @argmin_axis_range(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'axis' (2) is out of range for rank 2: must lie in [-2, 2)}}
  %0 = "tc_tensor.argmin"(%x) {axis = 2 : i64, keepdims = false, select_last_index = false} : (tensor<2x3xf32>) -> tensor<2xi64>
  return
}

// -----

func.func @argmax_empty_axis(%x: tensor<2x0xf32>) {
  // expected-error@+1 {{dimension 1 of operand 'x' (the reduced axis) must have size at least 1, got 0}}
  %0 = "tc_tensor.argmax"(%x) {axis = -1 : i64, keepdims = false, select_last_index = false} : (tensor<2x0xf32>) -> tensor<2xi64>
  return
}

// -----

func.func @argmin_result(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{result shape must be 2x1, got 2}}
  %0 = "tc_tensor.argmin"(%x) {axis = 1 : i64, keepdims = true, select_last_index = false} : (tensor<2x3xf32>) -> tensor<2xi64>
  return
}
