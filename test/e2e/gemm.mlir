// tc_tensor.gemm compiled with the CPU pipeline against tensor-ref
// (docs/dialects.md §2.2.9): every trans_a/trans_b combination, c of each
// unidirectionally broadcast shape ([M, N], [N], [M, 1], [1, N], rank 0) or
// absent, alpha and beta of any sign, every float dtype (f16/bf16 summed in
// f32), K = 0 (a +0 product term), empty results, and the zero-factor rule:
// alpha = 0 never reads a and b, beta = 0 never reads c, so their NaN and
// inf constants have no effect.
// RUN: %e2e %s

func.func @gemm_f32(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>, %c: tensor<3x4xf32>, %at: tensor<5x3xf32>, %bt: tensor<4x5xf32>, %cn: tensor<4xf32>, %cm: tensor<3x1xf32>, %c1: tensor<1x4xf32>, %c0: tensor<f32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<3x5xf32>, tensor<5x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %1 = "tc_tensor.gemm"(%at, %b, %cn) {alpha = 0.5 : f64, beta = -2.0 : f64, trans_a = true, trans_b = false} : (tensor<5x3xf32>, tensor<5x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %2 = "tc_tensor.gemm"(%a, %bt, %cm) {alpha = -1.5 : f64, beta = 0.25 : f64, trans_a = false, trans_b = true} : (tensor<3x5xf32>, tensor<4x5xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
  %3 = "tc_tensor.gemm"(%at, %bt, %c1) {alpha = 0.1 : f64, beta = 0.3 : f64, trans_a = true, trans_b = true} : (tensor<5x3xf32>, tensor<4x5xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  %4 = "tc_tensor.gemm"(%a, %b, %c0) {alpha = 2.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<3x5xf32>, tensor<5x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %5 = "tc_tensor.gemm"(%a, %b) {alpha = -1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

func.func @gemm_f16(%a: tensor<16x3xf16> {tc.distribution = "uniform(-60, 60)"}, %b: tensor<16x2xf16> {tc.distribution = "uniform(-60, 60)"}, %c: tensor<2xf16>) -> tensor<3x2xf16> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = true, trans_b = false} : (tensor<16x3xf16>, tensor<16x2xf16>, tensor<2xf16>) -> tensor<3x2xf16>
  return %0 : tensor<3x2xf16>
}

func.func @gemm_bf16(%a: tensor<2x6xbf16>, %b: tensor<3x6xbf16>, %c: tensor<bf16>) -> tensor<2x3xbf16> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.75 : f64, beta = -1.0 : f64, trans_a = false, trans_b = true} : (tensor<2x6xbf16>, tensor<3x6xbf16>, tensor<bf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

func.func @gemm_f64(%a: tensor<4x3xf64>, %b: tensor<2x4xf64>, %c: tensor<3x2xf64>) -> tensor<3x2xf64> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 3.0 : f64, beta = 0.5 : f64, trans_a = true, trans_b = true} : (tensor<4x3xf64>, tensor<2x4xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

// alpha = 0: a and b are not read (NaN, inf in them change nothing);
// beta = 0: c is not read; both 0, or alpha = 0 without c: +0.
func.func @gemm_zero_factors(%x: tensor<2x2xf32>, %c: tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %bad = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 0x7F800000], [0xFF800000, 1.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %badc = "tc_tensor.constant"() {value = dense<[0x7FC00000, 0x7F800000]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tc_tensor.gemm"(%bad, %bad, %c) {alpha = 0.0 : f64, beta = 2.0 : f64, trans_a = false, trans_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %1 = "tc_tensor.gemm"(%x, %x, %badc) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = true} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %2 = "tc_tensor.gemm"(%bad, %bad, %badc) {alpha = 0.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %3 = "tc_tensor.gemm"(%bad, %bad) {alpha = 0.0 : f64, beta = 1.0 : f64, trans_a = true, trans_b = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// NaN, ±inf, ±0 flowing through the product and c terms.
func.func @gemm_special(%b: tensor<3x2xf32> {tc.distribution = "uniform(0.5, 2)"}) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
  %a = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 1.0, 1.0], [0x7F800000, 1.0, -1.0], [-0.0, -0.0, -0.0], [1.0, 2.0, 3.0]]> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %c = "tc_tensor.constant"() {value = dense<[[-0.0], [0xFF800000], [-0.0], [0x7F800000]]> : tensor<4x1xf32>} : () -> tensor<4x1xf32>
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<4x3xf32>, tensor<3x2xf32>, tensor<4x1xf32>) -> tensor<4x2xf32>
  %1 = "tc_tensor.gemm"(%a, %b) {alpha = -2.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  return %0, %1 : tensor<4x2xf32>, tensor<4x2xf32>
}

// -----

// K = 0: the product term is +0 whatever alpha's sign; M = 0: empty.
func.func @gemm_empty(%a: tensor<0x3xf32>, %b: tensor<0x2xf32>, %c: tensor<3x2xf32>, %d: tensor<0x4xf64>, %e: tensor<4x2xf64>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<0x2xf64>) {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = -1.0 : f64, beta = 1.0 : f64, trans_a = true, trans_b = false} : (tensor<0x3xf32>, tensor<0x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %1 = "tc_tensor.gemm"(%a, %b) {alpha = -1.0 : f64, beta = 1.0 : f64, trans_a = true, trans_b = false} : (tensor<0x3xf32>, tensor<0x2xf32>) -> tensor<3x2xf32>
  %2 = "tc_tensor.gemm"(%d, %e) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<0x4xf64>, tensor<4x2xf64>) -> tensor<0x2xf64>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<0x2xf64>
}
