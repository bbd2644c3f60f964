// tc_tensor.concat (docs/dialects.md §2.2.22) compiled with the CPU pipeline
// against tensor-ref: every axis, negative axes, operands empty along the
// axis, a chain of concats, special values, every dtype's bits unchanged.
// RUN: %e2e %s

func.func @concat_f32(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>, %c: tensor<4x3xf32>) -> (tensor<2x4xf32>, tensor<6x3xf32>) {
  %0 = "tc_tensor.concat"(%a, %b) {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %1 = "tc_tensor.concat"(%a, %c) {axis = 0 : i64} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<6x3xf32>
}

func.func @concat_special_f32(%a: tensor<2x2xf32>) -> tensor<2x5xf32> {
  %c = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 0xFF800000, 0x7F800000], [0x80000000, 0x00000000, 0x00000001]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "tc_tensor.concat"(%a, %c) {axis = 1 : i64} : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

func.func @concat_f16_bf16_f64(%a: tensor<2x2x3xf16>, %b: tensor<2x1x3xf16>, %c: tensor<1x2x2xbf16>, %d: tensor<1x2x3xbf16>, %e: tensor<3xf64>) -> (tensor<2x3x3xf16>, tensor<1x2x5xbf16>, tensor<6xf64>) {
  %0 = "tc_tensor.concat"(%a, %b) {axis = 1 : i64} : (tensor<2x2x3xf16>, tensor<2x1x3xf16>) -> tensor<2x3x3xf16>
  %1 = "tc_tensor.concat"(%c, %d) {axis = -1 : i64} : (tensor<1x2x2xbf16>, tensor<1x2x3xbf16>) -> tensor<1x2x5xbf16>
  %2 = "tc_tensor.concat"(%e, %e) {axis = 0 : i64} : (tensor<3xf64>, tensor<3xf64>) -> tensor<6xf64>
  return %0, %1, %2 : tensor<2x3x3xf16>, tensor<1x2x5xbf16>, tensor<6xf64>
}

func.func @concat_ints(%a: tensor<2x2xi1>, %b: tensor<3x2xui8> {tc.distribution = "integers(0, 256)"}, %c: tensor<1x2xui8>, %d: tensor<2xi64>) -> (tensor<2x6xi1>, tensor<4x2xui8>, tensor<4xi64>) {
  %t = "tc_tensor.concat"(%a, %a) {axis = 1 : i64} : (tensor<2x2xi1>, tensor<2x2xi1>) -> tensor<2x4xi1>
  %0 = "tc_tensor.concat"(%t, %a) {axis = 1 : i64} : (tensor<2x4xi1>, tensor<2x2xi1>) -> tensor<2x6xi1>
  %1 = "tc_tensor.concat"(%b, %c) {axis = 0 : i64} : (tensor<3x2xui8>, tensor<1x2xui8>) -> tensor<4x2xui8>
  %2 = "tc_tensor.concat"(%d, %d) {axis = 0 : i64} : (tensor<2xi64>, tensor<2xi64>) -> tensor<4xi64>
  return %0, %1, %2 : tensor<2x6xi1>, tensor<4x2xui8>, tensor<4xi64>
}

func.func @concat_int_extremes(%a: tensor<2xi64>) -> tensor<4xi64> {
  %c = "tc_tensor.constant"() {value = dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0 = "tc_tensor.concat"(%c, %a) {axis = 0 : i64} : (tensor<2xi64>, tensor<2xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

func.func @concat_empty(%a: tensor<0x3xui16>, %b: tensor<4x3xui16>, %c: tensor<0xf32>, %d: tensor<0x2xi8>) -> (tensor<4x3xui16>, tensor<4x3xui16>, tensor<0xf32>, tensor<0x4xi8>) {
  %0 = "tc_tensor.concat"(%a, %b) {axis = 0 : i64} : (tensor<0x3xui16>, tensor<4x3xui16>) -> tensor<4x3xui16>
  %1 = "tc_tensor.concat"(%b, %a) {axis = 0 : i64} : (tensor<4x3xui16>, tensor<0x3xui16>) -> tensor<4x3xui16>
  %2 = "tc_tensor.concat"(%c, %c) {axis = 0 : i64} : (tensor<0xf32>, tensor<0xf32>) -> tensor<0xf32>
  %3 = "tc_tensor.concat"(%d, %d) {axis = 1 : i64} : (tensor<0x2xi8>, tensor<0x2xi8>) -> tensor<0x4xi8>
  return %0, %1, %2, %3 : tensor<4x3xui16>, tensor<4x3xui16>, tensor<0xf32>, tensor<0x4xi8>
}
