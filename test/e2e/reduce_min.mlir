// tc_tensor.reduce_min compiled with the CPU pipeline against tensor-ref
// (docs/dialects.md §2.2.17; NaN-propagating, -0 over +0): axes subsets,
// negative axes, keepdims, empty axes (all), rank 0, every float dtype, signed
// and unsigned integers, reductions over a size-0 dimension (+inf, integer
// maximum), empty results, and NaN, ±inf, ±0, int MIN/MAX as constants.
// RUN: %e2e %s

func.func @min_f32(%x: tensor<2x3x4xf32>) -> (tensor<2x4xf32>, tensor<1x1x1xf32>, tensor<3xf32>, tensor<2x1x4xf32>) {
  %0 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  %1 = "tc_tensor.reduce_min"(%x) {axes = array<i64>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  %2 = "tc_tensor.reduce_min"(%x) {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  %3 = "tc_tensor.reduce_min"(%x) {axes = array<i64: -2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<1x1x1xf32>, tensor<3xf32>, tensor<2x1x4xf32>
}

func.func @min_f16_bf16_f64(%x0: tensor<3x5xf16> {tc.distribution = "uniform(-100, 100)"}, %x1: tensor<4x6xbf16>, %x2: tensor<2x3x4xf64>) -> (tensor<1x5xf16>, tensor<4xbf16>, tensor<f64>) {
  %0 = "tc_tensor.reduce_min"(%x0) {axes = array<i64: 0>, keepdims = true} : (tensor<3x5xf16>) -> tensor<1x5xf16>
  %1 = "tc_tensor.reduce_min"(%x1) {axes = array<i64: 1>, keepdims = false} : (tensor<4x6xbf16>) -> tensor<4xbf16>
  %2 = "tc_tensor.reduce_min"(%x2) {axes = array<i64>, keepdims = false} : (tensor<2x3x4xf64>) -> tensor<f64>
  return %0, %1, %2 : tensor<1x5xf16>, tensor<4xbf16>, tensor<f64>
}

func.func @min_ints(%x0: tensor<4x8xi8> {tc.distribution = "integers(-128, 128)"}, %x1: tensor<3x4xi16>, %x2: tensor<2x3xi32>, %x3: tensor<2x3xi64>, %x4: tensor<4x8xui8> {tc.distribution = "integers(0, 256)"}, %x5: tensor<3x2xui16>, %x6: tensor<3x2xui32>, %x7: tensor<3x2xui64>) -> (tensor<4xi8>, tensor<1x4xi16>, tensor<i32>, tensor<2xi64>, tensor<4xui8>, tensor<2xui16>, tensor<3x1xui32>, tensor<ui64>) {
  %0 = "tc_tensor.reduce_min"(%x0) {axes = array<i64: 1>, keepdims = false} : (tensor<4x8xi8>) -> tensor<4xi8>
  %1 = "tc_tensor.reduce_min"(%x1) {axes = array<i64: 0>, keepdims = true} : (tensor<3x4xi16>) -> tensor<1x4xi16>
  %2 = "tc_tensor.reduce_min"(%x2) {axes = array<i64>, keepdims = false} : (tensor<2x3xi32>) -> tensor<i32>
  %3 = "tc_tensor.reduce_min"(%x3) {axes = array<i64: -1>, keepdims = false} : (tensor<2x3xi64>) -> tensor<2xi64>
  %4 = "tc_tensor.reduce_min"(%x4) {axes = array<i64: 1>, keepdims = false} : (tensor<4x8xui8>) -> tensor<4xui8>
  %5 = "tc_tensor.reduce_min"(%x5) {axes = array<i64: 0>, keepdims = false} : (tensor<3x2xui16>) -> tensor<2xui16>
  %6 = "tc_tensor.reduce_min"(%x6) {axes = array<i64: 1>, keepdims = true} : (tensor<3x2xui32>) -> tensor<3x1xui32>
  %7 = "tc_tensor.reduce_min"(%x7) {axes = array<i64: 0, 1>, keepdims = false} : (tensor<3x2xui64>) -> tensor<ui64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi8>, tensor<1x4xi16>, tensor<i32>, tensor<2xi64>, tensor<4xui8>, tensor<2xui16>, tensor<3x1xui32>, tensor<ui64>
}

func.func @min_rank0(%x: tensor<f32>, %y: tensor<i32>, %z: tensor<f16>) -> (tensor<f32>, tensor<i32>, tensor<f16>) {
  %0 = "tc_tensor.reduce_min"(%x) {axes = array<i64>, keepdims = false} : (tensor<f32>) -> tensor<f32>
  %1 = "tc_tensor.reduce_min"(%y) {axes = array<i64>, keepdims = true} : (tensor<i32>) -> tensor<i32>
  %2 = "tc_tensor.reduce_min"(%z) {axes = array<i64>, keepdims = false} : (tensor<f16>) -> tensor<f16>
  return %0, %1, %2 : tensor<f32>, tensor<i32>, tensor<f16>
}

func.func @min_empty(%x: tensor<0x3xf32>, %y: tensor<0x3xi32>, %z: tensor<0x2xf16>, %w: tensor<0x2x3xf64>) -> (tensor<3xf32>, tensor<0x1xf32>, tensor<3xi32>, tensor<f16>, tensor<2x3xf64>, tensor<0x3xf64>) {
  %0 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<0x3xf32>) -> tensor<3xf32>
  %1 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<0x3xf32>) -> tensor<0x1xf32>
  %2 = "tc_tensor.reduce_min"(%y) {axes = array<i64: 0>, keepdims = false} : (tensor<0x3xi32>) -> tensor<3xi32>
  %3 = "tc_tensor.reduce_min"(%z) {axes = array<i64>, keepdims = false} : (tensor<0x2xf16>) -> tensor<f16>
  %4 = "tc_tensor.reduce_min"(%w) {axes = array<i64: 0>, keepdims = false} : (tensor<0x2x3xf64>) -> tensor<2x3xf64>
  %5 = "tc_tensor.reduce_min"(%w) {axes = array<i64: 1>, keepdims = false} : (tensor<0x2x3xf64>) -> tensor<0x3xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<3xf32>, tensor<0x1xf32>, tensor<3xi32>, tensor<f16>, tensor<2x3xf64>, tensor<0x3xf64>
}

// Rows: NaN first, NaN last; +inf; -inf only; -0 and +0 both orders; all -0; negatives; subnormal.
func.func @min_special_f32() -> tensor<9xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 1.0, 2.0, 3.0], [1.0, 2.0, 3.0, 0x7FC00000], [0x7F800000, 1.0, -2.0, 3.0], [0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000], [-0.0, 0.0, -1.0, -2.0], [0.0, -0.0, 1.0, 2.0], [-0.0, -0.0, -0.0, -0.0], [-3.0, -1.5, -2.0, -7.0], [0x00000001, 0x80000001, 0.0, -0.0]]> : tensor<9x4xf32>} : () -> tensor<9x4xf32>
  %0 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<9x4xf32>) -> tensor<9xf32>
  return %0 : tensor<9xf32>
}

