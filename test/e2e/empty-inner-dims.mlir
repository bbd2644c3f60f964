// Tensors with a 0 in a non-leading dimension compile and run: as inputs,
// results, constants, and operands of a reduction over the empty extent.
// RUN: %e2e %s

func.func @relu(%a: tensor<3x0xf32>) -> tensor<3x0xf32> {
  %0 = "tc_tensor.relu"(%a) : (tensor<3x0xf32>) -> tensor<3x0xf32>
  return %0 : tensor<3x0xf32>
}

func.func @matmul(%a: tensor<3x0xf32>, %b: tensor<0x2xf32>) -> tensor<3x2xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<3x0xf32>, tensor<0x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

func.func @reduce(%a: tensor<2x0x3xf64>) -> tensor<2x3xf64> {
  %0 = "tc_tensor.reduce_sum"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0x3xf64>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

func.func @concat(%a: tensor<2x0xi8>, %b: tensor<2x3xi8>) -> tensor<2x3xi8> {
  %0 = "tc_tensor.concat"(%a, %b) {axis = 1 : i64} : (tensor<2x0xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}

func.func @constant() -> tensor<2x0xi8> {
  %0 = "tc_tensor.constant"() {value = dense<> : tensor<2x0xi8>} : () -> tensor<2x0xi8>
  return %0 : tensor<2x0xi8>
}
