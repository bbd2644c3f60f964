// Convolutions of BLIS size (test/Conversion/KernelToLoop/im2col-conform.test):
// strided and padded f32 with a bias, asymmetric-padded f64 without one
// (images of 64 and 80 pixels: one gemm per image), and images of 36
// pixels (one im2col gemm over all of them).
func.func @conv(%x: tensor<2x8x16x16xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>) -> tensor<2x16x8x8xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x8x16x16xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<2x16x8x8xf32>
  return %0 : tensor<2x16x8x8xf32>
}
func.func @conv64(%x: tensor<1x4x10x12xf64>, %w: tensor<32x4x3x5xf64>) -> tensor<1x32x10x8xf64> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 0, 1, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x4x10x12xf64>, tensor<32x4x3x5xf64>) -> tensor<1x32x10x8xf64>
  return %0 : tensor<1x32x10x8xf64>
}
func.func @small_images(%x: tensor<8x32x6x6xf32>, %w: tensor<32x32x3x3xf32>, %b: tensor<32xf32>) -> tensor<8x32x6x6xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<8x32x6x6xf32>, tensor<32x32x3x3xf32>, tensor<32xf32>) -> tensor<8x32x6x6xf32>
  return %0 : tensor<8x32x6x6xf32>
}
