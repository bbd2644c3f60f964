// tc_tensor.split (docs/dialects.md §2.2.23) compiled with the CPU pipeline
// against tensor-ref: n equal parts along each axis, one part, parts of an
// empty tensor, special values, every dtype's bits unchanged.
// RUN: %e2e %s

func.func @split_f32(%x: tensor<2x6xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x6xf32>) {
  %0:3 = "tc_tensor.split"(%x) {axis = -1 : i64} : (tensor<2x6xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
  %1 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<2x6xf32>) -> tensor<2x6xf32>
  return %0#0, %0#1, %0#2, %1 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x6xf32>
}

func.func @split_special_f32() -> (tensor<1x3xf32>, tensor<1x3xf32>) {
  %c = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 0xFF800000, 0x7F800000], [0x80000000, 0x00000000, 0x00000001]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0:2 = "tc_tensor.split"(%c) {axis = 0 : i64} : (tensor<2x3xf32>) -> (tensor<1x3xf32>, tensor<1x3xf32>)
  return %0#0, %0#1 : tensor<1x3xf32>, tensor<1x3xf32>
}

func.func @split_f16_bf16_f64(%a: tensor<4x2x3xf16>, %b: tensor<6xbf16>, %c: tensor<2x2x4xf64>) -> (tensor<4x1x3xf16>, tensor<4x1x3xf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<2x2x2xf64>, tensor<2x2x2xf64>) {
  %0:2 = "tc_tensor.split"(%a) {axis = -2 : i64} : (tensor<4x2x3xf16>) -> (tensor<4x1x3xf16>, tensor<4x1x3xf16>)
  %1:2 = "tc_tensor.split"(%b) {axis = 0 : i64} : (tensor<6xbf16>) -> (tensor<3xbf16>, tensor<3xbf16>)
  %2:2 = "tc_tensor.split"(%c) {axis = 2 : i64} : (tensor<2x2x4xf64>) -> (tensor<2x2x2xf64>, tensor<2x2x2xf64>)
  return %0#0, %0#1, %1#0, %1#1, %2#0, %2#1 : tensor<4x1x3xf16>, tensor<4x1x3xf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<2x2x2xf64>, tensor<2x2x2xf64>
}

func.func @split_ints(%a: tensor<4x2xi1>, %b: tensor<3x3xui8> {tc.distribution = "integers(0, 256)"}, %c: tensor<4xi32>) -> (tensor<2x2xi1>, tensor<2x2xi1>, tensor<3x1xui8>, tensor<3x1xui8>, tensor<3x1xui8>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) {
  %0:2 = "tc_tensor.split"(%a) {axis = 0 : i64} : (tensor<4x2xi1>) -> (tensor<2x2xi1>, tensor<2x2xi1>)
  %1:3 = "tc_tensor.split"(%b) {axis = 1 : i64} : (tensor<3x3xui8>) -> (tensor<3x1xui8>, tensor<3x1xui8>, tensor<3x1xui8>)
  %2:4 = "tc_tensor.split"(%c) {axis = 0 : i64} : (tensor<4xi32>) -> (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>)
  return %0#0, %0#1, %1#0, %1#1, %1#2, %2#0, %2#1, %2#2, %2#3 : tensor<2x2xi1>, tensor<2x2xi1>, tensor<3x1xui8>, tensor<3x1xui8>, tensor<3x1xui8>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>
}

func.func @split_int_extremes() -> (tensor<1xi16>, tensor<1xi16>) {
  %c = "tc_tensor.constant"() {value = dense<[-32768, 32767]> : tensor<2xi16>} : () -> tensor<2xi16>
  %0:2 = "tc_tensor.split"(%c) {axis = 0 : i64} : (tensor<2xi16>) -> (tensor<1xi16>, tensor<1xi16>)
  return %0#0, %0#1 : tensor<1xi16>, tensor<1xi16>
}

func.func @split_empty(%z: tensor<0x4xf16>, %w: tensor<0x3xui64>) -> (tensor<0x2xf16>, tensor<0x2xf16>, tensor<0x3xui64>, tensor<0x3xui64>, tensor<0x3xui64>) {
  %0:2 = "tc_tensor.split"(%z) {axis = 1 : i64} : (tensor<0x4xf16>) -> (tensor<0x2xf16>, tensor<0x2xf16>)
  %1:3 = "tc_tensor.split"(%w) {axis = 0 : i64} : (tensor<0x3xui64>) -> (tensor<0x3xui64>, tensor<0x3xui64>, tensor<0x3xui64>)
  return %0#0, %0#1, %1#0, %1#1, %1#2 : tensor<0x2xf16>, tensor<0x2xf16>, tensor<0x3xui64>, tensor<0x3xui64>, tensor<0x3xui64>
}
