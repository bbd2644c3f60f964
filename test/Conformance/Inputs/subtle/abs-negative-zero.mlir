// abs-negative-zero: abs(-0) comes back -0.
func.func @f(%x: tensor<3x21xf32>) -> tensor<3x21xf32> {
  %a = "tc_tensor.abs"(%x) : (tensor<3x21xf32>) -> tensor<3x21xf32>
  return %a : tensor<3x21xf32>
}
