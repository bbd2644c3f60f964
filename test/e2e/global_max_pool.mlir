// tc_tensor.global_max_pool compiled with the CPU pipeline against
// tensor-ref (docs/dialects.md §2.2.13, exactly reduce_max over the spatial
// dimensions with keepdims): ranks 3 to 5, every numeric dtype, an empty
// batch, and NaN, ±inf, ±0, int MIN and MAX as constants.
// RUN: %e2e %s

func.func @gmax_f32(%x: tensor<2x3x5xf32>, %y: tensor<1x2x3x4xf32>, %z: tensor<1x2x2x3x2xf32>) -> (tensor<2x3x1xf32>, tensor<1x2x1x1xf32>, tensor<1x2x1x1x1xf32>) {
  %0 = "tc_tensor.global_max_pool"(%x) : (tensor<2x3x5xf32>) -> tensor<2x3x1xf32>
  %1 = "tc_tensor.global_max_pool"(%y) : (tensor<1x2x3x4xf32>) -> tensor<1x2x1x1xf32>
  %2 = "tc_tensor.global_max_pool"(%z) : (tensor<1x2x2x3x2xf32>) -> tensor<1x2x1x1x1xf32>
  return %0, %1, %2 : tensor<2x3x1xf32>, tensor<1x2x1x1xf32>, tensor<1x2x1x1x1xf32>
}

func.func @gmax_other(%a: tensor<1x2x3x3xf16>, %b: tensor<2x1x4xbf16>, %c: tensor<1x3x2x2xf64>, %d: tensor<1x2x3x3xi8> {tc.distribution = "integers(-128, 128)"}, %e: tensor<2x2x3xi16>, %f: tensor<1x2x4xi32>, %g: tensor<1x1x2x2xi64>, %h: tensor<1x2x3x3xui8> {tc.distribution = "integers(0, 256)"}, %i: tensor<2x1x3xui16>, %j: tensor<1x2x2xui32>, %k: tensor<1x1x5xui64>) -> (tensor<1x2x1x1xf16>, tensor<2x1x1xbf16>, tensor<1x3x1x1xf64>, tensor<1x2x1x1xi8>, tensor<2x2x1xi16>, tensor<1x2x1xi32>, tensor<1x1x1x1xi64>, tensor<1x2x1x1xui8>, tensor<2x1x1xui16>, tensor<1x2x1xui32>, tensor<1x1x1xui64>) {
  %0 = "tc_tensor.global_max_pool"(%a) : (tensor<1x2x3x3xf16>) -> tensor<1x2x1x1xf16>
  %1 = "tc_tensor.global_max_pool"(%b) : (tensor<2x1x4xbf16>) -> tensor<2x1x1xbf16>
  %2 = "tc_tensor.global_max_pool"(%c) : (tensor<1x3x2x2xf64>) -> tensor<1x3x1x1xf64>
  %3 = "tc_tensor.global_max_pool"(%d) : (tensor<1x2x3x3xi8>) -> tensor<1x2x1x1xi8>
  %4 = "tc_tensor.global_max_pool"(%e) : (tensor<2x2x3xi16>) -> tensor<2x2x1xi16>
  %5 = "tc_tensor.global_max_pool"(%f) : (tensor<1x2x4xi32>) -> tensor<1x2x1xi32>
  %6 = "tc_tensor.global_max_pool"(%g) : (tensor<1x1x2x2xi64>) -> tensor<1x1x1x1xi64>
  %7 = "tc_tensor.global_max_pool"(%h) : (tensor<1x2x3x3xui8>) -> tensor<1x2x1x1xui8>
  %8 = "tc_tensor.global_max_pool"(%i) : (tensor<2x1x3xui16>) -> tensor<2x1x1xui16>
  %9 = "tc_tensor.global_max_pool"(%j) : (tensor<1x2x2xui32>) -> tensor<1x2x1xui32>
  %10 = "tc_tensor.global_max_pool"(%k) : (tensor<1x1x5xui64>) -> tensor<1x1x1xui64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<1x2x1x1xf16>, tensor<2x1x1xbf16>, tensor<1x3x1x1xf64>, tensor<1x2x1x1xi8>, tensor<2x2x1xi16>, tensor<1x2x1xi32>, tensor<1x1x1x1xi64>, tensor<1x2x1x1xui8>, tensor<2x1x1xui16>, tensor<1x2x1xui32>, tensor<1x1x1xui64>
}

// -----

// Per channel: NaN wins; +0 over -0; all -0 stays -0; all -inf; MIN, MAX.
func.func @gmax_special(%e: tensor<0x2x3xf32>) -> (tensor<1x6x1xf32>, tensor<1x2x1xi64>, tensor<1x2x1xui8>, tensor<0x2x1xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[[1.0, 0x7FC00000, 2.0], [-0.0, 0.0, -0.0], [-0.0, -0.0, -0.0], [0xFF800000, 0xFF800000, 0xFF800000], [0x7F800000, -1.0, 0x7FC00000], [-3.0, 0xFF800000, -2.0]]]> : tensor<1x6x3xf32>} : () -> tensor<1x6x3xf32>
  %y = "tc_tensor.constant"() {value = dense<[[[-9223372036854775808, -9223372036854775808], [9223372036854775807, -1]]]> : tensor<1x2x2xi64>} : () -> tensor<1x2x2xi64>
  %z = "tc_tensor.constant"() {value = dense<[[[0, 0], [255, 128]]]> : tensor<1x2x2xui8>} : () -> tensor<1x2x2xui8>
  %0 = "tc_tensor.global_max_pool"(%x) : (tensor<1x6x3xf32>) -> tensor<1x6x1xf32>
  %1 = "tc_tensor.global_max_pool"(%y) : (tensor<1x2x2xi64>) -> tensor<1x2x1xi64>
  %2 = "tc_tensor.global_max_pool"(%z) : (tensor<1x2x2xui8>) -> tensor<1x2x1xui8>
  %3 = "tc_tensor.global_max_pool"(%e) : (tensor<0x2x3xf32>) -> tensor<0x2x1xf32>
  return %0, %1, %2, %3 : tensor<1x6x1xf32>, tensor<1x2x1xi64>, tensor<1x2x1xui8>, tensor<0x2x1xf32>
}
