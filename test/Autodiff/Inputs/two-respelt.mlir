// The program of two.mlir, spelt differently.
func.func @f(%input: tensor<2xf32>, %count: tensor<2xi32>) -> tensor<2xf32> {
  %e = "tc_tensor.exp"(%input) : (tensor<2xf32>) -> tensor<2xf32>  // the same op
  func.return %e : tensor<2xf32>
}
