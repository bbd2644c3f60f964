// One byte over tc_tensor's 2^40-byte limit (docs/dialects.md §1.1).
func.func @f(%x: tensor<1099511627777xi8>) -> tensor<1099511627777xi8> {
  %0 = "tc_tensor.neg"(%x) : (tensor<1099511627777xi8>) -> tensor<1099511627777xi8>
  return %0 : tensor<1099511627777xi8>
}