func.func @min_special_f16_bf16_f64() -> (tensor<3xf16>, tensor<3xbf16>, tensor<3xf64>) {
  %a = "tc_tensor.constant"() {value = dense<[[0x7E00, 1.0], [-0.0, 0.0], [0xFC00, 6.550400e+04]]> : tensor<3x2xf16>} : () -> tensor<3x2xf16>
  %b = "tc_tensor.constant"() {value = dense<[[1.0, 0x7FC0], [0.0, -0.0], [0x7F80, 0xFF80]]> : tensor<3x2xbf16>} : () -> tensor<3x2xbf16>
  %c = "tc_tensor.constant"() {value = dense<[[0x7FF8000000000000, 1.0], [-0.0, 0.0], [0xFFF0000000000000, 0x0000000000000001]]> : tensor<3x2xf64>} : () -> tensor<3x2xf64>
  %0 = "tc_tensor.reduce_min"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<3x2xf16>) -> tensor<3xf16>
  %1 = "tc_tensor.reduce_min"(%b) {axes = array<i64: 1>, keepdims = false} : (tensor<3x2xbf16>) -> tensor<3xbf16>
  %2 = "tc_tensor.reduce_min"(%c) {axes = array<i64: 1>, keepdims = false} : (tensor<3x2xf64>) -> tensor<3xf64>
  return %0, %1, %2 : tensor<3xf16>, tensor<3xbf16>, tensor<3xf64>
}

