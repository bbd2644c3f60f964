// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_tensor.irdl.mlir %s | FileCheck %s

// Round-trip of cast (any dtype to any dtype, same shape) and constant
// (dense splats and lists, rank-0, empty, special floats, dense_resource
// blobs, whose bytes must survive the round trip too).

// CHECK-LABEL: func.func @cast_f32_to_i32(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.cast"(%[[X]]) : (tensor<2x3xf32>) -> tensor<2x3xi32>
// CHECK:         return %[[R]] : tensor<2x3xi32>
func.func @cast_f32_to_i32(%x: tensor<2x3xf32>) -> tensor<2x3xi32> {
  %0 = "tc_tensor.cast"(%x) : (tensor<2x3xf32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// CHECK-LABEL: func.func @cast_i1_to_f32(
// CHECK-SAME:    %[[X:.*]]: tensor<4xi1>)
// CHECK:         %[[R:.*]] = "tc_tensor.cast"(%[[X]]) : (tensor<4xi1>) -> tensor<4xf32>
// CHECK:         return %[[R]] : tensor<4xf32>
func.func @cast_i1_to_f32(%x: tensor<4xi1>) -> tensor<4xf32> {
  %0 = "tc_tensor.cast"(%x) : (tensor<4xi1>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @cast_f64_to_bf16(
// CHECK-SAME:    %[[X:.*]]: tensor<3xf64>)
// CHECK:         %[[R:.*]] = "tc_tensor.cast"(%[[X]]) : (tensor<3xf64>) -> tensor<3xbf16>
// CHECK:         return %[[R]] : tensor<3xbf16>
func.func @cast_f64_to_bf16(%x: tensor<3xf64>) -> tensor<3xbf16> {
  %0 = "tc_tensor.cast"(%x) : (tensor<3xf64>) -> tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// CHECK-LABEL: func.func @cast_ui8_to_i64(
// CHECK-SAME:    %[[X:.*]]: tensor<5xui8>)
// CHECK:         %[[R:.*]] = "tc_tensor.cast"(%[[X]]) : (tensor<5xui8>) -> tensor<5xi64>
// CHECK:         return %[[R]] : tensor<5xi64>
func.func @cast_ui8_to_i64(%x: tensor<5xui8>) -> tensor<5xi64> {
  %0 = "tc_tensor.cast"(%x) : (tensor<5xui8>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

// CHECK-LABEL: func.func @cast_i64_to_ui16(
// CHECK-SAME:    %[[X:.*]]: tensor<5xi64>)
// CHECK:         %[[R:.*]] = "tc_tensor.cast"(%[[X]]) : (tensor<5xi64>) -> tensor<5xui16>
// CHECK:         return %[[R]] : tensor<5xui16>
func.func @cast_i64_to_ui16(%x: tensor<5xi64>) -> tensor<5xui16> {
  %0 = "tc_tensor.cast"(%x) : (tensor<5xi64>) -> tensor<5xui16>
  return %0 : tensor<5xui16>
}

// CHECK-LABEL: func.func @cast_f16_to_i1(
// CHECK-SAME:    %[[X:.*]]: tensor<2xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.cast"(%[[X]]) : (tensor<2xf16>) -> tensor<2xi1>
// CHECK:         return %[[R]] : tensor<2xi1>
func.func @cast_f16_to_i1(%x: tensor<2xf16>) -> tensor<2xi1> {
  %0 = "tc_tensor.cast"(%x) : (tensor<2xf16>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// CHECK-LABEL: func.func @cast_same_dtype(
// CHECK-SAME:    %[[X:.*]]: tensor<2xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.cast"(%[[X]]) : (tensor<2xf16>) -> tensor<2xf16>
// CHECK:         return %[[R]] : tensor<2xf16>
func.func @cast_same_dtype(%x: tensor<2xf16>) -> tensor<2xf16> {
  %0 = "tc_tensor.cast"(%x) : (tensor<2xf16>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// CHECK-LABEL: func.func @cast_rank0(
// CHECK-SAME:    %[[X:.*]]: tensor<i32>)
// CHECK:         %[[R:.*]] = "tc_tensor.cast"(%[[X]]) : (tensor<i32>) -> tensor<f64>
// CHECK:         return %[[R]] : tensor<f64>
func.func @cast_rank0(%x: tensor<i32>) -> tensor<f64> {
  %0 = "tc_tensor.cast"(%x) : (tensor<i32>) -> tensor<f64>
  return %0 : tensor<f64>
}

// CHECK-LABEL: func.func @cast_empty(
// CHECK-SAME:    %[[X:.*]]: tensor<0x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.cast"(%[[X]]) : (tensor<0x4xf32>) -> tensor<0x4xi8>
// CHECK:         return %[[R]] : tensor<0x4xi8>
func.func @cast_empty(%x: tensor<0x4xf32>) -> tensor<0x4xi8> {
  %0 = "tc_tensor.cast"(%x) : (tensor<0x4xf32>) -> tensor<0x4xi8>
  return %0 : tensor<0x4xi8>
}

// CHECK-LABEL: func.func @constant_splat_f32(
// CHECK:         %[[R:.*]] = "tc_tensor.constant"() {value = dense<1.000000e+00> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
func.func @constant_splat_f32() -> tensor<2x3xf32> {
  %0 = "tc_tensor.constant"() {value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @constant_list_i64(
// CHECK:         %[[R:.*]] = "tc_tensor.constant"() {value = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
// CHECK:         return %[[R]] : tensor<2x2xi64>
func.func @constant_list_i64() -> tensor<2x2xi64> {
  %0 = "tc_tensor.constant"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// CHECK-LABEL: func.func @constant_i1(
// CHECK:         %[[R:.*]] = "tc_tensor.constant"() {value = dense<[true, false, true]> : tensor<3xi1>} : () -> tensor<3xi1>
// CHECK:         return %[[R]] : tensor<3xi1>
func.func @constant_i1() -> tensor<3xi1> {
  %0 = "tc_tensor.constant"() {value = dense<[true, false, true]> : tensor<3xi1>} : () -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// CHECK-LABEL: func.func @constant_ui8(
// CHECK:         %[[R:.*]] = "tc_tensor.constant"() {value = dense<[0, 255]> : tensor<2xui8>} : () -> tensor<2xui8>
// CHECK:         return %[[R]] : tensor<2xui8>
func.func @constant_ui8() -> tensor<2xui8> {
  %0 = "tc_tensor.constant"() {value = dense<[0, 255]> : tensor<2xui8>} : () -> tensor<2xui8>
  return %0 : tensor<2xui8>
}

// CHECK-LABEL: func.func @constant_rank0_f64(
// CHECK:         %[[R:.*]] = "tc_tensor.constant"() {value = dense<2.500000e+00> : tensor<f64>} : () -> tensor<f64>
// CHECK:         return %[[R]] : tensor<f64>
func.func @constant_rank0_f64() -> tensor<f64> {
  %0 = "tc_tensor.constant"() {value = dense<2.5> : tensor<f64>} : () -> tensor<f64>
  return %0 : tensor<f64>
}

// CHECK-LABEL: func.func @constant_f16(
// CHECK:         %[[R:.*]] = "tc_tensor.constant"() {value = dense<[5.000000e-01, -2.000000e+00]> : tensor<2xf16>} : () -> tensor<2xf16>
// CHECK:         return %[[R]] : tensor<2xf16>
func.func @constant_f16() -> tensor<2xf16> {
  %0 = "tc_tensor.constant"() {value = dense<[0.5, -2.0]> : tensor<2xf16>} : () -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// CHECK-LABEL: func.func @constant_bf16(
// CHECK:         %[[R:.*]] = "tc_tensor.constant"() {value = dense<[1.000000e+00, 6.553600e+04]> : tensor<2xbf16>} : () -> tensor<2xbf16>
// CHECK:         return %[[R]] : tensor<2xbf16>
func.func @constant_bf16() -> tensor<2xbf16> {
  %0 = "tc_tensor.constant"() {value = dense<[1.0, 65536.0]> : tensor<2xbf16>} : () -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// CHECK-LABEL: func.func @constant_special_floats(
// CHECK:         %[[R:.*]] = "tc_tensor.constant"() {value = dense<[0x7FC00000, 0x7F800000, 0xFF800000, -0.000000e+00]> : tensor<4xf32>} : () -> tensor<4xf32>
// CHECK:         return %[[R]] : tensor<4xf32>
func.func @constant_special_floats() -> tensor<4xf32> {
  %0 = "tc_tensor.constant"() {value = dense<[0x7FC00000, 0x7F800000, 0xFF800000, -0.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @constant_empty(
// CHECK:         %[[R:.*]] = "tc_tensor.constant"() {value = dense<> : tensor<0x3xf32>} : () -> tensor<0x3xf32>
// CHECK:         return %[[R]] : tensor<0x3xf32>
func.func @constant_empty() -> tensor<0x3xf32> {
  %0 = "tc_tensor.constant"() {value = dense<> : tensor<0x3xf32>} : () -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}

// CHECK-LABEL: func.func @constant_resource_f32(
// CHECK:         %[[R:.*]] = "tc_tensor.constant"() {value = dense_resource<weights_f32> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK:         return %[[R]] : tensor<2xf32>
func.func @constant_resource_f32() -> tensor<2xf32> {
  %0 = "tc_tensor.constant"() {value = dense_resource<weights_f32> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @constant_resource_i32(
// CHECK:         %[[R:.*]] = "tc_tensor.constant"() {value = dense_resource<weights_i32> : tensor<3xi32>} : () -> tensor<3xi32>
// CHECK:         return %[[R]] : tensor<3xi32>
func.func @constant_resource_i32() -> tensor<3xi32> {
  %0 = "tc_tensor.constant"() {value = dense_resource<weights_i32> : tensor<3xi32>} : () -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// The blobs are printed back after the module, byte for byte.
// CHECK:       dialect_resources: {
// CHECK-NEXT:    builtin: {
// CHECK-NEXT:      weights_f32: "0x040000000000803F00000040",
// CHECK-NEXT:      weights_i32: "0x04000000010000000200000003000000"
{-#
  dialect_resources: {
    builtin: {
      weights_f32: "0x040000000000803F00000040",
      weights_i32: "0x04000000010000000200000003000000"
    }
  }
#-}
