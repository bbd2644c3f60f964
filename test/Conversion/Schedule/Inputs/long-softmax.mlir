// A softmax over a slice of 2^25 + 1 elements (only planned, never run).
func.func @long_softmax(%x: tensor<1x33554433xf32>) -> tensor<1x33554433xf32> {
  %0 = "tc_tensor.softmax"(%x) {axis = 1 : i64} : (tensor<1x33554433xf32>) -> tensor<1x33554433xf32>
  return %0 : tensor<1x33554433xf32>
}
