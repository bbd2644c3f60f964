func.func @unexpected(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "tc_tensor.exp"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @wrong_line(%a: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error@below {{must have float elements}}
  // a plain comment line is the line @below points at
  %0 = "tc_tensor.exp"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @never_emitted(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-warning@+1 {{no such warning}}
  %0 = "tc_tensor.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @malformed(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+x {{bad designator}}
  return %a : tensor<2xf32>
}
