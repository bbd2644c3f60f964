// tc_tensor.matmul compiled with the CPU pipeline against tensor-ref
// (docs/dialects.md §2.2.8): plain 2-D, rank-1 promotion on either side and
// both (rank 0), batch broadcasting (missing and size-1 batch dimensions),
// every float dtype (f16/bf16 summed in f32), integers wrapping (MIN, MAX as
// constants), K = 0 (+0, int 0), empty results, and NaN, ±inf, ±0 in the
// products as constants.
// RUN: %e2e %s

func.func @matmul_f32(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>, %v: tensor<5xf32>, %w: tensor<5xf32>) -> (tensor<3x4xf32>, tensor<3xf32>, tensor<4xf32>, tensor<f32>) {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
  %1 = "tc_tensor.matmul"(%a, %v) : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3xf32>
  %2 = "tc_tensor.matmul"(%v, %b) : (tensor<5xf32>, tensor<5x4xf32>) -> tensor<4xf32>
  %3 = "tc_tensor.matmul"(%v, %w) : (tensor<5xf32>, tensor<5xf32>) -> tensor<f32>
  return %0, %1, %2, %3 : tensor<3x4xf32>, tensor<3xf32>, tensor<4xf32>, tensor<f32>
}

func.func @matmul_batch_f32(%a: tensor<2x1x3x4xf32>, %b: tensor<3x4x2xf32>, %c: tensor<4xf32>, %d: tensor<2x3x4x5xf32>, %e: tensor<2x1x4x2xf32>) -> (tensor<2x3x3x2xf32>, tensor<2x3x5xf32>, tensor<2x1x3x2xf32>) {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x1x3x4xf32>, tensor<3x4x2xf32>) -> tensor<2x3x3x2xf32>
  %1 = "tc_tensor.matmul"(%c, %d) : (tensor<4xf32>, tensor<2x3x4x5xf32>) -> tensor<2x3x5xf32>
  %2 = "tc_tensor.matmul"(%a, %e) : (tensor<2x1x3x4xf32>, tensor<2x1x4x2xf32>) -> tensor<2x1x3x2xf32>
  return %0, %1, %2 : tensor<2x3x3x2xf32>, tensor<2x3x5xf32>, tensor<2x1x3x2xf32>
}

// -----

func.func @matmul_f16(%a: tensor<2x3x16xf16> {tc.distribution = "uniform(-60, 60)"}, %b: tensor<16x4xf16> {tc.distribution = "uniform(-60, 60)"}) -> tensor<2x3x4xf16> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x3x16xf16>, tensor<16x4xf16>) -> tensor<2x3x4xf16>
  return %0 : tensor<2x3x4xf16>
}

func.func @matmul_bf16(%a: tensor<4xbf16>, %b: tensor<2x4x3xbf16>) -> tensor<2x3xbf16> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<4xbf16>, tensor<2x4x3xbf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

func.func @matmul_f64(%a: tensor<3x7xf64>, %b: tensor<7xf64>) -> tensor<3xf64> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<3x7xf64>, tensor<7xf64>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// -----

func.func @matmul_ints(%a0: tensor<3x4xi8> {tc.distribution = "integers(-128, 128)"}, %b0: tensor<4x2xi8> {tc.distribution = "integers(-128, 128)"}, %a1: tensor<2x3xi16>, %b1: tensor<3xi16>, %a2: tensor<2x2x3xi32>, %b2: tensor<3x2xi32>, %a3: tensor<3xi64>, %b3: tensor<3xi64>, %a4: tensor<2x5xui8> {tc.distribution = "integers(0, 256)"}, %b4: tensor<5x3xui8> {tc.distribution = "integers(0, 256)"}, %a5: tensor<2x2xui16>, %b5: tensor<2x2xui16>, %a6: tensor<3xui32>, %b6: tensor<3x2xui32>, %a7: tensor<1x2xui64>, %b7: tensor<2x2xui64>) -> (tensor<3x2xi8>, tensor<2xi16>, tensor<2x2x2xi32>, tensor<i64>, tensor<2x3xui8>, tensor<2x2xui16>, tensor<2xui32>, tensor<1x2xui64>) {
  %0 = "tc_tensor.matmul"(%a0, %b0) : (tensor<3x4xi8>, tensor<4x2xi8>) -> tensor<3x2xi8>
  %1 = "tc_tensor.matmul"(%a1, %b1) : (tensor<2x3xi16>, tensor<3xi16>) -> tensor<2xi16>
  %2 = "tc_tensor.matmul"(%a2, %b2) : (tensor<2x2x3xi32>, tensor<3x2xi32>) -> tensor<2x2x2xi32>
  %3 = "tc_tensor.matmul"(%a3, %b3) : (tensor<3xi64>, tensor<3xi64>) -> tensor<i64>
  %4 = "tc_tensor.matmul"(%a4, %b4) : (tensor<2x5xui8>, tensor<5x3xui8>) -> tensor<2x3xui8>
  %5 = "tc_tensor.matmul"(%a5, %b5) : (tensor<2x2xui16>, tensor<2x2xui16>) -> tensor<2x2xui16>
  %6 = "tc_tensor.matmul"(%a6, %b6) : (tensor<3xui32>, tensor<3x2xui32>) -> tensor<2xui32>
  %7 = "tc_tensor.matmul"(%a7, %b7) : (tensor<1x2xui64>, tensor<2x2xui64>) -> tensor<1x2xui64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<3x2xi8>, tensor<2xi16>, tensor<2x2x2xi32>, tensor<i64>, tensor<2x3xui8>, tensor<2x2xui16>, tensor<2xui32>, tensor<1x2xui64>
}

