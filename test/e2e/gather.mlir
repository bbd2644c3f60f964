// tc_tensor.gather (docs/dialects.md §2.2.25) compiled with the CPU
// pipeline against tensor-ref: NumPy take along every axis, negative
// indices, i32 and i64 indices of rank 0, 1 and 2, every dtype's bits
// unchanged, empty index and data tensors. Indices are drawn inside
// [-n, n): an out-of-range index is a run-time error of the program.
// RUN: %e2e %s

func.func @gather_f32(%d: tensor<5x3xf32>, %i: tensor<4xi64> {tc.distribution = "integers(-5, 5)"}, %j: tensor<i32> {tc.distribution = "integers(-3, 3)"}, %k: tensor<2x2xi32> {tc.distribution = "integers(-3, 3)"}) -> (tensor<4x3xf32>, tensor<5xf32>, tensor<5x2x2xf32>) {
  %0 = "tc_tensor.gather"(%d, %i) {axis = 0 : i64} : (tensor<5x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  %1 = "tc_tensor.gather"(%d, %j) {axis = -1 : i64} : (tensor<5x3xf32>, tensor<i32>) -> tensor<5xf32>
  %2 = "tc_tensor.gather"(%d, %k) {axis = 1 : i64} : (tensor<5x3xf32>, tensor<2x2xi32>) -> tensor<5x2x2xf32>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<5xf32>, tensor<5x2x2xf32>
}

func.func @gather_special_f32(%i: tensor<8xi32> {tc.distribution = "integers(-6, 6)"}) -> tensor<8xf32> {
  %c = "tc_tensor.constant"() {value = dense<[0x7FC00000, 0xFF800000, 0x7F800000, 0x80000000, 0x00000000, 0x00000001]> : tensor<6xf32>} : () -> tensor<6xf32>
  %0 = "tc_tensor.gather"(%c, %i) {axis = 0 : i64} : (tensor<6xf32>, tensor<8xi32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @gather_f16_bf16_f64(%a: tensor<2x4xf16>, %b: tensor<3x2x2xbf16>, %c: tensor<6xf64>, %i: tensor<3xi64> {tc.distribution = "integers(-2, 2)"}, %j: tensor<2x3xi32> {tc.distribution = "integers(-6, 6)"}) -> (tensor<3x4xf16>, tensor<3x3x2xbf16>, tensor<2x3xf64>) {
  %0 = "tc_tensor.gather"(%a, %i) {axis = 0 : i64} : (tensor<2x4xf16>, tensor<3xi64>) -> tensor<3x4xf16>
  %1 = "tc_tensor.gather"(%b, %i) {axis = 1 : i64} : (tensor<3x2x2xbf16>, tensor<3xi64>) -> tensor<3x3x2xbf16>
  %2 = "tc_tensor.gather"(%c, %j) {axis = 0 : i64} : (tensor<6xf64>, tensor<2x3xi32>) -> tensor<2x3xf64>
  return %0, %1, %2 : tensor<3x4xf16>, tensor<3x3x2xbf16>, tensor<2x3xf64>
}

func.func @gather_ints(%a: tensor<4xi1>, %b: tensor<3x4xui8> {tc.distribution = "integers(0, 256)"}, %c: tensor<2x2xi64>, %i: tensor<5xi32> {tc.distribution = "integers(-2, 2)"}) -> (tensor<5xi1>, tensor<3x5xui8>, tensor<5x2xi64>) {
  %0 = "tc_tensor.gather"(%a, %i) {axis = 0 : i64} : (tensor<4xi1>, tensor<5xi32>) -> tensor<5xi1>
  %1 = "tc_tensor.gather"(%b, %i) {axis = 1 : i64} : (tensor<3x4xui8>, tensor<5xi32>) -> tensor<3x5xui8>
  %2 = "tc_tensor.gather"(%c, %i) {axis = -2 : i64} : (tensor<2x2xi64>, tensor<5xi32>) -> tensor<5x2xi64>
  return %0, %1, %2 : tensor<5xi1>, tensor<3x5xui8>, tensor<5x2xi64>
}

func.func @gather_extremes() -> tensor<4xi8> {
  %d = "tc_tensor.constant"() {value = dense<[-128, 127, 0]> : tensor<3xi8>} : () -> tensor<3xi8>
  %i = "tc_tensor.constant"() {value = dense<[-3, -1, 2, 0]> : tensor<4xi64>} : () -> tensor<4xi64>
  %0 = "tc_tensor.gather"(%d, %i) {axis = 0 : i64} : (tensor<3xi8>, tensor<4xi64>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

func.func @gather_empty(%d: tensor<0x3xi8>, %e: tensor<4x3xf32>, %i: tensor<2xi64> {tc.distribution = "integers(-3, 3)"}, %j: tensor<0xi32>) -> (tensor<0x2xi8>, tensor<0x3xf32>) {
  %0 = "tc_tensor.gather"(%d, %i) {axis = 1 : i64} : (tensor<0x3xi8>, tensor<2xi64>) -> tensor<0x2xi8>
  %1 = "tc_tensor.gather"(%e, %j) {axis = 0 : i64} : (tensor<4x3xf32>, tensor<0xi32>) -> tensor<0x3xf32>
  return %0, %1 : tensor<0x2xi8>, tensor<0x3xf32>
}
