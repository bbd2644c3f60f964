// tc_tensor.or compiled with the CPU pipeline against tensor-ref:
// (docs/dialects.md §2.2.2) logical on i1 and bitwise on every integer width,
// signed and unsigned, with broadcasting (rank 0 included), every pair of i1
// values and of int extremes as constants, and empty results.
// RUN: %e2e %s

func.func @or_i1(%x0: tensor<4x3xi1>, %x1: tensor<3xi1>, %x2: tensor<i1>, %x3: tensor<2x2xi1>, %x4: tensor<2x1xi1> {tc.distribution = "bernoulli(0.2)"}, %x5: tensor<1x3xi1> {tc.distribution = "bernoulli(0.8)"}) -> (tensor<4x3xi1>, tensor<2x2xi1>, tensor<2x3xi1>) {
  %0 = "tc_tensor.or"(%x0, %x1) : (tensor<4x3xi1>, tensor<3xi1>) -> tensor<4x3xi1>
  %1 = "tc_tensor.or"(%x2, %x3) : (tensor<i1>, tensor<2x2xi1>) -> tensor<2x2xi1>
  %2 = "tc_tensor.or"(%x4, %x5) : (tensor<2x1xi1>, tensor<1x3xi1>) -> tensor<2x3xi1>
  return %0, %1, %2 : tensor<4x3xi1>, tensor<2x2xi1>, tensor<2x3xi1>
}

