// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_tensor.irdl.mlir %s | FileCheck %s

// Round-trip of the unary elementwise ops (docs/dialects.md section 2.1):
// every op with a dtype it accepts, plus rank-0, empty and other dtypes.

// CHECK-LABEL: func.func @neg_i32(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3xi32>)
// CHECK:         %[[R:.*]] = "tc_tensor.neg"(%[[X]]) : (tensor<2x3xi32>) -> tensor<2x3xi32>
// CHECK:         return %[[R]] : tensor<2x3xi32>
func.func @neg_i32(%x: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = "tc_tensor.neg"(%x) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// CHECK-LABEL: func.func @neg_ui8(
// CHECK-SAME:    %[[X:.*]]: tensor<4xui8>)
// CHECK:         %[[R:.*]] = "tc_tensor.neg"(%[[X]]) : (tensor<4xui8>) -> tensor<4xui8>
// CHECK:         return %[[R]] : tensor<4xui8>
func.func @neg_ui8(%x: tensor<4xui8>) -> tensor<4xui8> {
  %0 = "tc_tensor.neg"(%x) : (tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// CHECK-LABEL: func.func @abs_i8(
// CHECK-SAME:    %[[X:.*]]: tensor<5xi8>)
// CHECK:         %[[R:.*]] = "tc_tensor.abs"(%[[X]]) : (tensor<5xi8>) -> tensor<5xi8>
// CHECK:         return %[[R]] : tensor<5xi8>
func.func @abs_i8(%x: tensor<5xi8>) -> tensor<5xi8> {
  %0 = "tc_tensor.abs"(%x) : (tensor<5xi8>) -> tensor<5xi8>
  return %0 : tensor<5xi8>
}

// CHECK-LABEL: func.func @abs_f32_rank0(
// CHECK-SAME:    %[[X:.*]]: tensor<f32>)
// CHECK:         %[[R:.*]] = "tc_tensor.abs"(%[[X]]) : (tensor<f32>) -> tensor<f32>
// CHECK:         return %[[R]] : tensor<f32>
func.func @abs_f32_rank0(%x: tensor<f32>) -> tensor<f32> {
  %0 = "tc_tensor.abs"(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @exp_f32(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.exp"(%[[X]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
func.func @exp_f32(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.exp"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @log_f64(
// CHECK-SAME:    %[[X:.*]]: tensor<3xf64>)
// CHECK:         %[[R:.*]] = "tc_tensor.log"(%[[X]]) : (tensor<3xf64>) -> tensor<3xf64>
// CHECK:         return %[[R]] : tensor<3xf64>
func.func @log_f64(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = "tc_tensor.log"(%x) : (tensor<3xf64>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// CHECK-LABEL: func.func @sqrt_f16(
// CHECK-SAME:    %[[X:.*]]: tensor<2x2xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.sqrt"(%[[X]]) : (tensor<2x2xf16>) -> tensor<2x2xf16>
// CHECK:         return %[[R]] : tensor<2x2xf16>
func.func @sqrt_f16(%x: tensor<2x2xf16>) -> tensor<2x2xf16> {
  %0 = "tc_tensor.sqrt"(%x) : (tensor<2x2xf16>) -> tensor<2x2xf16>
  return %0 : tensor<2x2xf16>
}

// CHECK-LABEL: func.func @rsqrt_bf16(
// CHECK-SAME:    %[[X:.*]]: tensor<8xbf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.rsqrt"(%[[X]]) : (tensor<8xbf16>) -> tensor<8xbf16>
// CHECK:         return %[[R]] : tensor<8xbf16>
func.func @rsqrt_bf16(%x: tensor<8xbf16>) -> tensor<8xbf16> {
  %0 = "tc_tensor.rsqrt"(%x) : (tensor<8xbf16>) -> tensor<8xbf16>
  return %0 : tensor<8xbf16>
}

// CHECK-LABEL: func.func @tanh_f32(
// CHECK-SAME:    %[[X:.*]]: tensor<1x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.tanh"(%[[X]]) : (tensor<1x4xf32>) -> tensor<1x4xf32>
// CHECK:         return %[[R]] : tensor<1x4xf32>
func.func @tanh_f32(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %0 = "tc_tensor.tanh"(%x) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// CHECK-LABEL: func.func @sigmoid_f32(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.sigmoid"(%[[X]]) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK:         return %[[R]] : tensor<2x3x4xf32>
func.func @sigmoid_f32(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = "tc_tensor.sigmoid"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @relu_f32(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.relu"(%[[X]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
func.func @relu_f32(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @relu_i64(
// CHECK-SAME:    %[[X:.*]]: tensor<6xi64>)
// CHECK:         %[[R:.*]] = "tc_tensor.relu"(%[[X]]) : (tensor<6xi64>) -> tensor<6xi64>
// CHECK:         return %[[R]] : tensor<6xi64>
func.func @relu_i64(%x: tensor<6xi64>) -> tensor<6xi64> {
  %0 = "tc_tensor.relu"(%x) : (tensor<6xi64>) -> tensor<6xi64>
  return %0 : tensor<6xi64>
}

// CHECK-LABEL: func.func @gelu_f32(
// CHECK-SAME:    %[[X:.*]]: tensor<4x16xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.gelu"(%[[X]]) : (tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK:         return %[[R]] : tensor<4x16xf32>
func.func @gelu_f32(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = "tc_tensor.gelu"(%x) : (tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// CHECK-LABEL: func.func @erf_f64(
// CHECK-SAME:    %[[X:.*]]: tensor<3xf64>)
// CHECK:         %[[R:.*]] = "tc_tensor.erf"(%[[X]]) : (tensor<3xf64>) -> tensor<3xf64>
// CHECK:         return %[[R]] : tensor<3xf64>
func.func @erf_f64(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = "tc_tensor.erf"(%x) : (tensor<3xf64>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// CHECK-LABEL: func.func @sin_f32(
// CHECK-SAME:    %[[X:.*]]: tensor<3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.sin"(%[[X]]) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK:         return %[[R]] : tensor<3xf32>
func.func @sin_f32(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "tc_tensor.sin"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// CHECK-LABEL: func.func @cos_bf16(
// CHECK-SAME:    %[[X:.*]]: tensor<3xbf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.cos"(%[[X]]) : (tensor<3xbf16>) -> tensor<3xbf16>
// CHECK:         return %[[R]] : tensor<3xbf16>
func.func @cos_bf16(%x: tensor<3xbf16>) -> tensor<3xbf16> {
  %0 = "tc_tensor.cos"(%x) : (tensor<3xbf16>) -> tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// CHECK-LABEL: func.func @floor_f16(
// CHECK-SAME:    %[[X:.*]]: tensor<2xf16>)
// CHECK:         %[[R:.*]] = "tc_tensor.floor"(%[[X]]) : (tensor<2xf16>) -> tensor<2xf16>
// CHECK:         return %[[R]] : tensor<2xf16>
func.func @floor_f16(%x: tensor<2xf16>) -> tensor<2xf16> {
  %0 = "tc_tensor.floor"(%x) : (tensor<2xf16>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// CHECK-LABEL: func.func @ceil_f64(
// CHECK-SAME:    %[[X:.*]]: tensor<2xf64>)
// CHECK:         %[[R:.*]] = "tc_tensor.ceil"(%[[X]]) : (tensor<2xf64>) -> tensor<2xf64>
// CHECK:         return %[[R]] : tensor<2xf64>
func.func @ceil_f64(%x: tensor<2xf64>) -> tensor<2xf64> {
  %0 = "tc_tensor.ceil"(%x) : (tensor<2xf64>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// CHECK-LABEL: func.func @round_f32(
// CHECK-SAME:    %[[X:.*]]: tensor<7xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.round"(%[[X]]) : (tensor<7xf32>) -> tensor<7xf32>
// CHECK:         return %[[R]] : tensor<7xf32>
func.func @round_f32(%x: tensor<7xf32>) -> tensor<7xf32> {
  %0 = "tc_tensor.round"(%x) : (tensor<7xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// CHECK-LABEL: func.func @sign_f32(
// CHECK-SAME:    %[[X:.*]]: tensor<3xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.sign"(%[[X]]) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK:         return %[[R]] : tensor<3xf32>
func.func @sign_f32(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "tc_tensor.sign"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// CHECK-LABEL: func.func @sign_i16(
// CHECK-SAME:    %[[X:.*]]: tensor<3xi16>)
// CHECK:         %[[R:.*]] = "tc_tensor.sign"(%[[X]]) : (tensor<3xi16>) -> tensor<3xi16>
// CHECK:         return %[[R]] : tensor<3xi16>
func.func @sign_i16(%x: tensor<3xi16>) -> tensor<3xi16> {
  %0 = "tc_tensor.sign"(%x) : (tensor<3xi16>) -> tensor<3xi16>
  return %0 : tensor<3xi16>
}

// CHECK-LABEL: func.func @reciprocal_f32(
// CHECK-SAME:    %[[X:.*]]: tensor<2x2xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.reciprocal"(%[[X]]) : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK:         return %[[R]] : tensor<2x2xf32>
func.func @reciprocal_f32(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = "tc_tensor.reciprocal"(%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @not_i1(
// CHECK-SAME:    %[[X:.*]]: tensor<4xi1>)
// CHECK:         %[[R:.*]] = "tc_tensor.not"(%[[X]]) : (tensor<4xi1>) -> tensor<4xi1>
// CHECK:         return %[[R]] : tensor<4xi1>
func.func @not_i1(%x: tensor<4xi1>) -> tensor<4xi1> {
  %0 = "tc_tensor.not"(%x) : (tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// CHECK-LABEL: func.func @not_ui32(
// CHECK-SAME:    %[[X:.*]]: tensor<4xui32>)
// CHECK:         %[[R:.*]] = "tc_tensor.not"(%[[X]]) : (tensor<4xui32>) -> tensor<4xui32>
// CHECK:         return %[[R]] : tensor<4xui32>
func.func @not_ui32(%x: tensor<4xui32>) -> tensor<4xui32> {
  %0 = "tc_tensor.not"(%x) : (tensor<4xui32>) -> tensor<4xui32>
  return %0 : tensor<4xui32>
}

// CHECK-LABEL: func.func @exp_empty(
// CHECK-SAME:    %[[X:.*]]: tensor<0x5xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.exp"(%[[X]]) : (tensor<0x5xf32>) -> tensor<0x5xf32>
// CHECK:         return %[[R]] : tensor<0x5xf32>
func.func @exp_empty(%x: tensor<0x5xf32>) -> tensor<0x5xf32> {
  %0 = "tc_tensor.exp"(%x) : (tensor<0x5xf32>) -> tensor<0x5xf32>
  return %0 : tensor<0x5xf32>
}

// CHECK-LABEL: func.func @neg_rank0_i64(
// CHECK-SAME:    %[[X:.*]]: tensor<i64>)
// CHECK:         %[[R:.*]] = "tc_tensor.neg"(%[[X]]) : (tensor<i64>) -> tensor<i64>
// CHECK:         return %[[R]] : tensor<i64>
func.func @neg_rank0_i64(%x: tensor<i64>) -> tensor<i64> {
  %0 = "tc_tensor.neg"(%x) : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

// CHECK-LABEL: func.func @chain(
// CHECK-SAME:    %[[X:.*]]: tensor<4xf32>)
// CHECK:         %[[R:.*]] = "tc_tensor.exp"(%[[X]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK:         %[[R1:.*]] = "tc_tensor.log"(%[[R]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK:         return %[[R1]] : tensor<4xf32>
func.func @chain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tc_tensor.exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "tc_tensor.log"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
