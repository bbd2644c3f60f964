// clip (docs/dialects.md §2.2.5): bounds rounded to the dtype as cast from f64 does, max/min rules
// (NaN stays NaN, -0 against +0), lo > hi gives hi, unsigned bounds read as unsigned.
// RUN: %e2e %s

func.func @clip_f32(%x: tensor<3x4xf32> {tc.distribution = "uniform(-4, 4)"}) -> tensor<3x4xf32> {
  %0 = "tc_tensor.clip"(%x) {min = -1.5 : f64, max = 2.0 : f64} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @clip_f16_inexact_bounds(%x: tensor<8xf16> {tc.distribution = "uniform(-1, 1)"}) -> tensor<8xf16> {
  %0 = "tc_tensor.clip"(%x) {min = -0.1 : f64, max = 0.3 : f64} : (tensor<8xf16>) -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

func.func @clip_bf16(%x: tensor<2x3xbf16> {tc.distribution = "uniform(-10, 10)"}) -> tensor<2x3xbf16> {
  %0 = "tc_tensor.clip"(%x) {min = -1.0e40 : f64, max = 3.3 : f64} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

func.func @clip_f64_unbounded_above(%x: tensor<5xf64> {tc.distribution = "uniform(-1, 1)"}) -> tensor<5xf64> {
  %0 = "tc_tensor.clip"(%x) {min = -0.25 : f64, max = 0x7FF0000000000000 : f64} : (tensor<5xf64>) -> tensor<5xf64>
  return %0 : tensor<5xf64>
}

func.func @clip_f32_inverted(%x: tensor<6xf32>) -> tensor<6xf32> {
  %0 = "tc_tensor.clip"(%x) {min = 1.0 : f64, max = -1.0 : f64} : (tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

func.func @clip_rank0(%x: tensor<f32>) -> tensor<f32> {
  %0 = "tc_tensor.clip"(%x) {min = 0.0 : f64, max = 0.5 : f64} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @clip_empty(%x: tensor<0xf16>) -> tensor<0xf16> {
  %0 = "tc_tensor.clip"(%x) {min = 0.0 : f64, max = 1.0 : f64} : (tensor<0xf16>) -> tensor<0xf16>
  return %0 : tensor<0xf16>
}

func.func @clip_i8(%x: tensor<7xi8> {tc.distribution = "integers(-128, 128)"}) -> tensor<7xi8> {
  %0 = "tc_tensor.clip"(%x) {min = -5 : i64, max = 100 : i64} : (tensor<7xi8>) -> tensor<7xi8>
  return %0 : tensor<7xi8>
}

func.func @clip_ui8(%x: tensor<7xui8> {tc.distribution = "integers(0, 256)"}) -> tensor<7xui8> {
  %0 = "tc_tensor.clip"(%x) {min = 3 : i64, max = 200 : i64} : (tensor<7xui8>) -> tensor<7xui8>
  return %0 : tensor<7xui8>
}

func.func @clip_i32_inverted(%x: tensor<5xi32> {tc.distribution = "integers(-100, 100)"}) -> tensor<5xi32> {
  %0 = "tc_tensor.clip"(%x) {min = 10 : i64, max = -10 : i64} : (tensor<5xi32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

func.func @clip_i64(%x: tensor<4xi64> {tc.distribution = "integers(-4611686018427387904, 4611686018427387904)"}) -> tensor<4xi64> {
  %0 = "tc_tensor.clip"(%x) {min = -4000000000 : i64, max = 4000000000 : i64} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

func.func @clip_ui64(%x: tensor<4xui64> {tc.distribution = "integers(0, 4611686018427387904)"}) -> tensor<4xui64> {
  %0 = "tc_tensor.clip"(%x) {min = 1 : i64, max = -2 : i64} : (tensor<4xui64>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}

func.func @clip_ui16(%x: tensor<4xui16>) -> tensor<4xui16> {
  %0 = "tc_tensor.clip"(%x) {min = 0 : i64, max = 65535 : i64} : (tensor<4xui16>) -> tensor<4xui16>
  return %0 : tensor<4xui16>
}

func.func @clip_special_f32() -> tensor<7xf32> {
  %x = "tc_tensor.constant"() {value = dense<[0x7FC00000, -0.0, 0.0, 0xFF800000, 0x7F800000, -1.0, 2.0]> : tensor<7xf32>} : () -> tensor<7xf32>
  %0 = "tc_tensor.clip"(%x) {min = 0.0 : f64, max = 0x7FF0000000000000 : f64} : (tensor<7xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

func.func @clip_special_f32_neg_zero_bounds() -> tensor<7xf32> {
  %x = "tc_tensor.constant"() {value = dense<[0x7FC00000, -0.0, 0.0, 0xFF800000, 0x7F800000, -1.0, 2.0]> : tensor<7xf32>} : () -> tensor<7xf32>
  %0 = "tc_tensor.clip"(%x) {min = -0.0 : f64, max = -0.0 : f64} : (tensor<7xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

func.func @clip_special_f16_huge_bounds() -> tensor<6xf16> {
  %x = "tc_tensor.constant"() {value = dense<[0x7E00, 0x7C00, 0xFC00, -0.0, 65504.0, -65504.0]> : tensor<6xf16>} : () -> tensor<6xf16>
  %0 = "tc_tensor.clip"(%x) {min = -1.0e6 : f64, max = 1.0e6 : f64} : (tensor<6xf16>) -> tensor<6xf16>
  return %0 : tensor<6xf16>
}

func.func @clip_special_bf16() -> tensor<7xbf16> {
  %x = "tc_tensor.constant"() {value = dense<[0x7FC0, 0x7F80, 0xFF80, -0.0, 0.0, 3.0e38, -5.0]> : tensor<7xbf16>} : () -> tensor<7xbf16>
  %0 = "tc_tensor.clip"(%x) {min = -0.0 : f64, max = 1.0e38 : f64} : (tensor<7xbf16>) -> tensor<7xbf16>
  return %0 : tensor<7xbf16>
}

func.func @clip_special_f64() -> tensor<7xf64> {
  %x = "tc_tensor.constant"() {value = dense<[0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, -0.0, 0.0, 3.0, -3.0]> : tensor<7xf64>} : () -> tensor<7xf64>
  %0 = "tc_tensor.clip"(%x) {min = 0xFFF0000000000000 : f64, max = 0.0 : f64} : (tensor<7xf64>) -> tensor<7xf64>
  return %0 : tensor<7xf64>
}

func.func @clip_special_i64() -> tensor<4xi64> {
  %x = "tc_tensor.constant"() {value = dense<[-9223372036854775808, 9223372036854775807, 0, -1]> : tensor<4xi64>} : () -> tensor<4xi64>
  %0 = "tc_tensor.clip"(%x) {min = -9223372036854775808 : i64, max = 9223372036854775807 : i64} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

func.func @clip_special_i8() -> tensor<4xi8> {
  %x = "tc_tensor.constant"() {value = dense<[-128, 127, 0, -1]> : tensor<4xi8>} : () -> tensor<4xi8>
  %0 = "tc_tensor.clip"(%x) {min = -128 : i64, max = -128 : i64} : (tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

func.func @clip_special_ui32() -> tensor<4xui32> {
  %x = "tc_tensor.constant"() {value = dense<[0, 4294967295, 2147483648, 2147483647]> : tensor<4xui32>} : () -> tensor<4xui32>
  %0 = "tc_tensor.clip"(%x) {min = 2147483648 : i64, max = 4294967295 : i64} : (tensor<4xui32>) -> tensor<4xui32>
  return %0 : tensor<4xui32>
}
