// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// tc-verify rules of matmul and gemm (lib/Transforms/Verify/VerifyLinalg.c):
// one case per diagnostic, after a case of valid uses.

func.func @valid(%v: tensor<3xf32>, %m: tensor<2x3xf32>, %b: tensor<2x1x3x4xf32>, %c: tensor<5x4x6xf32>,
                 %g: tensor<3x2xf32>, %h: tensor<4x3xf32>, %row: tensor<1x4xf32>) {
  %0 = "tc_tensor.matmul"(%v, %v) : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  %1 = "tc_tensor.matmul"(%m, %v) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %2 = "tc_tensor.matmul"(%v, %b) : (tensor<3xf32>, tensor<2x1x3x4xf32>) -> tensor<2x1x4xf32>
  %3 = "tc_tensor.matmul"(%b, %c) : (tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32>
  %4 = "tc_tensor.gemm"(%g, %h, %row) {alpha = 1.0 : f64, beta = 0.5 : f64, trans_a = true, trans_b = true} : (tensor<3x2xf32>, tensor<4x3xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
  %5 = "tc_tensor.gemm"(%m, %h) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @matmul_unknown_attr(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{unknown attribute 'transpose'}}
  %0 = "tc_tensor.matmul"(%a, %b) {transpose = true} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @matmul_bool(%a: tensor<2x3xi1>, %b: tensor<3x4xi1>) {
  // expected-error@+1 {{operand 'lhs' must have numeric elements, got i1}}
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x3xi1>, tensor<3x4xi1>) -> tensor<2x4xi1>
  return
}

// -----

func.func @matmul_mixed_dtypes(%a: tensor<2x3xf32>, %b: tensor<3x4xf16>) {
  // expected-error@+1 {{all operands and results must have the same element type}}
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf16>) -> tensor<2x4xf32>
  return
}

// -----

func.func @matmul_scalar_lhs(%a: tensor<f32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{operand 'lhs' must have rank at least 1, got a scalar}}
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<f32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @matmul_scalar_rhs(%a: tensor<3xf32>, %b: tensor<f32>) {
  // expected-error@+1 {{operand 'rhs' must have rank at least 1, got a scalar}}
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

func.func @matmul_contraction(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error@+1 {{contracted dimensions of 'lhs' 2x3 and 'rhs' 4x5 must match, got 3 and 4}}
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @matmul_vector_contraction(%a: tensor<2x3xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{contracted dimensions of 'lhs' 2x3 and 'rhs' 4 must match, got 3 and 4}}
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @matmul_batch(%a: tensor<2x2x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error@+1 {{batch dimensions 2 of 'lhs' and 3 of 'rhs' are not broadcast-compatible}}
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x2x3xf32>, tensor<3x3x4xf32>) -> tensor<2x2x4xf32>
  return
}

// -----

func.func @matmul_result(%a: tensor<3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{result shape must be 4, got 1x4}}
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<1x4xf32>
  return
}

// -----

func.func @gemm_unknown_attr(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{unknown attribute 'gamma'}}
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = 1.0 : f64, beta = 1.0 : f64, gamma = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gemm_alpha_f32(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{attribute 'alpha' must be an f64 float}}
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = 1.0 : f32, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gemm_trans_b_integer(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{attribute 'trans_b' must be a bool}}
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = 0 : i64} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gemm_int(%a: tensor<2x3xi32>, %b: tensor<3x4xi32>) {
  // expected-error@+1 {{operand 'a' must have float elements, got i32}}
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x3xi32>, tensor<3x4xi32>) -> tensor<2x4xi32>
  return
}

// -----

func.func @gemm_mixed_dtypes(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<4xf64>) {
  // expected-error@+1 {{all operands and results must have the same element type}}
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf64>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gemm_a_rank(%a: tensor<3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{operand 'a' must have rank 2, got 1}}
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @gemm_b_rank(%a: tensor<2x3xf32>, %b: tensor<1x3x4xf32>) {
  // expected-error@+1 {{operand 'b' must have rank 2, got 3}}
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<1x3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gemm_inner(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{inner dimensions of op(a) 3x2 and op(b) 3x4 must match, got 2 and 3}}
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = true, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @gemm_c(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2xf32>) {
  // expected-error@+1 {{operand 'c' of shape 2 must broadcast unidirectionally to [M, N] = 2x4}}
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gemm_result(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error@+1 {{result shape must be 2x4, got 4x2}}
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @gemm_beta_inf(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{attribute 'beta' must be finite, got inf}}
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = 1.0 : f64, beta = 0x7FF0000000000000 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gemm_c_rank3(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<1x2x4xf32>) {
  // expected-error@+1 {{operand 'c' of shape 1x2x4 must broadcast unidirectionally to [M, N] = 2x4}}
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<1x2x4xf32>) -> tensor<2x4xf32>
  return
}
