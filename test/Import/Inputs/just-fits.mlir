// Exactly 2^40 bytes: the largest tensor tc_tensor accepts.
func.func @f(%x: tensor<1048576x262144xf32>) -> tensor<1048576x262144xf32> {
  %0 = "tc_tensor.neg"(%x) : (tensor<1048576x262144xf32>) -> tensor<1048576x262144xf32>
  return %0 : tensor<1048576x262144xf32>
}
