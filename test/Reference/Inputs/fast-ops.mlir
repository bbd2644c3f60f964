// Sum-heavy ops the fast mode evaluates, each result read by another op
// (so no element may keep a bound: the fast mode must give exactly the
// exact mode's values). Used by fast-mode.test.
func.func @matmul_f32(%a: tensor<2x37x70xf32>, %b: tensor<70x45xf32> {tc.distribution = "normal(0, 3)"}) -> tensor<2x37x45xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x37x70xf32>, tensor<70x45xf32>) -> tensor<2x37x45xf32>
  %1 = "tc_tensor.neg"(%0) : (tensor<2x37x45xf32>) -> tensor<2x37x45xf32>
  return %1 : tensor<2x37x45xf32>
}
// Wide magnitudes: many elements cancel, so the cheap bound often fails
// and the precise one or the exact fallback decides.
func.func @matmul_cancel(%a: tensor<9x300xf32> {tc.distribution = "normal(0, 1e6)"}, %b: tensor<300x17xf32> {tc.distribution = "normal(0, 1e-3)"}) -> tensor<9x17xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<9x300xf32>, tensor<300x17xf32>) -> tensor<9x17xf32>
  %1 = "tc_tensor.neg"(%0) : (tensor<9x17xf32>) -> tensor<9x17xf32>
  return %1 : tensor<9x17xf32>
}
func.func @matmul_vec(%a: tensor<70xf16>, %b: tensor<3x70x5xf16>) -> tensor<3x5xf16> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<70xf16>, tensor<3x70x5xf16>) -> tensor<3x5xf16>
  %1 = "tc_tensor.neg"(%0) : (tensor<3x5xf16>) -> tensor<3x5xf16>
  return %1 : tensor<3x5xf16>
}
func.func @matmul_f64(%a: tensor<33x260xf64>, %b: tensor<260x19xf64> {tc.distribution = "normal(0, 100)"}) -> tensor<33x19xf64> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<33x260xf64>, tensor<260x19xf64>) -> tensor<33x19xf64>
  %1 = "tc_tensor.neg"(%0) : (tensor<33x19xf64>) -> tensor<33x19xf64>
  return %1 : tensor<33x19xf64>
}
func.func @gemm_bf16(%a: tensor<40x21xbf16>, %b: tensor<18x40xbf16>, %c: tensor<18xbf16>) -> tensor<21x18xbf16> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.7 : f64, beta = -1.5 : f64, trans_a = true, trans_b = true} : (tensor<40x21xbf16>, tensor<18x40xbf16>, tensor<18xbf16>) -> tensor<21x18xbf16>
  %1 = "tc_tensor.neg"(%0) : (tensor<21x18xbf16>) -> tensor<21x18xbf16>
  return %1 : tensor<21x18xbf16>
}
func.func @gemm_f64(%a: tensor<17x300xf64>, %b: tensor<300x23xf64>, %c: tensor<17x1xf64>) -> tensor<17x23xf64> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.3 : f64, beta = 2.0 : f64, trans_a = false, trans_b = false} : (tensor<17x300xf64>, tensor<300x23xf64>, tensor<17x1xf64>) -> tensor<17x23xf64>
  %1 = "tc_tensor.neg"(%0) : (tensor<17x23xf64>) -> tensor<17x23xf64>
  return %1 : tensor<17x23xf64>
}
func.func @conv_f32(%x: tensor<2x6x13x11xf32>, %w: tensor<8x3x3x2xf32>, %bias: tensor<8xf32>) -> tensor<2x8x6x6xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w, %bias) {dilations = array<i64: 2, 1>, group = 2 : i64, pads = array<i64: 1, 0, 2, 1>, strides = array<i64: 2, 2>} : (tensor<2x6x13x11xf32>, tensor<8x3x3x2xf32>, tensor<8xf32>) -> tensor<2x8x6x6xf32>
  %1 = "tc_tensor.neg"(%0) : (tensor<2x8x6x6xf32>) -> tensor<2x8x6x6xf32>
  return %1 : tensor<2x8x6x6xf32>
}
func.func @conv_f64(%x: tensor<1x5x9x9xf64>, %w: tensor<4x5x3x3xf64>) -> tensor<1x4x9x9xf64> {
  %0 = "tc_tensor.conv2d"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x5x9x9xf64>, tensor<4x5x3x3xf64>) -> tensor<1x4x9x9xf64>
  %1 = "tc_tensor.neg"(%0) : (tensor<1x4x9x9xf64>) -> tensor<1x4x9x9xf64>
  return %1 : tensor<1x4x9x9xf64>
}
func.func @reduce_f32(%x: tensor<6x50x7xf32> {tc.distribution = "normal(0, 1e3)"}) -> (tensor<6x1x7xf32>, tensor<7xf32>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<6x50x7xf32>) -> tensor<6x1x7xf32>
  %1 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 0, 1>, keepdims = false} : (tensor<6x50x7xf32>) -> tensor<7xf32>
  %2 = "tc_tensor.neg"(%0) : (tensor<6x1x7xf32>) -> tensor<6x1x7xf32>
  %3 = "tc_tensor.neg"(%1) : (tensor<7xf32>) -> tensor<7xf32>
  return %2, %3 : tensor<6x1x7xf32>, tensor<7xf32>
}
func.func @reduce_f64(%x: tensor<5x300xf64>) -> (tensor<5xf64>, tensor<300xf64>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: -1>, keepdims = false} : (tensor<5x300xf64>) -> tensor<5xf64>
  %1 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<5x300xf64>) -> tensor<300xf64>
  %2 = "tc_tensor.neg"(%0) : (tensor<5xf64>) -> tensor<5xf64>
  %3 = "tc_tensor.neg"(%1) : (tensor<300xf64>) -> tensor<300xf64>
  return %2, %3 : tensor<5xf64>, tensor<300xf64>
}
func.func @pools(%x: tensor<2x3x11x10xf16>, %y: tensor<1x2x9x9xf64>) -> (tensor<2x3x6x4xf16>, tensor<2x3x1x1xf16>, tensor<1x2x5x5xf64>) {
  %0 = "tc_tensor.avg_pool2d"(%x) {ceil_mode = true, count_include_pad = true, kernel = array<i64: 3, 4>, pads = array<i64: 1, 1, 1, 0>, strides = array<i64: 2, 3>} : (tensor<2x3x11x10xf16>) -> tensor<2x3x6x4xf16>
  %1 = "tc_tensor.global_avg_pool"(%x) : (tensor<2x3x11x10xf16>) -> tensor<2x3x1x1xf16>
  %2 = "tc_tensor.avg_pool2d"(%y) {ceil_mode = false, count_include_pad = false, kernel = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x9x9xf64>) -> tensor<1x2x5x5xf64>
  %3 = "tc_tensor.neg"(%0) : (tensor<2x3x6x4xf16>) -> tensor<2x3x6x4xf16>
  %4 = "tc_tensor.neg"(%1) : (tensor<2x3x1x1xf16>) -> tensor<2x3x1x1xf16>
  %5 = "tc_tensor.neg"(%2) : (tensor<1x2x5x5xf64>) -> tensor<1x2x5x5xf64>
  return %3, %4, %5 : tensor<2x3x6x4xf16>, tensor<2x3x1x1xf16>, tensor<1x2x5x5xf64>
}
