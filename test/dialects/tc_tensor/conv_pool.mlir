// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_tensor.irdl.mlir %s | FileCheck %s

// Round-trip of conv2d (bias present and absent, strides, asymmetric pads,
// dilations, groups) and the pooling ops. Result sizes follow
// floor((H + pad_begin + pad_end - dilation * (k - 1) - 1) / stride) + 1,
// with ceil instead of floor under ceil_mode.

// CHECK-LABEL: func.func @conv2d_no_bias(
// CHECK-SAME:    %[[X:.*]]: tensor<1x3x8x8xf32>, %[[W:.*]]: tensor<4x3x3x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.conv2d"(%[[X]], %[[W]]) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
// CHECK:         return %[[R]] : tensor<1x4x6x6xf32>
func.func @conv2d_no_bias(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// CHECK-LABEL: func.func @conv2d_bias_same_pads(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x8x8xf32>, %[[W:.*]]: tensor<4x3x3x3xf32>, %[[BIAS:.*]]: tensor<4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.conv2d"(%[[X]], %[[W]], %[[BIAS]]) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x8x8xf32>
// CHECK:         return %[[R]] : tensor<2x4x8x8xf32>
func.func @conv2d_bias_same_pads(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %bias: tensor<4xf32>) -> tensor<2x4x8x8xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %bias) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x8x8xf32>
  return %0 : tensor<2x4x8x8xf32>
}

// CHECK-LABEL: func.func @conv2d_stride2(
// CHECK-SAME:    %[[X:.*]]: tensor<1x1x7x7xf32>, %[[W:.*]]: tensor<2x1x3x3xf32>, %[[BIAS:.*]]: tensor<2xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.conv2d"(%[[X]], %[[W]], %[[BIAS]]) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x1x7x7xf32>, tensor<2x1x3x3xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
// CHECK:         return %[[R]] : tensor<1x2x4x4xf32>
func.func @conv2d_stride2(%x: tensor<1x1x7x7xf32>, %w: tensor<2x1x3x3xf32>, %bias: tensor<2xf32>) -> tensor<1x2x4x4xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %bias) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x1x7x7xf32>, tensor<2x1x3x3xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// CHECK-LABEL: func.func @conv2d_asymmetric(
// CHECK-SAME:    %[[X:.*]]: tensor<1x1x5x6xf32>, %[[W:.*]]: tensor<1x1x2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.conv2d"(%[[X]], %[[W]]) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 0, 0, 2>, strides = array<i64: 1, 2>} : (tensor<1x1x5x6xf32>, tensor<1x1x2x3xf32>) -> tensor<1x1x5x3xf32>
// CHECK:         return %[[R]] : tensor<1x1x5x3xf32>
func.func @conv2d_asymmetric(%x: tensor<1x1x5x6xf32>, %w: tensor<1x1x2x3xf32>) -> tensor<1x1x5x3xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 0, 0, 2>, strides = array<i64: 1, 2>} : (tensor<1x1x5x6xf32>, tensor<1x1x2x3xf32>) -> tensor<1x1x5x3xf32>
  return %0 : tensor<1x1x5x3xf32>
}

// CHECK-LABEL: func.func @conv2d_dilated(
// CHECK-SAME:    %[[X:.*]]: tensor<1x1x7x7xf32>, %[[W:.*]]: tensor<1x1x3x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.conv2d"(%[[X]], %[[W]]) {dilations = array<i64: 2, 2>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x7x7xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
// CHECK:         return %[[R]] : tensor<1x1x3x3xf32>
func.func @conv2d_dilated(%x: tensor<1x1x7x7xf32>, %w: tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 2, 2>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x7x7xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// CHECK-LABEL: func.func @conv2d_grouped(
// CHECK-SAME:    %[[X:.*]]: tensor<1x4x5x5xf32>, %[[W:.*]]: tensor<6x2x3x3xf32>, %[[BIAS:.*]]: tensor<6xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.conv2d"(%[[X]], %[[W]], %[[BIAS]]) {dilations = array<i64: 1, 1>, group = 2 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x5x5xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x3x3xf32>
// CHECK:         return %[[R]] : tensor<1x6x3x3xf32>
func.func @conv2d_grouped(%x: tensor<1x4x5x5xf32>, %w: tensor<6x2x3x3xf32>, %bias: tensor<6xf32>) -> tensor<1x6x3x3xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %bias) {dilations = array<i64: 1, 1>, group = 2 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x5x5xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x3x3xf32>
  return %0 : tensor<1x6x3x3xf32>
}

