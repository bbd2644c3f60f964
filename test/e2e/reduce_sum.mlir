// tc_tensor.reduce_sum compiled with the CPU pipeline against tensor-ref
// (docs/dialects.md §2.2.17): axes subsets, negative axes, keepdims, empty
// axes (all), rank 0, every float dtype (f16/bf16 summed in f32, partial
// sums beyond the f16 range), integers wrapping, reductions over a size-0
// dimension (+0, int 0), empty results, and NaN, ±inf, ±0 as constants.
// RUN: %e2e %s

func.func @sum_f32(%x: tensor<2x3x4xf32>) -> (tensor<2x4xf32>, tensor<1x1x1xf32>, tensor<3xf32>, tensor<2x1x4xf32>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  %1 = "tc_tensor.reduce_sum"(%x) {axes = array<i64>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  %2 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  %3 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: -2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<1x1x1xf32>, tensor<3xf32>, tensor<2x1x4xf32>
}

func.func @sum_f16_bf16_f64(%x0: tensor<3x5xf16> {tc.distribution = "uniform(-100, 100)"}, %x1: tensor<4x6xbf16>, %x2: tensor<2x3x4xf64>) -> (tensor<1x5xf16>, tensor<4xbf16>, tensor<f64>) {
  %0 = "tc_tensor.reduce_sum"(%x0) {axes = array<i64: 0>, keepdims = true} : (tensor<3x5xf16>) -> tensor<1x5xf16>
  %1 = "tc_tensor.reduce_sum"(%x1) {axes = array<i64: 1>, keepdims = false} : (tensor<4x6xbf16>) -> tensor<4xbf16>
  %2 = "tc_tensor.reduce_sum"(%x2) {axes = array<i64>, keepdims = false} : (tensor<2x3x4xf64>) -> tensor<f64>
  return %0, %1, %2 : tensor<1x5xf16>, tensor<4xbf16>, tensor<f64>
}

func.func @sum_ints(%x0: tensor<4x8xi8> {tc.distribution = "integers(-128, 128)"}, %x1: tensor<3x4xi16>, %x2: tensor<2x3xi32>, %x3: tensor<2x3xi64>, %x4: tensor<4x8xui8> {tc.distribution = "integers(0, 256)"}, %x5: tensor<3x2xui16>, %x6: tensor<3x2xui32>, %x7: tensor<3x2xui64>) -> (tensor<4xi8>, tensor<1x4xi16>, tensor<i32>, tensor<2xi64>, tensor<4xui8>, tensor<2xui16>, tensor<3x1xui32>, tensor<ui64>) {
  %0 = "tc_tensor.reduce_sum"(%x0) {axes = array<i64: 1>, keepdims = false} : (tensor<4x8xi8>) -> tensor<4xi8>
  %1 = "tc_tensor.reduce_sum"(%x1) {axes = array<i64: 0>, keepdims = true} : (tensor<3x4xi16>) -> tensor<1x4xi16>
  %2 = "tc_tensor.reduce_sum"(%x2) {axes = array<i64>, keepdims = false} : (tensor<2x3xi32>) -> tensor<i32>
  %3 = "tc_tensor.reduce_sum"(%x3) {axes = array<i64: -1>, keepdims = false} : (tensor<2x3xi64>) -> tensor<2xi64>
  %4 = "tc_tensor.reduce_sum"(%x4) {axes = array<i64: 1>, keepdims = false} : (tensor<4x8xui8>) -> tensor<4xui8>
  %5 = "tc_tensor.reduce_sum"(%x5) {axes = array<i64: 0>, keepdims = false} : (tensor<3x2xui16>) -> tensor<2xui16>
  %6 = "tc_tensor.reduce_sum"(%x6) {axes = array<i64: 1>, keepdims = true} : (tensor<3x2xui32>) -> tensor<3x1xui32>
  %7 = "tc_tensor.reduce_sum"(%x7) {axes = array<i64: 0, 1>, keepdims = false} : (tensor<3x2xui64>) -> tensor<ui64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi8>, tensor<1x4xi16>, tensor<i32>, tensor<2xi64>, tensor<4xui8>, tensor<2xui16>, tensor<3x1xui32>, tensor<ui64>
}

func.func @sum_rank0(%x: tensor<f32>, %y: tensor<i32>, %z: tensor<f16>) -> (tensor<f32>, tensor<i32>, tensor<f16>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64>, keepdims = false} : (tensor<f32>) -> tensor<f32>
  %1 = "tc_tensor.reduce_sum"(%y) {axes = array<i64>, keepdims = true} : (tensor<i32>) -> tensor<i32>
  %2 = "tc_tensor.reduce_sum"(%z) {axes = array<i64>, keepdims = false} : (tensor<f16>) -> tensor<f16>
  return %0, %1, %2 : tensor<f32>, tensor<i32>, tensor<f16>
}

