// tc_tensor.sub compiled with the CPU pipeline against tensor-ref:
// (docs/dialects.md §2.2.2) f32 with NumPy broadcasting (rank 0 included),
// f16, bf16 and f64, every integer width signed and unsigned, every pair of
// special values (NaN, ±inf, ±0, subnormal, MAX; int MIN, MAX, -1, 0) as
// constants, and empty results.
// RUN: %e2e %s

func.func @sub_f32(%x0: tensor<4x3xf32>, %x1: tensor<3xf32>, %x2: tensor<f32>, %x3: tensor<2x3xf32>, %x4: tensor<2x1x3xf32>, %x5: tensor<4x1xf32>) -> (tensor<4x3xf32>, tensor<2x3xf32>, tensor<2x4x3xf32>) {
  %0 = "tc_tensor.sub"(%x0, %x1) : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %1 = "tc_tensor.sub"(%x2, %x3) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "tc_tensor.sub"(%x4, %x5) : (tensor<2x1x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<2x3xf32>, tensor<2x4x3xf32>
}

func.func @sub_f16_bf16_f64(%x0: tensor<2x1x3xf16>, %x1: tensor<4x1xf16>, %x2: tensor<5xbf16>, %x3: tensor<5xbf16>, %x4: tensor<f64>, %x5: tensor<f64>, %x6: tensor<3x1xf64>, %x7: tensor<1x4xf64>) -> (tensor<2x4x3xf16>, tensor<5xbf16>, tensor<f64>, tensor<3x4xf64>) {
  %0 = "tc_tensor.sub"(%x0, %x1) : (tensor<2x1x3xf16>, tensor<4x1xf16>) -> tensor<2x4x3xf16>
  %1 = "tc_tensor.sub"(%x2, %x3) : (tensor<5xbf16>, tensor<5xbf16>) -> tensor<5xbf16>
  %2 = "tc_tensor.sub"(%x4, %x5) : (tensor<f64>, tensor<f64>) -> tensor<f64>
  %3 = "tc_tensor.sub"(%x6, %x7) : (tensor<3x1xf64>, tensor<1x4xf64>) -> tensor<3x4xf64>
  return %0, %1, %2, %3 : tensor<2x4x3xf16>, tensor<5xbf16>, tensor<f64>, tensor<3x4xf64>
}

func.func @sub_ints(%x0: tensor<3x4xi8> {tc.distribution = "integers(-128, 128)"}, %x1: tensor<4xi8> {tc.distribution = "integers(-128, 128)"}, %x2: tensor<2x1xi16>, %x3: tensor<1x3xi16>, %x4: tensor<6xi32>, %x5: tensor<6xi32>, %x6: tensor<i64>, %x7: tensor<2x2xi64>, %x8: tensor<4xui8> {tc.distribution = "integers(0, 256)"}, %x9: tensor<1xui8> {tc.distribution = "integers(0, 256)"}, %x10: tensor<3xui16>, %x11: tensor<3xui16>, %x12: tensor<2x2xui32>, %x13: tensor<2xui32>, %x14: tensor<3xui64>, %x15: tensor<ui64>) -> (tensor<3x4xi8>, tensor<2x3xi16>, tensor<6xi32>, tensor<2x2xi64>, tensor<4xui8>, tensor<3xui16>, tensor<2x2xui32>, tensor<3xui64>) {
  %0 = "tc_tensor.sub"(%x0, %x1) : (tensor<3x4xi8>, tensor<4xi8>) -> tensor<3x4xi8>
  %1 = "tc_tensor.sub"(%x2, %x3) : (tensor<2x1xi16>, tensor<1x3xi16>) -> tensor<2x3xi16>
  %2 = "tc_tensor.sub"(%x4, %x5) : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
  %3 = "tc_tensor.sub"(%x6, %x7) : (tensor<i64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  %4 = "tc_tensor.sub"(%x8, %x9) : (tensor<4xui8>, tensor<1xui8>) -> tensor<4xui8>
  %5 = "tc_tensor.sub"(%x10, %x11) : (tensor<3xui16>, tensor<3xui16>) -> tensor<3xui16>
  %6 = "tc_tensor.sub"(%x12, %x13) : (tensor<2x2xui32>, tensor<2xui32>) -> tensor<2x2xui32>
  %7 = "tc_tensor.sub"(%x14, %x15) : (tensor<3xui64>, tensor<ui64>) -> tensor<3xui64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<3x4xi8>, tensor<2x3xi16>, tensor<6xi32>, tensor<2x2xi64>, tensor<4xui8>, tensor<3xui16>, tensor<2x2xui32>, tensor<3xui64>
}

func.func @sub_special_f32() -> tensor<14x14xf32> {
  %a = "tc_tensor.constant"() {value = dense<[[0x7FC00000], [0x7F800000], [0xFF800000], [0.0], [-0.0], [1.0], [-1.0], [2.5], [-3.0], [0.5], [-0.5], [3.40282347E+38], [0x00000001], [-2.0]]> : tensor<14x1xf32>} : () -> tensor<14x1xf32>
  %b = "tc_tensor.constant"() {value = dense<[[0x7FC00000, 0x7F800000, 0xFF800000, 0.0, -0.0, 1.0, -1.0, 2.5, -3.0, 0.5, -0.5, 3.40282347E+38, 0x00000001, -2.0]]> : tensor<1x14xf32>} : () -> tensor<1x14xf32>
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<14x1xf32>, tensor<1x14xf32>) -> tensor<14x14xf32>
  return %0 : tensor<14x14xf32>
}

func.func @sub_special_f16() -> tensor<13x13xf16> {
  %a = "tc_tensor.constant"() {value = dense<[[0x7E00], [0x7C00], [0xFC00], [0.0], [-0.0], [1.0], [-1.0], [2.5], [-3.0], [0.5], [6.550400e+04], [0x0001], [-2.0]]> : tensor<13x1xf16>} : () -> tensor<13x1xf16>
  %b = "tc_tensor.constant"() {value = dense<[[0x7E00, 0x7C00, 0xFC00, 0.0, -0.0, 1.0, -1.0, 2.5, -3.0, 0.5, 6.550400e+04, 0x0001, -2.0]]> : tensor<1x13xf16>} : () -> tensor<1x13xf16>
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<13x1xf16>, tensor<1x13xf16>) -> tensor<13x13xf16>
  return %0 : tensor<13x13xf16>
}

