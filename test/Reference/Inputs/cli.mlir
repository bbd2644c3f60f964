// Programs for tensor-ref-cli.test.
func.func @add(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %y = "tc_tensor.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// Inputs drawn from declared distributions (--seed); the outputs are the
// inputs, so the test can check that each distribution was honoured.
func.func @drawn(%u: tensor<8xf32> {tc.distribution = "uniform(10, 11)"},
                 %n: tensor<8xi32> {tc.distribution = "integers(5, 7)"},
                 %p: tensor<4xi1> {tc.distribution = "bernoulli(1)"},
                 %d: tensor<2x2xf64>) -> (tensor<8xf32>, tensor<8xi32>, tensor<4xi1>, tensor<2x2xf64>) {
  %a = "tc_tensor.identity"(%u) : (tensor<8xf32>) -> tensor<8xf32>
  %b = "tc_tensor.identity"(%n) : (tensor<8xi32>) -> tensor<8xi32>
  %c = "tc_tensor.identity"(%p) : (tensor<4xi1>) -> tensor<4xi1>
  %e = "tc_tensor.identity"(%d) : (tensor<2x2xf64>) -> tensor<2x2xf64>
  return %a, %b, %c, %e : tensor<8xf32>, tensor<8xi32>, tensor<4xi1>, tensor<2x2xf64>
}

func.func @bad_distribution(%x: tensor<2xi32> {tc.distribution = "uniform(0, 1)"}) -> tensor<2xi32> {
  return %x : tensor<2xi32>
}

// Several values, one op with two results, for --dump-values.
func.func @chain() -> (tensor<2xi32>, tensor<i32>) {
  %x = "tc_tensor.constant"() {value = dense<[1, 2, 3, 4]> : tensor<4xi32>} : () -> tensor<4xi32>
  %s:2 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<4xi32>) -> (tensor<2xi32>, tensor<2xi32>)
  %y = "tc_tensor.mul"(%s#0, %s#1) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %c = "tc_tensor.constant"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %z = "tc_tensor.gather"(%y, %c) {axis = 0 : i64} : (tensor<2xi32>, tensor<i64>) -> tensor<i32>
  return %y, %z : tensor<2xi32>, tensor<i32>
}

// Not a tc_tensor op: unsupported, never approximated.
func.func @unsupported(%a: tensor<2xf32>) -> tensor<2xf32> {
  %y = arith.addf %a, %a : tensor<2xf32>
  return %y : tensor<2xf32>
}

// Breaks the spec's shape rule: add of 2x3 and 3 is 2x3, not 3x3.
func.func @bad_shape(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<3x3xf32> {
  %y = "tc_tensor.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return %y : tensor<3x3xf32>
}

// An argument type the evaluator cannot draw (it reads one with --input).
func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}

func.func private @hidden() -> tensor<f32> {
  %x = "tc_tensor.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  return %x : tensor<f32>
}
