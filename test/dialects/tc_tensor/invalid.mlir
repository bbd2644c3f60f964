// RUN: tensor-opt -split-input-file -verify-diagnostics %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_tensor.irdl.mlir -split-input-file -verify-diagnostics %s

// Negative tests of the constraints tc_tensor.irdl.mlir itself expresses:
// operand and result counts (concat is binary), ranked-tensor operands,
// required attributes and attribute kinds, and one type for all members of a
// variadic group (split's results). Shape and dtype rules belong to
// tc-verify and are tested with it, not here.

func.func @memref_operand(%x: memref<4xf32>) {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.memref'}}
  %0 = "tc_tensor.neg"(%x) : (memref<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @unranked_operand(%x: tensor<*xf32>) {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.unranked_tensor'}}
  %0 = "tc_tensor.exp"(%x) : (tensor<*xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @missing_operand(%x: tensor<4xf32>) {
  // expected-error @+1 {{op expects exactly 2 operands, but got 1}}
  %0 = "tc_tensor.add"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @two_results(%x: tensor<4xf32>) {
  // expected-error @+1 {{op expects exactly 1 results, but got 2}}
  %0:2 = "tc_tensor.relu"(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @gemm_too_many_operands(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{op expects at most 3 operands, but got 4}}
  %0 = "tc_tensor.gemm"(%a, %a, %a, %a) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @missing_attribute(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{attribute "keepdims" is expected but not provided}}
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @integer_attribute_given_float(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{expected base attribute 'builtin.integer' but got 'builtin.float'}}
  %0 = "tc_tensor.softmax"(%x) {axis = 1.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @array_attribute_given_dense(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.dense_int_or_fp_elements'}}
  %0 = "tc_tensor.transpose"(%x) {perm = dense<[1, 0]> : tensor<2xi64>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @clip_string_bound(%x: tensor<4xf32>) {
  // expected-error @+1 {{'"0"' does not satisfy the constraint}}
  %0 = "tc_tensor.clip"(%x) {max = 1.0 : f64, min = "0"} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @constant_without_value() {
  // expected-error @+1 {{attribute "value" is expected but not provided}}
  %0 = "tc_tensor.constant"() : () -> tensor<2xf32>
  return
}

// -----

func.func @unknown_op(%x: tensor<4xf32>) {
  // expected-error @+1 {{unregistered operation 'tc_tensor.softplus' found in dialect ('tc_tensor')}}
  %0 = "tc_tensor.softplus"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// concat is binary (docs/dialects.md 2.2.22): three inputs are a chain.
func.func @concat_three_operands(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{op expects exactly 2 operands, but got 3}}
  %0 = "tc_tensor.concat"(%a, %a, %a) {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
  return
}

// -----

func.func @concat_one_operand(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{op expects exactly 2 operands, but got 1}}
  %0 = "tc_tensor.concat"(%a) {axis = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @concat_missing_axis(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) {
  // expected-error @+1 {{attribute "axis" is expected but not provided}}
  %0 = "tc_tensor.concat"(%a, %b) : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return
}

// -----

// split's results form one variadic group, which IRDL checks against one
// type: parts of different sizes are rejected by IRDL itself (2.2.23).
func.func @split_unequal_parts(%x: tensor<6xf32>) {
  // expected-error @+1 {{expected 'tensor<2xf32>' but got 'tensor<4xf32>'}}
  %0:2 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<6xf32>) -> (tensor<2xf32>, tensor<4xf32>)
  return
}

// -----

func.func @split_mixed_dtypes(%x: tensor<4xf32>) {
  // expected-error @+1 {{expected 'tensor<2xf32>' but got 'tensor<2xf16>'}}
  %0:2 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xf16>)
  return
}

// -----

func.func @split_memref_result(%x: tensor<4xf32>) {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.memref'}}
  %0 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<4xf32>) -> memref<4xf32>
  return
}
