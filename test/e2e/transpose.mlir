// tc_tensor.transpose (docs/dialects.md §2.2.19) compiled with the CPU
// pipeline against tensor-ref: bit-exact for every dtype, rank 0, size-1
// and size-0 dimensions, special values passed through unchanged.
// RUN: %e2e %s

func.func @transpose_f32(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

func.func @transpose_special_f32() -> tensor<3x2xf32> {
  %c = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 0xFF800000, 0x7F800000], [0x80000000, 0x00000000, 0x00000001]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "tc_tensor.transpose"(%c) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

func.func @transpose_f16_bf16_f64(%a: tensor<3x5xf16>, %b: tensor<2x1x3xbf16>, %c: tensor<2x3x4x5xf64>) -> (tensor<5x3xf16>, tensor<3x2x1xbf16>, tensor<5x4x2x3xf64>) {
  %0 = "tc_tensor.transpose"(%a) {perm = array<i64: 1, 0>} : (tensor<3x5xf16>) -> tensor<5x3xf16>
  %1 = "tc_tensor.transpose"(%b) {perm = array<i64: 2, 0, 1>} : (tensor<2x1x3xbf16>) -> tensor<3x2x1xbf16>
  %2 = "tc_tensor.transpose"(%c) {perm = array<i64: 3, 2, 0, 1>} : (tensor<2x3x4x5xf64>) -> tensor<5x4x2x3xf64>
  return %0, %1, %2 : tensor<5x3xf16>, tensor<3x2x1xbf16>, tensor<5x4x2x3xf64>
}

func.func @transpose_ints(%a: tensor<2x3xi1>, %b: tensor<4x3xui8>, %c: tensor<2x3xi64> {tc.distribution = "integers(-1000000, 1000000)"}) -> (tensor<3x2xi1>, tensor<3x4xui8>, tensor<3x2xi64>) {
  %0 = "tc_tensor.transpose"(%a) {perm = array<i64: 1, 0>} : (tensor<2x3xi1>) -> tensor<3x2xi1>
  %1 = "tc_tensor.transpose"(%b) {perm = array<i64: 1, 0>} : (tensor<4x3xui8>) -> tensor<3x4xui8>
  %2 = "tc_tensor.transpose"(%c) {perm = array<i64: 1, 0>} : (tensor<2x3xi64>) -> tensor<3x2xi64>
  return %0, %1, %2 : tensor<3x2xi1>, tensor<3x4xui8>, tensor<3x2xi64>
}

func.func @transpose_int_extremes() -> tensor<2x2xi32> {
  %c = "tc_tensor.constant"() {value = dense<[[-2147483648, 2147483647], [-1, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %0 = "tc_tensor.transpose"(%c) {perm = array<i64: 1, 0>} : (tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

func.func @transpose_rank0_empty(%a: tensor<i16>, %b: tensor<0x3x2xf32>) -> (tensor<i16>, tensor<0x2x3xf32>) {
  %0 = "tc_tensor.transpose"(%a) {perm = array<i64>} : (tensor<i16>) -> tensor<i16>
  %1 = "tc_tensor.transpose"(%b) {perm = array<i64: 0, 2, 1>} : (tensor<0x3x2xf32>) -> tensor<0x2x3xf32>
  return %0, %1 : tensor<i16>, tensor<0x2x3xf32>
}
