// The constant of const-dense.mlir as a dense_resource blob.
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = "tc_tensor.constant"() {value = dense_resource<w0> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "tc_tensor.add"(%x, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w0: "0x040000000000803F000000400000404000008040"
    }
  }
#-}
