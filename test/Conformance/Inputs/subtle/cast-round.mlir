// cast-round: f64 -> f32 rounded toward zero, one ulp off half the time.
func.func @f(%x: tensor<4x8xf64>) -> tensor<4x8xf32> {
  %c = "tc_tensor.cast"(%x) : (tensor<4x8xf64>) -> tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}
