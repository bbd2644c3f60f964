// flush-subnormals: a scaling of subnormals flushed to zero (the special
// draw puts them in %x; the product with 0.75 stays subnormal).
func.func @f(%x: tensor<4x21xf32>) -> tensor<4x21xf32> {
  %c = "tc_tensor.constant"() {value = dense<0.75> : tensor<4x21xf32>} : () -> tensor<4x21xf32>
  %m = "tc_tensor.mul"(%x, %c) : (tensor<4x21xf32>, tensor<4x21xf32>) -> tensor<4x21xf32>
  return %m : tensor<4x21xf32>
}
