// norm-epsilon: layer_norm with epsilon 1e-3 added after the square root.
func.func @f(%x: tensor<3x10xf32>, %s: tensor<10xf32>) -> tensor<3x10xf32> {
  %y = "tc_tensor.layer_norm"(%x, %s) {axis = -1 : i64, epsilon = 1.0e-3 : f64} : (tensor<3x10xf32>, tensor<10xf32>) -> tensor<3x10xf32>
  return %y : tensor<3x10xf32>
}