func.func @sum_empty(%x: tensor<0x3xf32>, %y: tensor<0x3xi32>, %z: tensor<0x2xf16>, %w: tensor<0x2x3xf64>) -> (tensor<3xf32>, tensor<0x1xf32>, tensor<3xi32>, tensor<f16>, tensor<2x3xf64>, tensor<0x3xf64>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<0x3xf32>) -> tensor<3xf32>
  %1 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<0x3xf32>) -> tensor<0x1xf32>
  %2 = "tc_tensor.reduce_sum"(%y) {axes = array<i64: 0>, keepdims = false} : (tensor<0x3xi32>) -> tensor<3xi32>
  %3 = "tc_tensor.reduce_sum"(%z) {axes = array<i64>, keepdims = false} : (tensor<0x2xf16>) -> tensor<f16>
  %4 = "tc_tensor.reduce_sum"(%w) {axes = array<i64: 0>, keepdims = false} : (tensor<0x2x3xf64>) -> tensor<2x3xf64>
  %5 = "tc_tensor.reduce_sum"(%w) {axes = array<i64: 1>, keepdims = false} : (tensor<0x2x3xf64>) -> tensor<0x3xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<3xf32>, tensor<0x1xf32>, tensor<3xi32>, tensor<f16>, tensor<2x3xf64>, tensor<0x3xf64>
}

// Rows: NaN; inf + -inf; inf; -inf; all -0; -0 and +0; exact cancellation; subnormals.
func.func @sum_special_f32() -> tensor<8xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 1.0, 2.0, 3.0], [0x7F800000, 0xFF800000, 1.0, 1.0], [0x7F800000, 1.0, -2.0, 3.0], [0xFF800000, 1.0, 2.0, 3.0], [-0.0, -0.0, -0.0, -0.0], [-0.0, 0.0, -0.0, -0.0], [1.5, -1.0, 0.5, -1.0], [0x00000001, 0x00000001, 0x80000003, 0x00000002]]> : tensor<8x4xf32>} : () -> tensor<8x4xf32>
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<8x4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// Partial sums beyond 65504 whose total is finite; NaN; -inf; all -0.
func.func @sum_special_f16() -> tensor<4xf16> {
  %x = "tc_tensor.constant"() {value = dense<[[6.550400e+04, 6.550400e+04, -6.550400e+04, 1.0], [0x7E00, 1.0, 2.0, 3.0], [0xFC00, 6.550400e+04, 6.550400e+04, 1.0], [-0.0, -0.0, -0.0, -0.0]]> : tensor<4x4xf16>} : () -> tensor<4x4xf16>
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

func.func @sum_special_ints() -> (tensor<3xi32>, tensor<2xi64>, tensor<2xui8>) {
  %a = "tc_tensor.constant"() {value = dense<[[2147483647, 1], [-2147483648, -1], [2147483647, 2147483647]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %b = "tc_tensor.constant"() {value = dense<[[9223372036854775807, 1], [-9223372036854775808, -9223372036854775808]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %c = "tc_tensor.constant"() {value = dense<[[255, 1], [200, 100]]> : tensor<2x2xui8>} : () -> tensor<2x2xui8>
  %0 = "tc_tensor.reduce_sum"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<3x2xi32>) -> tensor<3xi32>
  %1 = "tc_tensor.reduce_sum"(%b) {axes = array<i64: 1>, keepdims = false} : (tensor<2x2xi64>) -> tensor<2xi64>
  %2 = "tc_tensor.reduce_sum"(%c) {axes = array<i64: 1>, keepdims = false} : (tensor<2x2xui8>) -> tensor<2xui8>
  return %0, %1, %2 : tensor<3xi32>, tensor<2xi64>, tensor<2xui8>
}

// A size-0 inner dimension: reduced (+0 per row) or kept (empty result).
func.func @sum_empty_inner(%x: tensor<2x0xf16>, %y: tensor<3x0x2xi8>) -> (tensor<2xf16>, tensor<f16>, tensor<3x2xi8>, tensor<3x0xi8>) {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xf16>) -> tensor<2xf16>
  %1 = "tc_tensor.reduce_sum"(%x) {axes = array<i64>, keepdims = false} : (tensor<2x0xf16>) -> tensor<f16>
  %2 = "tc_tensor.reduce_sum"(%y) {axes = array<i64: 1>, keepdims = false} : (tensor<3x0x2xi8>) -> tensor<3x2xi8>
  %3 = "tc_tensor.reduce_sum"(%y) {axes = array<i64: 2>, keepdims = false} : (tensor<3x0x2xi8>) -> tensor<3x0xi8>
  return %0, %1, %2, %3 : tensor<2xf16>, tensor<f16>, tensor<3x2xi8>, tensor<3x0xi8>
}
