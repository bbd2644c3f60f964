module attributes {tc.contract = {format = "tensorc-contract/1", name = "tight", dtypes = {}, ops = {"*" = {reassociate = false, nondeterministic = false, fast_math = false}}, outputs = {f32 = {atol = 1.0e-06 : f64, rtol = 1.0e-06 : f64}}}} {
  func.func @f(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
    %0 = "tc_tensor.add"(%a, %b) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
}
