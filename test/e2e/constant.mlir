// Constants of every dtype become read-only globals in the artifact; a
// returned constant is copied into the output, a used one is read in place.
// RUN: %e2e %s

func.func @floats() -> (tensor<2x2xf32>, tensor<3xf64>, tensor<2xf16>, tensor<2xbf16>) {
  %0 = "tc_tensor.constant"() {value = dense<[[1.5, -0.0], [0x7F800000, 0x00000001]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %1 = "tc_tensor.constant"() {value = dense<[0x7FF8000000000000, -1.0e308, 4.9e-324]> : tensor<3xf64>} : () -> tensor<3xf64>
  %2 = "tc_tensor.constant"() {value = dense<[65504.0, -6.0e-08]> : tensor<2xf16>} : () -> tensor<2xf16>
  %3 = "tc_tensor.constant"() {value = dense<[3.0e38, -1.0]> : tensor<2xbf16>} : () -> tensor<2xbf16>
  return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<3xf64>, tensor<2xf16>, tensor<2xbf16>
}

func.func @integers() -> (tensor<3xi8>, tensor<2xui16>, tensor<2xi64>, tensor<4xi1>, tensor<ui64>) {
  %0 = "tc_tensor.constant"() {value = dense<[-128, 127, 0]> : tensor<3xi8>} : () -> tensor<3xi8>
  %1 = "tc_tensor.constant"() {value = dense<[65535, 1]> : tensor<2xui16>} : () -> tensor<2xui16>
  %2 = "tc_tensor.constant"() {value = dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>} : () -> tensor<2xi64>
  %3 = "tc_tensor.constant"() {value = dense<[true, false, false, true]> : tensor<4xi1>} : () -> tensor<4xi1>
  %4 = "tc_tensor.constant"() {value = dense<18446744073709551615> : tensor<ui64>} : () -> tensor<ui64>
  return %0, %1, %2, %3, %4 : tensor<3xi8>, tensor<2xui16>, tensor<2xi64>, tensor<4xi1>, tensor<ui64>
}

// A splat constant read by an op, and the same constant returned as well.
func.func @splat(%x: tensor<2x3xui8>) -> (tensor<2x3xui8>, tensor<2x3xui8>) {
  %c = "tc_tensor.constant"() {value = dense<200> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %0 = "tc_tensor.add"(%x, %c) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  return %0, %c : tensor<2x3xui8>, tensor<2x3xui8>
}