func.func @min_special_ints() -> (tensor<2xi8>, tensor<2xi32>, tensor<2xi64>, tensor<2xui8>, tensor<2xui64>) {
  %a = "tc_tensor.constant"() {value = dense<[[-128, 127, 0], [-1, -128, -2]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %b = "tc_tensor.constant"() {value = dense<[[-2147483648, 2147483647, 0], [-1, -2147483648, -2]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c = "tc_tensor.constant"() {value = dense<[[-9223372036854775808, 9223372036854775807, 0], [-1, -9223372036854775808, -2]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %d = "tc_tensor.constant"() {value = dense<[[255, 0, 128], [127, 128, 1]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %e = "tc_tensor.constant"() {value = dense<[[18446744073709551615, 0, 9223372036854775808], [9223372036854775807, 9223372036854775808, 1]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %0 = "tc_tensor.reduce_min"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xi8>) -> tensor<2xi8>
  %1 = "tc_tensor.reduce_min"(%b) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xi32>) -> tensor<2xi32>
  %2 = "tc_tensor.reduce_min"(%c) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xi64>) -> tensor<2xi64>
  %3 = "tc_tensor.reduce_min"(%d) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xui8>) -> tensor<2xui8>
  %4 = "tc_tensor.reduce_min"(%e) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xui64>) -> tensor<2xui64>
  return %0, %1, %2, %3, %4 : tensor<2xi8>, tensor<2xi32>, tensor<2xi64>, tensor<2xui8>, tensor<2xui64>
}

// Reductions over a size-0 dimension for every integer kind: the empty-set values.
func.func @min_empty_ints(%a: tensor<0x2xi8>, %b: tensor<0x2xi64>, %c: tensor<0x2xui8>, %d: tensor<0x2xui64>, %e: tensor<0x2xf16>) -> (tensor<2xi8>, tensor<2xi64>, tensor<2xui8>, tensor<2xui64>, tensor<1x2xf16>) {
  %0 = "tc_tensor.reduce_min"(%a) {axes = array<i64: 0>, keepdims = false} : (tensor<0x2xi8>) -> tensor<2xi8>
  %1 = "tc_tensor.reduce_min"(%b) {axes = array<i64: 0>, keepdims = false} : (tensor<0x2xi64>) -> tensor<2xi64>
  %2 = "tc_tensor.reduce_min"(%c) {axes = array<i64: 0>, keepdims = false} : (tensor<0x2xui8>) -> tensor<2xui8>
  %3 = "tc_tensor.reduce_min"(%d) {axes = array<i64: 0>, keepdims = false} : (tensor<0x2xui64>) -> tensor<2xui64>
  %4 = "tc_tensor.reduce_min"(%e) {axes = array<i64: 0>, keepdims = true} : (tensor<0x2xf16>) -> tensor<1x2xf16>
  return %0, %1, %2, %3, %4 : tensor<2xi8>, tensor<2xi64>, tensor<2xui8>, tensor<2xui64>, tensor<1x2xf16>
}

// A size-0 inner dimension: reduced (the empty-set value per row) or kept (empty result).
func.func @min_empty_inner(%x: tensor<2x0xf32>, %y: tensor<3x0x2xui16>) -> (tensor<2xf32>, tensor<3x2xui16>, tensor<3x0xui16>) {
  %0 = "tc_tensor.reduce_min"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xf32>) -> tensor<2xf32>
  %1 = "tc_tensor.reduce_min"(%y) {axes = array<i64: 1>, keepdims = false} : (tensor<3x0x2xui16>) -> tensor<3x2xui16>
  %2 = "tc_tensor.reduce_min"(%y) {axes = array<i64: 2>, keepdims = false} : (tensor<3x0x2xui16>) -> tensor<3x0xui16>
  return %0, %1, %2 : tensor<2xf32>, tensor<3x2xui16>, tensor<3x0xui16>
}
