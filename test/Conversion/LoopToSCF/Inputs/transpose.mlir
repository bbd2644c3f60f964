// Transposes tiled for the cache (test/Conversion/LoopToSCF/cache-tiles-conform.test).
func.func @t2(%x: tensor<320x256xf32>) -> tensor<256x320xf32> {
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<320x256xf32>) -> tensor<256x320xf32>
  return %0 : tensor<256x320xf32>
}
func.func @t3(%x: tensor<3x100x70xf64>) -> tensor<3x70x100xf64> {
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 0, 2, 1>} : (tensor<3x100x70xf64>) -> tensor<3x70x100xf64>
  return %0 : tensor<3x70x100xf64>
}
