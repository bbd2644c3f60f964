// Data movement ops (docs/dialects.md §2.2.19-2.2.26) in the reference
// evaluator: small functions on constants whose results are known exactly
// (each was checked against NumPy: transpose, reshape, broadcast_to,
// concatenate, split, Python slicing, take, pad).

// RUN: tensor-ref %s --fn transpose_2d | FileCheck %s --check-prefix=TRANSPOSE_2D
// TRANSPOSE_2D: output #0: tensor<3x2xi32> = {{\[\[}}1, 4], [2, 5], [3, 6]]
func.func @transpose_2d() -> tensor<3x2xi32> {
  %x = "tc_tensor.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %y = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xi32>) -> tensor<3x2xi32>
  return %y : tensor<3x2xi32>
}

// result.shape[k] = x.shape[perm[k]]: 2x3x2 with perm [2, 0, 1] is 2x2x3.
// RUN: tensor-ref %s --fn transpose_3d | FileCheck %s --check-prefix=TRANSPOSE_3D
// TRANSPOSE_3D: output #0: tensor<2x2x3xf32> = {{\[\[\[}}0, 2, 4], [6, 8, 10]], {{\[\[}}1, 3, 5], [7, 9, 11]]]
func.func @transpose_3d() -> tensor<2x2x3xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], [[6.0, 7.0], [8.0, 9.0], [10.0, 11.0]]]> : tensor<2x3x2xf32>} : () -> tensor<2x3x2xf32>
  %y = "tc_tensor.transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x2xf32>) -> tensor<2x2x3xf32>
  return %y : tensor<2x2x3xf32>
}

// RUN: tensor-ref %s --fn transpose_rank0 | FileCheck %s --check-prefix=TRANSPOSE_RANK0
// TRANSPOSE_RANK0: output #0: tensor<f64> = -2.5
func.func @transpose_rank0() -> tensor<f64> {
  %x = "tc_tensor.constant"() {value = dense<-2.5> : tensor<f64>} : () -> tensor<f64>
  %y = "tc_tensor.transpose"(%x) {perm = array<i64>} : (tensor<f64>) -> tensor<f64>
  return %y : tensor<f64>
}

// RUN: tensor-ref %s --fn transpose_empty | FileCheck %s --check-prefix=TRANSPOSE_EMPTY
// TRANSPOSE_EMPTY: output #0: tensor<3x0xi8> = {{\[\[}}], [], []]
func.func @transpose_empty() -> tensor<3x0xi8> {
  %x = "tc_tensor.constant"() {value = dense<> : tensor<0x3xi8>} : () -> tensor<0x3xi8>
  %y = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<0x3xi8>) -> tensor<3x0xi8>
  return %y : tensor<3x0xi8>
}

// Row-major order is kept; bits are copied, not converted (NaN and -0 stay).
// RUN: tensor-ref %s --fn reshape_2d | FileCheck %s --check-prefix=RESHAPE_2D
// RESHAPE_2D: output #0: tensor<3x2xf16> = {{\[\[}}1, -0], [nan, inf], [5, 6]]
func.func @reshape_2d() -> tensor<3x2xf16> {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, -0.0, 0x7E00], [0x7C00, 5.0, 6.0]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %y = "tc_tensor.reshape"(%x) : (tensor<2x3xf16>) -> tensor<3x2xf16>
  return %y : tensor<3x2xf16>
}

// RUN: tensor-ref %s --fn reshape_rank0 | FileCheck %s --check-prefix=RESHAPE_RANK0
// RESHAPE_RANK0: output #0: tensor<1x1x1xui64> = {{\[\[\[}}18446744073709551615]]]
// RESHAPE_RANK0: output #1: tensor<ui64> = 18446744073709551615
func.func @reshape_rank0() -> (tensor<1x1x1xui64>, tensor<ui64>) {
  %x = "tc_tensor.constant"() {value = dense<18446744073709551615> : tensor<ui64>} : () -> tensor<ui64>
  %y = "tc_tensor.reshape"(%x) : (tensor<ui64>) -> tensor<1x1x1xui64>
  %z = "tc_tensor.reshape"(%y) : (tensor<1x1x1xui64>) -> tensor<ui64>
  return %y, %z : tensor<1x1x1xui64>, tensor<ui64>
}

