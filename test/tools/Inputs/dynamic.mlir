func.func @f(%x: tensor<4xf32>) -> tensor<?xf32> {
  %0 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: 0, 1>, value = 0.0 : f64} : (tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
