// One public function (and a private one): tensor-ref runs it without --fn.
func.func @negate(%x: tensor<2xi8>) -> tensor<2xi8> {
  %y = "tc_tensor.neg"(%x) : (tensor<2xi8>) -> tensor<2xi8>
  return %y : tensor<2xi8>
}

func.func private @helper() -> tensor<2xi8> {
  %x = "tc_tensor.constant"() {value = dense<[1, 2]> : tensor<2xi8>} : () -> tensor<2xi8>
  return %x : tensor<2xi8>
}
