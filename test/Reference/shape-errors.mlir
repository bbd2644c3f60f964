// The reference evaluator checks the structural rules of the data movement
// ops itself (docs/dialects.md §2.2.19-2.2.26): a program that breaks one is
// a structural rejection (exit 2) located at the op, never evaluated. The
// arguments are drawn with --seed; their values do not matter.

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn perm_length 2>&1 | FileCheck %s --check-prefix=PERM_LENGTH
// PERM_LENGTH: shape-errors.mlir:[[@LINE+3]]:8: error: 'tc_tensor.transpose' op attribute 'perm' has 1 entries; the operand has rank 2
// PERM_LENGTH: tensor-ref: structural-rejection: {{.*}}shape-errors.mlir was not evaluated
func.func @perm_length(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %y = "tc_tensor.transpose"(%x) {perm = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn perm_repeat 2>&1 | FileCheck %s --check-prefix=PERM_REPEAT
// PERM_REPEAT: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.transpose' op attribute 'perm' is not a permutation of 0..1 (entry 1 is 0)
func.func @perm_repeat(%x: tensor<2x3xf32>) -> tensor<2x2xf32> {
  %y = "tc_tensor.transpose"(%x) {perm = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn perm_negative 2>&1 | FileCheck %s --check-prefix=PERM_NEGATIVE
// PERM_NEGATIVE: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.transpose' op attribute 'perm' is not a permutation of 0..1 (entry 0 is -1)
func.func @perm_negative(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %y = "tc_tensor.transpose"(%x) {perm = array<i64: -1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn transpose_shape 2>&1 | FileCheck %s --check-prefix=TRANSPOSE_SHAPE
// TRANSPOSE_SHAPE: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.transpose' op result #0 is declared 2x3 but the spec's shape rule gives 3x2
func.func @transpose_shape(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// Data movement never changes the dtype.
// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn reshape_dtype 2>&1 | FileCheck %s --check-prefix=RESHAPE_DTYPE
// RESHAPE_DTYPE: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.reshape' op result #0 must have the operand's dtype f32, got f64
func.func @reshape_dtype(%x: tensor<2x3xf32>) -> tensor<6xf64> {
  %y = "tc_tensor.reshape"(%x) : (tensor<2x3xf32>) -> tensor<6xf64>
  return %y : tensor<6xf64>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn reshape_count 2>&1 | FileCheck %s --check-prefix=RESHAPE_COUNT
// RESHAPE_COUNT: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.reshape' op result must have as many elements as the operand (6)
func.func @reshape_count(%x: tensor<2x3xf32>) -> tensor<7xf32> {
  %y = "tc_tensor.reshape"(%x) : (tensor<2x3xf32>) -> tensor<7xf32>
  return %y : tensor<7xf32>
}

// An element count beyond int64 is not mistaken for a small one.
// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn reshape_huge 2>&1 | FileCheck %s --check-prefix=RESHAPE_HUGE
// RESHAPE_HUGE: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.reshape' op result must have as many elements as the operand (4)
func.func @reshape_huge(%x: tensor<4xf32>) -> tensor<4294967296x4294967296x4xf32> {
  %y = "tc_tensor.reshape"(%x) : (tensor<4xf32>) -> tensor<4294967296x4294967296x4xf32>
  return %y : tensor<4294967296x4294967296x4xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn broadcast_rank 2>&1 | FileCheck %s --check-prefix=BROADCAST_RANK
// BROADCAST_RANK: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.broadcast_to' op operand of rank 2 cannot broadcast to a result of rank 1
func.func @broadcast_rank(%x: tensor<1x3xf32>) -> tensor<3xf32> {
  %y = "tc_tensor.broadcast_to"(%x) : (tensor<1x3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// Unidirectional: only the operand stretches (bidirectionally 2x1 and 3x1x4
// would be compatible, but 1 does not stretch to the operand's 2).
// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn broadcast_dims 2>&1 | FileCheck %s --check-prefix=BROADCAST_DIMS
// BROADCAST_DIMS: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.broadcast_to' op operand dimension 0 (2) must be 1 or equal to result dimension 1 (1) to broadcast unidirectionally
func.func @broadcast_dims(%x: tensor<2x1xf32>) -> tensor<3x1x4xf32> {
  %y = "tc_tensor.broadcast_to"(%x) : (tensor<2x1xf32>) -> tensor<3x1x4xf32>
  return %y : tensor<3x1x4xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn concat_dtype 2>&1 | FileCheck %s --check-prefix=CONCAT_DTYPE
// CONCAT_DTYPE: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.concat' op operands must have the same dtype, got f32 and i32
func.func @concat_dtype(%a: tensor<2xf32>, %b: tensor<2xi32>) -> tensor<4xf32> {
  %y = "tc_tensor.concat"(%a, %b) {axis = 0 : i64} : (tensor<2xf32>, tensor<2xi32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn concat_rank 2>&1 | FileCheck %s --check-prefix=CONCAT_RANK
// CONCAT_RANK: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.concat' op operands must have the same rank, got 2 and 1
func.func @concat_rank(%a: tensor<1x2xf32>, %b: tensor<2xf32>) -> tensor<3x2xf32> {
  %y = "tc_tensor.concat"(%a, %b) {axis = 0 : i64} : (tensor<1x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn concat_dims 2>&1 | FileCheck %s --check-prefix=CONCAT_DIMS
// CONCAT_DIMS: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.concat' op operands differ in dimension 1 (2 and 3), which is not the axis
func.func @concat_dims(%a: tensor<1x2xf32>, %b: tensor<1x3xf32>) -> tensor<2x2xf32> {
  %y = "tc_tensor.concat"(%a, %b) {axis = 0 : i64} : (tensor<1x2xf32>, tensor<1x3xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn concat_axis 2>&1 | FileCheck %s --check-prefix=CONCAT_AXIS
// CONCAT_AXIS: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.concat' op attribute 'axis' (-3) is out of range for rank 2
func.func @concat_axis(%a: tensor<1x2xf32>, %b: tensor<1x2xf32>) -> tensor<2x2xf32> {
  %y = "tc_tensor.concat"(%a, %b) {axis = -3 : i64} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn split_unequal 2>&1 | FileCheck %s --check-prefix=SPLIT_UNEQUAL
// SPLIT_UNEQUAL: shape-errors.mlir:[[@LINE+2]]:10: error: 'tc_tensor.split' op dimension 5 of axis 0 cannot be split into 2 equal parts
func.func @split_unequal(%x: tensor<5xf32>) -> tensor<2xf32> {
  %y:2 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<5xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %y#0 : tensor<2xf32>
}

// An op with an axis needs rank >= 1.
// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn split_rank0 2>&1 | FileCheck %s --check-prefix=SPLIT_RANK0
// SPLIT_RANK0: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.split' op attribute 'axis' (0) is out of range for rank 0
func.func @split_rank0(%x: tensor<f32>) -> tensor<f32> {
  %y = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<f32>) -> tensor<f32>
  return %y : tensor<f32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn split_shape 2>&1 | FileCheck %s --check-prefix=SPLIT_SHAPE
// SPLIT_SHAPE: shape-errors.mlir:[[@LINE+2]]:10: error: 'tc_tensor.split' op result #0 is declared 3x2 but the spec's shape rule gives 2x3
func.func @split_shape(%x: tensor<4x3xf32>) -> tensor<3x2xf32> {
  %y:2 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<4x3xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>)
  return %y#0 : tensor<3x2xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn slice_lengths 2>&1 | FileCheck %s --check-prefix=SLICE_LENGTHS
// SLICE_LENGTHS: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.slice' op attributes 'starts', 'ends' and 'steps' must have 2 entries (the operand's rank)
func.func @slice_lengths(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = "tc_tensor.slice"(%x) {starts = array<i64: 0, 0>, ends = array<i64: 2, 3>, steps = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn slice_zero_step 2>&1 | FileCheck %s --check-prefix=SLICE_ZERO_STEP
// SLICE_ZERO_STEP: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.slice' op attribute 'steps' has a zero entry at axis 1
func.func @slice_zero_step(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = "tc_tensor.slice"(%x) {starts = array<i64: 0, 0>, ends = array<i64: 2, 3>, steps = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// Python clamping gives x[-10:-10:-1] no elements (ONNX would give one).
// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn slice_shape 2>&1 | FileCheck %s --check-prefix=SLICE_SHAPE
// SLICE_SHAPE: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.slice' op result #0 is declared 1 but the spec's shape rule gives 0
func.func @slice_shape(%x: tensor<6xf32>) -> tensor<1xf32> {
  %y = "tc_tensor.slice"(%x) {starts = array<i64: -10>, ends = array<i64: -10>, steps = array<i64: -1>} : (tensor<6xf32>) -> tensor<1xf32>
  return %y : tensor<1xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn gather_indices_dtype 2>&1 | FileCheck %s --check-prefix=GATHER_INDICES_DTYPE
// GATHER_INDICES_DTYPE: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.gather' op indices must have i32 or i64 elements, got ui32
func.func @gather_indices_dtype(%x: tensor<3xf32>, %i: tensor<2xui32>) -> tensor<2xf32> {
  %y = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<3xf32>, tensor<2xui32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn gather_axis 2>&1 | FileCheck %s --check-prefix=GATHER_AXIS
// GATHER_AXIS: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.gather' op attribute 'axis' (1) is out of range for rank 1
func.func @gather_axis(%x: tensor<3xf32>, %i: tensor<2xi32>) -> tensor<2xf32> {
  %y = "tc_tensor.gather"(%x, %i) {axis = 1 : i64} : (tensor<3xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn gather_shape 2>&1 | FileCheck %s --check-prefix=GATHER_SHAPE
// GATHER_SHAPE: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.gather' op result #0 is declared 2x2 but the spec's shape rule gives 2x2x3
func.func @gather_shape(%x: tensor<4x3xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %y = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<4x3xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// data rank 17 and indices rank 17 give a result of rank 33, beyond the limit
// of 32 (docs/dialects.md §1.1).
// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn gather_rank_limit 2>&1 | FileCheck %s --check-prefix=GATHER_RANK_LIMIT
// GATHER_RANK_LIMIT: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.gather' op result rank 33 exceeds the limit of 32
func.func @gather_rank_limit(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, %i: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xi64>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32> {
  %y = "tc_tensor.gather"(%x, %i) {axis = 16 : i64} : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xi64>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return %y : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn pad_length 2>&1 | FileCheck %s --check-prefix=PAD_LENGTH
// PAD_LENGTH: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.pad' op attribute 'pads' has 2 entries; the operand's rank 2 needs 4
func.func @pad_length(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = "tc_tensor.pad"(%x) {pads = array<i64: 0, 0>, mode = "constant", value = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn pad_mode 2>&1 | FileCheck %s --check-prefix=PAD_MODE
// PAD_MODE: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.pad' op attribute 'mode' must be "constant", "reflect" or "edge", got "wrap"
func.func @pad_mode(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = "tc_tensor.pad"(%x) {pads = array<i64: 0, 0>, mode = "wrap", value = 0.0 : f64} : (tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// reflect and edge have one spelling: value = +0.0 (not -0.0).
// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn pad_unused_value 2>&1 | FileCheck %s --check-prefix=PAD_UNUSED_VALUE
// PAD_UNUSED_VALUE: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.pad' op attribute 'value' must be +0.0 unless mode is "constant", got -0
func.func @pad_unused_value(%x: tensor<3xf32>) -> tensor<5xf32> {
  %y = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "edge", value = -0.0 : f64} : (tensor<3xf32>) -> tensor<5xf32>
  return %y : tensor<5xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn pad_value_range 2>&1 | FileCheck %s --check-prefix=PAD_VALUE_RANGE
// PAD_VALUE_RANGE: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.pad' op attribute 'value' (256) must be an integer within the range of ui8
func.func @pad_value_range(%x: tensor<3xui8>) -> tensor<5xui8> {
  %y = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "constant", value = 256.0 : f64} : (tensor<3xui8>) -> tensor<5xui8>
  return %y : tensor<5xui8>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn pad_value_fraction 2>&1 | FileCheck %s --check-prefix=PAD_VALUE_FRACTION
// PAD_VALUE_FRACTION: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.pad' op attribute 'value' (0.5) must be an integer within the range of i1
func.func @pad_value_fraction(%x: tensor<3xi1>) -> tensor<5xi1> {
  %y = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "constant", value = 0.5 : f64} : (tensor<3xi1>) -> tensor<5xi1>
  return %y : tensor<5xi1>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn pad_negative_size 2>&1 | FileCheck %s --check-prefix=PAD_NEGATIVE_SIZE
// PAD_NEGATIVE_SIZE: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.pad' op axis 0: size 3 padded by -2 and -2 is negative (-1)
func.func @pad_negative_size(%x: tensor<3xf32>) -> tensor<0xf32> {
  %y = "tc_tensor.pad"(%x) {pads = array<i64: -2, -2>, mode = "constant", value = 0.0 : f64} : (tensor<3xf32>) -> tensor<0xf32>
  return %y : tensor<0xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn pad_reflect_large 2>&1 | FileCheck %s --check-prefix=PAD_REFLECT_LARGE
// PAD_REFLECT_LARGE: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.pad' op axis 0: "reflect" pads must be smaller than the dimension (3)
func.func @pad_reflect_large(%x: tensor<3xf32>) -> tensor<6xf32> {
  %y = "tc_tensor.pad"(%x) {pads = array<i64: 0, 3>, mode = "reflect", value = 0.0 : f64} : (tensor<3xf32>) -> tensor<6xf32>
  return %y : tensor<6xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn pad_edge_empty 2>&1 | FileCheck %s --check-prefix=PAD_EDGE_EMPTY
// PAD_EDGE_EMPTY: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.pad' op axis 1: "edge" padding needs a non-empty dimension
func.func @pad_edge_empty(%x: tensor<2x0xf32>) -> tensor<2x1xf32> {
  %y = "tc_tensor.pad"(%x) {pads = array<i64: 0, 1, 0, 0>, mode = "edge", value = 0.0 : f64} : (tensor<2x0xf32>) -> tensor<2x1xf32>
  return %y : tensor<2x1xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn pad_overflow 2>&1 | FileCheck %s --check-prefix=PAD_OVERFLOW
// PAD_OVERFLOW: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.pad' op axis 0: size 3 padded by 9223372036854775807 and 0 does not fit in int64
func.func @pad_overflow(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = "tc_tensor.pad"(%x) {pads = array<i64: 9223372036854775807, 0>, mode = "constant", value = 0.0 : f64} : (tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// Attribute kinds are exact (§1.2): I64 is `: i64`, F64 is `: f64`.
// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn axis_i32 2>&1 | FileCheck %s --check-prefix=AXIS_I32
// AXIS_I32: shape-errors.mlir:[[@LINE+2]]:10: error: 'tc_tensor.split' op attribute 'axis' must be an i64 integer
func.func @axis_i32(%x: tensor<2x2xf32>) -> tensor<1x2xf32> {
  %y:2 = "tc_tensor.split"(%x) {axis = 0 : i32} : (tensor<2x2xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>)
  return %y#0 : tensor<1x2xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --seed 1 --fn value_f32 2>&1 | FileCheck %s --check-prefix=VALUE_F32
// VALUE_F32: shape-errors.mlir:[[@LINE+2]]:8: error: 'tc_tensor.pad' op attribute 'value' must be an f64 float
func.func @value_f32(%x: tensor<1xf32>) -> tensor<3xf32> {
  %y = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "constant", value = 0.1 : f32} : (tensor<1xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}
