// A legal program the CPU pipeline cannot build: tc-bufferize does not
// bufferize calls between tc_tensor functions (docs/lowering.md).
func.func private @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tc_tensor.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
