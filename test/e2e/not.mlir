// not: logical for i1, bitwise for integers.
// End to end: compiled vs tensor-ref, random and special inputs (docs/dialects.md §2.2).
// RUN: %e2e %s

func.func @not_i1(%x: tensor<9xi1>) -> tensor<9xi1> {
  %0 = "tc_tensor.not"(%x) : (tensor<9xi1>) -> tensor<9xi1>
  return %0 : tensor<9xi1>
}

func.func @not_i8(%x: tensor<6xi8> {tc.distribution = "integers(-128, 128)"}) -> tensor<6xi8> {
  %0 = "tc_tensor.not"(%x) : (tensor<6xi8>) -> tensor<6xi8>
  return %0 : tensor<6xi8>
}

func.func @not_i16(%x: tensor<2x3xi16>) -> tensor<2x3xi16> {
  %0 = "tc_tensor.not"(%x) : (tensor<2x3xi16>) -> tensor<2x3xi16>
  return %0 : tensor<2x3xi16>
}

func.func @not_i32(%x: tensor<3x4xi32> {tc.distribution = "integers(-100000, 100000)"}) -> tensor<3x4xi32> {
  %0 = "tc_tensor.not"(%x) : (tensor<3x4xi32>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

func.func @not_i64(%x: tensor<5xi64> {tc.distribution = "integers(-4611686018427387904, 4611686018427387904)"}) -> tensor<5xi64> {
  %0 = "tc_tensor.not"(%x) : (tensor<5xi64>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

func.func @not_ui8(%x: tensor<7xui8> {tc.distribution = "integers(0, 256)"}) -> tensor<7xui8> {
  %0 = "tc_tensor.not"(%x) : (tensor<7xui8>) -> tensor<7xui8>
  return %0 : tensor<7xui8>
}

func.func @not_ui16(%x: tensor<2x2xui16>) -> tensor<2x2xui16> {
  %0 = "tc_tensor.not"(%x) : (tensor<2x2xui16>) -> tensor<2x2xui16>
  return %0 : tensor<2x2xui16>
}

func.func @not_ui32(%x: tensor<3xui32>) -> tensor<3xui32> {
  %0 = "tc_tensor.not"(%x) : (tensor<3xui32>) -> tensor<3xui32>
  return %0 : tensor<3xui32>
}

func.func @not_ui64(%x: tensor<4xui64> {tc.distribution = "integers(0, 4611686018427387904)"}) -> tensor<4xui64> {
  %0 = "tc_tensor.not"(%x) : (tensor<4xui64>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}

func.func @not_rank0(%x: tensor<i1>) -> tensor<i1> {
  %0 = "tc_tensor.not"(%x) : (tensor<i1>) -> tensor<i1>
  return %0 : tensor<i1>
}

func.func @not_empty(%x: tensor<0x3xi1>) -> tensor<0x3xi1> {
  %0 = "tc_tensor.not"(%x) : (tensor<0x3xi1>) -> tensor<0x3xi1>
  return %0 : tensor<0x3xi1>
}

func.func @not_special_i1() -> tensor<2xi1> {
  %x = "tc_tensor.constant"() {value = dense<[true, false]> : tensor<2xi1>} : () -> tensor<2xi1>
  %0 = "tc_tensor.not"(%x) : (tensor<2xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

func.func @not_special_i8() -> tensor<6xi8> {
  %x = "tc_tensor.constant"() {value = dense<[-128, 127, 0, -1, 1, -5]> : tensor<6xi8>} : () -> tensor<6xi8>
  %0 = "tc_tensor.not"(%x) : (tensor<6xi8>) -> tensor<6xi8>
  return %0 : tensor<6xi8>
}

func.func @not_special_i16() -> tensor<5xi16> {
  %x = "tc_tensor.constant"() {value = dense<[-32768, 32767, 0, -1, 256]> : tensor<5xi16>} : () -> tensor<5xi16>
  %0 = "tc_tensor.not"(%x) : (tensor<5xi16>) -> tensor<5xi16>
  return %0 : tensor<5xi16>
}

func.func @not_special_i32() -> tensor<5xi32> {
  %x = "tc_tensor.constant"() {value = dense<[-2147483648, 2147483647, 0, -1, 1]> : tensor<5xi32>} : () -> tensor<5xi32>
  %0 = "tc_tensor.not"(%x) : (tensor<5xi32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

func.func @not_special_i64() -> tensor<5xi64> {
  %x = "tc_tensor.constant"() {value = dense<[-9223372036854775808, 9223372036854775807, 0, -1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
  %0 = "tc_tensor.not"(%x) : (tensor<5xi64>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

func.func @not_special_ui8() -> tensor<4xui8> {
  %x = "tc_tensor.constant"() {value = dense<[0, 255, 1, 128]> : tensor<4xui8>} : () -> tensor<4xui8>
  %0 = "tc_tensor.not"(%x) : (tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

func.func @not_special_ui16() -> tensor<4xui16> {
  %x = "tc_tensor.constant"() {value = dense<[0, 65535, 32768, 1]> : tensor<4xui16>} : () -> tensor<4xui16>
  %0 = "tc_tensor.not"(%x) : (tensor<4xui16>) -> tensor<4xui16>
  return %0 : tensor<4xui16>
}

func.func @not_special_ui32() -> tensor<4xui32> {
  %x = "tc_tensor.constant"() {value = dense<[0, 4294967295, 2147483648, 1]> : tensor<4xui32>} : () -> tensor<4xui32>
  %0 = "tc_tensor.not"(%x) : (tensor<4xui32>) -> tensor<4xui32>
  return %0 : tensor<4xui32>
}

func.func @not_special_ui64() -> tensor<4xui64> {
  %x = "tc_tensor.constant"() {value = dense<[0, 18446744073709551615, 9223372036854775808, 1]> : tensor<4xui64>} : () -> tensor<4xui64>
  %0 = "tc_tensor.not"(%x) : (tensor<4xui64>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}
