// A program touching every host-dependent choice: vector math (exp, tanh),
// a BLIS gemm (matmul), a loop nest big enough to vectorise and, at
// TC_PARALLEL_MIN_WORK=0, to run on threads, and f32 -> bf16 conversions of
// subnormal values (which AVX512-BF16's instruction would flush to zero).
func.func @exp_tanh(%x: tensor<4x1000xf32> {tc.distribution = "uniform(-20, 20)"}) -> tensor<4x1000xf32> {
  %0 = "tc_tensor.exp"(%x) : (tensor<4x1000xf32>) -> tensor<4x1000xf32>
  %1 = "tc_tensor.tanh"(%0) : (tensor<4x1000xf32>) -> tensor<4x1000xf32>
  return %1 : tensor<4x1000xf32>
}

func.func @matmul(%a: tensor<64x96xf32>, %b: tensor<96x80xf32>) -> tensor<64x80xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<64x96xf32>, tensor<96x80xf32>) -> tensor<64x80xf32>
  return %0 : tensor<64x80xf32>
}

func.func @to_bf16(%x: tensor<1000xf32> {tc.distribution = "uniform(-2e-38, 2e-38)"}) -> tensor<1000xbf16> {
  %0 = "tc_tensor.cast"(%x) : (tensor<1000xf32>) -> tensor<1000xbf16>
  return %0 : tensor<1000xbf16>
}
