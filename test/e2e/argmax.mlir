// tc_tensor.argmax compiled with the CPU pipeline against tensor-ref
// (docs/dialects.md §2.2.18): first or last index of the maximum
// (select_last_index), NaN wins, -0 = +0; axes incl. negative, keepdims, a
// rank-0 result, every float dtype, signed and unsigned integers with ties,
// empty results, and NaN, ±inf, ±0, int MIN/MAX as constants.
// RUN: %e2e %s

func.func @argmax_f32(%x: tensor<3x4x5xf32>) -> (tensor<3x5xi64>, tensor<3x4x1xi64>, tensor<4x5xi64>, tensor<1x4x5xi64>) {
  %0 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<3x4x5xf32>) -> tensor<3x5xi64>
  %1 = "tc_tensor.argmax"(%x) {axis = -1 : i64, keepdims = true, select_last_index = true} : (tensor<3x4x5xf32>) -> tensor<3x4x1xi64>
  %2 = "tc_tensor.argmax"(%x) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<3x4x5xf32>) -> tensor<4x5xi64>
  %3 = "tc_tensor.argmax"(%x) {axis = -3 : i64, keepdims = true, select_last_index = true} : (tensor<3x4x5xf32>) -> tensor<1x4x5xi64>
  return %0, %1, %2, %3 : tensor<3x5xi64>, tensor<3x4x1xi64>, tensor<4x5xi64>, tensor<1x4x5xi64>
}

func.func @argmax_f16_bf16_f64(%x0: tensor<4x6xf16>, %x1: tensor<5x3xbf16> {tc.distribution = "uniform(-2, 2)"}, %x2: tensor<7xf64>) -> (tensor<4xi64>, tensor<1x3xi64>, tensor<i64>, tensor<1xi64>) {
  %0 = "tc_tensor.argmax"(%x0) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<4x6xf16>) -> tensor<4xi64>
  %1 = "tc_tensor.argmax"(%x1) {axis = 0 : i64, keepdims = true, select_last_index = true} : (tensor<5x3xbf16>) -> tensor<1x3xi64>
  %2 = "tc_tensor.argmax"(%x2) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<7xf64>) -> tensor<i64>
  %3 = "tc_tensor.argmax"(%x2) {axis = -1 : i64, keepdims = true, select_last_index = true} : (tensor<7xf64>) -> tensor<1xi64>
  return %0, %1, %2, %3 : tensor<4xi64>, tensor<1x3xi64>, tensor<i64>, tensor<1xi64>
}

// Few distinct values, so ties are common.
func.func @argmax_ints(%x0: tensor<4x6xi8> {tc.distribution = "integers(-2, 2)"}, %x1: tensor<3x5xi32> {tc.distribution = "integers(0, 3)"}, %x2: tensor<6xi64> {tc.distribution = "integers(-1, 1)"}, %x3: tensor<4x6xui8> {tc.distribution = "integers(126, 130)"}, %x4: tensor<2x5xui64> {tc.distribution = "integers(0, 3)"}, %x5: tensor<3x4xi16>) -> (tensor<4xi64>, tensor<4xi64>, tensor<3x1xi64>, tensor<i64>, tensor<1xi64>, tensor<1x6xi64>, tensor<2xi64>, tensor<4xi64>) {
  %0 = "tc_tensor.argmax"(%x0) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<4x6xi8>) -> tensor<4xi64>
  %1 = "tc_tensor.argmax"(%x0) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<4x6xi8>) -> tensor<4xi64>
  %2 = "tc_tensor.argmax"(%x1) {axis = 1 : i64, keepdims = true, select_last_index = true} : (tensor<3x5xi32>) -> tensor<3x1xi64>
  %3 = "tc_tensor.argmax"(%x2) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<6xi64>) -> tensor<i64>
  %4 = "tc_tensor.argmax"(%x2) {axis = 0 : i64, keepdims = true, select_last_index = true} : (tensor<6xi64>) -> tensor<1xi64>
  %5 = "tc_tensor.argmax"(%x3) {axis = 0 : i64, keepdims = true, select_last_index = false} : (tensor<4x6xui8>) -> tensor<1x6xi64>
  %6 = "tc_tensor.argmax"(%x4) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<2x5xui64>) -> tensor<2xi64>
  %7 = "tc_tensor.argmax"(%x5) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<3x4xi16>) -> tensor<4xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi64>, tensor<4xi64>, tensor<3x1xi64>, tensor<i64>, tensor<1xi64>, tensor<1x6xi64>, tensor<2xi64>, tensor<4xi64>
}

