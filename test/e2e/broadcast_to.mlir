// tc_tensor.broadcast_to (docs/dialects.md §2.2.21) compiled with the CPU
// pipeline against tensor-ref: unidirectional broadcasting, rank 0 to any
// shape, 1 stretched to 0, every dtype's bits unchanged.
// RUN: %e2e %s

func.func @broadcast_to_f32(%x: tensor<3x1xf32>) -> (tensor<2x3x4xf32>, tensor<3x1xf32>) {
  %0 = "tc_tensor.broadcast_to"(%x) : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %1 = "tc_tensor.broadcast_to"(%x) : (tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<3x1xf32>
}

func.func @broadcast_to_special_f32() -> tensor<2x6xf32> {
  %c = "tc_tensor.constant"() {value = dense<[0x7FC00000, 0xFF800000, 0x7F800000, 0x80000000, 0x00000000, 0x00000001]> : tensor<6xf32>} : () -> tensor<6xf32>
  %0 = "tc_tensor.broadcast_to"(%c) : (tensor<6xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

func.func @broadcast_to_f16_bf16_f64(%a: tensor<1x3xf16>, %b: tensor<2x1x3xbf16>, %c: tensor<f64>) -> (tensor<4x3xf16>, tensor<2x2x3xbf16>, tensor<2x2xf64>) {
  %0 = "tc_tensor.broadcast_to"(%a) : (tensor<1x3xf16>) -> tensor<4x3xf16>
  %1 = "tc_tensor.broadcast_to"(%b) : (tensor<2x1x3xbf16>) -> tensor<2x2x3xbf16>
  %2 = "tc_tensor.broadcast_to"(%c) : (tensor<f64>) -> tensor<2x2xf64>
  return %0, %1, %2 : tensor<4x3xf16>, tensor<2x2x3xbf16>, tensor<2x2xf64>
}

func.func @broadcast_to_ints(%a: tensor<2xi1>, %b: tensor<4x1xui8> {tc.distribution = "integers(0, 256)"}, %c: tensor<i64>) -> (tensor<3x2xi1>, tensor<4x5xui8>, tensor<3xi64>) {
  %0 = "tc_tensor.broadcast_to"(%a) : (tensor<2xi1>) -> tensor<3x2xi1>
  %1 = "tc_tensor.broadcast_to"(%b) : (tensor<4x1xui8>) -> tensor<4x5xui8>
  %2 = "tc_tensor.broadcast_to"(%c) : (tensor<i64>) -> tensor<3xi64>
  return %0, %1, %2 : tensor<3x2xi1>, tensor<4x5xui8>, tensor<3xi64>
}

func.func @broadcast_to_int_extremes() -> tensor<3x2xi8> {
  %c = "tc_tensor.constant"() {value = dense<[-128, 127]> : tensor<2xi8>} : () -> tensor<2xi8>
  %0 = "tc_tensor.broadcast_to"(%c) : (tensor<2xi8>) -> tensor<3x2xi8>
  return %0 : tensor<3x2xi8>
}

func.func @broadcast_to_rank0_empty(%a: tensor<ui16>, %b: tensor<1x3xf16>) -> (tensor<ui16>, tensor<0x3xf16>) {
  %0 = "tc_tensor.broadcast_to"(%a) : (tensor<ui16>) -> tensor<ui16>
  %1 = "tc_tensor.broadcast_to"(%b) : (tensor<1x3xf16>) -> tensor<0x3xf16>
  return %0, %1 : tensor<ui16>, tensor<0x3xf16>
}
