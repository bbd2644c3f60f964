// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_tensor.irdl.mlir %s | FileCheck %s

// Round-trip of the binary elementwise ops (docs/dialects.md section 2.1)
// with NumPy broadcasting: equal shapes, rank differences, size-1 dims on
// both sides, rank-0 and empty operands, and every dtype class an op takes.

// CHECK-LABEL: func.func @add_same_shape(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2x3xf32>, %[[RHS:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.add"(%[[LHS]], %[[RHS]]) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
func.func @add_same_shape(%lhs: tensor<2x3xf32>, %rhs: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.add"(%lhs, %rhs) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @add_rank_broadcast(
// CHECK-SAME:    %[[LHS:.*]]: tensor<4x3xf32>, %[[RHS:.*]]: tensor<3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.add"(%[[LHS]], %[[RHS]]) : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
// CHECK:         return %[[R]] : tensor<4x3xf32>
func.func @add_rank_broadcast(%lhs: tensor<4x3xf32>, %rhs: tensor<3xf32>) -> tensor<4x3xf32> {
  %0 = "tc_tensor.add"(%lhs, %rhs) : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// CHECK-LABEL: func.func @add_size1_both_sides(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2x1x3xf32>, %[[RHS:.*]]: tensor<4x1xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.add"(%[[LHS]], %[[RHS]]) : (tensor<2x1x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
// CHECK:         return %[[R]] : tensor<2x4x3xf32>
func.func @add_size1_both_sides(%lhs: tensor<2x1x3xf32>, %rhs: tensor<4x1xf32>) -> tensor<2x4x3xf32> {
  %0 = "tc_tensor.add"(%lhs, %rhs) : (tensor<2x1x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// CHECK-LABEL: func.func @add_rank0_operand(
// CHECK-SAME:    %[[LHS:.*]]: tensor<f32>, %[[RHS:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.add"(%[[LHS]], %[[RHS]]) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
func.func @add_rank0_operand(%lhs: tensor<f32>, %rhs: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.add"(%lhs, %rhs) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @add_rank0_both(
// CHECK-SAME:    %[[LHS:.*]]: tensor<f64>, %[[RHS:.*]]: tensor<f64>)
// CHECK:         %[[R:.*]] = "tc_tensor.add"(%[[LHS]], %[[RHS]]) : (tensor<f64>, tensor<f64>) -> tensor<f64>
// CHECK:         return %[[R]] : tensor<f64>
func.func @add_rank0_both(%lhs: tensor<f64>, %rhs: tensor<f64>) -> tensor<f64> {
  %0 = "tc_tensor.add"(%lhs, %rhs) : (tensor<f64>, tensor<f64>) -> tensor<f64>
  return %0 : tensor<f64>
}

// CHECK-LABEL: func.func @add_empty_size1(
// CHECK-SAME:    %[[LHS:.*]]: tensor<0x3xf32>, %[[RHS:.*]]: tensor<1x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.add"(%[[LHS]], %[[RHS]]) : (tensor<0x3xf32>, tensor<1x3xf32>) -> tensor<0x3xf32>
// CHECK:         return %[[R]] : tensor<0x3xf32>
func.func @add_empty_size1(%lhs: tensor<0x3xf32>, %rhs: tensor<1x3xf32>) -> tensor<0x3xf32> {
  %0 = "tc_tensor.add"(%lhs, %rhs) : (tensor<0x3xf32>, tensor<1x3xf32>) -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}

// CHECK-LABEL: func.func @add_empty_rank(
// CHECK-SAME:    %[[LHS:.*]]: tensor<3xi32>, %[[RHS:.*]]: tensor<0x3xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.add"(%[[LHS]], %[[RHS]]) : (tensor<3xi32>, tensor<0x3xi32>) -> tensor<0x3xi32>
// CHECK:         return %[[R]] : tensor<0x3xi32>
func.func @add_empty_rank(%lhs: tensor<3xi32>, %rhs: tensor<0x3xi32>) -> tensor<0x3xi32> {
  %0 = "tc_tensor.add"(%lhs, %rhs) : (tensor<3xi32>, tensor<0x3xi32>) -> tensor<0x3xi32>
  return %0 : tensor<0x3xi32>
}

// CHECK-LABEL: func.func @add_ui16(
// CHECK-SAME:    %[[LHS:.*]]: tensor<5xui16>, %[[RHS:.*]]: tensor<5xui16>)
// CHECK:         %[[R:.*]] = "tc_tensor.add"(%[[LHS]], %[[RHS]]) : (tensor<5xui16>, tensor<5xui16>) -> tensor<5xui16>
// CHECK:         return %[[R]] : tensor<5xui16>
func.func @add_ui16(%lhs: tensor<5xui16>, %rhs: tensor<5xui16>) -> tensor<5xui16> {
  %0 = "tc_tensor.add"(%lhs, %rhs) : (tensor<5xui16>, tensor<5xui16>) -> tensor<5xui16>
  return %0 : tensor<5xui16>
}

// CHECK-LABEL: func.func @sub_outer_i32(
// CHECK-SAME:    %[[LHS:.*]]: tensor<3x1xi32>, %[[RHS:.*]]: tensor<1x4xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.sub"(%[[LHS]], %[[RHS]]) : (tensor<3x1xi32>, tensor<1x4xi32>) -> tensor<3x4xi32>
// CHECK:         return %[[R]] : tensor<3x4xi32>
func.func @sub_outer_i32(%lhs: tensor<3x1xi32>, %rhs: tensor<1x4xi32>) -> tensor<3x4xi32> {
  %0 = "tc_tensor.sub"(%lhs, %rhs) : (tensor<3x1xi32>, tensor<1x4xi32>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// CHECK-LABEL: func.func @mul_f16(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2x8xf16>, %[[RHS:.*]]: tensor<8xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.mul"(%[[LHS]], %[[RHS]]) : (tensor<2x8xf16>, tensor<8xf16>) -> tensor<2x8xf16>
// CHECK:         return %[[R]] : tensor<2x8xf16>
func.func @mul_f16(%lhs: tensor<2x8xf16>, %rhs: tensor<8xf16>) -> tensor<2x8xf16> {
  %0 = "tc_tensor.mul"(%lhs, %rhs) : (tensor<2x8xf16>, tensor<8xf16>) -> tensor<2x8xf16>
  return %0 : tensor<2x8xf16>
}

// CHECK-LABEL: func.func @mul_bf16(
// CHECK-SAME:    %[[LHS:.*]]: tensor<4xbf16>, %[[RHS:.*]]: tensor<1xbf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.mul"(%[[LHS]], %[[RHS]]) : (tensor<4xbf16>, tensor<1xbf16>) -> tensor<4xbf16>
// CHECK:         return %[[R]] : tensor<4xbf16>
func.func @mul_bf16(%lhs: tensor<4xbf16>, %rhs: tensor<1xbf16>) -> tensor<4xbf16> {
  %0 = "tc_tensor.mul"(%lhs, %rhs) : (tensor<4xbf16>, tensor<1xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// CHECK-LABEL: func.func @div_f32(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2x3xf32>, %[[RHS:.*]]: tensor<2x1xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.div"(%[[LHS]], %[[RHS]]) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
func.func @div_f32(%lhs: tensor<2x3xf32>, %rhs: tensor<2x1xf32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.div"(%lhs, %rhs) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @div_i64(
// CHECK-SAME:    %[[LHS:.*]]: tensor<4xi64>, %[[RHS:.*]]: tensor<4xi64>)
// CHECK:         %[[R:.*]] = "tc_tensor.div"(%[[LHS]], %[[RHS]]) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
// CHECK:         return %[[R]] : tensor<4xi64>
func.func @div_i64(%lhs: tensor<4xi64>, %rhs: tensor<4xi64>) -> tensor<4xi64> {
  %0 = "tc_tensor.div"(%lhs, %rhs) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// CHECK-LABEL: func.func @pow_f32_scalar(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2x2xf32>, %[[RHS:.*]]: tensor<f32>)
// CHECK:         %[[R:.*]] = "tc_tensor.pow"(%[[LHS]], %[[RHS]]) : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK:         return %[[R]] : tensor<2x2xf32>
func.func @pow_f32_scalar(%lhs: tensor<2x2xf32>, %rhs: tensor<f32>) -> tensor<2x2xf32> {
  %0 = "tc_tensor.pow"(%lhs, %rhs) : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @pow_i32(
// CHECK-SAME:    %[[LHS:.*]]: tensor<3xi32>, %[[RHS:.*]]: tensor<3xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.pow"(%[[LHS]], %[[RHS]]) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
// CHECK:         return %[[R]] : tensor<3xi32>
func.func @pow_i32(%lhs: tensor<3xi32>, %rhs: tensor<3xi32>) -> tensor<3xi32> {
  %0 = "tc_tensor.pow"(%lhs, %rhs) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// CHECK-LABEL: func.func @max_f64(
// CHECK-SAME:    %[[LHS:.*]]: tensor<3xf64>, %[[RHS:.*]]: tensor<3xf64>)
// CHECK:         %[[R:.*]] = "tc_tensor.max"(%[[LHS]], %[[RHS]]) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
// CHECK:         return %[[R]] : tensor<3xf64>
func.func @max_f64(%lhs: tensor<3xf64>, %rhs: tensor<3xf64>) -> tensor<3xf64> {
  %0 = "tc_tensor.max"(%lhs, %rhs) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// CHECK-LABEL: func.func @min_i8(
// CHECK-SAME:    %[[LHS:.*]]: tensor<1x3xi8>, %[[RHS:.*]]: tensor<2x1xi8>)
// CHECK:         %[[R:.*]] = "tc_tensor.min"(%[[LHS]], %[[RHS]]) : (tensor<1x3xi8>, tensor<2x1xi8>) -> tensor<2x3xi8>
// CHECK:         return %[[R]] : tensor<2x3xi8>
func.func @min_i8(%lhs: tensor<1x3xi8>, %rhs: tensor<2x1xi8>) -> tensor<2x3xi8> {
  %0 = "tc_tensor.min"(%lhs, %rhs) : (tensor<1x3xi8>, tensor<2x1xi8>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}

// CHECK-LABEL: func.func @mod_i8(
// CHECK-SAME:    %[[LHS:.*]]: tensor<6xi8>, %[[RHS:.*]]: tensor<6xi8>)
// CHECK:         %[[R:.*]] = "tc_tensor.mod"(%[[LHS]], %[[RHS]]) : (tensor<6xi8>, tensor<6xi8>) -> tensor<6xi8>
// CHECK:         return %[[R]] : tensor<6xi8>
func.func @mod_i8(%lhs: tensor<6xi8>, %rhs: tensor<6xi8>) -> tensor<6xi8> {
  %0 = "tc_tensor.mod"(%lhs, %rhs) : (tensor<6xi8>, tensor<6xi8>) -> tensor<6xi8>
  return %0 : tensor<6xi8>
}

// CHECK-LABEL: func.func @mod_f32(
// CHECK-SAME:    %[[LHS:.*]]: tensor<6xf32>, %[[RHS:.*]]: tensor<f32>)
// CHECK:         %[[R:.*]] = "tc_tensor.mod"(%[[LHS]], %[[RHS]]) : (tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
// CHECK:         return %[[R]] : tensor<6xf32>
func.func @mod_f32(%lhs: tensor<6xf32>, %rhs: tensor<f32>) -> tensor<6xf32> {
  %0 = "tc_tensor.mod"(%lhs, %rhs) : (tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// CHECK-LABEL: func.func @fmod_i32(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2x3xi32>, %[[RHS:.*]]: tensor<3xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.fmod"(%[[LHS]], %[[RHS]]) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK:         return %[[R]] : tensor<2x3xi32>
func.func @fmod_i32(%lhs: tensor<2x3xi32>, %rhs: tensor<3xi32>) -> tensor<2x3xi32> {
  %0 = "tc_tensor.fmod"(%lhs, %rhs) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// CHECK-LABEL: func.func @fmod_f64(
// CHECK-SAME:    %[[LHS:.*]]: tensor<4xf64>, %[[RHS:.*]]: tensor<4xf64>)
// CHECK:         %[[R:.*]] = "tc_tensor.fmod"(%[[LHS]], %[[RHS]]) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
// CHECK:         return %[[R]] : tensor<4xf64>
func.func @fmod_f64(%lhs: tensor<4xf64>, %rhs: tensor<4xf64>) -> tensor<4xf64> {
  %0 = "tc_tensor.fmod"(%lhs, %rhs) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// CHECK-LABEL: func.func @and_i1(
// CHECK-SAME:    %[[LHS:.*]]: tensor<4xi1>, %[[RHS:.*]]: tensor<4xi1>)
// CHECK:         %[[R:.*]] = "tc_tensor.and"(%[[LHS]], %[[RHS]]) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK:         return %[[R]] : tensor<4xi1>
func.func @and_i1(%lhs: tensor<4xi1>, %rhs: tensor<4xi1>) -> tensor<4xi1> {
  %0 = "tc_tensor.and"(%lhs, %rhs) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// CHECK-LABEL: func.func @and_ui8(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2x4xui8>, %[[RHS:.*]]: tensor<4xui8>)
// CHECK:         %[[R:.*]] = "tc_tensor.and"(%[[LHS]], %[[RHS]]) : (tensor<2x4xui8>, tensor<4xui8>) -> tensor<2x4xui8>
// CHECK:         return %[[R]] : tensor<2x4xui8>
func.func @and_ui8(%lhs: tensor<2x4xui8>, %rhs: tensor<4xui8>) -> tensor<2x4xui8> {
  %0 = "tc_tensor.and"(%lhs, %rhs) : (tensor<2x4xui8>, tensor<4xui8>) -> tensor<2x4xui8>
  return %0 : tensor<2x4xui8>
}

// CHECK-LABEL: func.func @or_i1_broadcast(
// CHECK-SAME:    %[[LHS:.*]]: tensor<3x1xi1>, %[[RHS:.*]]: tensor<1x2xi1>)
// CHECK:         %[[R:.*]] = "tc_tensor.or"(%[[LHS]], %[[RHS]]) : (tensor<3x1xi1>, tensor<1x2xi1>) -> tensor<3x2xi1>
// CHECK:         return %[[R]] : tensor<3x2xi1>
func.func @or_i1_broadcast(%lhs: tensor<3x1xi1>, %rhs: tensor<1x2xi1>) -> tensor<3x2xi1> {
  %0 = "tc_tensor.or"(%lhs, %rhs) : (tensor<3x1xi1>, tensor<1x2xi1>) -> tensor<3x2xi1>
  return %0 : tensor<3x2xi1>
}

// CHECK-LABEL: func.func @or_i64(
// CHECK-SAME:    %[[LHS:.*]]: tensor<4xi64>, %[[RHS:.*]]: tensor<4xi64>)
// CHECK:         %[[R:.*]] = "tc_tensor.or"(%[[LHS]], %[[RHS]]) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
// CHECK:         return %[[R]] : tensor<4xi64>
func.func @or_i64(%lhs: tensor<4xi64>, %rhs: tensor<4xi64>) -> tensor<4xi64> {
  %0 = "tc_tensor.or"(%lhs, %rhs) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// CHECK-LABEL: func.func @xor_i1(
// CHECK-SAME:    %[[LHS:.*]]: tensor<4xi1>, %[[RHS:.*]]: tensor<i1>)
// CHECK:         %[[R:.*]] = "tc_tensor.xor"(%[[LHS]], %[[RHS]]) : (tensor<4xi1>, tensor<i1>) -> tensor<4xi1>
// CHECK:         return %[[R]] : tensor<4xi1>
func.func @xor_i1(%lhs: tensor<4xi1>, %rhs: tensor<i1>) -> tensor<4xi1> {
  %0 = "tc_tensor.xor"(%lhs, %rhs) : (tensor<4xi1>, tensor<i1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// CHECK-LABEL: func.func @xor_i16(
// CHECK-SAME:    %[[LHS:.*]]: tensor<5xi16>, %[[RHS:.*]]: tensor<5xi16>)
// CHECK:         %[[R:.*]] = "tc_tensor.xor"(%[[LHS]], %[[RHS]]) : (tensor<5xi16>, tensor<5xi16>) -> tensor<5xi16>
// CHECK:         return %[[R]] : tensor<5xi16>
func.func @xor_i16(%lhs: tensor<5xi16>, %rhs: tensor<5xi16>) -> tensor<5xi16> {
  %0 = "tc_tensor.xor"(%lhs, %rhs) : (tensor<5xi16>, tensor<5xi16>) -> tensor<5xi16>
  return %0 : tensor<5xi16>
}
