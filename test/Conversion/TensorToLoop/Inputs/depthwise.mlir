// Convolutions with one input channel per group (ConvPool.c, depthwise
// rows): 3x3 padded, stride 2 with dilation and asymmetric padding, a
// channel multiplier of 2 (M = 2·group), a row too narrow for an interior
// (every column is an edge), no bias, f64, and a 1-channel group-1 conv.
func.func @dw3x3(%x: tensor<2x8x12x12xf32>, %w: tensor<8x1x3x3xf32>, %b: tensor<8xf32>) -> tensor<2x8x12x12xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 8 : i64} : (tensor<2x8x12x12xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<2x8x12x12xf32>
  return %0 : tensor<2x8x12x12xf32>
}
func.func @strided(%x: tensor<1x4x17x19xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<1x4x7x9xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 2, 2>, pads = array<i64: 1, 2, 0, 1>, dilations = array<i64: 2, 2>, group = 4 : i64} : (tensor<1x4x17x19xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x7x9xf32>
  return %0 : tensor<1x4x7x9xf32>
}
func.func @multiplier(%x: tensor<1x3x9x9xf32>, %w: tensor<6x1x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x9x9xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 3 : i64} : (tensor<1x3x9x9xf32>, tensor<6x1x3x3xf32>, tensor<6xf32>) -> tensor<1x6x9x9xf32>
  return %0 : tensor<1x6x9x9xf32>
}
func.func @narrow(%x: tensor<1x2x5x2xf32>, %w: tensor<2x1x3x3xf32>) -> tensor<1x2x5x2xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 2 : i64} : (tensor<1x2x5x2xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x5x2xf32>
  return %0 : tensor<1x2x5x2xf32>
}
func.func @double(%x: tensor<1x4x8x8xf64>, %w: tensor<4x1x5x5xf64>, %b: tensor<4xf64>) -> tensor<1x4x8x8xf64> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 2, 2, 2, 2>, dilations = array<i64: 1, 1>, group = 4 : i64} : (tensor<1x4x8x8xf64>, tensor<4x1x5x5xf64>, tensor<4xf64>) -> tensor<1x4x8x8xf64>
  return %0 : tensor<1x4x8x8xf64>
}
func.func @one_channel(%x: tensor<1x1x10x10xf32>, %w: tensor<3x1x3x3xf32>) -> tensor<1x3x8x8xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x10x10xf32>, tensor<3x1x3x3xf32>) -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}
