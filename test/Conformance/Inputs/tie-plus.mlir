// The program of tie.mlir plus 2^-22: an artifact two ulps above the
// reference's value 1, one ulp past its bound (reference-bound.test).
module attributes {tc.contract = {format = "tensorc-contract/1", name = "exact-matmul", dtypes = {},
    ops = {"*" = {reassociate = false, nondeterministic = false, fast_math = false}, matmul = {reassociate = true}},
    outputs = {}}} {
  func.func @tie(%a: tensor<1x3xf32>, %b: tensor<3x1xf32>) -> tensor<1x1xf32> {
    %0 = "tc_tensor.matmul"(%a, %b) : (tensor<1x3xf32>, tensor<3x1xf32>) -> tensor<1x1xf32>
    %c = "tc_tensor.constant"() {value = dense<2.38418579e-07> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
    %1 = "tc_tensor.add"(%0, %c) : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
    return %1 : tensor<1x1xf32>
  }
}
