// The issue's elementwise chain, z = x*w + b; y = 0.5*z*(1 + tanh(0.79788456*(z + 0.044715*z^3))),
// on 64 x 4096 f32 (enough work for threads), with a broadcast bias.
func.func @chain(%x: tensor<64x4096xf32> {tc.distribution = "uniform(-3, 3)"},
                 %w: tensor<64x4096xf32> {tc.distribution = "uniform(-1, 1)"},
                 %b: tensor<4096xf32> {tc.distribution = "uniform(-1, 1)"}) -> tensor<64x4096xf32> {
  %c05 = "tc_tensor.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %c1 = "tc_tensor.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %ck = "tc_tensor.constant"() {value = dense<0.79788456> : tensor<f32>} : () -> tensor<f32>
  %cc = "tc_tensor.constant"() {value = dense<0.044715> : tensor<f32>} : () -> tensor<f32>
  %xw = "tc_tensor.mul"(%x, %w) : (tensor<64x4096xf32>, tensor<64x4096xf32>) -> tensor<64x4096xf32>
  %z = "tc_tensor.add"(%xw, %b) : (tensor<64x4096xf32>, tensor<4096xf32>) -> tensor<64x4096xf32>
  %z2 = "tc_tensor.mul"(%z, %z) : (tensor<64x4096xf32>, tensor<64x4096xf32>) -> tensor<64x4096xf32>
  %z3 = "tc_tensor.mul"(%z2, %z) : (tensor<64x4096xf32>, tensor<64x4096xf32>) -> tensor<64x4096xf32>
  %t0 = "tc_tensor.mul"(%cc, %z3) : (tensor<f32>, tensor<64x4096xf32>) -> tensor<64x4096xf32>
  %t1 = "tc_tensor.add"(%z, %t0) : (tensor<64x4096xf32>, tensor<64x4096xf32>) -> tensor<64x4096xf32>
  %t2 = "tc_tensor.mul"(%ck, %t1) : (tensor<f32>, tensor<64x4096xf32>) -> tensor<64x4096xf32>
  %t3 = "tc_tensor.tanh"(%t2) : (tensor<64x4096xf32>) -> tensor<64x4096xf32>
  %t4 = "tc_tensor.add"(%c1, %t3) : (tensor<f32>, tensor<64x4096xf32>) -> tensor<64x4096xf32>
  %h = "tc_tensor.mul"(%c05, %z) : (tensor<f32>, tensor<64x4096xf32>) -> tensor<64x4096xf32>
  %y = "tc_tensor.mul"(%h, %t4) : (tensor<64x4096xf32>, tensor<64x4096xf32>) -> tensor<64x4096xf32>
  return %y : tensor<64x4096xf32>
}
