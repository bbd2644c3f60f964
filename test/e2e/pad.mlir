// tc_tensor.pad (docs/dialects.md §2.2.26) compiled with the CPU pipeline
// against tensor-ref: constant (value converted as cast from f64 does:
// NaN, -0, ±inf, integer extremes, true), edge, reflect, negative pads that
// crop, cropping one side while padding the other, rank 0, empty inputs.
// RUN: %e2e %s

func.func @pad_constant_f32(%x: tensor<2x3xf32>) -> (tensor<4x6xf32>, tensor<1x3xf32>, tensor<3x2xf32>, tensor<2x5xf32>) {
  %0 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: 1, 2, 1, 1>, value = 0x7FF8000000000000 : f64} : (tensor<2x3xf32>) -> tensor<4x6xf32>
  %1 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: -1, 1, 0, -1>, value = -0.0 : f64} : (tensor<2x3xf32>) -> tensor<1x3xf32>
  %2 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: 0, -2, 1, 1>, value = 0xFFF0000000000000 : f64} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %3 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: 0, 0, 0, 2>, value = 1.0e+300 : f64} : (tensor<2x3xf32>) -> tensor<2x5xf32>
  return %0, %1, %2, %3 : tensor<4x6xf32>, tensor<1x3xf32>, tensor<3x2xf32>, tensor<2x5xf32>
}

func.func @pad_special_f32() -> tensor<8xf32> {
  %c = "tc_tensor.constant"() {value = dense<[0x7FC00000, 0xFF800000, 0x7F800000, 0x80000000, 0x00000000, 0x00000001]> : tensor<6xf32>} : () -> tensor<6xf32>
  %0 = "tc_tensor.pad"(%c) {mode = "reflect", pads = array<i64: 2, 0>, value = 0.0 : f64} : (tensor<6xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @pad_f16_bf16_f64(%a: tensor<3xf16>, %b: tensor<2x2xbf16>, %c: tensor<3x4xf64>) -> (tensor<6xf16>, tensor<4x3xbf16>, tensor<7x7xf64>, tensor<5x6xf64>, tensor<3x3xf64>, tensor<3x4xf64>) {
  %0 = "tc_tensor.pad"(%a) {mode = "constant", pads = array<i64: 2, 1>, value = 0.1 : f64} : (tensor<3xf16>) -> tensor<6xf16>
  %1 = "tc_tensor.pad"(%b) {mode = "constant", pads = array<i64: 1, 0, 1, 1>, value = 1.00390625 : f64} : (tensor<2x2xbf16>) -> tensor<4x3xbf16>
  %2 = "tc_tensor.pad"(%c) {mode = "edge", pads = array<i64: 2, 1, 2, 2>, value = 0.0 : f64} : (tensor<3x4xf64>) -> tensor<7x7xf64>
  %3 = "tc_tensor.pad"(%c) {mode = "reflect", pads = array<i64: 2, 0, 0, 2>, value = 0.0 : f64} : (tensor<3x4xf64>) -> tensor<5x6xf64>
  %4 = "tc_tensor.pad"(%c) {mode = "reflect", pads = array<i64: 0, -3, 0, 2>, value = 0.0 : f64} : (tensor<3x4xf64>) -> tensor<3x3xf64>
  %5 = "tc_tensor.pad"(%c) {mode = "edge", pads = array<i64: -2, 1, 2, -1>, value = 0.0 : f64} : (tensor<3x4xf64>) -> tensor<3x4xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<6xf16>, tensor<4x3xbf16>, tensor<7x7xf64>, tensor<5x6xf64>, tensor<3x3xf64>, tensor<3x4xf64>
}

func.func @pad_ints(%y: tensor<3xi8>, %z: tensor<2xi1>, %u: tensor<1x3xui32> {tc.distribution = "integers(0, 4000000000)"}, %v: tensor<2xui8>, %w: tensor<2xi64>) -> (tensor<6xi8>, tensor<5xi1>, tensor<3x5xui32>, tensor<4xui8>, tensor<4xi64>, tensor<4xi8>) {
  %0 = "tc_tensor.pad"(%y) {mode = "constant", pads = array<i64: 2, 1>, value = -128.0 : f64} : (tensor<3xi8>) -> tensor<6xi8>
  %1 = "tc_tensor.pad"(%z) {mode = "constant", pads = array<i64: 0, 3>, value = 1.0 : f64} : (tensor<2xi1>) -> tensor<5xi1>
  %2 = "tc_tensor.pad"(%u) {mode = "edge", pads = array<i64: 1, 0, 1, 2>, value = 0.0 : f64} : (tensor<1x3xui32>) -> tensor<3x5xui32>
  %3 = "tc_tensor.pad"(%v) {mode = "constant", pads = array<i64: 1, 1>, value = 255.0 : f64} : (tensor<2xui8>) -> tensor<4xui8>
  %4 = "tc_tensor.pad"(%w) {mode = "constant", pads = array<i64: 1, 1>, value = -9.2233720368547758e+18 : f64} : (tensor<2xi64>) -> tensor<4xi64>
  %5 = "tc_tensor.pad"(%y) {mode = "reflect", pads = array<i64: 0, 1>, value = 0.0 : f64} : (tensor<3xi8>) -> tensor<4xi8>
  return %0, %1, %2, %3, %4, %5 : tensor<6xi8>, tensor<5xi1>, tensor<3x5xui32>, tensor<4xui8>, tensor<4xi64>, tensor<4xi8>
}

func.func @pad_rank0_empty(%w: tensor<bf16>, %x: tensor<0x2xf16>, %y: tensor<2x3xi64>, %z: tensor<0xi1>) -> (tensor<bf16>, tensor<2x2xf16>, tensor<0x3xi64>, tensor<3xi1>) {
  %0 = "tc_tensor.pad"(%w) {mode = "constant", pads = array<i64>, value = 0.0 : f64} : (tensor<bf16>) -> tensor<bf16>
  %1 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: 1, 0, 1, 0>, value = 2.5 : f64} : (tensor<0x2xf16>) -> tensor<2x2xf16>
  %2 = "tc_tensor.pad"(%y) {mode = "constant", pads = array<i64: -1, 0, -1, 0>, value = 0.0 : f64} : (tensor<2x3xi64>) -> tensor<0x3xi64>
  %3 = "tc_tensor.pad"(%z) {mode = "constant", pads = array<i64: 2, 1>, value = 1.0 : f64} : (tensor<0xi1>) -> tensor<3xi1>
  return %0, %1, %2, %3 : tensor<bf16>, tensor<2x2xf16>, tensor<0x3xi64>, tensor<3xi1>
}
