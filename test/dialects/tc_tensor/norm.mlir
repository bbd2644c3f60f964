// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_tensor.irdl.mlir %s | FileCheck %s

// Round-trip of batch_norm (inference form, channel dim 1), layer_norm (bias
// present and absent, scale and bias unidirectionally broadcast to
// x.shape[axis:], negative axes), softmax and log_softmax.

// CHECK-LABEL: func.func @batch_norm_nchw(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4x4xf32>, %[[SCALE:.*]]: tensor<3xf32>, %[[BIAS:.*]]: tensor<3xf32>, %[[MEAN:.*]]: tensor<3xf32>, %[[VAR:.*]]: tensor<3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.batch_norm"(%[[X]], %[[SCALE]], %[[BIAS]], %[[MEAN]], %[[VAR]]) {epsilon = 1.000000e-05 : f64} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
// CHECK:         return %[[R]] : tensor<2x3x4x4xf32>
func.func @batch_norm_nchw(%x: tensor<2x3x4x4xf32>, %scale: tensor<3xf32>, %bias: tensor<3xf32>, %mean: tensor<3xf32>, %var: tensor<3xf32>) -> tensor<2x3x4x4xf32> {
  %0 = "tc_tensor.batch_norm"(%x, %scale, %bias, %mean, %var) {epsilon = 1.0e-05 : f64} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}

// CHECK-LABEL: func.func @batch_norm_rank2_f64(
// CHECK-SAME:    %[[X:.*]]: tensor<5x3xf64>, %[[SCALE:.*]]: tensor<3xf64>, %[[BIAS:.*]]: tensor<3xf64>, %[[MEAN:.*]]: tensor<3xf64>, %[[VAR:.*]]: tensor<3xf64>)
// CHECK:         %[[R:.*]] = "tc_tensor.batch_norm"(%[[X]], %[[SCALE]], %[[BIAS]], %[[MEAN]], %[[VAR]]) {epsilon = 1.000000e-03 : f64} : (tensor<5x3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>) -> tensor<5x3xf64>
// CHECK:         return %[[R]] : tensor<5x3xf64>
func.func @batch_norm_rank2_f64(%x: tensor<5x3xf64>, %scale: tensor<3xf64>, %bias: tensor<3xf64>, %mean: tensor<3xf64>, %var: tensor<3xf64>) -> tensor<5x3xf64> {
  %0 = "tc_tensor.batch_norm"(%x, %scale, %bias, %mean, %var) {epsilon = 1.0e-03 : f64} : (tensor<5x3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>) -> tensor<5x3xf64>
  return %0 : tensor<5x3xf64>
}

// CHECK-LABEL: func.func @batch_norm_rank5_f16(
// CHECK-SAME:    %[[X:.*]]: tensor<1x2x3x4x5xf16>, %[[SCALE:.*]]: tensor<2xf16>, %[[BIAS:.*]]: tensor<2xf16>, %[[MEAN:.*]]: tensor<2xf16>, %[[VAR:.*]]: tensor<2xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.batch_norm"(%[[X]], %[[SCALE]], %[[BIAS]], %[[MEAN]], %[[VAR]]) {epsilon = 1.000000e-05 : f64} : (tensor<1x2x3x4x5xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>) -> tensor<1x2x3x4x5xf16>
// CHECK:         return %[[R]] : tensor<1x2x3x4x5xf16>
func.func @batch_norm_rank5_f16(%x: tensor<1x2x3x4x5xf16>, %scale: tensor<2xf16>, %bias: tensor<2xf16>, %mean: tensor<2xf16>, %var: tensor<2xf16>) -> tensor<1x2x3x4x5xf16> {
  %0 = "tc_tensor.batch_norm"(%x, %scale, %bias, %mean, %var) {epsilon = 1.0e-05 : f64} : (tensor<1x2x3x4x5xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>) -> tensor<1x2x3x4x5xf16>
  return %0 : tensor<1x2x3x4x5xf16>
}

