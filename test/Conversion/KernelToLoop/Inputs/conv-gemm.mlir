// Convolutions tc-select-kernels sends to one BLIS gemm per image
// (algorithm "gemm", images of >= 64 output pixels): a 1x1 stride-1
// unpadded one (x itself is the gemm's operand), padding, stride with
// dilation and asymmetric padding, a strided 1x1, f64, each with or
// without bias and a fused relu.
func.func @pointwise(%x: tensor<2x16x16x16xf32>, %w: tensor<32x16x1x1xf32>, %b: tensor<32xf32>) -> tensor<2x32x16x16xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x16x16x16xf32>, tensor<32x16x1x1xf32>, tensor<32xf32>) -> tensor<2x32x16x16xf32>
  %1 = "tc_tensor.relu"(%0) : (tensor<2x32x16x16xf32>) -> tensor<2x32x16x16xf32>
  return %1 : tensor<2x32x16x16xf32>
}
func.func @padded(%x: tensor<2x8x16x16xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>) -> tensor<2x16x16x16xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x8x16x16xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<2x16x16x16xf32>
  %1 = "tc_tensor.relu"(%0) : (tensor<2x16x16x16xf32>) -> tensor<2x16x16x16xf32>
  return %1 : tensor<2x16x16x16xf32>
}
func.func @strided_dilated(%x: tensor<1x4x40x40xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<1x8x20x19xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 2, 2>, pads = array<i64: 1, 0, 2, 1>, dilations = array<i64: 2, 2>, group = 1 : i64} : (tensor<1x4x40x40xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x20x19xf32>
  return %0 : tensor<1x8x20x19xf32>
}
func.func @strided_1x1(%x: tensor<2x16x32x32xf32>, %w: tensor<32x16x1x1xf32>, %b: tensor<32xf32>) -> tensor<2x32x16x16xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x16x32x32xf32>, tensor<32x16x1x1xf32>, tensor<32xf32>) -> tensor<2x32x16x16xf32>
  return %0 : tensor<2x32x16x16xf32>
}
func.func @double(%x: tensor<1x16x16x16xf64>, %w: tensor<16x16x1x1xf64>, %b: tensor<16xf64>) -> tensor<1x16x16x16xf64> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x16x16x16xf64>, tensor<16x16x1x1xf64>, tensor<16xf64>) -> tensor<1x16x16x16xf64>
  %1 = "tc_tensor.relu"(%0) : (tensor<1x16x16x16xf64>) -> tensor<1x16x16x16xf64>
  return %1 : tensor<1x16x16x16xf64>
}
