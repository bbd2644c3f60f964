llvm.func @ok(%a: f32) -> f32 {
  llvm.return %a : f32
}
%0 = "tc_tensor.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
