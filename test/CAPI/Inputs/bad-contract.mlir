// A module whose tc.contract is of an unsupported format.
module attributes {tc.contract = {format = "tensorc-contract/0", name = "old", dtypes = {}, ops = {}, outputs = {}}} {
  func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "tc_tensor.exp"(%a) : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
