module attributes {tc.contract = {format = "tensorc-contract/1", name = "declared", dtypes = {}, ops = {"*" = {reassociate = false, nondeterministic = false, fast_math = false}, matmul = {reassociate = true}}, outputs = {}}} {
  func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
    %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    return %0 : tensor<2x4xf32>
  }
}
