// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_tensor.irdl.mlir %s | FileCheck %s

// Round-trip of the shape and data-movement ops: transpose, reshape,
// broadcast_to, concat (binary: operands of different sizes along the axis,
// the same value twice, negative axis, i8, an empty operand, an operand of
// size 0 along the axis, and a chain of two concats joining three inputs),
// split (1, 2 and 3 equal results, and empty parts), slice (steps, negative
// steps, clamping, empty results), gather, pad (three modes, negative pads)
// and identity. concat is binary and split's results share one type because
// IRDL checks every member of a variadic group against one type
// (docs/dialects.md 2.2.22-23).

// CHECK-LABEL: func.func @transpose_2d(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.transpose"(%[[X]]) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK:         return %[[R]] : tensor<3x2xf32>
func.func @transpose_2d(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @transpose_swap_inner(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.transpose"(%[[X]]) {perm = array<i64: 0, 2, 1>} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
// CHECK:         return %[[R]] : tensor<2x4x3xf32>
func.func @transpose_swap_inner(%x: tensor<2x3x4xf32>) -> tensor<2x4x3xf32> {
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 0, 2, 1>} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// CHECK-LABEL: func.func @transpose_rotate_i1(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xi1>)
// CHECK:         %[[R:.*]] = "tc_tensor.transpose"(%[[X]]) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xi1>) -> tensor<4x2x3xi1>
// CHECK:         return %[[R]] : tensor<4x2x3xi1>
func.func @transpose_rotate_i1(%x: tensor<2x3x4xi1>) -> tensor<4x2x3xi1> {
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xi1>) -> tensor<4x2x3xi1>
  return %0 : tensor<4x2x3xi1>
}

// CHECK-LABEL: func.func @transpose_rank0(
// CHECK-SAME:    %[[X:.*]]: tensor<f32>)
// CHECK:         %[[R:.*]] = "tc_tensor.transpose"(%[[X]]) {perm = array<i64>} : (tensor<f32>) -> tensor<f32>
// CHECK:         return %[[R]] : tensor<f32>
func.func @transpose_rank0(%x: tensor<f32>) -> tensor<f32> {
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64>} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @reshape_flatten(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.reshape"(%[[X]]) : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK:         return %[[R]] : tensor<6xf32>
func.func @reshape_flatten(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %0 = "tc_tensor.reshape"(%x) : (tensor<2x3xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// CHECK-LABEL: func.func @reshape_split_dim_i64(
// CHECK-SAME:    %[[X:.*]]: tensor<6xi64>)
// CHECK:         %[[R:.*]] = "tc_tensor.reshape"(%[[X]]) : (tensor<6xi64>) -> tensor<3x2xi64>
// CHECK:         return %[[R]] : tensor<3x2xi64>
func.func @reshape_split_dim_i64(%x: tensor<6xi64>) -> tensor<3x2xi64> {
  %0 = "tc_tensor.reshape"(%x) : (tensor<6xi64>) -> tensor<3x2xi64>
  return %0 : tensor<3x2xi64>
}

// CHECK-LABEL: func.func @reshape_to_rank0(
// CHECK-SAME:    %[[X:.*]]: tensor<1x1xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.reshape"(%[[X]]) : (tensor<1x1xf32>) -> tensor<f32>
// CHECK:         return %[[R]] : tensor<f32>
func.func @reshape_to_rank0(%x: tensor<1x1xf32>) -> tensor<f32> {
  %0 = "tc_tensor.reshape"(%x) : (tensor<1x1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @reshape_from_rank0(
// CHECK-SAME:    %[[X:.*]]: tensor<f32>)
// CHECK:         %[[R:.*]] = "tc_tensor.reshape"(%[[X]]) : (tensor<f32>) -> tensor<1x1x1xf32>
// CHECK:         return %[[R]] : tensor<1x1x1xf32>
func.func @reshape_from_rank0(%x: tensor<f32>) -> tensor<1x1x1xf32> {
  %0 = "tc_tensor.reshape"(%x) : (tensor<f32>) -> tensor<1x1x1xf32>
  return %0 : tensor<1x1x1xf32>
}

// CHECK-LABEL: func.func @reshape_empty(
// CHECK-SAME:    %[[X:.*]]: tensor<0x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.reshape"(%[[X]]) : (tensor<0x3xf32>) -> tensor<3x0xf32>
// CHECK:         return %[[R]] : tensor<3x0xf32>
func.func @reshape_empty(%x: tensor<0x3xf32>) -> tensor<3x0xf32> {
  %0 = "tc_tensor.reshape"(%x) : (tensor<0x3xf32>) -> tensor<3x0xf32>
  return %0 : tensor<3x0xf32>
}

// CHECK-LABEL: func.func @broadcast_to_new_dim(
// CHECK-SAME:    %[[X:.*]]: tensor<3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.broadcast_to"(%[[X]]) : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
func.func @broadcast_to_new_dim(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.broadcast_to"(%x) : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @broadcast_to_size1(
// CHECK-SAME:    %[[X:.*]]: tensor<1x3xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.broadcast_to"(%[[X]]) : (tensor<1x3xi32>) -> tensor<4x3xi32>
// CHECK:         return %[[R]] : tensor<4x3xi32>
func.func @broadcast_to_size1(%x: tensor<1x3xi32>) -> tensor<4x3xi32> {
  %0 = "tc_tensor.broadcast_to"(%x) : (tensor<1x3xi32>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}

// CHECK-LABEL: func.func @broadcast_to_from_rank0(
// CHECK-SAME:    %[[X:.*]]: tensor<f32>)
// CHECK:         %[[R:.*]] = "tc_tensor.broadcast_to"(%[[X]]) : (tensor<f32>) -> tensor<2x2xf32>
// CHECK:         return %[[R]] : tensor<2x2xf32>
func.func @broadcast_to_from_rank0(%x: tensor<f32>) -> tensor<2x2xf32> {
  %0 = "tc_tensor.broadcast_to"(%x) : (tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @broadcast_to_inner(
// CHECK-SAME:    %[[X:.*]]: tensor<2x1x1xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.broadcast_to"(%[[X]]) : (tensor<2x1x1xf16>) -> tensor<2x3x4xf16>
// CHECK:         return %[[R]] : tensor<2x3x4xf16>
func.func @broadcast_to_inner(%x: tensor<2x1x1xf16>) -> tensor<2x3x4xf16> {
  %0 = "tc_tensor.broadcast_to"(%x) : (tensor<2x1x1xf16>) -> tensor<2x3x4xf16>
  return %0 : tensor<2x3x4xf16>
}

// CHECK-LABEL: func.func @broadcast_to_same(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.broadcast_to"(%[[X]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
func.func @broadcast_to_same(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.broadcast_to"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @broadcast_to_empty(
// CHECK-SAME:    %[[X:.*]]: tensor<3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.broadcast_to"(%[[X]]) : (tensor<3xf32>) -> tensor<0x3xf32>
// CHECK:         return %[[R]] : tensor<0x3xf32>
func.func @broadcast_to_empty(%x: tensor<3xf32>) -> tensor<0x3xf32> {
  %0 = "tc_tensor.broadcast_to"(%x) : (tensor<3xf32>) -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}

// CHECK-LABEL: func.func @concat_mixed_sizes(
// CHECK-SAME:    %[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x5xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.concat"(%[[A]], %[[B]]) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
// CHECK:         return %[[R]] : tensor<2x8xf32>
func.func @concat_mixed_sizes(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = "tc_tensor.concat"(%a, %b) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// CHECK-LABEL: func.func @concat_same_type(
// CHECK-SAME:    %[[A:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.concat"(%[[A]], %[[A]]) {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK:         return %[[R]] : tensor<4x3xf32>
func.func @concat_same_type(%a: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = "tc_tensor.concat"(%a, %a) {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// CHECK-LABEL: func.func @concat_negative_axis_i8(
// CHECK-SAME:    %[[A:.*]]: tensor<2x3xi8>, %[[B:.*]]: tensor<4x3xi8>)
// CHECK:         %[[R:.*]] = "tc_tensor.concat"(%[[A]], %[[B]]) {axis = -2 : i64} : (tensor<2x3xi8>, tensor<4x3xi8>) -> tensor<6x3xi8>
// CHECK:         return %[[R]] : tensor<6x3xi8>
func.func @concat_negative_axis_i8(%a: tensor<2x3xi8>, %b: tensor<4x3xi8>) -> tensor<6x3xi8> {
  %0 = "tc_tensor.concat"(%a, %b) {axis = -2 : i64} : (tensor<2x3xi8>, tensor<4x3xi8>) -> tensor<6x3xi8>
  return %0 : tensor<6x3xi8>
}

// CHECK-LABEL: func.func @concat_empty_operand(
// CHECK-SAME:    %[[A:.*]]: tensor<0x3x2xf16>, %[[B:.*]]: tensor<0x4x2xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.concat"(%[[A]], %[[B]]) {axis = 1 : i64} : (tensor<0x3x2xf16>, tensor<0x4x2xf16>) -> tensor<0x7x2xf16>
// CHECK:         return %[[R]] : tensor<0x7x2xf16>
func.func @concat_empty_operand(%a: tensor<0x3x2xf16>, %b: tensor<0x4x2xf16>) -> tensor<0x7x2xf16> {
  %0 = "tc_tensor.concat"(%a, %b) {axis = 1 : i64} : (tensor<0x3x2xf16>, tensor<0x4x2xf16>) -> tensor<0x7x2xf16>
  return %0 : tensor<0x7x2xf16>
}

// CHECK-LABEL: func.func @concat_size0_along_axis(
// CHECK-SAME:    %[[A:.*]]: tensor<3x0xi32>, %[[B:.*]]: tensor<3x2xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.concat"(%[[A]], %[[B]]) {axis = -1 : i64} : (tensor<3x0xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
// CHECK:         return %[[R]] : tensor<3x2xi32>
func.func @concat_size0_along_axis(%a: tensor<3x0xi32>, %b: tensor<3x2xi32>) -> tensor<3x2xi32> {
  %0 = "tc_tensor.concat"(%a, %b) {axis = -1 : i64} : (tensor<3x0xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// Three inputs: the left-nested chain the ONNX importer emits.
// CHECK-LABEL: func.func @concat_chain_three_inputs(
// CHECK-SAME:    %[[A:.*]]: tensor<2x1xf32>, %[[B:.*]]: tensor<2x3xf32>, %[[C:.*]]: tensor<2x2xf32>)
// CHECK:         %[[AB:.*]] = "tc_tensor.concat"(%[[A]], %[[B]]) {axis = 1 : i64} : (tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x4xf32>
// CHECK:         %[[R:.*]] = "tc_tensor.concat"(%[[AB]], %[[C]]) {axis = 1 : i64} : (tensor<2x4xf32>, tensor<2x2xf32>) -> tensor<2x6xf32>
// CHECK:         return %[[R]] : tensor<2x6xf32>
func.func @concat_chain_three_inputs(%a: tensor<2x1xf32>, %b: tensor<2x3xf32>, %c: tensor<2x2xf32>) -> tensor<2x6xf32> {
  %0 = "tc_tensor.concat"(%a, %b) {axis = 1 : i64} : (tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x4xf32>
  %1 = "tc_tensor.concat"(%0, %c) {axis = 1 : i64} : (tensor<2x4xf32>, tensor<2x2xf32>) -> tensor<2x6xf32>
  return %1 : tensor<2x6xf32>
}

// CHECK-LABEL: func.func @split_one_result(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.split"(%[[X]]) {axis = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
func.func @split_one_result(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @split_two_results(
// CHECK-SAME:    %[[X:.*]]: tensor<6xf32>) -> (tensor<3xf32>, tensor<3xf32>)
// CHECK:         %[[R:.*]]:2 = "tc_tensor.split"(%[[X]]) {axis = 0 : i64} : (tensor<6xf32>) -> (tensor<3xf32>, tensor<3xf32>)
// CHECK:         return %[[R]]#0, %[[R]]#1 : tensor<3xf32>, tensor<3xf32>
func.func @split_two_results(%x: tensor<6xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0:2 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<6xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xf32>
}

// CHECK-LABEL: func.func @split_three_results(
// CHECK-SAME:    %[[X:.*]]: tensor<2x6xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>)
// CHECK:         %[[R:.*]]:3 = "tc_tensor.split"(%[[X]]) {axis = -1 : i64} : (tensor<2x6xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>)
// CHECK:         return %[[R]]#0, %[[R]]#1, %[[R]]#2 : tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>
func.func @split_three_results(%x: tensor<2x6xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>) {
  %0:3 = "tc_tensor.split"(%x) {axis = -1 : i64} : (tensor<2x6xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>)
  return %0#0, %0#1, %0#2 : tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>
}

// CHECK-LABEL: func.func @split_empty_parts_i1(
// CHECK-SAME:    %[[X:.*]]: tensor<3x0xi1>) -> (tensor<3x0xi1>, tensor<3x0xi1>)
// CHECK:         %[[R:.*]]:2 = "tc_tensor.split"(%[[X]]) {axis = 1 : i64} : (tensor<3x0xi1>) -> (tensor<3x0xi1>, tensor<3x0xi1>)
// CHECK:         return %[[R]]#0, %[[R]]#1 : tensor<3x0xi1>, tensor<3x0xi1>
func.func @split_empty_parts_i1(%x: tensor<3x0xi1>) -> (tensor<3x0xi1>, tensor<3x0xi1>) {
  %0:2 = "tc_tensor.split"(%x) {axis = 1 : i64} : (tensor<3x0xi1>) -> (tensor<3x0xi1>, tensor<3x0xi1>)
  return %0#0, %0#1 : tensor<3x0xi1>, tensor<3x0xi1>
}

// CHECK-LABEL: func.func @slice_step2(
// CHECK-SAME:    %[[X:.*]]: tensor<10xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.slice"(%[[X]]) {ends = array<i64: 8>, starts = array<i64: 2>, steps = array<i64: 2>} : (tensor<10xf32>) -> tensor<3xf32>
// CHECK:         return %[[R]] : tensor<3xf32>
func.func @slice_step2(%x: tensor<10xf32>) -> tensor<3xf32> {
  %0 = "tc_tensor.slice"(%x) {ends = array<i64: 8>, starts = array<i64: 2>, steps = array<i64: 2>} : (tensor<10xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// CHECK-LABEL: func.func @slice_reverse(
// CHECK-SAME:    %[[X:.*]]: tensor<10xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.slice"(%[[X]]) {ends = array<i64: -11>, starts = array<i64: -1>, steps = array<i64: -1>} : (tensor<10xf32>) -> tensor<10xf32>
// CHECK:         return %[[R]] : tensor<10xf32>
func.func @slice_reverse(%x: tensor<10xf32>) -> tensor<10xf32> {
  %0 = "tc_tensor.slice"(%x) {ends = array<i64: -11>, starts = array<i64: -1>, steps = array<i64: -1>} : (tensor<10xf32>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// CHECK-LABEL: func.func @slice_negative_step2(
// CHECK-SAME:    %[[X:.*]]: tensor<7xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.slice"(%[[X]]) {ends = array<i64: 0>, starts = array<i64: 6>, steps = array<i64: -2>} : (tensor<7xi32>) -> tensor<3xi32>
// CHECK:         return %[[R]] : tensor<3xi32>
func.func @slice_negative_step2(%x: tensor<7xi32>) -> tensor<3xi32> {
  %0 = "tc_tensor.slice"(%x) {ends = array<i64: 0>, starts = array<i64: 6>, steps = array<i64: -2>} : (tensor<7xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// CHECK-LABEL: func.func @slice_clamped_end(
// CHECK-SAME:    %[[X:.*]]: tensor<4x5xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.slice"(%[[X]]) {ends = array<i64: 3, 9223372036854775807>, starts = array<i64: 1, 0>, steps = array<i64: 1, 2>} : (tensor<4x5xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
func.func @slice_clamped_end(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.slice"(%x) {ends = array<i64: 3, 9223372036854775807>, starts = array<i64: 1, 0>, steps = array<i64: 1, 2>} : (tensor<4x5xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @slice_negative_bounds(
// CHECK-SAME:    %[[X:.*]]: tensor<6x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.slice"(%[[X]]) {ends = array<i64: 6, -1>, starts = array<i64: -3, 1>, steps = array<i64: 1, 1>} : (tensor<6x4xf32>) -> tensor<3x2xf32>
// CHECK:         return %[[R]] : tensor<3x2xf32>
func.func @slice_negative_bounds(%x: tensor<6x4xf32>) -> tensor<3x2xf32> {
  %0 = "tc_tensor.slice"(%x) {ends = array<i64: 6, -1>, starts = array<i64: -3, 1>, steps = array<i64: 1, 1>} : (tensor<6x4xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @slice_empty_result(
// CHECK-SAME:    %[[X:.*]]: tensor<5xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.slice"(%[[X]]) {ends = array<i64: 1>, starts = array<i64: 3>, steps = array<i64: 1>} : (tensor<5xf32>) -> tensor<0xf32>
// CHECK:         return %[[R]] : tensor<0xf32>
func.func @slice_empty_result(%x: tensor<5xf32>) -> tensor<0xf32> {
  %0 = "tc_tensor.slice"(%x) {ends = array<i64: 1>, starts = array<i64: 3>, steps = array<i64: 1>} : (tensor<5xf32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// CHECK-LABEL: func.func @slice_rank0(
// CHECK-SAME:    %[[X:.*]]: tensor<f64>)
// CHECK:         %[[R:.*]] = "tc_tensor.slice"(%[[X]]) {ends = array<i64>, starts = array<i64>, steps = array<i64>} : (tensor<f64>) -> tensor<f64>
// CHECK:         return %[[R]] : tensor<f64>
func.func @slice_rank0(%x: tensor<f64>) -> tensor<f64> {
  %0 = "tc_tensor.slice"(%x) {ends = array<i64>, starts = array<i64>, steps = array<i64>} : (tensor<f64>) -> tensor<f64>
  return %0 : tensor<f64>
}

// CHECK-LABEL: func.func @gather_rows(
// CHECK-SAME:    %[[DATA:.*]]: tensor<5x4xf32>, %[[INDICES:.*]]: tensor<3xi64>)
// CHECK:         %[[R:.*]] = "tc_tensor.gather"(%[[DATA]], %[[INDICES]]) {axis = 0 : i64} : (tensor<5x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
// CHECK:         return %[[R]] : tensor<3x4xf32>
func.func @gather_rows(%data: tensor<5x4xf32>, %indices: tensor<3xi64>) -> tensor<3x4xf32> {
  %0 = "tc_tensor.gather"(%data, %indices) {axis = 0 : i64} : (tensor<5x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// CHECK-LABEL: func.func @gather_2d_indices_i32(
// CHECK-SAME:    %[[DATA:.*]]: tensor<3x5xf32>, %[[INDICES:.*]]: tensor<2x2xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.gather"(%[[DATA]], %[[INDICES]]) {axis = 1 : i64} : (tensor<3x5xf32>, tensor<2x2xi32>) -> tensor<3x2x2xf32>
// CHECK:         return %[[R]] : tensor<3x2x2xf32>
func.func @gather_2d_indices_i32(%data: tensor<3x5xf32>, %indices: tensor<2x2xi32>) -> tensor<3x2x2xf32> {
  %0 = "tc_tensor.gather"(%data, %indices) {axis = 1 : i64} : (tensor<3x5xf32>, tensor<2x2xi32>) -> tensor<3x2x2xf32>
  return %0 : tensor<3x2x2xf32>
}

// CHECK-LABEL: func.func @gather_rank0_index(
// CHECK-SAME:    %[[DATA:.*]]: tensor<5x4xf32>, %[[INDICES:.*]]: tensor<i64>)
// CHECK:         %[[R:.*]] = "tc_tensor.gather"(%[[DATA]], %[[INDICES]]) {axis = 0 : i64} : (tensor<5x4xf32>, tensor<i64>) -> tensor<4xf32>
// CHECK:         return %[[R]] : tensor<4xf32>
func.func @gather_rank0_index(%data: tensor<5x4xf32>, %indices: tensor<i64>) -> tensor<4xf32> {
  %0 = "tc_tensor.gather"(%data, %indices) {axis = 0 : i64} : (tensor<5x4xf32>, tensor<i64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @gather_negative_axis(
// CHECK-SAME:    %[[DATA:.*]]: tensor<2x3x4xi64>, %[[INDICES:.*]]: tensor<2xi64>)
// CHECK:         %[[R:.*]] = "tc_tensor.gather"(%[[DATA]], %[[INDICES]]) {axis = -1 : i64} : (tensor<2x3x4xi64>, tensor<2xi64>) -> tensor<2x3x2xi64>
// CHECK:         return %[[R]] : tensor<2x3x2xi64>
func.func @gather_negative_axis(%data: tensor<2x3x4xi64>, %indices: tensor<2xi64>) -> tensor<2x3x2xi64> {
  %0 = "tc_tensor.gather"(%data, %indices) {axis = -1 : i64} : (tensor<2x3x4xi64>, tensor<2xi64>) -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}

// CHECK-LABEL: func.func @gather_empty_indices(
// CHECK-SAME:    %[[DATA:.*]]: tensor<4xi1>, %[[INDICES:.*]]: tensor<0xi64>)
// CHECK:         %[[R:.*]] = "tc_tensor.gather"(%[[DATA]], %[[INDICES]]) {axis = 0 : i64} : (tensor<4xi1>, tensor<0xi64>) -> tensor<0xi1>
// CHECK:         return %[[R]] : tensor<0xi1>
func.func @gather_empty_indices(%data: tensor<4xi1>, %indices: tensor<0xi64>) -> tensor<0xi1> {
  %0 = "tc_tensor.gather"(%data, %indices) {axis = 0 : i64} : (tensor<4xi1>, tensor<0xi64>) -> tensor<0xi1>
  return %0 : tensor<0xi1>
}

// CHECK-LABEL: func.func @pad_constant(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.pad"(%[[X]]) {mode = "constant", pads = array<i64: 1, 0, 1, 2>, value = 0.000000e+00 : f64} : (tensor<2x3xf32>) -> tensor<4x5xf32>
// CHECK:         return %[[R]] : tensor<4x5xf32>
func.func @pad_constant(%x: tensor<2x3xf32>) -> tensor<4x5xf32> {
  %0 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: 1, 0, 1, 2>, value = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// CHECK-LABEL: func.func @pad_constant_neg_inf(
// CHECK-SAME:    %[[X:.*]]: tensor<1x1x2x2xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.pad"(%[[X]]) {mode = "constant", pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, value = 0xFFF0000000000000 : f64} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
// CHECK:         return %[[R]] : tensor<1x1x4x4xf32>
func.func @pad_constant_neg_inf(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32> {
  %0 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, value = 0xFFF0000000000000 : f64} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// CHECK-LABEL: func.func @pad_constant_i8(
// CHECK-SAME:    %[[X:.*]]: tensor<3xi8>)
// CHECK:         %[[R:.*]] = "tc_tensor.pad"(%[[X]]) {mode = "constant", pads = array<i64: 1, 0>, value = 1.000000e+00 : f64} : (tensor<3xi8>) -> tensor<4xi8>
// CHECK:         return %[[R]] : tensor<4xi8>
func.func @pad_constant_i8(%x: tensor<3xi8>) -> tensor<4xi8> {
  %0 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: 1, 0>, value = 1.0 : f64} : (tensor<3xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// CHECK-LABEL: func.func @pad_reflect(
// CHECK-SAME:    %[[X:.*]]: tensor<4x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.pad"(%[[X]]) {mode = "reflect", pads = array<i64: 1, 1, 1, 1>, value = 0.000000e+00 : f64} : (tensor<4x4xf32>) -> tensor<6x6xf32>
// CHECK:         return %[[R]] : tensor<6x6xf32>
func.func @pad_reflect(%x: tensor<4x4xf32>) -> tensor<6x6xf32> {
  %0 = "tc_tensor.pad"(%x) {mode = "reflect", pads = array<i64: 1, 1, 1, 1>, value = 0.0 : f64} : (tensor<4x4xf32>) -> tensor<6x6xf32>
  return %0 : tensor<6x6xf32>
}

// CHECK-LABEL: func.func @pad_edge_i32(
// CHECK-SAME:    %[[X:.*]]: tensor<3xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.pad"(%[[X]]) {mode = "edge", pads = array<i64: 2, 2>, value = 0.000000e+00 : f64} : (tensor<3xi32>) -> tensor<7xi32>
// CHECK:         return %[[R]] : tensor<7xi32>
func.func @pad_edge_i32(%x: tensor<3xi32>) -> tensor<7xi32> {
  %0 = "tc_tensor.pad"(%x) {mode = "edge", pads = array<i64: 2, 2>, value = 0.0 : f64} : (tensor<3xi32>) -> tensor<7xi32>
  return %0 : tensor<7xi32>
}

// CHECK-LABEL: func.func @pad_negative_crop(
// CHECK-SAME:    %[[X:.*]]: tensor<4x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.pad"(%[[X]]) {mode = "constant", pads = array<i64: -1, 0, 0, -2>, value = 0.000000e+00 : f64} : (tensor<4x4xf32>) -> tensor<3x2xf32>
// CHECK:         return %[[R]] : tensor<3x2xf32>
func.func @pad_negative_crop(%x: tensor<4x4xf32>) -> tensor<3x2xf32> {
  %0 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: -1, 0, 0, -2>, value = 0.0 : f64} : (tensor<4x4xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @identity_f32(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.identity"(%[[X]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
func.func @identity_f32(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.identity"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @identity_i1(
// CHECK-SAME:    %[[X:.*]]: tensor<4xi1>)
// CHECK:         %[[R:.*]] = "tc_tensor.identity"(%[[X]]) : (tensor<4xi1>) -> tensor<4xi1>
// CHECK:         return %[[R]] : tensor<4xi1>
func.func @identity_i1(%x: tensor<4xi1>) -> tensor<4xi1> {
  %0 = "tc_tensor.identity"(%x) : (tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// CHECK-LABEL: func.func @identity_rank0_ui64(
// CHECK-SAME:    %[[X:.*]]: tensor<ui64>)
// CHECK:         %[[R:.*]] = "tc_tensor.identity"(%[[X]]) : (tensor<ui64>) -> tensor<ui64>
// CHECK:         return %[[R]] : tensor<ui64>
func.func @identity_rank0_ui64(%x: tensor<ui64>) -> tensor<ui64> {
  %0 = "tc_tensor.identity"(%x) : (tensor<ui64>) -> tensor<ui64>
  return %0 : tensor<ui64>
}

// CHECK-LABEL: func.func @identity_empty_bf16(
// CHECK-SAME:    %[[X:.*]]: tensor<0x2xbf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.identity"(%[[X]]) : (tensor<0x2xbf16>) -> tensor<0x2xbf16>
// CHECK:         return %[[R]] : tensor<0x2xbf16>
func.func @identity_empty_bf16(%x: tensor<0x2xbf16>) -> tensor<0x2xbf16> {
  %0 = "tc_tensor.identity"(%x) : (tensor<0x2xbf16>) -> tensor<0x2xbf16>
  return %0 : tensor<0x2xbf16>
}
