// tc_tensor.reduce_prod compiled with the CPU pipeline against tensor-ref
// (docs/dialects.md §2.2.17): axes subsets, negative axes, keepdims, empty
// axes (all), rank 0, every float dtype (f16/bf16 multiplied in f32, partial
// products beyond the f16 range), integers wrapping, reductions over a size-0
// dimension (1), empty results, and NaN, ±inf, ±0 (0·inf, zero signs) as
// constants.
// RUN: %e2e %s

func.func @prod_f32(%x: tensor<2x3x4xf32>) -> (tensor<2x4xf32>, tensor<1x1x1xf32>, tensor<3xf32>, tensor<2x1x4xf32>) {
  %0 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  %1 = "tc_tensor.reduce_prod"(%x) {axes = array<i64>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  %2 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  %3 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: -2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<1x1x1xf32>, tensor<3xf32>, tensor<2x1x4xf32>
}

func.func @prod_f16_bf16_f64(%x0: tensor<3x5xf16> {tc.distribution = "uniform(-100, 100)"}, %x1: tensor<4x6xbf16>, %x2: tensor<2x3x4xf64>) -> (tensor<1x5xf16>, tensor<4xbf16>, tensor<f64>) {
  %0 = "tc_tensor.reduce_prod"(%x0) {axes = array<i64: 0>, keepdims = true} : (tensor<3x5xf16>) -> tensor<1x5xf16>
  %1 = "tc_tensor.reduce_prod"(%x1) {axes = array<i64: 1>, keepdims = false} : (tensor<4x6xbf16>) -> tensor<4xbf16>
  %2 = "tc_tensor.reduce_prod"(%x2) {axes = array<i64>, keepdims = false} : (tensor<2x3x4xf64>) -> tensor<f64>
  return %0, %1, %2 : tensor<1x5xf16>, tensor<4xbf16>, tensor<f64>
}

func.func @prod_ints(%x0: tensor<4x8xi8> {tc.distribution = "integers(-128, 128)"}, %x1: tensor<3x4xi16>, %x2: tensor<2x3xi32>, %x3: tensor<2x3xi64>, %x4: tensor<4x8xui8> {tc.distribution = "integers(0, 256)"}, %x5: tensor<3x2xui16>, %x6: tensor<3x2xui32>, %x7: tensor<3x2xui64>) -> (tensor<4xi8>, tensor<1x4xi16>, tensor<i32>, tensor<2xi64>, tensor<4xui8>, tensor<2xui16>, tensor<3x1xui32>, tensor<ui64>) {
  %0 = "tc_tensor.reduce_prod"(%x0) {axes = array<i64: 1>, keepdims = false} : (tensor<4x8xi8>) -> tensor<4xi8>
  %1 = "tc_tensor.reduce_prod"(%x1) {axes = array<i64: 0>, keepdims = true} : (tensor<3x4xi16>) -> tensor<1x4xi16>
  %2 = "tc_tensor.reduce_prod"(%x2) {axes = array<i64>, keepdims = false} : (tensor<2x3xi32>) -> tensor<i32>
  %3 = "tc_tensor.reduce_prod"(%x3) {axes = array<i64: -1>, keepdims = false} : (tensor<2x3xi64>) -> tensor<2xi64>
  %4 = "tc_tensor.reduce_prod"(%x4) {axes = array<i64: 1>, keepdims = false} : (tensor<4x8xui8>) -> tensor<4xui8>
  %5 = "tc_tensor.reduce_prod"(%x5) {axes = array<i64: 0>, keepdims = false} : (tensor<3x2xui16>) -> tensor<2xui16>
  %6 = "tc_tensor.reduce_prod"(%x6) {axes = array<i64: 1>, keepdims = true} : (tensor<3x2xui32>) -> tensor<3x1xui32>
  %7 = "tc_tensor.reduce_prod"(%x7) {axes = array<i64: 0, 1>, keepdims = false} : (tensor<3x2xui64>) -> tensor<ui64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi8>, tensor<1x4xi16>, tensor<i32>, tensor<2xi64>, tensor<4xui8>, tensor<2xui16>, tensor<3x1xui32>, tensor<ui64>
}

func.func @prod_rank0(%x: tensor<f32>, %y: tensor<i32>, %z: tensor<f16>) -> (tensor<f32>, tensor<i32>, tensor<f16>) {
  %0 = "tc_tensor.reduce_prod"(%x) {axes = array<i64>, keepdims = false} : (tensor<f32>) -> tensor<f32>
  %1 = "tc_tensor.reduce_prod"(%y) {axes = array<i64>, keepdims = true} : (tensor<i32>) -> tensor<i32>
  %2 = "tc_tensor.reduce_prod"(%z) {axes = array<i64>, keepdims = false} : (tensor<f16>) -> tensor<f16>
  return %0, %1, %2 : tensor<f32>, tensor<i32>, tensor<f16>
}

func.func @prod_empty(%x: tensor<0x3xf32>, %y: tensor<0x3xi32>, %z: tensor<0x2xf16>, %w: tensor<0x2x3xf64>) -> (tensor<3xf32>, tensor<0x1xf32>, tensor<3xi32>, tensor<f16>, tensor<2x3xf64>, tensor<0x3xf64>) {
  %0 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<0x3xf32>) -> tensor<3xf32>
  %1 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<0x3xf32>) -> tensor<0x1xf32>
  %2 = "tc_tensor.reduce_prod"(%y) {axes = array<i64: 0>, keepdims = false} : (tensor<0x3xi32>) -> tensor<3xi32>
  %3 = "tc_tensor.reduce_prod"(%z) {axes = array<i64>, keepdims = false} : (tensor<0x2xf16>) -> tensor<f16>
  %4 = "tc_tensor.reduce_prod"(%w) {axes = array<i64: 0>, keepdims = false} : (tensor<0x2x3xf64>) -> tensor<2x3xf64>
  %5 = "tc_tensor.reduce_prod"(%w) {axes = array<i64: 1>, keepdims = false} : (tensor<0x2x3xf64>) -> tensor<0x3xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<3xf32>, tensor<0x1xf32>, tensor<3xi32>, tensor<f16>, tensor<2x3xf64>, tensor<0x3xf64>
}

