// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_tensor.irdl.mlir %s | FileCheck %s

// Round-trip of matmul (NumPy rules: 1-D promotion, batch broadcasting) and
// gemm (transposes, C present or absent, C unidirectionally broadcast).

// CHECK-LABEL: func.func @matmul_2d(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2x3xf32>, %[[RHS:.*]]: tensor<3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK:         return %[[R]] : tensor<2x4xf32>
func.func @matmul_2d(%lhs: tensor<2x3xf32>, %rhs: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @matmul_vec_vec(
// CHECK-SAME:    %[[LHS:.*]]: tensor<3xf32>, %[[RHS:.*]]: tensor<3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
// CHECK:         return %[[R]] : tensor<f32>
func.func @matmul_vec_vec(%lhs: tensor<3xf32>, %rhs: tensor<3xf32>) -> tensor<f32> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @matmul_vec_mat(
// CHECK-SAME:    %[[LHS:.*]]: tensor<3xf32>, %[[RHS:.*]]: tensor<3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
// CHECK:         return %[[R]] : tensor<4xf32>
func.func @matmul_vec_mat(%lhs: tensor<3xf32>, %rhs: tensor<3x4xf32>) -> tensor<4xf32> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @matmul_mat_vec(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2x3xf32>, %[[RHS:.*]]: tensor<3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK:         return %[[R]] : tensor<2xf32>
func.func @matmul_mat_vec(%lhs: tensor<2x3xf32>, %rhs: tensor<3xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @matmul_batched(
// CHECK-SAME:    %[[LHS:.*]]: tensor<5x2x3xf32>, %[[RHS:.*]]: tensor<5x3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
// CHECK:         return %[[R]] : tensor<5x2x4xf32>
func.func @matmul_batched(%lhs: tensor<5x2x3xf32>, %rhs: tensor<5x3x4xf32>) -> tensor<5x2x4xf32> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// CHECK-LABEL: func.func @matmul_batch_broadcast(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2x1x2x3xf32>, %[[RHS:.*]]: tensor<5x3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<2x1x2x3xf32>, tensor<5x3x4xf32>) -> tensor<2x5x2x4xf32>
// CHECK:         return %[[R]] : tensor<2x5x2x4xf32>
func.func @matmul_batch_broadcast(%lhs: tensor<2x1x2x3xf32>, %rhs: tensor<5x3x4xf32>) -> tensor<2x5x2x4xf32> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<2x1x2x3xf32>, tensor<5x3x4xf32>) -> tensor<2x5x2x4xf32>
  return %0 : tensor<2x5x2x4xf32>
}

// CHECK-LABEL: func.func @matmul_batched_2d(
// CHECK-SAME:    %[[LHS:.*]]: tensor<5x2x3xf64>, %[[RHS:.*]]: tensor<3x4xf64>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<5x2x3xf64>, tensor<3x4xf64>) -> tensor<5x2x4xf64>
// CHECK:         return %[[R]] : tensor<5x2x4xf64>
func.func @matmul_batched_2d(%lhs: tensor<5x2x3xf64>, %rhs: tensor<3x4xf64>) -> tensor<5x2x4xf64> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<5x2x3xf64>, tensor<3x4xf64>) -> tensor<5x2x4xf64>
  return %0 : tensor<5x2x4xf64>
}

// CHECK-LABEL: func.func @matmul_vec_batched(
// CHECK-SAME:    %[[LHS:.*]]: tensor<3xf32>, %[[RHS:.*]]: tensor<5x3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<3xf32>, tensor<5x3x4xf32>) -> tensor<5x4xf32>
// CHECK:         return %[[R]] : tensor<5x4xf32>
func.func @matmul_vec_batched(%lhs: tensor<3xf32>, %rhs: tensor<5x3x4xf32>) -> tensor<5x4xf32> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<3xf32>, tensor<5x3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// CHECK-LABEL: func.func @matmul_batched_vec(
// CHECK-SAME:    %[[LHS:.*]]: tensor<5x2x3xf32>, %[[RHS:.*]]: tensor<3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<5x2x3xf32>, tensor<3xf32>) -> tensor<5x2xf32>
// CHECK:         return %[[R]] : tensor<5x2xf32>
func.func @matmul_batched_vec(%lhs: tensor<5x2x3xf32>, %rhs: tensor<3xf32>) -> tensor<5x2xf32> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<5x2x3xf32>, tensor<3xf32>) -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// CHECK-LABEL: func.func @matmul_i32(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2x3xi32>, %[[RHS:.*]]: tensor<3x2xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<2x3xi32>, tensor<3x2xi32>) -> tensor<2x2xi32>
// CHECK:         return %[[R]] : tensor<2x2xi32>
func.func @matmul_i32(%lhs: tensor<2x3xi32>, %rhs: tensor<3x2xi32>) -> tensor<2x2xi32> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<2x3xi32>, tensor<3x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// CHECK-LABEL: func.func @matmul_ui8(
// CHECK-SAME:    %[[LHS:.*]]: tensor<4x4xui8>, %[[RHS:.*]]: tensor<4x1xui8>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<4x4xui8>, tensor<4x1xui8>) -> tensor<4x1xui8>
// CHECK:         return %[[R]] : tensor<4x1xui8>
func.func @matmul_ui8(%lhs: tensor<4x4xui8>, %rhs: tensor<4x1xui8>) -> tensor<4x1xui8> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<4x4xui8>, tensor<4x1xui8>) -> tensor<4x1xui8>
  return %0 : tensor<4x1xui8>
}