// CHECK-LABEL: func.func @conv2d_depthwise_f16(
// CHECK-SAME:    %[[X:.*]]: tensor<1x3x4x4xf16>, %[[W:.*]]: tensor<3x1x3x3xf16>, %[[BIAS:.*]]: tensor<3xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.conv2d"(%[[X]], %[[W]], %[[BIAS]]) {dilations = array<i64: 1, 1>, group = 3 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x3x4x4xf16>, tensor<3x1x3x3xf16>, tensor<3xf16>) -> tensor<1x3x4x4xf16>
// CHECK:         return %[[R]] : tensor<1x3x4x4xf16>
func.func @conv2d_depthwise_f16(%x: tensor<1x3x4x4xf16>, %w: tensor<3x1x3x3xf16>, %bias: tensor<3xf16>) -> tensor<1x3x4x4xf16> {
  %0 = "tc_tensor.conv2d"(%x, %w, %bias) {dilations = array<i64: 1, 1>, group = 3 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x3x4x4xf16>, tensor<3x1x3x3xf16>, tensor<3xf16>) -> tensor<1x3x4x4xf16>
  return %0 : tensor<1x3x4x4xf16>
}

// CHECK-LABEL: func.func @conv2d_pointwise_f64(
// CHECK-SAME:    %[[X:.*]]: tensor<1x2x3x3xf64>, %[[W:.*]]: tensor<5x2x1x1xf64>)
// CHECK:         %[[R:.*]] = "tc_tensor.conv2d"(%[[X]], %[[W]]) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x3x3xf64>, tensor<5x2x1x1xf64>) -> tensor<1x5x3x3xf64>
// CHECK:         return %[[R]] : tensor<1x5x3x3xf64>
func.func @conv2d_pointwise_f64(%x: tensor<1x2x3x3xf64>, %w: tensor<5x2x1x1xf64>) -> tensor<1x5x3x3xf64> {
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x3x3xf64>, tensor<5x2x1x1xf64>) -> tensor<1x5x3x3xf64>
  return %0 : tensor<1x5x3x3xf64>
}

// CHECK-LABEL: func.func @max_pool2d_2x2(
// CHECK-SAME:    %[[X:.*]]: tensor<1x1x4x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.max_pool2d"(%[[X]]) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
// CHECK:         return %[[R]] : tensor<1x1x2x2xf32>
func.func @max_pool2d_2x2(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// CHECK-LABEL: func.func @max_pool2d_ceil_mode(
// CHECK-SAME:    %[[X:.*]]: tensor<1x2x5x5xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.max_pool2d"(%[[X]]) {ceil_mode = true, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
// CHECK:         return %[[R]] : tensor<1x2x3x3xf32>
func.func @max_pool2d_ceil_mode(%x: tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = true, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// CHECK-LABEL: func.func @max_pool2d_pads_dilations(
// CHECK-SAME:    %[[X:.*]]: tensor<1x1x7x7xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.max_pool2d"(%[[X]]) {ceil_mode = false, dilations = array<i64: 2, 2>, kernel = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x1x7x7xf32>) -> tensor<1x1x5x5xf32>
// CHECK:         return %[[R]] : tensor<1x1x5x5xf32>
func.func @max_pool2d_pads_dilations(%x: tensor<1x1x7x7xf32>) -> tensor<1x1x5x5xf32> {
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 2, 2>, kernel = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x1x7x7xf32>) -> tensor<1x1x5x5xf32>
  return %0 : tensor<1x1x5x5xf32>
}

// CHECK-LABEL: func.func @max_pool2d_i8(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x6x6xi8>)
// CHECK:         %[[R:.*]] = "tc_tensor.max_pool2d"(%[[X]]) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 3, 3>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 3, 3>} : (tensor<2x3x6x6xi8>) -> tensor<2x3x2x2xi8>
// CHECK:         return %[[R]] : tensor<2x3x2x2xi8>
func.func @max_pool2d_i8(%x: tensor<2x3x6x6xi8>) -> tensor<2x3x2x2xi8> {
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 3, 3>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 3, 3>} : (tensor<2x3x6x6xi8>) -> tensor<2x3x2x2xi8>
  return %0 : tensor<2x3x2x2xi8>
}

// CHECK-LABEL: func.func @max_pool2d_rect_kernel(
// CHECK-SAME:    %[[X:.*]]: tensor<1x1x4x6xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.max_pool2d"(%[[X]]) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 1, 3>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 3>} : (tensor<1x1x4x6xf32>) -> tensor<1x1x4x2xf32>
// CHECK:         return %[[R]] : tensor<1x1x4x2xf32>
func.func @max_pool2d_rect_kernel(%x: tensor<1x1x4x6xf32>) -> tensor<1x1x4x2xf32> {
  %0 = "tc_tensor.max_pool2d"(%x) {ceil_mode = false, dilations = array<i64: 1, 1>, kernel = array<i64: 1, 3>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 3>} : (tensor<1x1x4x6xf32>) -> tensor<1x1x4x2xf32>
  return %0 : tensor<1x1x4x2xf32>
}

