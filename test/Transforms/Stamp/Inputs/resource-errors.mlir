func.func @missing() -> tensor<2xf32> {
  // expected-error@+1 {{'tc_tensor.constant' op dense_resource 'nowhere' has no data, so it cannot be hashed by content}}
  %c = "tc_tensor.constant"() {value = dense_resource<nowhere> : tensor<2xf32>} : () -> tensor<2xf32>
  return %c : tensor<2xf32>
}

// -----

func.func @short() -> tensor<2xf32> {
  // expected-error@+1 {{'tc_tensor.constant' op dense_resource 'short' holds 4 bytes, which do not fit its type}}
  %c = "tc_tensor.constant"() {value = dense_resource<short> : tensor<2xf32>} : () -> tensor<2xf32>
  return %c : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      short: "0x040000000000803F"
    }
  }
#-}
