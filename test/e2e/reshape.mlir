// tc_tensor.reshape (docs/dialects.md §2.2.20) compiled with the CPU
// pipeline against tensor-ref: row-major order kept, to and from rank 0,
// empty to empty, every dtype's bits unchanged.
// RUN: %e2e %s

func.func @reshape_f32(%x: tensor<2x3x4xf32>) -> (tensor<4x6xf32>, tensor<24xf32>, tensor<3x1x8xf32>) {
  %0 = "tc_tensor.reshape"(%x) : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  %1 = "tc_tensor.reshape"(%x) : (tensor<2x3x4xf32>) -> tensor<24xf32>
  %2 = "tc_tensor.reshape"(%x) : (tensor<2x3x4xf32>) -> tensor<3x1x8xf32>
  return %0, %1, %2 : tensor<4x6xf32>, tensor<24xf32>, tensor<3x1x8xf32>
}

func.func @reshape_special_f32() -> tensor<3x2xf32> {
  %c = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 0xFF800000, 0x7F800000], [0x80000000, 0x00000000, 0x00000001]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "tc_tensor.reshape"(%c) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

func.func @reshape_f16_bf16_f64(%a: tensor<6x5xf16>, %b: tensor<2x3x2xbf16>, %c: tensor<5x4xf64>) -> (tensor<5x2x3xf16>, tensor<4x3xbf16>, tensor<2x10xf64>) {
  %0 = "tc_tensor.reshape"(%a) : (tensor<6x5xf16>) -> tensor<5x2x3xf16>
  %1 = "tc_tensor.reshape"(%b) : (tensor<2x3x2xbf16>) -> tensor<4x3xbf16>
  %2 = "tc_tensor.reshape"(%c) : (tensor<5x4xf64>) -> tensor<2x10xf64>
  return %0, %1, %2 : tensor<5x2x3xf16>, tensor<4x3xbf16>, tensor<2x10xf64>
}

func.func @reshape_ints(%a: tensor<2x6xi1>, %b: tensor<12xui8> {tc.distribution = "integers(0, 256)"}, %c: tensor<3x4xi64>) -> (tensor<3x4xi1>, tensor<2x2x3xui8>, tensor<6x2xi64>) {
  %0 = "tc_tensor.reshape"(%a) : (tensor<2x6xi1>) -> tensor<3x4xi1>
  %1 = "tc_tensor.reshape"(%b) : (tensor<12xui8>) -> tensor<2x2x3xui8>
  %2 = "tc_tensor.reshape"(%c) : (tensor<3x4xi64>) -> tensor<6x2xi64>
  return %0, %1, %2 : tensor<3x4xi1>, tensor<2x2x3xui8>, tensor<6x2xi64>
}

func.func @reshape_rank0_empty(%a: tensor<i32>, %b: tensor<1x1xi8>, %c: tensor<0x6xf64>) -> (tensor<1x1x1xi32>, tensor<i8>, tensor<0x2x3xf64>) {
  %0 = "tc_tensor.reshape"(%a) : (tensor<i32>) -> tensor<1x1x1xi32>
  %1 = "tc_tensor.reshape"(%b) : (tensor<1x1xi8>) -> tensor<i8>
  %2 = "tc_tensor.reshape"(%c) : (tensor<0x6xf64>) -> tensor<0x2x3xf64>
  return %0, %1, %2 : tensor<1x1x1xi32>, tensor<i8>, tensor<0x2x3xf64>
}
