// A bf16 input and output, for test/python/runtime.test.
func.func @bf16(%v: tensor<6xbf16>) -> tensor<6xbf16> {
  %0 = "tc_tensor.relu"(%v) : (tensor<6xbf16>) -> tensor<6xbf16>
  return %0 : tensor<6xbf16>
}
