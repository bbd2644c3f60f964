// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_tensor.irdl.mlir %s | FileCheck %s

// Round-trip of the reductions: keepdims true and false, empty axes (all
// axes), negative axes, empty inputs, and argmax/argmin (i64 results).

// CHECK-LABEL: func.func @reduce_sum_one_axis(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.reduce_sum"(%[[X]]) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
// CHECK:         return %[[R]] : tensor<2x4xf32>
func.func @reduce_sum_one_axis(%x: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @reduce_sum_keepdims(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.reduce_sum"(%[[X]]) {axes = array<i64: 1>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// CHECK:         return %[[R]] : tensor<2x1x4xf32>
func.func @reduce_sum_keepdims(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// CHECK-LABEL: func.func @reduce_sum_all_axes(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.reduce_sum"(%[[X]]) {axes = array<i64>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<f32>
// CHECK:         return %[[R]] : tensor<f32>
func.func @reduce_sum_all_axes(%x: tensor<2x3x4xf32>) -> tensor<f32> {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @reduce_sum_all_axes_keepdims(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.reduce_sum"(%[[X]]) {axes = array<i64>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
// CHECK:         return %[[R]] : tensor<1x1x1xf32>
func.func @reduce_sum_all_axes_keepdims(%x: tensor<2x3x4xf32>) -> tensor<1x1x1xf32> {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  return %0 : tensor<1x1x1xf32>
}

// CHECK-LABEL: func.func @reduce_sum_negative_axes(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xi64>)
// CHECK:         %[[R:.*]] = "tc_tensor.reduce_sum"(%[[X]]) {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3x4xi64>) -> tensor<3xi64>
// CHECK:         return %[[R]] : tensor<3xi64>
func.func @reduce_sum_negative_axes(%x: tensor<2x3x4xi64>) -> tensor<3xi64> {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3x4xi64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// CHECK-LABEL: func.func @reduce_sum_empty_reduced(
// CHECK-SAME:    %[[X:.*]]: tensor<0x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.reduce_sum"(%[[X]]) {axes = array<i64: 0>, keepdims = false} : (tensor<0x3xf32>) -> tensor<3xf32>
// CHECK:         return %[[R]] : tensor<3xf32>
func.func @reduce_sum_empty_reduced(%x: tensor<0x3xf32>) -> tensor<3xf32> {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<0x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// CHECK-LABEL: func.func @reduce_sum_empty_kept(
// CHECK-SAME:    %[[X:.*]]: tensor<0x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.reduce_sum"(%[[X]]) {axes = array<i64: 1>, keepdims = true} : (tensor<0x3xf32>) -> tensor<0x1xf32>
// CHECK:         return %[[R]] : tensor<0x1xf32>
func.func @reduce_sum_empty_kept(%x: tensor<0x3xf32>) -> tensor<0x1xf32> {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<0x3xf32>) -> tensor<0x1xf32>
  return %0 : tensor<0x1xf32>
}

// CHECK-LABEL: func.func @reduce_prod_i32(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.reduce_prod"(%[[X]]) {axes = array<i64: 0>, keepdims = false} : (tensor<2x3x4xi32>) -> tensor<3x4xi32>
// CHECK:         return %[[R]] : tensor<3x4xi32>
func.func @reduce_prod_i32(%x: tensor<2x3x4xi32>) -> tensor<3x4xi32> {
  %0 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<2x3x4xi32>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// CHECK-LABEL: func.func @reduce_max_f16(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.reduce_max"(%[[X]]) {axes = array<i64: -1>, keepdims = true} : (tensor<2x3x4xf16>) -> tensor<2x3x1xf16>
// CHECK:         return %[[R]] : tensor<2x3x1xf16>
func.func @reduce_max_f16(%x: tensor<2x3x4xf16>) -> tensor<2x3x1xf16> {
  %0 = "tc_tensor.reduce_max"(%x) {axes = array<i64: -1>, keepdims = true} : (tensor<2x3x4xf16>) -> tensor<2x3x1xf16>
  return %0 : tensor<2x3x1xf16>
}

// CHECK-LABEL: func.func @reduce_min_ui8(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xui8>)
// CHECK:         %[[R:.*]] = "tc_tensor.reduce_min"(%[[X]]) {axes = array<i64: 0, 1>, keepdims = false} : (tensor<2x3x4xui8>) -> tensor<4xui8>
// CHECK:         return %[[R]] : tensor<4xui8>
func.func @reduce_min_ui8(%x: tensor<2x3x4xui8>) -> tensor<4xui8> {
  %0 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 0, 1>, keepdims = false} : (tensor<2x3x4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// CHECK-LABEL: func.func @reduce_mean_keepdims(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.reduce_mean"(%[[X]]) {axes = array<i64: 0, 2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
// CHECK:         return %[[R]] : tensor<1x3x1xf32>
func.func @reduce_mean_keepdims(%x: tensor<2x3x4xf32>) -> tensor<1x3x1xf32> {
  %0 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 0, 2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
  return %0 : tensor<1x3x1xf32>
}

// CHECK-LABEL: func.func @reduce_mean_bf16(
// CHECK-SAME:    %[[X:.*]]: tensor<8x16xbf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.reduce_mean"(%[[X]]) {axes = array<i64: 1>, keepdims = false} : (tensor<8x16xbf16>) -> tensor<8xbf16>
// CHECK:         return %[[R]] : tensor<8xbf16>
func.func @reduce_mean_bf16(%x: tensor<8x16xbf16>) -> tensor<8xbf16> {
  %0 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<8x16xbf16>) -> tensor<8xbf16>
  return %0 : tensor<8xbf16>
}

// CHECK-LABEL: func.func @argmax_axis1(
// CHECK-SAME:    %[[X:.*]]: tensor<3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.argmax"(%[[X]]) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<3x4xf32>) -> tensor<3xi64>
// CHECK:         return %[[R]] : tensor<3xi64>
func.func @argmax_axis1(%x: tensor<3x4xf32>) -> tensor<3xi64> {
  %0 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<3x4xf32>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// CHECK-LABEL: func.func @argmax_keepdims_i32(
// CHECK-SAME:    %[[X:.*]]: tensor<3x4xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.argmax"(%[[X]]) {axis = -1 : i64, keepdims = true, select_last_index = false} : (tensor<3x4xi32>) -> tensor<3x1xi64>
// CHECK:         return %[[R]] : tensor<3x1xi64>
func.func @argmax_keepdims_i32(%x: tensor<3x4xi32>) -> tensor<3x1xi64> {
  %0 = "tc_tensor.argmax"(%x) {axis = -1 : i64, keepdims = true, select_last_index = false} : (tensor<3x4xi32>) -> tensor<3x1xi64>
  return %0 : tensor<3x1xi64>
}

// CHECK-LABEL: func.func @argmin_select_last(
// CHECK-SAME:    %[[X:.*]]: tensor<3x4xf64>)
// CHECK:         %[[R:.*]] = "tc_tensor.argmin"(%[[X]]) {axis = 0 : i64, keepdims = false, select_last_index = true} : (tensor<3x4xf64>) -> tensor<4xi64>
// CHECK:         return %[[R]] : tensor<4xi64>
func.func @argmin_select_last(%x: tensor<3x4xf64>) -> tensor<4xi64> {
  %0 = "tc_tensor.argmin"(%x) {axis = 0 : i64, keepdims = false, select_last_index = true} : (tensor<3x4xf64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// CHECK-LABEL: func.func @argmin_to_rank0(
// CHECK-SAME:    %[[X:.*]]: tensor<5xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.argmin"(%[[X]]) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<5xf16>) -> tensor<i64>
// CHECK:         return %[[R]] : tensor<i64>
func.func @argmin_to_rank0(%x: tensor<5xf16>) -> tensor<i64> {
  %0 = "tc_tensor.argmin"(%x) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<5xf16>) -> tensor<i64>
  return %0 : tensor<i64>
}
