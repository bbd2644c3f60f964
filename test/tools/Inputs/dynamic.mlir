func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tc_tensor.neg"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
