// convert.tc.mlir - @convert of test/Target/Inputs/abi-kernels.mlir in
// tc_tensor: each cast rounds once, so the artifact must match tensor-ref's
// bits exactly. The distributions spread the values over many binades.
func.func @convert(%x: tensor<8xf64> {tc.distribution = "normal(0, 1000)"},
                   %y: tensor<8xf32> {tc.distribution = "normal(0, 10)"})
    -> (tensor<8xbf16>, tensor<8xbf16>, tensor<8xf16>) {
  %a = "tc_tensor.cast"(%x) : (tensor<8xf64>) -> tensor<8xbf16>
  %b = "tc_tensor.cast"(%y) : (tensor<8xf32>) -> tensor<8xbf16>
  %c = "tc_tensor.cast"(%y) : (tensor<8xf32>) -> tensor<8xf16>
  return %a, %b, %c : tensor<8xbf16>, tensor<8xbf16>, tensor<8xf16>
}
