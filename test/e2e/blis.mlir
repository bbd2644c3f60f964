// Products of BLIS size (tc-select-kernels sends them to BLIS under the
// default contract: docs/lowering.md "Kernel selection") against tensor-ref:
// f32 (summed in f32 by bli_sgemm under the default contract) and f64, a folded lhs batch,
// a batched matmul, gemm with transposes, alpha, beta and a broadcast c,
// and a long K. test/Conversion/SelectKernels/blis-conform.test gates the
// same program with 1 and 2 threads against the loop path.
// RUN: %e2e %s

func.func @matmul_f32(%a: tensor<64x96xf32>, %b: tensor<96x80xf32>) -> tensor<64x80xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<64x96xf32>, tensor<96x80xf32>) -> tensor<64x80xf32>
  return %0 : tensor<64x80xf32>
}

func.func @matmul_long_k_f32(%a: tensor<48x1024xf32>, %b: tensor<1024x40xf32>) -> tensor<48x40xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<48x1024xf32>, tensor<1024x40xf32>) -> tensor<48x40xf32>
  return %0 : tensor<48x40xf32>
}

func.func @matmul_folded_f32(%a: tensor<2x3x40x64xf32>, %b: tensor<64x48xf32>) -> tensor<2x3x40x48xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x3x40x64xf32>, tensor<64x48xf32>) -> tensor<2x3x40x48xf32>
  return %0 : tensor<2x3x40x48xf32>
}

func.func @matmul_batched_f64(%a: tensor<3x40x50xf64> {tc.distribution = "normal(0, 3)"}, %b: tensor<3x50x60xf64>) -> tensor<3x40x60xf64> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<3x40x50xf64>, tensor<3x50x60xf64>) -> tensor<3x40x60xf64>
  return %0 : tensor<3x40x60xf64>
}

func.func @gemm_bias_f32(%a: tensor<40x50xf32>, %b: tensor<70x40xf32>, %c: tensor<70xf32>) -> tensor<50x70xf32> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.5 : f64, beta = 2.0 : f64, trans_a = true, trans_b = true} : (tensor<40x50xf32>, tensor<70x40xf32>, tensor<70xf32>) -> tensor<50x70xf32>
  return %0 : tensor<50x70xf32>
}

func.func @gemm_full_c_f64(%a: tensor<60x45xf64>, %b: tensor<45x70xf64>, %c: tensor<60x70xf64>) -> tensor<60x70xf64> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = -1.5 : f64, beta = 0.25 : f64, trans_a = false, trans_b = false} : (tensor<60x45xf64>, tensor<45x70xf64>, tensor<60x70xf64>) -> tensor<60x70xf64>
  return %0 : tensor<60x70xf64>
}

func.func @gemm_trans_a_f32(%a: tensor<80x64xf32>, %b: tensor<80x72xf32>) -> tensor<64x72xf32> {
  %0 = "tc_tensor.gemm"(%a, %b) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = true, trans_b = false} : (tensor<80x64xf32>, tensor<80x72xf32>) -> tensor<64x72xf32>
  return %0 : tensor<64x72xf32>
}

// An MLP layer: the product goes to BLIS, the rest to the loops.
func.func @mlp_layer_f32(%x: tensor<32x128xf32>, %w: tensor<128x64xf32>, %bias: tensor<64xf32>) -> tensor<32x64xf32> {
  %0 = "tc_tensor.matmul"(%x, %w) : (tensor<32x128xf32>, tensor<128x64xf32>) -> tensor<32x64xf32>
  %1 = "tc_tensor.add"(%0, %bias) : (tensor<32x64xf32>, tensor<64xf32>) -> tensor<32x64xf32>
  %2 = "tc_tensor.relu"(%1) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  return %2 : tensor<32x64xf32>
}
