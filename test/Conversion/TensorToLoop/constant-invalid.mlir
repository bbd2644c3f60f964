// A dense_resource constant of an unsigned dtype would need its blob
// re-typed; that is not done yet, so it is a located compile failure.
// RUN: tensor-opt --tc-lower-tensor -verify-diagnostics %s

func.func @resource() -> tensor<2xui8> {
  // expected-error @+1 {{a dense_resource constant of an unsigned dtype is not lowered yet}}
  %0 = "tc_tensor.constant"() {value = dense_resource<blob> : tensor<2xui8>} : () -> tensor<2xui8>
  return %0 : tensor<2xui8>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x010000000102"
    }
  }
#-}