// CHECK-LABEL: func.func @avg_pool2d_2x2(
// CHECK-SAME:    %[[X:.*]]: tensor<1x1x4x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.avg_pool2d"(%[[X]]) {ceil_mode = false, count_include_pad = false, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
// CHECK:         return %[[R]] : tensor<1x1x2x2xf32>
func.func @avg_pool2d_2x2(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  %0 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = false, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// CHECK-LABEL: func.func @avg_pool2d_count_include_pad(
// CHECK-SAME:    %[[X:.*]]: tensor<1x2x4x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.avg_pool2d"(%[[X]]) {ceil_mode = false, count_include_pad = true, kernel = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK:         return %[[R]] : tensor<1x2x4x4xf32>
func.func @avg_pool2d_count_include_pad(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %0 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = true, kernel = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// CHECK-LABEL: func.func @avg_pool2d_ceil_mode_f16(
// CHECK-SAME:    %[[X:.*]]: tensor<1x1x6x6xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.avg_pool2d"(%[[X]]) {ceil_mode = true, count_include_pad = false, kernel = array<i64: 3, 3>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x6x6xf16>) -> tensor<1x1x3x3xf16>
// CHECK:         return %[[R]] : tensor<1x1x3x3xf16>
func.func @avg_pool2d_ceil_mode_f16(%x: tensor<1x1x6x6xf16>) -> tensor<1x1x3x3xf16> {
  %0 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = true, count_include_pad = false, kernel = array<i64: 3, 3>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x6x6xf16>) -> tensor<1x1x3x3xf16>
  return %0 : tensor<1x1x3x3xf16>
}

// CHECK-LABEL: func.func @global_max_pool_4d(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4x5xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.global_max_pool"(%[[X]]) : (tensor<2x3x4x5xf32>) -> tensor<2x3x1x1xf32>
// CHECK:         return %[[R]] : tensor<2x3x1x1xf32>
func.func @global_max_pool_4d(%x: tensor<2x3x4x5xf32>) -> tensor<2x3x1x1xf32> {
  %0 = "tc_tensor.global_max_pool"(%x) : (tensor<2x3x4x5xf32>) -> tensor<2x3x1x1xf32>
  return %0 : tensor<2x3x1x1xf32>
}

// CHECK-LABEL: func.func @global_max_pool_3d_i32(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x7xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.global_max_pool"(%[[X]]) : (tensor<2x3x7xi32>) -> tensor<2x3x1xi32>
// CHECK:         return %[[R]] : tensor<2x3x1xi32>
func.func @global_max_pool_3d_i32(%x: tensor<2x3x7xi32>) -> tensor<2x3x1xi32> {
  %0 = "tc_tensor.global_max_pool"(%x) : (tensor<2x3x7xi32>) -> tensor<2x3x1xi32>
  return %0 : tensor<2x3x1xi32>
}

// CHECK-LABEL: func.func @global_avg_pool_5d(
// CHECK-SAME:    %[[X:.*]]: tensor<1x2x3x4x5xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.global_avg_pool"(%[[X]]) : (tensor<1x2x3x4x5xf32>) -> tensor<1x2x1x1x1xf32>
// CHECK:         return %[[R]] : tensor<1x2x1x1x1xf32>
func.func @global_avg_pool_5d(%x: tensor<1x2x3x4x5xf32>) -> tensor<1x2x1x1x1xf32> {
  %0 = "tc_tensor.global_avg_pool"(%x) : (tensor<1x2x3x4x5xf32>) -> tensor<1x2x1x1x1xf32>
  return %0 : tensor<1x2x1x1x1xf32>
}

// CHECK-LABEL: func.func @global_avg_pool_f16(
// CHECK-SAME:    %[[X:.*]]: tensor<4x8x7x7xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.global_avg_pool"(%[[X]]) : (tensor<4x8x7x7xf16>) -> tensor<4x8x1x1xf16>
// CHECK:         return %[[R]] : tensor<4x8x1x1xf16>
func.func @global_avg_pool_f16(%x: tensor<4x8x7x7xf16>) -> tensor<4x8x1x1xf16> {
  %0 = "tc_tensor.global_avg_pool"(%x) : (tensor<4x8x7x7xf16>) -> tensor<4x8x1x1xf16>
  return %0 : tensor<4x8x1x1xf16>
}