func.func @or_ints(%x0: tensor<3x4xi8> {tc.distribution = "integers(-128, 128)"}, %x1: tensor<4xi8> {tc.distribution = "integers(-128, 128)"}, %x2: tensor<2x1xi16> {tc.distribution = "integers(-1000, 1000)"}, %x3: tensor<1x3xi16> {tc.distribution = "integers(-1000, 1000)"}, %x4: tensor<6xi32> {tc.distribution = "integers(-1000, 1000)"}, %x5: tensor<6xi32> {tc.distribution = "integers(-1000, 1000)"}, %x6: tensor<i64> {tc.distribution = "integers(-1000, 1000)"}, %x7: tensor<2x2xi64> {tc.distribution = "integers(-1000, 1000)"}, %x8: tensor<4xui8> {tc.distribution = "integers(0, 256)"}, %x9: tensor<1xui8> {tc.distribution = "integers(0, 256)"}, %x10: tensor<3xui16> {tc.distribution = "integers(0, 1000)"}, %x11: tensor<3xui16> {tc.distribution = "integers(0, 1000)"}, %x12: tensor<2x2xui32> {tc.distribution = "integers(0, 1000)"}, %x13: tensor<2xui32> {tc.distribution = "integers(0, 1000)"}, %x14: tensor<3xui64> {tc.distribution = "integers(0, 1000)"}, %x15: tensor<ui64> {tc.distribution = "integers(0, 1000)"}) -> (tensor<3x4xi8>, tensor<2x3xi16>, tensor<6xi32>, tensor<2x2xi64>, tensor<4xui8>, tensor<3xui16>, tensor<2x2xui32>, tensor<3xui64>) {
  %0 = "tc_tensor.or"(%x0, %x1) : (tensor<3x4xi8>, tensor<4xi8>) -> tensor<3x4xi8>
  %1 = "tc_tensor.or"(%x2, %x3) : (tensor<2x1xi16>, tensor<1x3xi16>) -> tensor<2x3xi16>
  %2 = "tc_tensor.or"(%x4, %x5) : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
  %3 = "tc_tensor.or"(%x6, %x7) : (tensor<i64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  %4 = "tc_tensor.or"(%x8, %x9) : (tensor<4xui8>, tensor<1xui8>) -> tensor<4xui8>
  %5 = "tc_tensor.or"(%x10, %x11) : (tensor<3xui16>, tensor<3xui16>) -> tensor<3xui16>
  %6 = "tc_tensor.or"(%x12, %x13) : (tensor<2x2xui32>, tensor<2xui32>) -> tensor<2x2xui32>
  %7 = "tc_tensor.or"(%x14, %x15) : (tensor<3xui64>, tensor<ui64>) -> tensor<3xui64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<3x4xi8>, tensor<2x3xi16>, tensor<6xi32>, tensor<2x2xi64>, tensor<4xui8>, tensor<3xui16>, tensor<2x2xui32>, tensor<3xui64>
}

func.func @or_extremes_i1() -> tensor<2x2xi1> {
  %a = "tc_tensor.constant"() {value = dense<[[false], [true]]> : tensor<2x1xi1>} : () -> tensor<2x1xi1>
  %b = "tc_tensor.constant"() {value = dense<[[false, true]]> : tensor<1x2xi1>} : () -> tensor<1x2xi1>
  %0 = "tc_tensor.or"(%a, %b) : (tensor<2x1xi1>, tensor<1x2xi1>) -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}

func.func @or_extremes_i8() -> tensor<9x9xi8> {
  %a = "tc_tensor.constant"() {value = dense<[[-128], [127], [-1], [0], [1], [2], [-2], [7], [-7]]> : tensor<9x1xi8>} : () -> tensor<9x1xi8>
  %b = "tc_tensor.constant"() {value = dense<[[-128, 127, -1, 0, 1, 2, -2, 7, -7]]> : tensor<1x9xi8>} : () -> tensor<1x9xi8>
  %0 = "tc_tensor.or"(%a, %b) : (tensor<9x1xi8>, tensor<1x9xi8>) -> tensor<9x9xi8>
  return %0 : tensor<9x9xi8>
}

func.func @or_extremes_i64() -> tensor<9x9xi64> {
  %a = "tc_tensor.constant"() {value = dense<[[-9223372036854775808], [9223372036854775807], [-1], [0], [1], [3], [-3], [63], [64]]> : tensor<9x1xi64>} : () -> tensor<9x1xi64>
  %b = "tc_tensor.constant"() {value = dense<[[-9223372036854775808, 9223372036854775807, -1, 0, 1, 3, -3, 63, 64]]> : tensor<1x9xi64>} : () -> tensor<1x9xi64>
  %0 = "tc_tensor.or"(%a, %b) : (tensor<9x1xi64>, tensor<1x9xi64>) -> tensor<9x9xi64>
  return %0 : tensor<9x9xi64>
}

func.func @or_extremes_ui8() -> tensor<6x6xui8> {
  %a = "tc_tensor.constant"() {value = dense<[[0], [1], [2], [7], [128], [255]]> : tensor<6x1xui8>} : () -> tensor<6x1xui8>
  %b = "tc_tensor.constant"() {value = dense<[[0, 1, 2, 7, 128, 255]]> : tensor<1x6xui8>} : () -> tensor<1x6xui8>
  %0 = "tc_tensor.or"(%a, %b) : (tensor<6x1xui8>, tensor<1x6xui8>) -> tensor<6x6xui8>
  return %0 : tensor<6x6xui8>
}

func.func @or_extremes_ui64() -> tensor<6x6xui64> {
  %a = "tc_tensor.constant"() {value = dense<[[0], [1], [2], [3], [9223372036854775808], [18446744073709551615]]> : tensor<6x1xui64>} : () -> tensor<6x1xui64>
  %b = "tc_tensor.constant"() {value = dense<[[0, 1, 2, 3, 9223372036854775808, 18446744073709551615]]> : tensor<1x6xui64>} : () -> tensor<1x6xui64>
  %0 = "tc_tensor.or"(%a, %b) : (tensor<6x1xui64>, tensor<1x6xui64>) -> tensor<6x6xui64>
  return %0 : tensor<6x6xui64>
}

// -----

func.func @or_empty(%x0: tensor<0x3xi1>, %x1: tensor<1x3xi1>, %x2: tensor<2x0xi32>, %x3: tensor<1xi32>) -> (tensor<0x3xi1>, tensor<2x0xi32>) {
  %0 = "tc_tensor.or"(%x0, %x1) : (tensor<0x3xi1>, tensor<1x3xi1>) -> tensor<0x3xi1>
  %1 = "tc_tensor.or"(%x2, %x3) : (tensor<2x0xi32>, tensor<1xi32>) -> tensor<2x0xi32>
  return %0, %1 : tensor<0x3xi1>, tensor<2x0xi32>
}