// CHECK-LABEL: func.func @matmul_f16(
// CHECK-SAME:    %[[LHS:.*]]: tensor<8x16xf16>, %[[RHS:.*]]: tensor<16x8xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<8x16xf16>, tensor<16x8xf16>) -> tensor<8x8xf16>
// CHECK:         return %[[R]] : tensor<8x8xf16>
func.func @matmul_f16(%lhs: tensor<8x16xf16>, %rhs: tensor<16x8xf16>) -> tensor<8x8xf16> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<8x16xf16>, tensor<16x8xf16>) -> tensor<8x8xf16>
  return %0 : tensor<8x8xf16>
}

// CHECK-LABEL: func.func @matmul_empty_k(
// CHECK-SAME:    %[[LHS:.*]]: tensor<2x0xf32>, %[[RHS:.*]]: tensor<0x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<2x0xf32>, tensor<0x4xf32>) -> tensor<2x4xf32>
// CHECK:         return %[[R]] : tensor<2x4xf32>
func.func @matmul_empty_k(%lhs: tensor<2x0xf32>, %rhs: tensor<0x4xf32>) -> tensor<2x4xf32> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<2x0xf32>, tensor<0x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @matmul_empty_m(
// CHECK-SAME:    %[[LHS:.*]]: tensor<0x3xbf16>, %[[RHS:.*]]: tensor<3x4xbf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.matmul"(%[[LHS]], %[[RHS]]) : (tensor<0x3xbf16>, tensor<3x4xbf16>) -> tensor<0x4xbf16>
// CHECK:         return %[[R]] : tensor<0x4xbf16>
func.func @matmul_empty_m(%lhs: tensor<0x3xbf16>, %rhs: tensor<3x4xbf16>) -> tensor<0x4xbf16> {
  %0 = "tc_tensor.matmul"(%lhs, %rhs) : (tensor<0x3xbf16>, tensor<3x4xbf16>) -> tensor<0x4xbf16>
  return %0 : tensor<0x4xbf16>
}

// CHECK-LABEL: func.func @gemm_no_c(
// CHECK-SAME:    %[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.gemm"(%[[A]], %[[B]]) {alpha = 1.000000e+00 : f64, beta = 1.000000e+00 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK:         return %[[R]] : tensor<2x4xf32>
func.func @gemm_no_c(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @gemm_full_c(
// CHECK-SAME:    %[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3x4xf32>, %[[C:.*]]: tensor<2x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.gemm"(%[[A]], %[[B]], %[[C]]) {alpha = 1.000000e+00 : f64, beta = 1.000000e+00 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK:         return %[[R]] : tensor<2x4xf32>
func.func @gemm_full_c(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @gemm_c_row(
// CHECK-SAME:    %[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3x4xf32>, %[[C:.*]]: tensor<4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.gemm"(%[[A]], %[[B]], %[[C]]) {alpha = 1.000000e+00 : f64, beta = 1.000000e+00 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
// CHECK:         return %[[R]] : tensor<2x4xf32>
func.func @gemm_c_row(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @gemm_c_column(
// CHECK-SAME:    %[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3x4xf32>, %[[C:.*]]: tensor<2x1xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.gemm"(%[[A]], %[[B]], %[[C]]) {alpha = 2.000000e+00 : f64, beta = 5.000000e-01 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
// CHECK:         return %[[R]] : tensor<2x4xf32>
func.func @gemm_c_column(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x1xf32>) -> tensor<2x4xf32> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 2.0 : f64, beta = 0.5 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @gemm_c_rank0(
// CHECK-SAME:    %[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3x4xf32>, %[[C:.*]]: tensor<f32>)
// CHECK:         %[[R:.*]] = "tc_tensor.gemm"(%[[A]], %[[B]], %[[C]]) {alpha = 1.000000e+00 : f64, beta = -1.000000e+00 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<f32>) -> tensor<2x4xf32>
// CHECK:         return %[[R]] : tensor<2x4xf32>
func.func @gemm_c_rank0(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<f32>) -> tensor<2x4xf32> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = -1.0 : f64, trans_a = false, trans_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @gemm_trans_a(
// CHECK-SAME:    %[[A:.*]]: tensor<3x2xf32>, %[[B:.*]]: tensor<3x4xf32>, %[[C:.*]]: tensor<1x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.gemm"(%[[A]], %[[B]], %[[C]]) {alpha = 1.000000e+00 : f64, beta = 1.000000e+00 : f64, trans_a = true, trans_b = false} : (tensor<3x2xf32>, tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
// CHECK:         return %[[R]] : tensor<2x4xf32>
func.func @gemm_trans_a(%a: tensor<3x2xf32>, %b: tensor<3x4xf32>, %c: tensor<1x4xf32>) -> tensor<2x4xf32> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = true, trans_b = false} : (tensor<3x2xf32>, tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @gemm_trans_b(
// CHECK-SAME:    %[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<4x3xf32>, %[[C:.*]]: tensor<4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.gemm"(%[[A]], %[[B]], %[[C]]) {alpha = 1.000000e+00 : f64, beta = 1.000000e+00 : f64, trans_a = false, trans_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
// CHECK:         return %[[R]] : tensor<2x4xf32>
func.func @gemm_trans_b(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @gemm_trans_both_f64(
// CHECK-SAME:    %[[A:.*]]: tensor<3x2xf64>, %[[B:.*]]: tensor<4x3xf64>, %[[C:.*]]: tensor<2x4xf64>)
// CHECK:         %[[R:.*]] = "tc_tensor.gemm"(%[[A]], %[[B]], %[[C]]) {alpha = 1.000000e+00 : f64, beta = 1.000000e+00 : f64, trans_a = true, trans_b = true} : (tensor<3x2xf64>, tensor<4x3xf64>, tensor<2x4xf64>) -> tensor<2x4xf64>
// CHECK:         return %[[R]] : tensor<2x4xf64>
func.func @gemm_trans_both_f64(%a: tensor<3x2xf64>, %b: tensor<4x3xf64>, %c: tensor<2x4xf64>) -> tensor<2x4xf64> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = true, trans_b = true} : (tensor<3x2xf64>, tensor<4x3xf64>, tensor<2x4xf64>) -> tensor<2x4xf64>
  return %0 : tensor<2x4xf64>
}

// CHECK-LABEL: func.func @gemm_f16_no_c(
// CHECK-SAME:    %[[A:.*]]: tensor<8x8xf16>, %[[B:.*]]: tensor<8x2xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.gemm"(%[[A]], %[[B]]) {alpha = 5.000000e-01 : f64, beta = 0.000000e+00 : f64, trans_a = false, trans_b = false} : (tensor<8x8xf16>, tensor<8x2xf16>) -> tensor<8x2xf16>
// CHECK:         return %[[R]] : tensor<8x2xf16>
func.func @gemm_f16_no_c(%a: tensor<8x8xf16>, %b: tensor<8x2xf16>) -> tensor<8x2xf16> {
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = 0.5 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false} : (tensor<8x8xf16>, tensor<8x2xf16>) -> tensor<8x2xf16>
  return %0 : tensor<8x2xf16>
}
