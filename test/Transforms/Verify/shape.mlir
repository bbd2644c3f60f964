// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// tc-verify's rules for the data movement ops (docs/dialects.md §2.2.19 to
// §2.2.26, lib/Transforms/Verify/VerifyShape.c): one case per diagnostic.

func.func @valid(%x: tensor<2x3xf32>, %v: tensor<3xf32>, %i: tensor<2xi32>) {
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = "tc_tensor.reshape"(%x) : (tensor<2x3xf32>) -> tensor<3x1x2xf32>
  %2 = "tc_tensor.broadcast_to"(%v) {tc.note = "discardable"} : (tensor<3xf32>) -> tensor<0x2x3xf32>
  %3 = "tc_tensor.concat"(%x, %x) {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %4:3 = "tc_tensor.split"(%x) {axis = 1 : i64} : (tensor<2x3xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  %5 = "tc_tensor.slice"(%x) {starts = array<i64: -1, 5>, ends = array<i64: -9223372036854775808, -4>, steps = array<i64: -1, -2>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %6 = "tc_tensor.gather"(%x, %i) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  %7 = "tc_tensor.pad"(%x) {pads = array<i64: -2, 2, 1, -5>, mode = "reflect", value = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<1x0xf32>
  return
}

// -----

func.func @transpose_unknown_attribute(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'tc_tensor.transpose' op unknown attribute 'permutation'}}
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0>, permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_element_type(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{all operands and results must have the same element type, got f32 (first operand) and f16 (result #0)}}
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf16>
  return
}

// -----

func.func @transpose_perm_length(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'perm' must have 2 entries (the rank of x), got 3}}
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0, 2>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_perm_negative(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'perm' entry #1 (-1) is out of range: must lie in [0, 2)}}
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 0, -1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @transpose_perm_repeat(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'perm' is not a permutation: 1 appears twice}}
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @transpose_result_shape(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{result shape must be 3x2, got 2x3}}
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reshape_element_count(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{result shape 7 must have as many elements as x's shape 2x3}}
  %0 = "tc_tensor.reshape"(%x) : (tensor<2x3xf32>) -> tensor<7xf32>
  return
}

// -----

// Counts that would overflow int64 (2^64 and 2^64 * 3) are refused by the
// size limit (2^40 bytes, docs/dialects.md §1.1) before any rule counts them.
func.func @reshape_element_count_overflow(%x: tensor<4294967296x4294967296xi8>) {
  // expected-error@+2 {{operand #0, tensor<4294967296x4294967296xi8>, holds more than 2^40 bytes, the supported maximum}}
  // expected-error@+1 {{result #0, tensor<4294967296x4294967296x3xi8>, holds more than 2^40 bytes, the supported maximum}}
  %0 = "tc_tensor.reshape"(%x) : (tensor<4294967296x4294967296xi8>) -> tensor<4294967296x4294967296x3xi8>
  return
}

// -----

func.func @reshape_empty_to_nonempty(%x: tensor<0x3xf32>) {
  // expected-error@+1 {{result shape 1 must have as many elements as x's shape 0x3}}
  %0 = "tc_tensor.reshape"(%x) : (tensor<0x3xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @reshape_element_type(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{all operands and results must have the same element type}}
  %0 = "tc_tensor.reshape"(%x) : (tensor<2x3xf32>) -> tensor<6xi32>
  return
}

// -----

func.func @broadcast_to_bidirectional(%x: tensor<3x1xf32>) {
  // expected-error@+1 {{x's shape 3x1 does not broadcast unidirectionally to the result shape 4}}
  %0 = "tc_tensor.broadcast_to"(%x) : (tensor<3x1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @broadcast_to_lower_rank(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{x's shape 2x3 does not broadcast unidirectionally to the result shape 3}}
  %0 = "tc_tensor.broadcast_to"(%x) : (tensor<2x3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @broadcast_to_unknown_attribute(%x: tensor<3xf32>) {
  // expected-error@+1 {{unknown attribute 'shape'}}
  %0 = "tc_tensor.broadcast_to"(%x) {shape = array<i64: 2, 3>} : (tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @concat_axis_out_of_range(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'axis' (2) is out of range for rank 2: must lie in [-2, 2)}}
  %0 = "tc_tensor.concat"(%x, %x) {axis = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @concat_rank0(%x: tensor<f32>) {
  // expected-error@+1 {{attribute 'axis' (0) is out of range for rank 0}}
  %0 = "tc_tensor.concat"(%x, %x) {axis = 0 : i64} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @concat_rank_mismatch(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{rhs has rank 1, expected 2 like lhs}}
  %0 = "tc_tensor.concat"(%a, %b) {axis = 0 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @concat_size_mismatch(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error@+1 {{rhs has size 4 in dimension 1, expected 3 like lhs}}
  %0 = "tc_tensor.concat"(%a, %b) {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concat_element_type(%a: tensor<2x3xf32>, %b: tensor<2x3xf64>) {
  // expected-error@+1 {{all operands and results must have the same element type, got f32 (first operand) and f64 (operand #1)}}
  %0 = "tc_tensor.concat"(%a, %b) {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf64>) -> tensor<4x3xf32>
  return
}

// -----

// Sizes whose sum would overflow int64 are over the size limit first.
func.func @concat_overflow(%a: tensor<4611686018427387904xi8>) {
  // expected-error@+2 {{operand #0, tensor<4611686018427387904xi8>, holds more than 2^40 bytes}}
  // expected-error@+1 {{operand #1, tensor<4611686018427387904xi8>, holds more than 2^40 bytes}}
  %0 = "tc_tensor.concat"(%a, %a) {axis = 0 : i64} : (tensor<4611686018427387904xi8>, tensor<4611686018427387904xi8>) -> tensor<1xi8>
  return
}

// -----

func.func @concat_result_shape(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) {
  // expected-error@+1 {{result shape must be 2x8, got 2x3}}
  %0 = "tc_tensor.concat"(%a, %b) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @split_no_results(%x: tensor<6xf32>) {
  // expected-error@+1 {{requires at least one result}}
  "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<6xf32>) -> ()
  return
}

// -----

func.func @split_axis_out_of_range(%x: tensor<6xf32>) {
  // expected-error@+1 {{attribute 'axis' (-2) is out of range for rank 1: must lie in [-1, 1)}}
  %0:2 = "tc_tensor.split"(%x) {axis = -2 : i64} : (tensor<6xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @split_rank_mismatch(%x: tensor<2x6xf32>) {
  // expected-error@+1 {{result #0 has rank 1, expected 2 like x}}
  %0:2 = "tc_tensor.split"(%x) {axis = 1 : i64} : (tensor<2x6xf32>) -> (tensor<6xf32>, tensor<6xf32>)
  return
}

// -----

func.func @split_size_mismatch(%x: tensor<2x6xf32>) {
  // expected-error@+1 {{result #0 has size 3 in dimension 0, expected 2 like x}}
  %0:2 = "tc_tensor.split"(%x) {axis = 1 : i64} : (tensor<2x6xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>)
  return
}

// -----

func.func @split_sum(%x: tensor<6xf32>) {
  // expected-error@+1 {{result sizes along axis 0 must sum to 6 (x's size), got 4}}
  %0:2 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<6xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

func.func @split_overflow(%x: tensor<6xf32>) {
  // expected-error@+2 {{result #0, tensor<4611686018427387904xf32>, holds more than 2^40 bytes}}
  // expected-error@+1 {{result #1, tensor<4611686018427387904xf32>, holds more than 2^40 bytes}}
  %0:2 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<6xf32>) -> (tensor<4611686018427387904xf32>, tensor<4611686018427387904xf32>)
  return
}

// -----

func.func @split_element_type(%x: tensor<6xf32>) {
  // expected-error@+1 {{all operands and results must have the same element type, got f32 (first operand) and i32 (result #0)}}
  %0:2 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<6xf32>) -> (tensor<3xi32>, tensor<3xi32>)
  return
}

// -----

func.func @slice_starts_length(%x: tensor<4x5xf32>) {
  // expected-error@+1 {{attribute 'starts' must have 2 entries (the rank of x), got 1}}
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 0>, ends = array<i64: 4, 5>, steps = array<i64: 1, 1>} : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @slice_ends_length(%x: tensor<4x5xf32>) {
  // expected-error@+1 {{attribute 'ends' must have 2 entries (the rank of x), got 3}}
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 0, 0>, ends = array<i64: 4, 5, 6>, steps = array<i64: 1, 1>} : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @slice_steps_length(%x: tensor<4x5xf32>) {
  // expected-error@+1 {{attribute 'steps' must have 2 entries (the rank of x), got 0}}
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 0, 0>, ends = array<i64: 4, 5>, steps = array<i64>} : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @slice_zero_step(%x: tensor<4x5xf32>) {
  // expected-error@+1 {{attribute 'steps' entry #1 is 0; steps must be nonzero}}
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 0, 0>, ends = array<i64: 4, 5>, steps = array<i64: 1, 0>} : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return
}

// -----

// Python clamps the end at n: x[1:100:3] of 5 elements takes 1 and 4.
func.func @slice_result_shape(%x: tensor<4x5xf32>) {
  // expected-error@+1 {{result shape must be 4x2, got 4x3}}
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 0, 1>, ends = array<i64: 4, 100>, steps = array<i64: 1, 3>} : (tensor<4x5xf32>) -> tensor<4x3xf32>
  return
}

// -----

// A negative step clamps the start to n - 1 and an end below -n to -1.
func.func @slice_negative_step_shape(%x: tensor<5xf32>) {
  // expected-error@+1 {{result shape must be 3, got 5}}
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 9223372036854775807>, ends = array<i64: -9223372036854775808>, steps = array<i64: -2>} : (tensor<5xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @slice_element_type(%x: tensor<5xf32>) {
  // expected-error@+1 {{all operands and results must have the same element type}}
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 0>, ends = array<i64: 5>, steps = array<i64: 1>} : (tensor<5xf32>) -> tensor<5xbf16>
  return
}

// -----

func.func @gather_indices_float(%x: tensor<5xf32>, %i: tensor<2xf32>) {
  // expected-error@+1 {{indices must have i32 or i64 elements, got f32}}
  %0 = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<5xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_indices_unsigned(%x: tensor<5xf32>, %i: tensor<2xui32>) {
  // expected-error@+1 {{indices must have i32 or i64 elements, got ui32}}
  %0 = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<5xf32>, tensor<2xui32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_indices_i16(%x: tensor<5xf32>, %i: tensor<2xi16>) {
  // expected-error@+1 {{indices must have i32 or i64 elements, got i16}}
  %0 = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<5xf32>, tensor<2xi16>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_result_element_type(%x: tensor<5xf32>, %i: tensor<2xi64>) {
  // expected-error@+1 {{result must have data's element type f32, got i64}}
  %0 = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<5xf32>, tensor<2xi64>) -> tensor<2xi64>
  return
}

// -----

func.func @gather_rank0_data(%x: tensor<f32>, %i: tensor<i64>) {
  // expected-error@+1 {{attribute 'axis' (0) is out of range for rank 0}}
  %0 = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<f32>, tensor<i64>) -> tensor<f32>
  return
}

// -----

func.func @gather_result_rank(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, %i: tensor<1x1xi64>) {
  // expected-error@+1 {{result must have rank 33 (data's rank - 1 + indices' rank), above the supported maximum 32}}
  %0 = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, tensor<1x1xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_result_shape(%x: tensor<3x5xf32>, %i: tensor<2x2xi32>) {
  // expected-error@+1 {{result shape must be 3x2x2, got 2x2x5}}
  %0 = "tc_tensor.gather"(%x, %i) {axis = 1 : i64} : (tensor<3x5xf32>, tensor<2x2xi32>) -> tensor<2x2x5xf32>
  return
}

// -----

func.func @pad_length(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'pads' must have 4 entries (twice the rank of x), got 2}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "constant", value = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @pad_mode(%x: tensor<3xf32>) {
  // expected-error@+1 {{attribute 'mode' must be "constant", "reflect" or "edge", got "wrap"}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "wrap", value = 0.0 : f64} : (tensor<3xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @pad_value_kind(%x: tensor<3xf32>) {
  // expected-error@+1 {{attribute 'value' must be an f64 float}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "constant", value = 0.0 : f32} : (tensor<3xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @pad_unused_value(%x: tensor<3xf32>) {
  // expected-error@+1 {{attribute 'value' must be +0.0 unless mode is "constant", got 1}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "edge", value = 1.0 : f64} : (tensor<3xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @pad_unused_value_negative_zero(%x: tensor<3xf32>) {
  // expected-error@+1 {{attribute 'value' must be +0.0 unless mode is "constant", got -0}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "reflect", value = -0.0 : f64} : (tensor<3xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @pad_value_fraction(%x: tensor<3xi8>) {
  // expected-error@+1 {{attribute 'value' (0.5) must be a whole number to pad i8 elements}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "constant", value = 0.5 : f64} : (tensor<3xi8>) -> tensor<5xi8>
  return
}

// -----

func.func @pad_value_nan(%x: tensor<3xi32>) {
  // expected-error@+1 {{attribute 'value' (nan) must be a whole number to pad i32 elements}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "constant", value = 0x7FF8000000000000 : f64} : (tensor<3xi32>) -> tensor<5xi32>
  return
}

// -----

func.func @pad_value_range(%x: tensor<3xi8>) {
  // expected-error@+1 {{attribute 'value' (128) is out of range for i8 elements}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "constant", value = 128.0 : f64} : (tensor<3xi8>) -> tensor<5xi8>
  return
}

// -----

func.func @pad_value_unsigned(%x: tensor<3xui16>) {
  // expected-error@+1 {{attribute 'value' (-1) is out of range for ui16 elements}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "constant", value = -1.0 : f64} : (tensor<3xui16>) -> tensor<5xui16>
  return
}

// -----

func.func @pad_value_bool(%x: tensor<3xi1>) {
  // expected-error@+1 {{attribute 'value' (2) is out of range for i1 elements}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "constant", value = 2.0 : f64} : (tensor<3xi1>) -> tensor<5xi1>
  return
}

// -----

func.func @pad_value_infinite(%x: tensor<3xi64>) {
  // expected-error@+1 {{attribute 'value' (inf) is out of range for i64 elements}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "constant", value = 0x7FF0000000000000 : f64} : (tensor<3xi64>) -> tensor<5xi64>
  return
}

// -----

func.func @pad_reflect_limit(%x: tensor<3xf32>) {
  // expected-error@+1 {{mode "reflect" pads dimension 0 (size 3) by 3: must be less than the size}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 0, 3>, mode = "reflect", value = 0.0 : f64} : (tensor<3xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @pad_edge_empty(%x: tensor<2x0xf32>) {
  // expected-error@+1 {{mode "edge" cannot pad dimension 1: it is empty}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 0, 1, 0, 0>, mode = "edge", value = 0.0 : f64} : (tensor<2x0xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @pad_negative_size(%x: tensor<3xf32>) {
  // expected-error@+1 {{attribute 'pads' gives dimension 0 a negative size: 3 + -2 + -2}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: -2, -2>, mode = "constant", value = 0.0 : f64} : (tensor<3xf32>) -> tensor<0xf32>
  return
}

// -----

func.func @pad_overflow(%x: tensor<3xf32>) {
  // expected-error@+1 {{attribute 'pads' makes dimension 0 larger than a 64-bit integer holds}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 9223372036854775807, 0>, mode = "constant", value = 0.0 : f64} : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @pad_result_shape(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{result shape must be 4x5, got 5x4}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 0, 1, 2>, mode = "constant", value = -1.5 : f64} : (tensor<2x3xf32>) -> tensor<5x4xf32>
  return
}