// Products and sums that wrap: MIN, MAX, -1 against drawn integers.
func.func @matmul_wrap(%b0: tensor<3x2xi32> {tc.distribution = "integers(-3, 3)"}, %b1: tensor<2x2xi64>, %b2: tensor<2xui8> {tc.distribution = "integers(0, 256)"}) -> (tensor<4x2xi32>, tensor<3x2xi64>, tensor<2xui8>) {
  %a0 = "tc_tensor.constant"() {value = dense<[[2147483647, 2147483647, 1], [-2147483648, -2147483648, -1], [-1, 0, 2147483647], [-2147483648, 2147483647, 0]]> : tensor<4x3xi32>} : () -> tensor<4x3xi32>
  %a1 = "tc_tensor.constant"() {value = dense<[[9223372036854775807, 2], [-9223372036854775808, -1], [4611686018427387904, 4611686018427387904]]> : tensor<3x2xi64>} : () -> tensor<3x2xi64>
  %a2 = "tc_tensor.constant"() {value = dense<[[255, 255], [128, 2]]> : tensor<2x2xui8>} : () -> tensor<2x2xui8>
  %0 = "tc_tensor.matmul"(%a0, %b0) : (tensor<4x3xi32>, tensor<3x2xi32>) -> tensor<4x2xi32>
  %1 = "tc_tensor.matmul"(%a1, %b1) : (tensor<3x2xi64>, tensor<2x2xi64>) -> tensor<3x2xi64>
  %2 = "tc_tensor.matmul"(%a2, %b2) : (tensor<2x2xui8>, tensor<2xui8>) -> tensor<2xui8>
  return %0, %1, %2 : tensor<4x2xi32>, tensor<3x2xi64>, tensor<2xui8>
}

// -----

// K = 0 gives +0 (int 0); a 0 in M, N or a batch dimension gives an empty result.
func.func @matmul_empty(%a: tensor<0xf32>, %b: tensor<0x2xf32>, %c: tensor<0xi32>, %d: tensor<0x4xf32>, %e: tensor<4x2xf32>, %f: tensor<0x3x4xf64>, %g: tensor<4xf64>) -> (tensor<2xf32>, tensor<i32>, tensor<0x2xf32>, tensor<0x3xf64>) {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<0xf32>, tensor<0x2xf32>) -> tensor<2xf32>
  %1 = "tc_tensor.matmul"(%c, %c) : (tensor<0xi32>, tensor<0xi32>) -> tensor<i32>
  %2 = "tc_tensor.matmul"(%d, %e) : (tensor<0x4xf32>, tensor<4x2xf32>) -> tensor<0x2xf32>
  %3 = "tc_tensor.matmul"(%f, %g) : (tensor<0x3x4xf64>, tensor<4xf64>) -> tensor<0x3xf64>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<i32>, tensor<0x2xf32>, tensor<0x3xf64>
}

// NaN, ±inf and ±0 against positive drawn values: rows of −0 products stay
// −0, inf − inf is NaN, NaN propagates.
func.func @matmul_special(%b: tensor<3x2xf32> {tc.distribution = "uniform(0.5, 2)"}, %d: tensor<2xf16> {tc.distribution = "uniform(0.5, 2)"}) -> (tensor<6x2xf32>, tensor<3xf16>) {
  %a = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 1.0, 1.0], [0x7F800000, 1.0, -1.0], [0x7F800000, 0xFF800000, 0.0], [-0.0, -0.0, -0.0], [-0.0, 0.0, -0.0], [3.40282347E+38, 3.40282347E+38, 0.0]]> : tensor<6x3xf32>} : () -> tensor<6x3xf32>
  %c = "tc_tensor.constant"() {value = dense<[[65504.0, 65504.0], [-0.0, -0.0], [0xFC00, 1.0]]> : tensor<3x2xf16>} : () -> tensor<3x2xf16>
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<6x3xf32>, tensor<3x2xf32>) -> tensor<6x2xf32>
  %1 = "tc_tensor.matmul"(%c, %d) : (tensor<3x2xf16>, tensor<2xf16>) -> tensor<3xf16>
  return %0, %1 : tensor<6x2xf32>, tensor<3xf16>
}