// RUN: tensor-ref %s --fn reshape_empty | FileCheck %s --check-prefix=RESHAPE_EMPTY
// RESHAPE_EMPTY: output #0: tensor<2x0x5xi1> = {{\[\[}}], []]
func.func @reshape_empty() -> tensor<2x0x5xi1> {
  %x = "tc_tensor.constant"() {value = dense<> : tensor<0x3xi1>} : () -> tensor<0x3xi1>
  %y = "tc_tensor.reshape"(%x) : (tensor<0x3xi1>) -> tensor<2x0x5xi1>
  return %y : tensor<2x0x5xi1>
}

// RUN: tensor-ref %s --fn broadcast_row | FileCheck %s --check-prefix=BROADCAST_ROW
// BROADCAST_ROW: output #0: tensor<2x3xi16> = {{\[\[}}1, 2, 3], [1, 2, 3]]
func.func @broadcast_row() -> tensor<2x3xi16> {
  %x = "tc_tensor.constant"() {value = dense<[1, 2, 3]> : tensor<3xi16>} : () -> tensor<3xi16>
  %y = "tc_tensor.broadcast_to"(%x) : (tensor<3xi16>) -> tensor<2x3xi16>
  return %y : tensor<2x3xi16>
}

// RUN: tensor-ref %s --fn broadcast_column | FileCheck %s --check-prefix=BROADCAST_COLUMN
// BROADCAST_COLUMN: output #0: tensor<2x2x3xbf16> = {{\[\[\[}}1.5, 1.5, 1.5], [-2, -2, -2]], {{\[\[}}1.5, 1.5, 1.5], [-2, -2, -2]]]
func.func @broadcast_column() -> tensor<2x2x3xbf16> {
  %x = "tc_tensor.constant"() {value = dense<[[1.5], [-2.0]]> : tensor<2x1xbf16>} : () -> tensor<2x1xbf16>
  %y = "tc_tensor.broadcast_to"(%x) : (tensor<2x1xbf16>) -> tensor<2x2x3xbf16>
  return %y : tensor<2x2x3xbf16>
}

// RUN: tensor-ref %s --fn broadcast_rank0 | FileCheck %s --check-prefix=BROADCAST_RANK0
// BROADCAST_RANK0: output #0: tensor<2x2xi64> = {{\[\[}}-7, -7], [-7, -7]]
// BROADCAST_RANK0: output #1: tensor<i64> = -7
func.func @broadcast_rank0() -> (tensor<2x2xi64>, tensor<i64>) {
  %x = "tc_tensor.constant"() {value = dense<-7> : tensor<i64>} : () -> tensor<i64>
  %y = "tc_tensor.broadcast_to"(%x) : (tensor<i64>) -> tensor<2x2xi64>
  %z = "tc_tensor.broadcast_to"(%x) : (tensor<i64>) -> tensor<i64>
  return %y, %z : tensor<2x2xi64>, tensor<i64>
}

// A dimension of 1 may stretch to 0.
// RUN: tensor-ref %s --fn broadcast_to_empty | FileCheck %s --check-prefix=BROADCAST_TO_EMPTY
// BROADCAST_TO_EMPTY: output #0: tensor<3x0xf32> = {{\[\[}}], [], []]
func.func @broadcast_to_empty() -> tensor<3x0xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[4.0]]> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %y = "tc_tensor.broadcast_to"(%x) : (tensor<1x1xf32>) -> tensor<3x0xf32>
  return %y : tensor<3x0xf32>
}

