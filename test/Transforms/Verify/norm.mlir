// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// tc-verify rules of batch_norm, layer_norm, softmax and log_softmax
// (lib/Transforms/Verify/VerifyNorm.c): one case per diagnostic, after a case
// of valid uses.

func.func @valid(%x: tensor<2x3x4xf32>, %c: tensor<3xf32>, %s: tensor<1x4xf32>, %b: tensor<f32>,
                 %t: tensor<4xf32>) {
  %0 = "tc_tensor.batch_norm"(%x, %c, %c, %c, %c) {epsilon = 0.0 : f64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  %1 = "tc_tensor.layer_norm"(%x, %s, %b) {axis = -2 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x4xf32>, tensor<1x4xf32>, tensor<f32>) -> tensor<2x3x4xf32>
  %2 = "tc_tensor.layer_norm"(%x, %t) {axis = 2 : i64, epsilon = 1.0e-05 : f64, tc.note = "kept"} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %3 = "tc_tensor.softmax"(%x) {axis = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %4 = "tc_tensor.log_softmax"(%x) {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @batch_norm_unknown_attr(%x: tensor<2x3xf32>, %c: tensor<3xf32>) {
  // expected-error@+1 {{unknown attribute 'momentum'}}
  %0 = "tc_tensor.batch_norm"(%x, %c, %c, %c, %c) {epsilon = 1.0e-05 : f64, momentum = 0.9 : f64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_epsilon_f32(%x: tensor<2x3xf32>, %c: tensor<3xf32>) {
  // expected-error@+1 {{attribute 'epsilon' must be an f64 float}}
  %0 = "tc_tensor.batch_norm"(%x, %c, %c, %c, %c) {epsilon = 1.0e-05 : f32} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_epsilon_negative(%x: tensor<2x3xf32>, %c: tensor<3xf32>) {
  // expected-error@+1 {{attribute 'epsilon' must be finite and >= 0, got -1}}
  %0 = "tc_tensor.batch_norm"(%x, %c, %c, %c, %c) {epsilon = -1.0 : f64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_epsilon_nan(%x: tensor<2x3xf32>, %c: tensor<3xf32>) {
  // expected-error@+1 {{attribute 'epsilon' must be finite and >= 0, got nan}}
  %0 = "tc_tensor.batch_norm"(%x, %c, %c, %c, %c) {epsilon = 0x7FF8000000000000 : f64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_int(%x: tensor<2x3xi32>, %c: tensor<3xi32>) {
  // expected-error@+1 {{operand 'x' must have float elements, got i32}}
  %0 = "tc_tensor.batch_norm"(%x, %c, %c, %c, %c) {epsilon = 1.0e-05 : f64} : (tensor<2x3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return
}

// -----

func.func @batch_norm_mixed_dtypes(%x: tensor<2x3xf32>, %c: tensor<3xf32>, %v: tensor<3xf16>) {
  // expected-error@+1 {{all operands and results must have the same element type}}
  %0 = "tc_tensor.batch_norm"(%x, %c, %c, %c, %v) {epsilon = 1.0e-05 : f64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf16>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_result(%x: tensor<2x3xf32>, %c: tensor<3xf32>) {
  // expected-error@+1 {{result shape must be 2x3, got 3x2}}
  %0 = "tc_tensor.batch_norm"(%x, %c, %c, %c, %c) {epsilon = 1.0e-05 : f64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @batch_norm_rank1(%x: tensor<3xf32>, %c: tensor<3xf32>) {
  // expected-error@+1 {{operand 'x' must have rank at least 2, got 1}}
  %0 = "tc_tensor.batch_norm"(%x, %c, %c, %c, %c) {epsilon = 1.0e-05 : f64} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @batch_norm_scale(%x: tensor<2x3xf32>, %c: tensor<3xf32>, %s: tensor<2xf32>) {
  // expected-error@+1 {{operand 'scale' must have shape [C] = 3 (C = x.shape[1]), got 2}}
  %0 = "tc_tensor.batch_norm"(%x, %s, %c, %c, %c) {epsilon = 1.0e-05 : f64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_var_rank(%x: tensor<2x3xf32>, %c: tensor<3xf32>, %v: tensor<1x3xf32>) {
  // expected-error@+1 {{operand 'var' must have shape [C] = 3 (C = x.shape[1]), got 1x3}}
  %0 = "tc_tensor.batch_norm"(%x, %c, %c, %c, %v) {epsilon = 1.0e-05 : f64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @layer_norm_unknown_attr(%x: tensor<2x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{unknown attribute 'stash_type'}}
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = 1 : i64, epsilon = 1.0e-05 : f64, stash_type = 1 : i64} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @layer_norm_epsilon_inf(%x: tensor<2x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{attribute 'epsilon' must be finite and >= 0, got inf}}
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = 1 : i64, epsilon = 0x7FF0000000000000 : f64} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @layer_norm_axis_i32(%x: tensor<2x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{attribute 'axis' must be a 64-bit integer}}
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = 1 : i32, epsilon = 1.0e-05 : f64} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @layer_norm_rank0(%x: tensor<f32>, %s: tensor<f32>) {
  // expected-error@+1 {{operand 'x' must have rank at least 1, got 0}}
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = 0 : i64, epsilon = 1.0e-05 : f64} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @layer_norm_axis_range(%x: tensor<2x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{attribute 'axis' (-3) is out of range for rank 2: must lie in [-2, 2)}}
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = -3 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @layer_norm_scale(%x: tensor<2x3x4xf32>, %s: tensor<3x1xf32>) {
  // expected-error@+1 {{operand 'scale' of shape 3x1 must broadcast unidirectionally to x.shape[axis:] = 4}}
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = 2 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @layer_norm_bias(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %b: tensor<2x4xf32>) {
  // expected-error@+1 {{operand 'bias' of shape 2x4 must broadcast unidirectionally to x.shape[axis:] = 3x4}}
  %0 = "tc_tensor.layer_norm"(%x, %s, %b) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @softmax_unknown_attr(%x: tensor<2x4xf32>) {
  // expected-error@+1 {{unknown attribute 'axes'}}
  %0 = "tc_tensor.softmax"(%x) {axis = 1 : i64, axes = array<i64: 1>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @softmax_int(%x: tensor<2x4xi8>) {
  // expected-error@+1 {{operand 'x' must have float elements, got i8}}
  %0 = "tc_tensor.softmax"(%x) {axis = 1 : i64} : (tensor<2x4xi8>) -> tensor<2x4xi8>
  return
}

// -----

func.func @log_softmax_result_dtype(%x: tensor<2x4xf32>) {
  // expected-error@+1 {{all operands and results must have the same element type}}
  %0 = "tc_tensor.log_softmax"(%x) {axis = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf64>
  return
}

// -----

func.func @softmax_result(%x: tensor<2x4xf32>) {
  // expected-error@+1 {{result shape must be 2x4, got 8}}
  %0 = "tc_tensor.softmax"(%x) {axis = 1 : i64} : (tensor<2x4xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @log_softmax_rank0(%x: tensor<f32>) {
  // expected-error@+1 {{operand 'x' must have rank at least 1, got 0}}
  %0 = "tc_tensor.log_softmax"(%x) {axis = 0 : i64} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @softmax_axis_range(%x: tensor<2x4xf32>) {
  // expected-error@+1 {{attribute 'axis' (2) is out of range for rank 2: must lie in [-2, 2)}}
  %0 = "tc_tensor.softmax"(%x) {axis = 2 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}