// Empty results: a size-0 dimension other than the axis.
func.func @argmax_empty(%x: tensor<0x3xf32>, %y: tensor<0x2x3xi32>) -> (tensor<0xi64>, tensor<0x1xi64>, tensor<0x3xi64>) {
  %0 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<0x3xf32>) -> tensor<0xi64>
  %1 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = true, select_last_index = true} : (tensor<0x3xf32>) -> tensor<0x1xi64>
  %2 = "tc_tensor.argmax"(%y) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<0x2x3xi32>) -> tensor<0x3xi64>
  return %0, %1, %2 : tensor<0xi64>, tensor<0x1xi64>, tensor<0x3xi64>
}

// Rows: two NaNs; a NaN after the extreme; -0/+0 ties; all -inf; +inf twice; one subnormal.
func.func @argmax_special_f32() -> (tensor<6xi64>, tensor<6xi64>) {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 0x7FC00000, 3.0, 0x7FC00000], [0x7F800000, 0xFF800000, 2.0, 0x7FC00000], [-0.0, 0.0, -0.0, 0.0], [0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000], [0x7F800000, 1.0, 0x7F800000, 0xFF800000], [0.0, 0x00000001, 0x80000001, -0.0]]> : tensor<6x4xf32>} : () -> tensor<6x4xf32>
  %0 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<6x4xf32>) -> tensor<6xi64>
  %1 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<6x4xf32>) -> tensor<6xi64>
  return %0, %1 : tensor<6xi64>, tensor<6xi64>
}

func.func @argmax_special_f16_bf16_f64() -> (tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) {
  %a = "tc_tensor.constant"() {value = dense<[[1.0, 0x7E00, 0x7E00], [-0.0, 0.0, -1.0], [0xFC00, 6.550400e+04, 0xFC00]]> : tensor<3x3xf16>} : () -> tensor<3x3xf16>
  %b = "tc_tensor.constant"() {value = dense<[[0x7FC0, 1.0, 0x7FC0], [0.0, -0.0, 1.0], [0x7F80, 0xFF80, 0x7F80]]> : tensor<3x3xbf16>} : () -> tensor<3x3xbf16>
  %c = "tc_tensor.constant"() {value = dense<[[0x7FF8000000000000, 1.0, 0x7FF8000000000000], [-0.0, 0.0, -0.0], [0xFFF0000000000000, 0x0000000000000001, 0xFFF0000000000000]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %0 = "tc_tensor.argmax"(%a) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<3x3xf16>) -> tensor<3xi64>
  %1 = "tc_tensor.argmax"(%b) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<3x3xbf16>) -> tensor<3xi64>
  %2 = "tc_tensor.argmax"(%c) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<3x3xf64>) -> tensor<3xi64>
  return %0, %1, %2 : tensor<3xi64>, tensor<3xi64>, tensor<3xi64>
}

func.func @argmax_special_ints() -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) {
  %a = "tc_tensor.constant"() {value = dense<[[-128, 127, -128, 127], [0, -1, 0, -1]]> : tensor<2x4xi8>} : () -> tensor<2x4xi8>
  %b = "tc_tensor.constant"() {value = dense<[[-9223372036854775808, 9223372036854775807, 9223372036854775807, -9223372036854775808], [5, 5, 5, 5]]> : tensor<2x4xi64>} : () -> tensor<2x4xi64>
  %c = "tc_tensor.constant"() {value = dense<[[255, 0, 128, 255], [127, 128, 0, 0]]> : tensor<2x4xui8>} : () -> tensor<2x4xui8>
  %d = "tc_tensor.constant"() {value = dense<[[18446744073709551615, 0, 9223372036854775808, 1], [9223372036854775807, 9223372036854775808, 0, 0]]> : tensor<2x4xui64>} : () -> tensor<2x4xui64>
  %0 = "tc_tensor.argmax"(%a) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<2x4xi8>) -> tensor<2xi64>
  %1 = "tc_tensor.argmax"(%b) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<2x4xi64>) -> tensor<2xi64>
  %2 = "tc_tensor.argmax"(%c) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<2x4xui8>) -> tensor<2xi64>
  %3 = "tc_tensor.argmax"(%d) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<2x4xui64>) -> tensor<2xi64>
  return %0, %1, %2, %3 : tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>
}

func.func @argmax_empty_inner(%x: tensor<3x2x0xf32>) -> (tensor<2x0xi64>, tensor<3x1x0xi64>) {
  %0 = "tc_tensor.argmax"(%x) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<3x2x0xf32>) -> tensor<2x0xi64>
  %1 = "tc_tensor.argmax"(%x) {axis = 1 : i64, keepdims = true, select_last_index = true} : (tensor<3x2x0xf32>) -> tensor<3x1x0xi64>
  return %0, %1 : tensor<2x0xi64>, tensor<3x1x0xi64>
}