// CHECK-LABEL: func.func @layer_norm_last_axis(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xf32>, %[[SCALE:.*]]: tensor<4xf32>, %[[BIAS:.*]]: tensor<4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.layer_norm"(%[[X]], %[[SCALE]], %[[BIAS]]) {axis = -1 : i64, epsilon = 1.000000e-05 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK:         return %[[R]] : tensor<2x3x4xf32>
func.func @layer_norm_last_axis(%x: tensor<2x3x4xf32>, %scale: tensor<4xf32>, %bias: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %0 = "tc_tensor.layer_norm"(%x, %scale, %bias) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @layer_norm_no_bias(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xf32>, %[[SCALE:.*]]: tensor<3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.layer_norm"(%[[X]], %[[SCALE]]) {axis = 1 : i64, epsilon = 1.000000e-05 : f64} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
// CHECK:         return %[[R]] : tensor<2x3x4xf32>
func.func @layer_norm_no_bias(%x: tensor<2x3x4xf32>, %scale: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = "tc_tensor.layer_norm"(%x, %scale) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @layer_norm_broadcast_scale(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xf32>, %[[SCALE:.*]]: tensor<4xf32>, %[[BIAS:.*]]: tensor<1x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.layer_norm"(%[[X]], %[[SCALE]], %[[BIAS]]) {axis = 1 : i64, epsilon = 9.9999999999999995E-7 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<1x4xf32>) -> tensor<2x3x4xf32>
// CHECK:         return %[[R]] : tensor<2x3x4xf32>
func.func @layer_norm_broadcast_scale(%x: tensor<2x3x4xf32>, %scale: tensor<4xf32>, %bias: tensor<1x4xf32>) -> tensor<2x3x4xf32> {
  %0 = "tc_tensor.layer_norm"(%x, %scale, %bias) {axis = 1 : i64, epsilon = 1.0e-06 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<1x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @layer_norm_all_dims_bf16(
// CHECK-SAME:    %[[X:.*]]: tensor<4x8xbf16>, %[[SCALE:.*]]: tensor<8xbf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.layer_norm"(%[[X]], %[[SCALE]]) {axis = -2 : i64, epsilon = 1.000000e-05 : f64} : (tensor<4x8xbf16>, tensor<8xbf16>) -> tensor<4x8xbf16>
// CHECK:         return %[[R]] : tensor<4x8xbf16>
func.func @layer_norm_all_dims_bf16(%x: tensor<4x8xbf16>, %scale: tensor<8xbf16>) -> tensor<4x8xbf16> {
  %0 = "tc_tensor.layer_norm"(%x, %scale) {axis = -2 : i64, epsilon = 1.0e-05 : f64} : (tensor<4x8xbf16>, tensor<8xbf16>) -> tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}

// CHECK-LABEL: func.func @layer_norm_rank0_scale(
// CHECK-SAME:    %[[X:.*]]: tensor<2x6xf32>, %[[SCALE:.*]]: tensor<f32>, %[[BIAS:.*]]: tensor<f32>)
// CHECK:         %[[R:.*]] = "tc_tensor.layer_norm"(%[[X]], %[[SCALE]], %[[BIAS]]) {axis = 1 : i64, epsilon = 1.000000e-05 : f64} : (tensor<2x6xf32>, tensor<f32>, tensor<f32>) -> tensor<2x6xf32>
// CHECK:         return %[[R]] : tensor<2x6xf32>
func.func @layer_norm_rank0_scale(%x: tensor<2x6xf32>, %scale: tensor<f32>, %bias: tensor<f32>) -> tensor<2x6xf32> {
  %0 = "tc_tensor.layer_norm"(%x, %scale, %bias) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x6xf32>, tensor<f32>, tensor<f32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// CHECK-LABEL: func.func @softmax_axis1(
// CHECK-SAME:    %[[X:.*]]: tensor<2x5xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.softmax"(%[[X]]) {axis = 1 : i64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
// CHECK:         return %[[R]] : tensor<2x5xf32>
func.func @softmax_axis1(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %0 = "tc_tensor.softmax"(%x) {axis = 1 : i64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// CHECK-LABEL: func.func @softmax_negative_axis_f16(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x5xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.softmax"(%[[X]]) {axis = -1 : i64} : (tensor<2x3x5xf16>) -> tensor<2x3x5xf16>
// CHECK:         return %[[R]] : tensor<2x3x5xf16>
func.func @softmax_negative_axis_f16(%x: tensor<2x3x5xf16>) -> tensor<2x3x5xf16> {
  %0 = "tc_tensor.softmax"(%x) {axis = -1 : i64} : (tensor<2x3x5xf16>) -> tensor<2x3x5xf16>
  return %0 : tensor<2x3x5xf16>
}

// CHECK-LABEL: func.func @softmax_axis0_rank1(
// CHECK-SAME:    %[[X:.*]]: tensor<7xf64>)
// CHECK:         %[[R:.*]] = "tc_tensor.softmax"(%[[X]]) {axis = 0 : i64} : (tensor<7xf64>) -> tensor<7xf64>
// CHECK:         return %[[R]] : tensor<7xf64>
func.func @softmax_axis0_rank1(%x: tensor<7xf64>) -> tensor<7xf64> {
  %0 = "tc_tensor.softmax"(%x) {axis = 0 : i64} : (tensor<7xf64>) -> tensor<7xf64>
  return %0 : tensor<7xf64>
}

// CHECK-LABEL: func.func @log_softmax_negative_axis(
// CHECK-SAME:    %[[X:.*]]: tensor<2x5xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.log_softmax"(%[[X]]) {axis = -1 : i64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
// CHECK:         return %[[R]] : tensor<2x5xf32>
func.func @log_softmax_negative_axis(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %0 = "tc_tensor.log_softmax"(%x) {axis = -1 : i64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// CHECK-LABEL: func.func @log_softmax_middle_axis(
// CHECK-SAME:    %[[X:.*]]: tensor<3x4x5xf64>)
// CHECK:         %[[R:.*]] = "tc_tensor.log_softmax"(%[[X]]) {axis = 1 : i64} : (tensor<3x4x5xf64>) -> tensor<3x4x5xf64>
// CHECK:         return %[[R]] : tensor<3x4x5xf64>
func.func @log_softmax_middle_axis(%x: tensor<3x4x5xf64>) -> tensor<3x4x5xf64> {
  %0 = "tc_tensor.log_softmax"(%x) {axis = 1 : i64} : (tensor<3x4x5xf64>) -> tensor<3x4x5xf64>
  return %0 : tensor<3x4x5xf64>
}