// RUN: tensor-ref %s --fn concat_axis0 | FileCheck %s --check-prefix=CONCAT_AXIS0
// CONCAT_AXIS0: output #0: tensor<3x2xi32> = {{\[\[}}1, 2], [3, 4], [5, 6]]
func.func @concat_axis0() -> tensor<3x2xi32> {
  %a = "tc_tensor.constant"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %b = "tc_tensor.constant"() {value = dense<[[5, 6]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %y = "tc_tensor.concat"(%a, %b) {axis = 0 : i64} : (tensor<2x2xi32>, tensor<1x2xi32>) -> tensor<3x2xi32>
  return %y : tensor<3x2xi32>
}

// axis = -1 means the last axis.
// RUN: tensor-ref %s --fn concat_negative_axis | FileCheck %s --check-prefix=CONCAT_NEGATIVE_AXIS
// CONCAT_NEGATIVE_AXIS: output #0: tensor<2x3xi32> = {{\[\[}}1, 2, 5], [3, 4, 6]]
func.func @concat_negative_axis() -> tensor<2x3xi32> {
  %a = "tc_tensor.constant"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %b = "tc_tensor.constant"() {value = dense<[[5], [6]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %y = "tc_tensor.concat"(%a, %b) {axis = -1 : i64} : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  return %y : tensor<2x3xi32>
}

// An operand of size 0 along the axis contributes nothing, on either side.
// RUN: tensor-ref %s --fn concat_empty_operand | FileCheck %s --check-prefix=CONCAT_EMPTY_OPERAND
// CONCAT_EMPTY_OPERAND: output #0: tensor<2x2xui8> = {{\[\[}}1, 2], [3, 255]]
// CONCAT_EMPTY_OPERAND: output #1: tensor<2x2xui8> = {{\[\[}}1, 2], [3, 255]]
// CONCAT_EMPTY_OPERAND: output #2: tensor<0x2xui8> = []
func.func @concat_empty_operand() -> (tensor<2x2xui8>, tensor<2x2xui8>, tensor<0x2xui8>) {
  %a = "tc_tensor.constant"() {value = dense<[[1, 2], [3, 255]]> : tensor<2x2xui8>} : () -> tensor<2x2xui8>
  %e = "tc_tensor.constant"() {value = dense<> : tensor<0x2xui8>} : () -> tensor<0x2xui8>
  %y = "tc_tensor.concat"(%e, %a) {axis = 0 : i64} : (tensor<0x2xui8>, tensor<2x2xui8>) -> tensor<2x2xui8>
  %z = "tc_tensor.concat"(%a, %e) {axis = 0 : i64} : (tensor<2x2xui8>, tensor<0x2xui8>) -> tensor<2x2xui8>
  %w = "tc_tensor.concat"(%e, %e) {axis = 0 : i64} : (tensor<0x2xui8>, tensor<0x2xui8>) -> tensor<0x2xui8>
  return %y, %z, %w : tensor<2x2xui8>, tensor<2x2xui8>, tensor<0x2xui8>
}

// RUN: tensor-ref %s --fn split_one | FileCheck %s --check-prefix=SPLIT_ONE
// SPLIT_ONE: output #0: tensor<2x2xi32> = {{\[\[}}1, 2], [3, 4]]
func.func @split_one() -> tensor<2x2xi32> {
  %x = "tc_tensor.constant"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %y = "tc_tensor.split"(%x) {axis = 1 : i64} : (tensor<2x2xi32>) -> tensor<2x2xi32>
  return %y : tensor<2x2xi32>
}

// RUN: tensor-ref %s --fn split_two | FileCheck %s --check-prefix=SPLIT_TWO
// SPLIT_TWO: output #0: tensor<2x2xi32> = {{\[\[}}1, 2], [5, 6]]
// SPLIT_TWO: output #1: tensor<2x2xi32> = {{\[\[}}3, 4], [7, 8]]
func.func @split_two() -> (tensor<2x2xi32>, tensor<2x2xi32>) {
  %x = "tc_tensor.constant"() {value = dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi32>} : () -> tensor<2x4xi32>
  %y:2 = "tc_tensor.split"(%x) {axis = 1 : i64} : (tensor<2x4xi32>) -> (tensor<2x2xi32>, tensor<2x2xi32>)
  return %y#0, %y#1 : tensor<2x2xi32>, tensor<2x2xi32>
}

// Three parts along a negative axis (-2 is axis 0 of a rank-2 operand).
// RUN: tensor-ref %s --fn split_three | FileCheck %s --check-prefix=SPLIT_THREE
// SPLIT_THREE: output #0: tensor<1x2xf32> = {{\[\[}}1, 2]]
// SPLIT_THREE: output #1: tensor<1x2xf32> = {{\[\[}}3, 4]]
// SPLIT_THREE: output #2: tensor<1x2xf32> = {{\[\[}}5, 6]]
func.func @split_three() -> (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %y:3 = "tc_tensor.split"(%x) {axis = -2 : i64} : (tensor<3x2xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>)
  return %y#0, %y#1, %y#2 : tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>
}

// Zero elements split into two parts of zero.
// RUN: tensor-ref %s --fn split_empty | FileCheck %s --check-prefix=SPLIT_EMPTY
// SPLIT_EMPTY: output #0: tensor<0x3xi64> = []
// SPLIT_EMPTY: output #1: tensor<0x3xi64> = []
func.func @split_empty() -> (tensor<0x3xi64>, tensor<0x3xi64>) {
  %x = "tc_tensor.constant"() {value = dense<> : tensor<0x3xi64>} : () -> tensor<0x3xi64>
  %y:2 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<0x3xi64>) -> (tensor<0x3xi64>, tensor<0x3xi64>)
  return %y#0, %y#1 : tensor<0x3xi64>, tensor<0x3xi64>
}

// Python slicing of x = [0, 1, 2, 3, 4, 5]: x[1:4], x[-2:100], x[0:6:4], x[3:1].
// RUN: tensor-ref %s --fn slice_positive_steps | FileCheck %s --check-prefix=SLICE_POSITIVE_STEPS
// SLICE_POSITIVE_STEPS: output #0: tensor<3xi32> = [1, 2, 3]
// SLICE_POSITIVE_STEPS: output #1: tensor<2xi32> = [4, 5]
// SLICE_POSITIVE_STEPS: output #2: tensor<2xi32> = [0, 4]
// SLICE_POSITIVE_STEPS: output #3: tensor<0xi32> = []
func.func @slice_positive_steps() -> (tensor<3xi32>, tensor<2xi32>, tensor<2xi32>, tensor<0xi32>) {
  %x = "tc_tensor.constant"() {value = dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>} : () -> tensor<6xi32>
  %a = "tc_tensor.slice"(%x) {starts = array<i64: 1>, ends = array<i64: 4>, steps = array<i64: 1>} : (tensor<6xi32>) -> tensor<3xi32>
  %b = "tc_tensor.slice"(%x) {starts = array<i64: -2>, ends = array<i64: 100>, steps = array<i64: 1>} : (tensor<6xi32>) -> tensor<2xi32>
  %c = "tc_tensor.slice"(%x) {starts = array<i64: 0>, ends = array<i64: 6>, steps = array<i64: 4>} : (tensor<6xi32>) -> tensor<2xi32>
  %d = "tc_tensor.slice"(%x) {starts = array<i64: 3>, ends = array<i64: 1>, steps = array<i64: 1>} : (tensor<6xi32>) -> tensor<0xi32>
  return %a, %b, %c, %d : tensor<3xi32>, tensor<2xi32>, tensor<2xi32>, tensor<0xi32>
}

// Negative steps: x[::-1] (written -1:-100:-1), x[5:1:-2], x[10:-10:-1]
// (start clamped to n - 1, end to -1), and x[-10:-10:-1], where the adjusted
// start is negative and the clamped end is -1: Python gives an empty axis
// (ONNX would give x[0]).
// RUN: tensor-ref %s --fn slice_negative_steps | FileCheck %s --check-prefix=SLICE_NEGATIVE_STEPS
// SLICE_NEGATIVE_STEPS: output #0: tensor<6xi32> = [5, 4, 3, 2, 1, 0]
// SLICE_NEGATIVE_STEPS: output #1: tensor<2xi32> = [5, 3]
// SLICE_NEGATIVE_STEPS: output #2: tensor<6xi32> = [5, 4, 3, 2, 1, 0]
// SLICE_NEGATIVE_STEPS: output #3: tensor<0xi32> = []
func.func @slice_negative_steps() -> (tensor<6xi32>, tensor<2xi32>, tensor<6xi32>, tensor<0xi32>) {
  %x = "tc_tensor.constant"() {value = dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>} : () -> tensor<6xi32>
  %a = "tc_tensor.slice"(%x) {starts = array<i64: -1>, ends = array<i64: -100>, steps = array<i64: -1>} : (tensor<6xi32>) -> tensor<6xi32>
  %b = "tc_tensor.slice"(%x) {starts = array<i64: 5>, ends = array<i64: 1>, steps = array<i64: -2>} : (tensor<6xi32>) -> tensor<2xi32>
  %c = "tc_tensor.slice"(%x) {starts = array<i64: 10>, ends = array<i64: -10>, steps = array<i64: -1>} : (tensor<6xi32>) -> tensor<6xi32>
  %d = "tc_tensor.slice"(%x) {starts = array<i64: -10>, ends = array<i64: -10>, steps = array<i64: -1>} : (tensor<6xi32>) -> tensor<0xi32>
  return %a, %b, %c, %d : tensor<6xi32>, tensor<2xi32>, tensor<6xi32>, tensor<0xi32>
}

// Extreme attribute values clamp without overflow: x[INT64_MIN:INT64_MAX:INT64_MAX]
// is [x[0]], x[INT64_MAX:INT64_MIN:INT64_MIN] is [x[5]].
// RUN: tensor-ref %s --fn slice_extremes | FileCheck %s --check-prefix=SLICE_EXTREMES
// SLICE_EXTREMES: output #0: tensor<1xi32> = [0]
// SLICE_EXTREMES: output #1: tensor<1xi32> = [5]
func.func @slice_extremes() -> (tensor<1xi32>, tensor<1xi32>) {
  %x = "tc_tensor.constant"() {value = dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>} : () -> tensor<6xi32>
  %a = "tc_tensor.slice"(%x) {starts = array<i64: -9223372036854775808>, ends = array<i64: 9223372036854775807>, steps = array<i64: 9223372036854775807>} : (tensor<6xi32>) -> tensor<1xi32>
  %b = "tc_tensor.slice"(%x) {starts = array<i64: 9223372036854775807>, ends = array<i64: -9223372036854775808>, steps = array<i64: -9223372036854775808>} : (tensor<6xi32>) -> tensor<1xi32>
  return %a, %b : tensor<1xi32>, tensor<1xi32>
}

// Each axis slices on its own: x[::-1, 1::2] of a 2x4 operand.
// RUN: tensor-ref %s --fn slice_2d | FileCheck %s --check-prefix=SLICE_2D
// SLICE_2D: output #0: tensor<2x2xf32> = {{\[\[}}5, 7], [1, 3]]
func.func @slice_2d() -> tensor<2x2xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]]> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %y = "tc_tensor.slice"(%x) {starts = array<i64: -1, 1>, ends = array<i64: -3, 4>, steps = array<i64: -1, 2>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// RUN: tensor-ref %s --fn slice_rank0_and_empty | FileCheck %s --check-prefix=SLICE_RANK0_AND_EMPTY
// SLICE_RANK0_AND_EMPTY: output #0: tensor<i1> = true
// SLICE_RANK0_AND_EMPTY: output #1: tensor<0x2xi1> = []
func.func @slice_rank0_and_empty() -> (tensor<i1>, tensor<0x2xi1>) {
  %x = "tc_tensor.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %y = "tc_tensor.slice"(%x) {starts = array<i64>, ends = array<i64>, steps = array<i64>} : (tensor<i1>) -> tensor<i1>
  %e = "tc_tensor.constant"() {value = dense<> : tensor<0x3xi1>} : () -> tensor<0x3xi1>
  %z = "tc_tensor.slice"(%e) {starts = array<i64: 0, 1>, ends = array<i64: 5, 3>, steps = array<i64: -1, 1>} : (tensor<0x3xi1>) -> tensor<0x2xi1>
  return %y, %z : tensor<i1>, tensor<0x2xi1>
}

// take along axis 0 with i64 indices; -1 means the last row.
// RUN: tensor-ref %s --fn gather_rows | FileCheck %s --check-prefix=GATHER_ROWS
// GATHER_ROWS: output #0: tensor<3x2xi32> = {{\[\[}}5, 6], [1, 2], [3, 4]]
func.func @gather_rows() -> tensor<3x2xi32> {
  %x = "tc_tensor.constant"() {value = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %i = "tc_tensor.constant"() {value = dense<[-1, 0, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
  %y = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<3x2xi32>, tensor<3xi64>) -> tensor<3x2xi32>
  return %y : tensor<3x2xi32>
}

// Rank-2 i32 indices along axis -1: the result is 2 ++ 2x2 (rank 3).
// RUN: tensor-ref %s --fn gather_negative_axis | FileCheck %s --check-prefix=GATHER_NEGATIVE_AXIS
// GATHER_NEGATIVE_AXIS: output #0: tensor<2x2x2xf64> = {{\[\[\[}}2, 0], [1, 2]], {{\[\[}}5, 3], [4, 5]]]
func.func @gather_negative_axis() -> tensor<2x2x2xf64> {
  %x = "tc_tensor.constant"() {value = dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %i = "tc_tensor.constant"() {value = dense<[[-1, 0], [-2, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %y = "tc_tensor.gather"(%x, %i) {axis = -1 : i64} : (tensor<2x3xf64>, tensor<2x2xi32>) -> tensor<2x2x2xf64>
  return %y : tensor<2x2x2xf64>
}

// Rank-0 indices remove the axis (rank r + 0 - 1); empty indices give an
// empty result; a rank-1 data with rank-2 indices gives their shape.
// RUN: tensor-ref %s --fn gather_shapes | FileCheck %s --check-prefix=GATHER_SHAPES
// GATHER_SHAPES: output #0: tensor<2xi8> = [2, 5]
// GATHER_SHAPES: output #1: tensor<2x0xi8> = {{\[\[}}], []]
// GATHER_SHAPES: output #2: tensor<2x2xi8> = {{\[\[}}6, 4], [1, 1]]
func.func @gather_shapes() -> (tensor<2xi8>, tensor<2x0xi8>, tensor<2x2xi8>) {
  %x = "tc_tensor.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %s = "tc_tensor.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %a = "tc_tensor.gather"(%x, %s) {axis = 1 : i64} : (tensor<2x3xi8>, tensor<i64>) -> tensor<2xi8>
  %e = "tc_tensor.constant"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %b = "tc_tensor.gather"(%x, %e) {axis = 1 : i64} : (tensor<2x3xi8>, tensor<0xi32>) -> tensor<2x0xi8>
  %v = "tc_tensor.constant"() {value = dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>} : () -> tensor<6xi8>
  %i = "tc_tensor.constant"() {value = dense<[[5, 3], [0, -6]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %c = "tc_tensor.gather"(%v, %i) {axis = 0 : i64} : (tensor<6xi8>, tensor<2x2xi64>) -> tensor<2x2xi8>
  return %a, %b, %c : tensor<2xi8>, tensor<2x0xi8>, tensor<2x2xi8>
}

// constant: np.pad([1, 2, 3], (2, 1), constant_values=9) for i32; a 2-D f32
// pad with -1.5.
// RUN: tensor-ref %s --fn pad_constant | FileCheck %s --check-prefix=PAD_CONSTANT
// PAD_CONSTANT: output #0: tensor<6xi32> = [9, 9, 1, 2, 3, 9]
// PAD_CONSTANT: output #1: tensor<3x3xf32> = {{\[\[}}-1.5, -1.5, -1.5], [-1.5, 1, 2], [-1.5, 3, 4]]
func.func @pad_constant() -> (tensor<6xi32>, tensor<3x3xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %y = "tc_tensor.pad"(%x) {pads = array<i64: 2, 1>, mode = "constant", value = 9.0 : f64} : (tensor<3xi32>) -> tensor<6xi32>
  %m = "tc_tensor.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %z = "tc_tensor.pad"(%m) {pads = array<i64: 1, 1, 0, 0>, mode = "constant", value = -1.5 : f64} : (tensor<2x2xf32>) -> tensor<3x3xf32>
  return %y, %z : tensor<6xi32>, tensor<3x3xf32>
}

// The constant is converted as cast from f64: 0.1 rounds to the nearest f16
// (0.0999755859375), 1 is true for i1, 255 fits ui8; the copied elements
// are not rounded.
// RUN: tensor-ref %s --fn pad_value_conversion | FileCheck %s --check-prefix=PAD_VALUE_CONVERSION
// PAD_VALUE_CONVERSION: output #0: tensor<3xf16> = [0.0999755859, 65504, 0.0999755859]
// PAD_VALUE_CONVERSION: output #1: tensor<3xi1> = [true, false, true]
// PAD_VALUE_CONVERSION: output #2: tensor<2xui8> = [7, 255]
func.func @pad_value_conversion() -> (tensor<3xf16>, tensor<3xi1>, tensor<2xui8>) {
  %h = "tc_tensor.constant"() {value = dense<65504.0> : tensor<1xf16>} : () -> tensor<1xf16>
  %a = "tc_tensor.pad"(%h) {pads = array<i64: 1, 1>, mode = "constant", value = 0.1 : f64} : (tensor<1xf16>) -> tensor<3xf16>
  %b0 = "tc_tensor.constant"() {value = dense<false> : tensor<1xi1>} : () -> tensor<1xi1>
  %b = "tc_tensor.pad"(%b0) {pads = array<i64: 1, 1>, mode = "constant", value = 1.0 : f64} : (tensor<1xi1>) -> tensor<3xi1>
  %u0 = "tc_tensor.constant"() {value = dense<7> : tensor<1xui8>} : () -> tensor<1xui8>
  %u = "tc_tensor.pad"(%u0) {pads = array<i64: 0, 1>, mode = "constant", value = 255.0 : f64} : (tensor<1xui8>) -> tensor<2xui8>
  return %a, %b, %u : tensor<3xf16>, tensor<3xi1>, tensor<2xui8>
}

// reflect: np.pad([1, 2, 3, 4], (2, 3), 'reflect'); the edge element is not
// repeated. 2-D: both axes reflect.
// RUN: tensor-ref %s --fn pad_reflect | FileCheck %s --check-prefix=PAD_REFLECT
// PAD_REFLECT: output #0: tensor<9xi64> = [3, 2, 1, 2, 3, 4, 3, 2, 1]
// PAD_REFLECT: output #1: tensor<4x3xi64> = {{\[\[}}4, 3, 4], [2, 1, 2], [4, 3, 4], [2, 1, 2]]
func.func @pad_reflect() -> (tensor<9xi64>, tensor<4x3xi64>) {
  %x = "tc_tensor.constant"() {value = dense<[1, 2, 3, 4]> : tensor<4xi64>} : () -> tensor<4xi64>
  %y = "tc_tensor.pad"(%x) {pads = array<i64: 2, 3>, mode = "reflect", value = 0.0 : f64} : (tensor<4xi64>) -> tensor<9xi64>
  %m = "tc_tensor.constant"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %z = "tc_tensor.pad"(%m) {pads = array<i64: 1, 1, 1, 0>, mode = "reflect", value = 0.0 : f64} : (tensor<2x2xi64>) -> tensor<4x3xi64>
  return %y, %z : tensor<9xi64>, tensor<4x3xi64>
}

// edge: np.pad([[1, 2], [3, 4]], ((1, 0), (0, 2)), 'edge').
// RUN: tensor-ref %s --fn pad_edge | FileCheck %s --check-prefix=PAD_EDGE
// PAD_EDGE: output #0: tensor<3x4xf32> = {{\[\[}}1, 2, 2, 2], [1, 2, 2, 2], [3, 4, 4, 4]]
func.func @pad_edge() -> tensor<3x4xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %y = "tc_tensor.pad"(%x) {pads = array<i64: 1, 0, 0, 2>, mode = "edge", value = 0.0 : f64} : (tensor<2x2xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// Negative pads crop: x[1:] padded by 2 at the end; x[2:-1]; crop the start
// and reflect at the end (x[1:] ++ [3, 2]); reflect at the start and crop the
// end ([3, 2] ++ x[:-1]); crop the start and extend the end by edge.
// RUN: tensor-ref %s --fn pad_negative | FileCheck %s --check-prefix=PAD_NEGATIVE
// PAD_NEGATIVE: output #0: tensor<6xi32> = [2, 3, 4, 5, 0, 0]
// PAD_NEGATIVE: output #1: tensor<2xi32> = [3, 4]
// PAD_NEGATIVE: output #2: tensor<6xi32> = [2, 3, 4, 5, 4, 3]
// PAD_NEGATIVE: output #3: tensor<6xi32> = [3, 2, 1, 2, 3, 4]
// PAD_NEGATIVE: output #4: tensor<5xi32> = [4, 5, 5, 5, 5]
func.func @pad_negative() -> (tensor<6xi32>, tensor<2xi32>, tensor<6xi32>, tensor<6xi32>, tensor<5xi32>) {
  %x = "tc_tensor.constant"() {value = dense<[1, 2, 3, 4, 5]> : tensor<5xi32>} : () -> tensor<5xi32>
  %a = "tc_tensor.pad"(%x) {pads = array<i64: -1, 2>, mode = "constant", value = 0.0 : f64} : (tensor<5xi32>) -> tensor<6xi32>
  %b = "tc_tensor.pad"(%x) {pads = array<i64: -2, -1>, mode = "constant", value = 0.0 : f64} : (tensor<5xi32>) -> tensor<2xi32>
  %c = "tc_tensor.pad"(%x) {pads = array<i64: -1, 2>, mode = "reflect", value = 0.0 : f64} : (tensor<5xi32>) -> tensor<6xi32>
  %d = "tc_tensor.pad"(%x) {pads = array<i64: 2, -1>, mode = "reflect", value = 0.0 : f64} : (tensor<5xi32>) -> tensor<6xi32>
  %e = "tc_tensor.pad"(%x) {pads = array<i64: -3, 3>, mode = "edge", value = 0.0 : f64} : (tensor<5xi32>) -> tensor<5xi32>
  return %a, %b, %c, %d, %e : tensor<6xi32>, tensor<2xi32>, tensor<6xi32>, tensor<6xi32>, tensor<5xi32>
}

// Cropping far past one end while padding the other: every element is the
// constant, and o - b does not overflow.
// RUN: tensor-ref %s --fn pad_extreme_crop | FileCheck %s --check-prefix=PAD_EXTREME_CROP
// PAD_EXTREME_CROP: output #0: tensor<2xi32> = [7, 7]
// PAD_EXTREME_CROP: output #1: tensor<2xi32> = [3, 3]
func.func @pad_extreme_crop() -> (tensor<2xi32>, tensor<2xi32>) {
  %x = "tc_tensor.constant"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %a = "tc_tensor.pad"(%x) {pads = array<i64: -9223372036854775808, 9223372036854775807>, mode = "constant", value = 7.0 : f64} : (tensor<3xi32>) -> tensor<2xi32>
  %b = "tc_tensor.pad"(%x) {pads = array<i64: -9223372036854775808, 9223372036854775807>, mode = "edge", value = 0.0 : f64} : (tensor<3xi32>) -> tensor<2xi32>
  return %a, %b : tensor<2xi32>, tensor<2xi32>
}

// Rank 0 with empty pads is the identity; an empty axis can be padded with
// the constant, and cropped to nothing.
// RUN: tensor-ref %s --fn pad_rank0_and_empty | FileCheck %s --check-prefix=PAD_RANK0_AND_EMPTY
// PAD_RANK0_AND_EMPTY: output #0: tensor<f32> = 3.5
// PAD_RANK0_AND_EMPTY: output #1: tensor<3xf32> = [-inf, -inf, -inf]
// PAD_RANK0_AND_EMPTY: output #2: tensor<0xf32> = []
func.func @pad_rank0_and_empty() -> (tensor<f32>, tensor<3xf32>, tensor<0xf32>) {
  %x = "tc_tensor.constant"() {value = dense<3.5> : tensor<f32>} : () -> tensor<f32>
  %a = "tc_tensor.pad"(%x) {pads = array<i64>, mode = "edge", value = 0.0 : f64} : (tensor<f32>) -> tensor<f32>
  %e = "tc_tensor.constant"() {value = dense<> : tensor<0xf32>} : () -> tensor<0xf32>
  %b = "tc_tensor.pad"(%e) {pads = array<i64: 1, 2>, mode = "constant", value = 0xFFF0000000000000 : f64} : (tensor<0xf32>) -> tensor<3xf32>
  %c = "tc_tensor.pad"(%b) {pads = array<i64: -1, -2>, mode = "reflect", value = 0.0 : f64} : (tensor<3xf32>) -> tensor<0xf32>
  return %a, %b, %c : tensor<f32>, tensor<3xf32>, tensor<0xf32>
}