// Rows: NaN; 0 * inf; inf; -inf * -1; -0 * 1 (-0); -0 * -1 (+0); three negatives; tiny * huge.
func.func @prod_special_f32() -> tensor<8xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 1.0, 2.0, 3.0], [0x7F800000, 0.0, 1.0, 1.0], [0x7F800000, 1.0, 2.0, 3.0], [0xFF800000, -1.0, 2.0, 3.0], [-0.0, 1.0, 2.0, 3.0], [-0.0, -1.0, 2.0, 3.0], [-1.5, -2.0, -0.5, 4.0], [0x00800000, 3.0e+38, 2.0, 0.5]]> : tensor<8x4xf32>} : () -> tensor<8x4xf32>
  %0 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<8x4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// Partial products beyond 65504 whose total is finite; NaN; -inf; zero signs.
func.func @prod_special_f16() -> tensor<5xf16> {
  %x = "tc_tensor.constant"() {value = dense<[[2.560000e+02, 2.560000e+02, 3.906250e-03, 3.0], [0x7E00, 1.0, 2.0, 3.0], [0xFC00, 2.0, 2.0, 1.0], [-0.0, -0.0, -1.0, 1.0], [-0.0, -0.0, -0.0, 2.0]]> : tensor<5x4xf16>} : () -> tensor<5x4xf16>
  %0 = "tc_tensor.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<5x4xf16>) -> tensor<5xf16>
  return %0 : tensor<5xf16>
}

func.func @prod_special_ints() -> (tensor<3xi32>, tensor<2xi64>, tensor<2xui8>) {
  %a = "tc_tensor.constant"() {value = dense<[[2147483647, 2], [-2147483648, -1], [65536, 65536]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %b = "tc_tensor.constant"() {value = dense<[[9223372036854775807, 3], [-9223372036854775808, -1]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %c = "tc_tensor.constant"() {value = dense<[[255, 255], [16, 16]]> : tensor<2x2xui8>} : () -> tensor<2x2xui8>
  %0 = "tc_tensor.reduce_prod"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<3x2xi32>) -> tensor<3xi32>
  %1 = "tc_tensor.reduce_prod"(%b) {axes = array<i64: 1>, keepdims = false} : (tensor<2x2xi64>) -> tensor<2xi64>
  %2 = "tc_tensor.reduce_prod"(%c) {axes = array<i64: 1>, keepdims = false} : (tensor<2x2xui8>) -> tensor<2xui8>
  return %0, %1, %2 : tensor<3xi32>, tensor<2xi64>, tensor<2xui8>
}