func.func @sub_special_bf16() -> tensor<13x13xbf16> {
  %a = "tc_tensor.constant"() {value = dense<[[0x7FC0], [0x7F80], [0xFF80], [0.0], [-0.0], [1.0], [-1.0], [2.5], [-3.0], [0.5], [0x7F7F], [0x0001], [-2.0]]> : tensor<13x1xbf16>} : () -> tensor<13x1xbf16>
  %b = "tc_tensor.constant"() {value = dense<[[0x7FC0, 0x7F80, 0xFF80, 0.0, -0.0, 1.0, -1.0, 2.5, -3.0, 0.5, 0x7F7F, 0x0001, -2.0]]> : tensor<1x13xbf16>} : () -> tensor<1x13xbf16>
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<13x1xbf16>, tensor<1x13xbf16>) -> tensor<13x13xbf16>
  return %0 : tensor<13x13xbf16>
}

func.func @sub_special_f64() -> tensor<13x13xf64> {
  %a = "tc_tensor.constant"() {value = dense<[[0x7FF8000000000000], [0x7FF0000000000000], [0xFFF0000000000000], [0.0], [-0.0], [1.0], [-1.0], [2.5], [-3.0], [0.5], [1.7976931348623157E+308], [0x0000000000000001], [-2.0]]> : tensor<13x1xf64>} : () -> tensor<13x1xf64>
  %b = "tc_tensor.constant"() {value = dense<[[0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0.0, -0.0, 1.0, -1.0, 2.5, -3.0, 0.5, 1.7976931348623157E+308, 0x0000000000000001, -2.0]]> : tensor<1x13xf64>} : () -> tensor<1x13xf64>
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<13x1xf64>, tensor<1x13xf64>) -> tensor<13x13xf64>
  return %0 : tensor<13x13xf64>
}

func.func @sub_extremes_i8() -> tensor<9x9xi8> {
  %a = "tc_tensor.constant"() {value = dense<[[-128], [127], [-1], [0], [1], [2], [-2], [7], [-7]]> : tensor<9x1xi8>} : () -> tensor<9x1xi8>
  %b = "tc_tensor.constant"() {value = dense<[[-128, 127, -1, 0, 1, 2, -2, 7, -7]]> : tensor<1x9xi8>} : () -> tensor<1x9xi8>
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<9x1xi8>, tensor<1x9xi8>) -> tensor<9x9xi8>
  return %0 : tensor<9x9xi8>
}

func.func @sub_extremes_i64() -> tensor<9x9xi64> {
  %a = "tc_tensor.constant"() {value = dense<[[-9223372036854775808], [9223372036854775807], [-1], [0], [1], [3], [-3], [63], [64]]> : tensor<9x1xi64>} : () -> tensor<9x1xi64>
  %b = "tc_tensor.constant"() {value = dense<[[-9223372036854775808, 9223372036854775807, -1, 0, 1, 3, -3, 63, 64]]> : tensor<1x9xi64>} : () -> tensor<1x9xi64>
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<9x1xi64>, tensor<1x9xi64>) -> tensor<9x9xi64>
  return %0 : tensor<9x9xi64>
}

func.func @sub_extremes_ui8() -> tensor<6x6xui8> {
  %a = "tc_tensor.constant"() {value = dense<[[0], [1], [2], [7], [128], [255]]> : tensor<6x1xui8>} : () -> tensor<6x1xui8>
  %b = "tc_tensor.constant"() {value = dense<[[0, 1, 2, 7, 128, 255]]> : tensor<1x6xui8>} : () -> tensor<1x6xui8>
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<6x1xui8>, tensor<1x6xui8>) -> tensor<6x6xui8>
  return %0 : tensor<6x6xui8>
}

func.func @sub_extremes_ui64() -> tensor<6x6xui64> {
  %a = "tc_tensor.constant"() {value = dense<[[0], [1], [2], [3], [9223372036854775808], [18446744073709551615]]> : tensor<6x1xui64>} : () -> tensor<6x1xui64>
  %b = "tc_tensor.constant"() {value = dense<[[0, 1, 2, 3, 9223372036854775808, 18446744073709551615]]> : tensor<1x6xui64>} : () -> tensor<1x6xui64>
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<6x1xui64>, tensor<1x6xui64>) -> tensor<6x6xui64>
  return %0 : tensor<6x6xui64>
}

// -----

func.func @sub_empty(%x0: tensor<0x3xf32>, %x1: tensor<1x3xf32>, %x2: tensor<2x0xi32>, %x3: tensor<1xi32>) -> (tensor<0x3xf32>, tensor<2x0xi32>) {
  %0 = "tc_tensor.sub"(%x0, %x1) : (tensor<0x3xf32>, tensor<1x3xf32>) -> tensor<0x3xf32>
  %1 = "tc_tensor.sub"(%x2, %x3) : (tensor<2x0xi32>, tensor<1xi32>) -> tensor<2x0xi32>
  return %0, %1 : tensor<0x3xf32>, tensor<2x0xi32>
}
