// Gemms above the BLIS one-thread volume, with a column count that is not a
// multiple of the slab width (test/Conversion/KernelToLoop/blis-slabs.test).
func.func @mm32(%a: tensor<64x300xf32>, %b: tensor<300x200xf32>) -> tensor<64x200xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<64x300xf32>, tensor<300x200xf32>) -> tensor<64x200xf32>
  return %0 : tensor<64x200xf32>
}
func.func @mm64(%a: tensor<64x300xf64>, %b: tensor<200x300xf64>, %c: tensor<64x200xf64>) -> tensor<64x200xf64> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.5 : f64, beta = 2.0 : f64, trans_a = false, trans_b = true} : (tensor<64x300xf64>, tensor<200x300xf64>, tensor<64x200xf64>) -> tensor<64x200xf64>
  return %0 : tensor<64x200xf64>
}
// Batched: 4 gemms above the one-thread volume, and 8 gemms below it whose
// batch is above it: both shared whole by the threads.
func.func @bmm32(%a: tensor<4x64x300xf32>, %b: tensor<4x300x40xf32>) -> tensor<4x64x40xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<4x64x300xf32>, tensor<4x300x40xf32>) -> tensor<4x64x40xf32>
  return %0 : tensor<4x64x40xf32>
}
func.func @bsmall32(%a: tensor<8x64x64xf32>, %b: tensor<8x64x64xf32>) -> tensor<8x64x64xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<8x64x64xf32>, tensor<8x64x64xf32>) -> tensor<8x64x64xf32>
  return %0 : tensor<8x64x64xf32>
}
// 16 columns, one group of the slab width: slabs of rows on 2 threads.
func.func @narrow32(%a: tensor<2000x300xf32>, %b: tensor<300x16xf32>) -> tensor<2000x16xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2000x300xf32>, tensor<300x16xf32>) -> tensor<2000x16xf32>
  return %0 : tensor<2000x16xf32>
}
