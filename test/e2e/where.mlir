// tc_tensor.where (docs/dialects.md §2.2.4) compiled with the CPU pipeline
// against tensor-ref: the 3-way broadcast of cond, lhs and rhs (rank 0
// included), every dtype, special values passed through unchanged whichever
// operand holds them (a NaN in the unselected operand has no effect), and
// empty results.
// RUN: %e2e %s

func.func @where_f32(%c0: tensor<4x1xi1>, %l0: tensor<3xf32>, %r0: tensor<4x3xf32>, %c1: tensor<i1>, %l1: tensor<2x3xf32>, %r1: tensor<f32>, %c2: tensor<2x1x3xi1> {tc.distribution = "bernoulli(0.3)"}, %l2: tensor<4x1xf32>, %r2: tensor<1xf32>) -> (tensor<4x3xf32>, tensor<2x3xf32>, tensor<2x4x3xf32>) {
  %0 = "tc_tensor.where"(%c0, %l0, %r0) : (tensor<4x1xi1>, tensor<3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %1 = "tc_tensor.where"(%c1, %l1, %r1) : (tensor<i1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %2 = "tc_tensor.where"(%c2, %l2, %r2) : (tensor<2x1x3xi1>, tensor<4x1xf32>, tensor<1xf32>) -> tensor<2x4x3xf32>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<2x3xf32>, tensor<2x4x3xf32>
}

func.func @where_f16_bf16_f64(%c: tensor<2x3xi1>, %a: tensor<2x3xf16>, %b: tensor<3xf16>, %d: tensor<3xbf16>, %e: tensor<2x1xbf16>, %f: tensor<f64>, %g: tensor<f64>, %h: tensor<i1>) -> (tensor<2x3xf16>, tensor<2x3xbf16>, tensor<f64>) {
  %0 = "tc_tensor.where"(%c, %a, %b) : (tensor<2x3xi1>, tensor<2x3xf16>, tensor<3xf16>) -> tensor<2x3xf16>
  %1 = "tc_tensor.where"(%c, %d, %e) : (tensor<2x3xi1>, tensor<3xbf16>, tensor<2x1xbf16>) -> tensor<2x3xbf16>
  %2 = "tc_tensor.where"(%h, %f, %g) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
  return %0, %1, %2 : tensor<2x3xf16>, tensor<2x3xbf16>, tensor<f64>
}

func.func @where_ints(%c: tensor<3x4xi1>, %a: tensor<3x4xi1>, %b: tensor<4xi1>, %d: tensor<4xi8> {tc.distribution = "integers(-128, 128)"}, %e: tensor<3x1xi8> {tc.distribution = "integers(-128, 128)"}, %f: tensor<3x4xui8> {tc.distribution = "integers(0, 256)"}, %g: tensor<ui8> {tc.distribution = "integers(0, 256)"}, %h: tensor<1x4xi32>, %k: tensor<3x4xi32>, %m: tensor<i64>, %n: tensor<3x4xi64>, %p: tensor<4xui16>, %q: tensor<4xui16>, %s: tensor<4xui32>, %t: tensor<1xui32>, %u: tensor<4xui64>, %v: tensor<4xui64>, %w: tensor<4xi16>, %z: tensor<4xi16>) -> (tensor<3x4xi1>, tensor<3x4xi8>, tensor<3x4xui8>, tensor<3x4xi32>, tensor<3x4xi64>, tensor<3x4xui16>, tensor<3x4xui32>, tensor<3x4xui64>, tensor<3x4xi16>) {
  %0 = "tc_tensor.where"(%c, %a, %b) : (tensor<3x4xi1>, tensor<3x4xi1>, tensor<4xi1>) -> tensor<3x4xi1>
  %1 = "tc_tensor.where"(%c, %d, %e) : (tensor<3x4xi1>, tensor<4xi8>, tensor<3x1xi8>) -> tensor<3x4xi8>
  %2 = "tc_tensor.where"(%c, %f, %g) : (tensor<3x4xi1>, tensor<3x4xui8>, tensor<ui8>) -> tensor<3x4xui8>
  %3 = "tc_tensor.where"(%c, %h, %k) : (tensor<3x4xi1>, tensor<1x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  %4 = "tc_tensor.where"(%c, %m, %n) : (tensor<3x4xi1>, tensor<i64>, tensor<3x4xi64>) -> tensor<3x4xi64>
  %5 = "tc_tensor.where"(%c, %p, %q) : (tensor<3x4xi1>, tensor<4xui16>, tensor<4xui16>) -> tensor<3x4xui16>
  %6 = "tc_tensor.where"(%c, %s, %t) : (tensor<3x4xi1>, tensor<4xui32>, tensor<1xui32>) -> tensor<3x4xui32>
  %7 = "tc_tensor.where"(%c, %u, %v) : (tensor<3x4xi1>, tensor<4xui64>, tensor<4xui64>) -> tensor<3x4xui64>
  %8 = "tc_tensor.where"(%c, %w, %z) : (tensor<3x4xi1>, tensor<4xi16>, tensor<4xi16>) -> tensor<3x4xi16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<3x4xi1>, tensor<3x4xi8>, tensor<3x4xui8>, tensor<3x4xi32>, tensor<3x4xi64>, tensor<3x4xui16>, tensor<3x4xui32>, tensor<3x4xui64>, tensor<3x4xi16>
}

// Each special value against NaN, selected from either side.
func.func @where_special_f32() -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %c = "tc_tensor.constant"() {value = dense<[[true], [false]]> : tensor<2x1xi1>} : () -> tensor<2x1xi1>
  %s = "tc_tensor.constant"() {value = dense<[0x7FC00000, 0xFFC00001, 0x7F800000, 0xFF800000, 0.0, -0.0, 0x00000001, 3.40282347E+38]> : tensor<8xf32>} : () -> tensor<8xf32>
  %n = "tc_tensor.constant"() {value = dense<0x7FC00000> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "tc_tensor.where"(%c, %s, %n) : (tensor<2x1xi1>, tensor<8xf32>, tensor<1xf32>) -> tensor<2x8xf32>
  %1 = "tc_tensor.where"(%c, %n, %s) : (tensor<2x1xi1>, tensor<1xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  return %0, %1 : tensor<2x8xf32>, tensor<2x8xf32>
}

func.func @where_special_f16_bf16_f64() -> (tensor<2x4xf16>, tensor<2x4xbf16>, tensor<2x4xf64>) {
  %c = "tc_tensor.constant"() {value = dense<[[true], [false]]> : tensor<2x1xi1>} : () -> tensor<2x1xi1>
  %a = "tc_tensor.constant"() {value = dense<[0x7C00, 0xFC00, -0.0, 0x0001]> : tensor<4xf16>} : () -> tensor<4xf16>
  %b = "tc_tensor.constant"() {value = dense<0x7E00> : tensor<1x1xf16>} : () -> tensor<1x1xf16>
  %d = "tc_tensor.constant"() {value = dense<[0x7F80, 0xFF80, -0.0, 0x0001]> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %e = "tc_tensor.constant"() {value = dense<[-0.0, 0x7FC0, 1.0, 0x7F7F]> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %f = "tc_tensor.constant"() {value = dense<[0x7FF0000000000000, -0.0, 0x0000000000000001, 0x7FF8000000000000]> : tensor<4xf64>} : () -> tensor<4xf64>
  %g = "tc_tensor.constant"() {value = dense<-0.0> : tensor<f64>} : () -> tensor<f64>
  %0 = "tc_tensor.where"(%c, %a, %b) : (tensor<2x1xi1>, tensor<4xf16>, tensor<1x1xf16>) -> tensor<2x4xf16>
  %1 = "tc_tensor.where"(%c, %d, %e) : (tensor<2x1xi1>, tensor<4xbf16>, tensor<4xbf16>) -> tensor<2x4xbf16>
  %2 = "tc_tensor.where"(%c, %f, %g) : (tensor<2x1xi1>, tensor<4xf64>, tensor<f64>) -> tensor<2x4xf64>
  return %0, %1, %2 : tensor<2x4xf16>, tensor<2x4xbf16>, tensor<2x4xf64>
}

func.func @where_extremes() -> (tensor<2x4xi64>, tensor<2x3xui64>) {
  %c = "tc_tensor.constant"() {value = dense<[[false], [true]]> : tensor<2x1xi1>} : () -> tensor<2x1xi1>
  %a = "tc_tensor.constant"() {value = dense<[-9223372036854775808, 9223372036854775807, -1, 0]> : tensor<4xi64>} : () -> tensor<4xi64>
  %b = "tc_tensor.constant"() {value = dense<[9223372036854775807, 0, -9223372036854775808, 1]> : tensor<4xi64>} : () -> tensor<4xi64>
  %d = "tc_tensor.constant"() {value = dense<[18446744073709551615, 9223372036854775808, 0]> : tensor<3xui64>} : () -> tensor<3xui64>
  %e = "tc_tensor.constant"() {value = dense<1> : tensor<ui64>} : () -> tensor<ui64>
  %0 = "tc_tensor.where"(%c, %a, %b) : (tensor<2x1xi1>, tensor<4xi64>, tensor<4xi64>) -> tensor<2x4xi64>
  %1 = "tc_tensor.where"(%c, %d, %e) : (tensor<2x1xi1>, tensor<3xui64>, tensor<ui64>) -> tensor<2x3xui64>
  return %0, %1 : tensor<2x4xi64>, tensor<2x3xui64>
}

// -----

func.func @where_empty(%c: tensor<0x1xi1>, %a: tensor<3xf32>, %b: tensor<1x3xf32>, %d: tensor<2x1xi1>, %e: tensor<0xi32>, %f: tensor<i32>) -> (tensor<0x3xf32>, tensor<2x0xi32>) {
  %0 = "tc_tensor.where"(%c, %a, %b) : (tensor<0x1xi1>, tensor<3xf32>, tensor<1x3xf32>) -> tensor<0x3xf32>
  %1 = "tc_tensor.where"(%d, %e, %f) : (tensor<2x1xi1>, tensor<0xi32>, tensor<i32>) -> tensor<2x0xi32>
  return %0, %1 : tensor<0x3xf32>, tensor<2x0xi32>
}
