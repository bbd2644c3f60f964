module attributes {tc.semantic_hash = "xxh3-128:00000000000000000000000000000000"} {
  func.func @f(%a: tensor<4x3xf32>, %b: tensor<3xf32>) -> tensor<4x3xf32> {
    %0 = "tc_tensor.add"(%a, %b) : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
}
