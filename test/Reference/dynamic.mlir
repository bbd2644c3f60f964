// Dynamic dimensions in the reference evaluator (docs/dialects.md §1.5,
// docs/reference.md): one function runs on inputs of any size its types
// allow; each run-time constraint an input breaks is reported at its op (or
// argument) under its name, with no result, and exit 1 (bad input).
// RUN: rm -rf %t && %python %S/Inputs/make-dynamic-npy.py %t

//===-- Runs at two sizes -------------------------------------------------===//

// gemm + relu on a ? batch: x·w = 4 per element (w is all ones), plus c.
// RUN: tensor-ref %s --fn mlp --input %t/ones5x4.npy --output-dir %t/mlp5
// RUN: %python %S/Inputs/npy-print.py %t/mlp5 | FileCheck %s --check-prefix=MLP5
// MLP5: output_0.npy float32 (5, 3) {{\[\[}}4.0, 0.0, 5.0], [4.0, 0.0, 5.0], [4.0, 0.0, 5.0], [4.0, 0.0, 5.0], [4.0, 0.0, 5.0]]
// RUN: tensor-ref %s --fn mlp --input %t/ones1x4.npy --output-dir %t/mlp1
// RUN: %python %S/Inputs/npy-print.py %t/mlp1 | FileCheck %s --check-prefix=MLP1
// MLP1: output_0.npy float32 (1, 3) {{\[\[}}4.0, 0.0, 5.0]]
func.func @mlp(%x: tensor<?x4xf32>) -> tensor<?x3xf32> {
  %w = "tc_tensor.constant"() {value = dense<1.0> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %c = "tc_tensor.constant"() {value = dense<[0.0, -10.0, 1.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %y = "tc_tensor.gemm"(%x, %w, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<?x4xf32>, tensor<4x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  %r = "tc_tensor.relu"(%y) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

//===-- arg-shape -----------------------------------------------------------===//

// A static size of the argument's type must match; the ? takes any.
// RUN: %expect_exit 1 tensor-ref %s --fn mlp --input %t/ones5x3.npy 2>&1 | FileCheck %s --check-prefix=ARG
// ARG: error: shape constraint 'arg-shape' violated: input #0 has shape 5x3, which does not fit the argument's type tensor<?x4xf32>
// ARG-NOT: output #

// Draws need static shapes: --seed refuses a ? argument (a usage error).
// RUN: %expect_exit 1 tensor-ref %s --fn mlp --seed 1 2>&1 | FileCheck %s --check-prefix=SEED
// SEED: tensor-ref: argument #0 has a dynamic dimension: --seed draws static shapes only; give the inputs with --input

//===-- equal-dims ----------------------------------------------------------===//

// RUN: tensor-ref %s --fn contract --input %t/a2x4.npy %t/b4x3.npy | FileCheck %s --check-prefix=K
// K: output #0: tensor<2x3xf32>
// RUN: %expect_exit 1 tensor-ref %s --fn contract --input %t/a2x4.npy %t/b5x3.npy 2>&1 | FileCheck %s --check-prefix=K_BAD
// K_BAD: dynamic.mlir:[[@LINE+3]]:8: error: 'tc_tensor.matmul' op shape constraint 'equal-dims' violated: contracted dimensions of 'lhs' and 'rhs' must match, got 4 and 5
// K_BAD-NOT: output #
func.func @contract(%a: tensor<2x?xf32>, %b: tensor<?x3xf32>) -> tensor<2x3xf32> {
  %y = "tc_tensor.matmul"(%a, %b) : (tensor<2x?xf32>, tensor<?x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

//===-- broadcast -----------------------------------------------------------===//

// RUN: tensor-ref %s --fn bcast --input %t/v3.npy %t/v1.npy --output-dir %t/bc
// RUN: %python %S/Inputs/npy-print.py %t/bc | FileCheck %s --check-prefix=BC
// BC: output_0.npy float32 (3,) [11.0, 12.0, 13.0]
// RUN: %expect_exit 1 tensor-ref %s --fn bcast --input %t/v3.npy %t/v4.npy 2>&1 | FileCheck %s --check-prefix=BC_BAD
// BC_BAD: dynamic.mlir:[[@LINE+3]]:8: error: 'tc_tensor.add' op shape constraint 'broadcast' violated: shapes 3 and 4 are not broadcast-compatible
// BC_BAD-NOT: output #
func.func @bcast(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %y = "tc_tensor.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

//===-- reshape-count -------------------------------------------------------===//

// The result's ? is count(x) / 8: 16 elements give 2 rows, 12 none.
// RUN: tensor-ref %s --fn rows --input %t/m4x4.npy | FileCheck %s --check-prefix=ROWS
// ROWS: output #0: tensor<2x8xf32>
// RUN: %expect_exit 1 tensor-ref %s --fn rows --input %t/m3x4.npy 2>&1 | FileCheck %s --check-prefix=ROWS_BAD
// ROWS_BAD: dynamic.mlir:[[@LINE+2]]:8: error: 'tc_tensor.reshape' op shape constraint 'reshape-count' violated: the operand's 12 elements do not divide into rows of 8 (the result's known dimensions)
func.func @rows(%x: tensor<?x4xf32>) -> tensor<?x8xf32> {
  %y = "tc_tensor.reshape"(%x) : (tensor<?x4xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// A static result: the counts must be equal.
// RUN: %expect_exit 1 tensor-ref %s --fn fixed --input %t/v5.npy 2>&1 | FileCheck %s --check-prefix=FIXED
// FIXED: dynamic.mlir:[[@LINE+2]]:8: error: 'tc_tensor.reshape' op shape constraint 'reshape-count' violated: result must have as many elements as the operand (5)
func.func @fixed(%x: tensor<?xf32>) -> tensor<2x3xf32> {
  %y = "tc_tensor.reshape"(%x) : (tensor<?xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

//===-- window-fits ---------------------------------------------------------===//

// RUN: tensor-ref %s --fn pool --input %t/img3x3.npy | FileCheck %s --check-prefix=POOL
// POOL: output #0: tensor<1x1x1x1xf32> = {{\[\[\[\[}}8
// RUN: %expect_exit 1 tensor-ref %s --fn pool --input %t/img2x2.npy 2>&1 | FileCheck %s --check-prefix=POOL_BAD
// POOL_BAD: dynamic.mlir:[[@LINE+2]]:8: error: 'tc_tensor.max_pool2d' op shape constraint 'window-fits' violated: the window (kernel 3, dilation 1) must fit in the padded input (2 + pads 0, 0) along the height
func.func @pool(%x: tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32> {
  %y = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 3, 3>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32>
  return %y : tensor<1x1x?x?xf32>
}

//===-- nonempty-axis -------------------------------------------------------===//

// RUN: %expect_exit 1 tensor-ref %s --fn first --input %t/empty0x3.npy 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: dynamic.mlir:[[@LINE+2]]:8: error: 'tc_tensor.argmax' op shape constraint 'nonempty-axis' violated: dimension 0 of the operand (the reduced axis) must not be empty
func.func @first(%x: tensor<?x3xf32>) -> tensor<3xi64> {
  %y = "tc_tensor.argmax"(%x) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<?x3xf32>) -> tensor<3xi64>
  return %y : tensor<3xi64>
}

//===-- size-limit ----------------------------------------------------------===//

// 2^20 x 2^20 f32 elements are 2^42 bytes: refused before anything is allocated.
// RUN: %expect_exit 1 tensor-ref %s --fn outer --input %t/col.npy %t/row.npy 2>&1 | FileCheck %s --check-prefix=OUTER
// OUTER: dynamic.mlir:[[@LINE+2]]:8: error: 'tc_tensor.add' op shape constraint 'size-limit' violated: result #0 would hold more than 2^40 bytes (docs/dialects.md §1.1)
func.func @outer(%a: tensor<?x1xf32>, %b: tensor<1x?xf32>) -> tensor<?x?xf32> {
  %y = "tc_tensor.add"(%a, %b) : (tensor<?x1xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

//===-- Ops that take static shapes only ------------------------------------===//

// The evaluator reads §1.5's list itself: a ? in concat is a spec violation (2).
// RUN: %expect_exit 2 tensor-ref %s --fn join --input %t/v3.npy 2>&1 | FileCheck %s --check-prefix=JOIN
// JOIN: dynamic.mlir:[[@LINE+2]]:8: error: 'tc_tensor.concat' op operand #0 has a dynamic dimension, but 'concat' takes static shapes only (docs/dialects.md §1.5)
func.func @join(%a: tensor<?xf32>) -> tensor<?xf32> {
  %y = "tc_tensor.concat"(%a, %a) {axis = 0 : i64} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
