// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_tensor.irdl.mlir %s | FileCheck %s

// Round-trip of comparisons (result i1, NumPy broadcasting), where (3-way
// broadcasting) and clip (F64 bounds for float operands, I64 for integers).

// CHECK-LABEL: func.func @eq_f32_broadcast(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2x3xf32>, %[[RHS:.*]]: tensor<3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.eq"(%[[LHS]], %[[RHS]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK:         return %[[R]] : tensor<2x3xi1>
func.func @eq_f32_broadcast(%lhs: tensor<2x3xf32>, %rhs: tensor<3xf32>) -> tensor<2x3xi1> {
  %0 = "tc_tensor.eq"(%lhs, %rhs) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// CHECK-LABEL: func.func @ne_i1(
// CHECK-SAME:    %[[LHS:.*]]: tensor<4xi1>, %[[RHS:.*]]: tensor<4xi1>)
// CHECK:         %[[R:.*]] = "tc_tensor.ne"(%[[LHS]], %[[RHS]]) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK:         return %[[R]] : tensor<4xi1>
func.func @ne_i1(%lhs: tensor<4xi1>, %rhs: tensor<4xi1>) -> tensor<4xi1> {
  %0 = "tc_tensor.ne"(%lhs, %rhs) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// CHECK-LABEL: func.func @lt_i32(
// CHECK-SAME:    %[[LHS:.*]]: tensor<3x1xi32>, %[[RHS:.*]]: tensor<1x4xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.lt"(%[[LHS]], %[[RHS]]) : (tensor<3x1xi32>, tensor<1x4xi32>) -> tensor<3x4xi1>
// CHECK:         return %[[R]] : tensor<3x4xi1>
func.func @lt_i32(%lhs: tensor<3x1xi32>, %rhs: tensor<1x4xi32>) -> tensor<3x4xi1> {
  %0 = "tc_tensor.lt"(%lhs, %rhs) : (tensor<3x1xi32>, tensor<1x4xi32>) -> tensor<3x4xi1>
  return %0 : tensor<3x4xi1>
}

// CHECK-LABEL: func.func @le_ui8(
// CHECK-SAME:    %[[LHS:.*]]: tensor<5xui8>, %[[RHS:.*]]: tensor<5xui8>)
// CHECK:         %[[R:.*]] = "tc_tensor.le"(%[[LHS]], %[[RHS]]) : (tensor<5xui8>, tensor<5xui8>) -> tensor<5xi1>
// CHECK:         return %[[R]] : tensor<5xi1>
func.func @le_ui8(%lhs: tensor<5xui8>, %rhs: tensor<5xui8>) -> tensor<5xi1> {
  %0 = "tc_tensor.le"(%lhs, %rhs) : (tensor<5xui8>, tensor<5xui8>) -> tensor<5xi1>
  return %0 : tensor<5xi1>
}

// CHECK-LABEL: func.func @gt_f16_rank0(
// CHECK-SAME:    %[[LHS:.*]]: tensor<f16>, %[[RHS:.*]]: tensor<f16>)
// CHECK:         %[[R:.*]] = "tc_tensor.gt"(%[[LHS]], %[[RHS]]) : (tensor<f16>, tensor<f16>) -> tensor<i1>
// CHECK:         return %[[R]] : tensor<i1>
func.func @gt_f16_rank0(%lhs: tensor<f16>, %rhs: tensor<f16>) -> tensor<i1> {
  %0 = "tc_tensor.gt"(%lhs, %rhs) : (tensor<f16>, tensor<f16>) -> tensor<i1>
  return %0 : tensor<i1>
}

// CHECK-LABEL: func.func @ge_i64_empty(
// CHECK-SAME:    %[[LHS:.*]]: tensor<0x2xi64>, %[[RHS:.*]]: tensor<2xi64>)
// CHECK:         %[[R:.*]] = "tc_tensor.ge"(%[[LHS]], %[[RHS]]) : (tensor<0x2xi64>, tensor<2xi64>) -> tensor<0x2xi1>
// CHECK:         return %[[R]] : tensor<0x2xi1>
func.func @ge_i64_empty(%lhs: tensor<0x2xi64>, %rhs: tensor<2xi64>) -> tensor<0x2xi1> {
  %0 = "tc_tensor.ge"(%lhs, %rhs) : (tensor<0x2xi64>, tensor<2xi64>) -> tensor<0x2xi1>
  return %0 : tensor<0x2xi1>
}

// CHECK-LABEL: func.func @eq_bf16(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2xbf16>, %[[RHS:.*]]: tensor<1xbf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.eq"(%[[LHS]], %[[RHS]]) : (tensor<2xbf16>, tensor<1xbf16>) -> tensor<2xi1>
// CHECK:         return %[[R]] : tensor<2xi1>
func.func @eq_bf16(%lhs: tensor<2xbf16>, %rhs: tensor<1xbf16>) -> tensor<2xi1> {
  %0 = "tc_tensor.eq"(%lhs, %rhs) : (tensor<2xbf16>, tensor<1xbf16>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// CHECK-LABEL: func.func @where_same_shape(
// CHECK-SAME:    %[[COND:.*]]: tensor<4xi1>, %[[LHS:.*]]: tensor<4xi32>, %[[RHS:.*]]: tensor<4xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.where"(%[[COND]], %[[LHS]], %[[RHS]]) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK:         return %[[R]] : tensor<4xi32>
func.func @where_same_shape(%cond: tensor<4xi1>, %lhs: tensor<4xi32>, %rhs: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "tc_tensor.where"(%cond, %lhs, %rhs) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// CHECK-LABEL: func.func @where_three_way(
// CHECK-SAME:    %[[COND:.*]]: tensor<2x1xi1>, %[[LHS:.*]]: tensor<3xf32>, %[[RHS:.*]]: tensor<f32>)
// CHECK:         %[[R:.*]] = "tc_tensor.where"(%[[COND]], %[[LHS]], %[[RHS]]) : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
func.func @where_three_way(%cond: tensor<2x1xi1>, %lhs: tensor<3xf32>, %rhs: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.where"(%cond, %lhs, %rhs) : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @where_cond_largest(
// CHECK-SAME:    %[[COND:.*]]: tensor<4x3xi1>, %[[LHS:.*]]: tensor<1x3xi64>, %[[RHS:.*]]: tensor<4x1xi64>)
// CHECK:         %[[R:.*]] = "tc_tensor.where"(%[[COND]], %[[LHS]], %[[RHS]]) : (tensor<4x3xi1>, tensor<1x3xi64>, tensor<4x1xi64>) -> tensor<4x3xi64>
// CHECK:         return %[[R]] : tensor<4x3xi64>
func.func @where_cond_largest(%cond: tensor<4x3xi1>, %lhs: tensor<1x3xi64>, %rhs: tensor<4x1xi64>) -> tensor<4x3xi64> {
  %0 = "tc_tensor.where"(%cond, %lhs, %rhs) : (tensor<4x3xi1>, tensor<1x3xi64>, tensor<4x1xi64>) -> tensor<4x3xi64>
  return %0 : tensor<4x3xi64>
}

// CHECK-LABEL: func.func @where_bool_data(
// CHECK-SAME:    %[[COND:.*]]: tensor<2xi1>, %[[LHS:.*]]: tensor<2xi1>, %[[RHS:.*]]: tensor<2xi1>)
// CHECK:         %[[R:.*]] = "tc_tensor.where"(%[[COND]], %[[LHS]], %[[RHS]]) : (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
// CHECK:         return %[[R]] : tensor<2xi1>
func.func @where_bool_data(%cond: tensor<2xi1>, %lhs: tensor<2xi1>, %rhs: tensor<2xi1>) -> tensor<2xi1> {
  %0 = "tc_tensor.where"(%cond, %lhs, %rhs) : (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// CHECK-LABEL: func.func @where_empty(
// CHECK-SAME:    %[[COND:.*]]: tensor<0x1xi1>, %[[LHS:.*]]: tensor<1x3xf16>, %[[RHS:.*]]: tensor<3xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.where"(%[[COND]], %[[LHS]], %[[RHS]]) : (tensor<0x1xi1>, tensor<1x3xf16>, tensor<3xf16>) -> tensor<0x3xf16>
// CHECK:         return %[[R]] : tensor<0x3xf16>
func.func @where_empty(%cond: tensor<0x1xi1>, %lhs: tensor<1x3xf16>, %rhs: tensor<3xf16>) -> tensor<0x3xf16> {
  %0 = "tc_tensor.where"(%cond, %lhs, %rhs) : (tensor<0x1xi1>, tensor<1x3xf16>, tensor<3xf16>) -> tensor<0x3xf16>
  return %0 : tensor<0x3xf16>
}

// CHECK-LABEL: func.func @clip_f32(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.clip"(%[[X]]) {max = 1.000000e+00 : f64, min = -1.000000e+00 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
func.func @clip_f32(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.clip"(%x) {max = 1.0 : f64, min = -1.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @clip_f16_relu6(
// CHECK-SAME:    %[[X:.*]]: tensor<8xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.clip"(%[[X]]) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : (tensor<8xf16>) -> tensor<8xf16>
// CHECK:         return %[[R]] : tensor<8xf16>
func.func @clip_f16_relu6(%x: tensor<8xf16>) -> tensor<8xf16> {
  %0 = "tc_tensor.clip"(%x) {max = 6.0 : f64, min = 0.0 : f64} : (tensor<8xf16>) -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

// CHECK-LABEL: func.func @clip_i32(
// CHECK-SAME:    %[[X:.*]]: tensor<4xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.clip"(%[[X]]) {max = 6 : i64, min = 0 : i64} : (tensor<4xi32>) -> tensor<4xi32>
// CHECK:         return %[[R]] : tensor<4xi32>
func.func @clip_i32(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "tc_tensor.clip"(%x) {max = 6 : i64, min = 0 : i64} : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// CHECK-LABEL: func.func @clip_ui8(
// CHECK-SAME:    %[[X:.*]]: tensor<4xui8>)
// CHECK:         %[[R:.*]] = "tc_tensor.clip"(%[[X]]) {max = 200 : i64, min = 10 : i64} : (tensor<4xui8>) -> tensor<4xui8>
// CHECK:         return %[[R]] : tensor<4xui8>
func.func @clip_ui8(%x: tensor<4xui8>) -> tensor<4xui8> {
  %0 = "tc_tensor.clip"(%x) {max = 200 : i64, min = 10 : i64} : (tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// CHECK-LABEL: func.func @clip_i64_rank0(
// CHECK-SAME:    %[[X:.*]]: tensor<i64>)
// CHECK:         %[[R:.*]] = "tc_tensor.clip"(%[[X]]) {max = 9223372036854775807 : i64, min = -9223372036854775808 : i64} : (tensor<i64>) -> tensor<i64>
// CHECK:         return %[[R]] : tensor<i64>
func.func @clip_i64_rank0(%x: tensor<i64>) -> tensor<i64> {
  %0 = "tc_tensor.clip"(%x) {max = 9223372036854775807 : i64, min = -9223372036854775808 : i64} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}
