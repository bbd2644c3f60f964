// cast (docs/dialects.md §2.2.6): every source dtype to every target dtype, on random inputs and
// on special values: NaN -> 0 and saturation for float -> int, i1 rules, int wrap and extension,
// one rounding for f64 and wide integers to f16/bf16 (ties just above a 16-bit midpoint).
// RUN: %e2e %s

func.func @cast_special_i1() -> (tensor<2xi1>, tensor<2xi8>, tensor<2xi16>, tensor<2xi32>, tensor<2xi64>, tensor<2xui8>, tensor<2xui16>, tensor<2xui32>, tensor<2xui64>, tensor<2xf16>, tensor<2xbf16>, tensor<2xf32>, tensor<2xf64>) {
  %x = "tc_tensor.constant"() {value = dense<[true, false]> : tensor<2xi1>} : () -> tensor<2xi1>
  %0 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<2xi1>, tensor<2xi8>, tensor<2xi16>, tensor<2xi32>, tensor<2xi64>, tensor<2xui8>, tensor<2xui16>, tensor<2xui32>, tensor<2xui64>, tensor<2xf16>, tensor<2xbf16>, tensor<2xf32>, tensor<2xf64>
}

func.func @cast_special_i8() -> (tensor<6xi1>, tensor<6xi8>, tensor<6xi16>, tensor<6xi32>, tensor<6xi64>, tensor<6xui8>, tensor<6xui16>, tensor<6xui32>, tensor<6xui64>, tensor<6xf16>, tensor<6xbf16>, tensor<6xf32>, tensor<6xf64>) {
  %x = "tc_tensor.constant"() {value = dense<[-128, 127, 0, -1, 1, 100]> : tensor<6xi8>} : () -> tensor<6xi8>
  %0 = "tc_tensor.cast"(%x) : (tensor<6xi8>) -> tensor<6xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<6xi8>) -> tensor<6xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<6xi8>) -> tensor<6xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<6xi8>) -> tensor<6xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<6xi8>) -> tensor<6xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<6xi8>) -> tensor<6xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<6xi8>) -> tensor<6xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<6xi8>) -> tensor<6xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<6xi8>) -> tensor<6xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<6xi8>) -> tensor<6xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<6xi8>) -> tensor<6xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<6xi8>) -> tensor<6xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<6xi8>) -> tensor<6xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<6xi1>, tensor<6xi8>, tensor<6xi16>, tensor<6xi32>, tensor<6xi64>, tensor<6xui8>, tensor<6xui16>, tensor<6xui32>, tensor<6xui64>, tensor<6xf16>, tensor<6xbf16>, tensor<6xf32>, tensor<6xf64>
}

func.func @cast_special_i16() -> (tensor<6xi1>, tensor<6xi8>, tensor<6xi16>, tensor<6xi32>, tensor<6xi64>, tensor<6xui8>, tensor<6xui16>, tensor<6xui32>, tensor<6xui64>, tensor<6xf16>, tensor<6xbf16>, tensor<6xf32>, tensor<6xf64>) {
  %x = "tc_tensor.constant"() {value = dense<[-32768, 32767, 0, -1, 256, -300]> : tensor<6xi16>} : () -> tensor<6xi16>
  %0 = "tc_tensor.cast"(%x) : (tensor<6xi16>) -> tensor<6xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<6xi16>) -> tensor<6xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<6xi16>) -> tensor<6xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<6xi16>) -> tensor<6xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<6xi16>) -> tensor<6xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<6xi16>) -> tensor<6xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<6xi16>) -> tensor<6xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<6xi16>) -> tensor<6xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<6xi16>) -> tensor<6xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<6xi16>) -> tensor<6xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<6xi16>) -> tensor<6xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<6xi16>) -> tensor<6xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<6xi16>) -> tensor<6xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<6xi1>, tensor<6xi8>, tensor<6xi16>, tensor<6xi32>, tensor<6xi64>, tensor<6xui8>, tensor<6xui16>, tensor<6xui32>, tensor<6xui64>, tensor<6xf16>, tensor<6xbf16>, tensor<6xf32>, tensor<6xf64>
}

func.func @cast_special_i32() -> (tensor<10xi1>, tensor<10xi8>, tensor<10xi16>, tensor<10xi32>, tensor<10xi64>, tensor<10xui8>, tensor<10xui16>, tensor<10xui32>, tensor<10xui64>, tensor<10xf16>, tensor<10xbf16>, tensor<10xf32>, tensor<10xf64>) {
  %x = "tc_tensor.constant"() {value = dense<[-2147483648, 2147483647, 0, -1, 16842753, 16777217, 65520, 65519, 70000, -70000]> : tensor<10xi32>} : () -> tensor<10xi32>
  %0 = "tc_tensor.cast"(%x) : (tensor<10xi32>) -> tensor<10xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<10xi32>) -> tensor<10xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<10xi32>) -> tensor<10xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<10xi32>) -> tensor<10xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<10xi32>) -> tensor<10xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<10xi32>) -> tensor<10xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<10xi32>) -> tensor<10xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<10xi32>) -> tensor<10xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<10xi32>) -> tensor<10xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<10xi32>) -> tensor<10xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<10xi32>) -> tensor<10xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<10xi32>) -> tensor<10xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<10xi32>) -> tensor<10xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<10xi1>, tensor<10xi8>, tensor<10xi16>, tensor<10xi32>, tensor<10xi64>, tensor<10xui8>, tensor<10xui16>, tensor<10xui32>, tensor<10xui64>, tensor<10xf16>, tensor<10xbf16>, tensor<10xf32>, tensor<10xf64>
}

func.func @cast_special_i64() -> (tensor<10xi1>, tensor<10xi8>, tensor<10xi16>, tensor<10xi32>, tensor<10xi64>, tensor<10xui8>, tensor<10xui16>, tensor<10xui32>, tensor<10xui64>, tensor<10xf16>, tensor<10xbf16>, tensor<10xf32>, tensor<10xf64>) {
  %x = "tc_tensor.constant"() {value = dense<[-9223372036854775808, 9223372036854775807, 0, -1, 1157425104234217473, -1157425104234217473, 9007199254740993, 16842753, 4294967296, 65520]> : tensor<10xi64>} : () -> tensor<10xi64>
  %0 = "tc_tensor.cast"(%x) : (tensor<10xi64>) -> tensor<10xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<10xi64>) -> tensor<10xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<10xi64>) -> tensor<10xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<10xi64>) -> tensor<10xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<10xi64>) -> tensor<10xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<10xi64>) -> tensor<10xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<10xi64>) -> tensor<10xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<10xi64>) -> tensor<10xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<10xi64>) -> tensor<10xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<10xi64>) -> tensor<10xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<10xi64>) -> tensor<10xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<10xi64>) -> tensor<10xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<10xi64>) -> tensor<10xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<10xi1>, tensor<10xi8>, tensor<10xi16>, tensor<10xi32>, tensor<10xi64>, tensor<10xui8>, tensor<10xui16>, tensor<10xui32>, tensor<10xui64>, tensor<10xf16>, tensor<10xbf16>, tensor<10xf32>, tensor<10xf64>
}

func.func @cast_special_ui8() -> (tensor<4xi1>, tensor<4xi8>, tensor<4xi16>, tensor<4xi32>, tensor<4xi64>, tensor<4xui8>, tensor<4xui16>, tensor<4xui32>, tensor<4xui64>, tensor<4xf16>, tensor<4xbf16>, tensor<4xf32>, tensor<4xf64>) {
  %x = "tc_tensor.constant"() {value = dense<[0, 255, 128, 1]> : tensor<4xui8>} : () -> tensor<4xui8>
  %0 = "tc_tensor.cast"(%x) : (tensor<4xui8>) -> tensor<4xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<4xui8>) -> tensor<4xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<4xui8>) -> tensor<4xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<4xui8>) -> tensor<4xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<4xui8>) -> tensor<4xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<4xui8>) -> tensor<4xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<4xui8>) -> tensor<4xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<4xui8>) -> tensor<4xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<4xui8>) -> tensor<4xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<4xui8>) -> tensor<4xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<4xui8>) -> tensor<4xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<4xui8>) -> tensor<4xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<4xui8>) -> tensor<4xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<4xi1>, tensor<4xi8>, tensor<4xi16>, tensor<4xi32>, tensor<4xi64>, tensor<4xui8>, tensor<4xui16>, tensor<4xui32>, tensor<4xui64>, tensor<4xf16>, tensor<4xbf16>, tensor<4xf32>, tensor<4xf64>
}

func.func @cast_special_ui16() -> (tensor<5xi1>, tensor<5xi8>, tensor<5xi16>, tensor<5xi32>, tensor<5xi64>, tensor<5xui8>, tensor<5xui16>, tensor<5xui32>, tensor<5xui64>, tensor<5xf16>, tensor<5xbf16>, tensor<5xf32>, tensor<5xf64>) {
  %x = "tc_tensor.constant"() {value = dense<[0, 65535, 32768, 65520, 65519]> : tensor<5xui16>} : () -> tensor<5xui16>
  %0 = "tc_tensor.cast"(%x) : (tensor<5xui16>) -> tensor<5xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<5xui16>) -> tensor<5xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<5xui16>) -> tensor<5xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<5xui16>) -> tensor<5xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<5xui16>) -> tensor<5xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<5xui16>) -> tensor<5xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<5xui16>) -> tensor<5xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<5xui16>) -> tensor<5xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<5xui16>) -> tensor<5xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<5xui16>) -> tensor<5xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<5xui16>) -> tensor<5xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<5xui16>) -> tensor<5xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<5xui16>) -> tensor<5xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<5xi1>, tensor<5xi8>, tensor<5xi16>, tensor<5xi32>, tensor<5xi64>, tensor<5xui8>, tensor<5xui16>, tensor<5xui32>, tensor<5xui64>, tensor<5xf16>, tensor<5xbf16>, tensor<5xf32>, tensor<5xf64>
}

func.func @cast_special_ui32() -> (tensor<6xi1>, tensor<6xi8>, tensor<6xi16>, tensor<6xi32>, tensor<6xi64>, tensor<6xui8>, tensor<6xui16>, tensor<6xui32>, tensor<6xui64>, tensor<6xf16>, tensor<6xbf16>, tensor<6xf32>, tensor<6xf64>) {
  %x = "tc_tensor.constant"() {value = dense<[0, 4294967295, 2147483648, 70000, 16842753, 16777217]> : tensor<6xui32>} : () -> tensor<6xui32>
  %0 = "tc_tensor.cast"(%x) : (tensor<6xui32>) -> tensor<6xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<6xui32>) -> tensor<6xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<6xui32>) -> tensor<6xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<6xui32>) -> tensor<6xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<6xui32>) -> tensor<6xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<6xui32>) -> tensor<6xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<6xui32>) -> tensor<6xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<6xui32>) -> tensor<6xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<6xui32>) -> tensor<6xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<6xui32>) -> tensor<6xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<6xui32>) -> tensor<6xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<6xui32>) -> tensor<6xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<6xui32>) -> tensor<6xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<6xi1>, tensor<6xi8>, tensor<6xi16>, tensor<6xi32>, tensor<6xi64>, tensor<6xui8>, tensor<6xui16>, tensor<6xui32>, tensor<6xui64>, tensor<6xf16>, tensor<6xbf16>, tensor<6xf32>, tensor<6xf64>
}

func.func @cast_special_ui64() -> (tensor<7xi1>, tensor<7xi8>, tensor<7xi16>, tensor<7xi32>, tensor<7xi64>, tensor<7xui8>, tensor<7xui16>, tensor<7xui32>, tensor<7xui64>, tensor<7xf16>, tensor<7xbf16>, tensor<7xf32>, tensor<7xf64>) {
  %x = "tc_tensor.constant"() {value = dense<[0, 18446744073709551615, 9223372036854775808, 9259400833873739777, 16777217, 65520, 9007199254740993]> : tensor<7xui64>} : () -> tensor<7xui64>
  %0 = "tc_tensor.cast"(%x) : (tensor<7xui64>) -> tensor<7xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<7xui64>) -> tensor<7xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<7xui64>) -> tensor<7xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<7xui64>) -> tensor<7xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<7xui64>) -> tensor<7xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<7xui64>) -> tensor<7xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<7xui64>) -> tensor<7xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<7xui64>) -> tensor<7xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<7xui64>) -> tensor<7xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<7xui64>) -> tensor<7xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<7xui64>) -> tensor<7xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<7xui64>) -> tensor<7xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<7xui64>) -> tensor<7xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<7xi1>, tensor<7xi8>, tensor<7xi16>, tensor<7xi32>, tensor<7xi64>, tensor<7xui8>, tensor<7xui16>, tensor<7xui32>, tensor<7xui64>, tensor<7xf16>, tensor<7xbf16>, tensor<7xf32>, tensor<7xf64>
}

func.func @cast_special_f16() -> (tensor<17xi1>, tensor<17xi8>, tensor<17xi16>, tensor<17xi32>, tensor<17xi64>, tensor<17xui8>, tensor<17xui16>, tensor<17xui32>, tensor<17xui64>, tensor<17xf16>, tensor<17xbf16>, tensor<17xf32>, tensor<17xf64>) {
  %x = "tc_tensor.constant"() {value = dense<[0x7E00, 0x7C00, 0xFC00, 0.0, -0.0, -0.7, -3.5, 300.0, -300.0, 65504.0, -65504.0, 0x0001, 1.0009765625, 127.9, -128.9, 255.9, 256.0]> : tensor<17xf16>} : () -> tensor<17xf16>
  %0 = "tc_tensor.cast"(%x) : (tensor<17xf16>) -> tensor<17xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<17xf16>) -> tensor<17xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<17xf16>) -> tensor<17xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<17xf16>) -> tensor<17xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<17xf16>) -> tensor<17xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<17xf16>) -> tensor<17xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<17xf16>) -> tensor<17xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<17xf16>) -> tensor<17xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<17xf16>) -> tensor<17xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<17xf16>) -> tensor<17xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<17xf16>) -> tensor<17xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<17xf16>) -> tensor<17xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<17xf16>) -> tensor<17xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<17xi1>, tensor<17xi8>, tensor<17xi16>, tensor<17xi32>, tensor<17xi64>, tensor<17xui8>, tensor<17xui16>, tensor<17xui32>, tensor<17xui64>, tensor<17xf16>, tensor<17xbf16>, tensor<17xf32>, tensor<17xf64>
}

func.func @cast_special_bf16() -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %x = "tc_tensor.constant"() {value = dense<[0x7FC0, 0x7F80, 0xFF80, 0.0, -0.0, -0.7, -3.5, 300.0, 0x7F7F, 0xFF7F, 0x0001, 65536.0, 65280.0, 2147483648.0, -2147483648.0, 1.8446744073709552e19]> : tensor<16xbf16>} : () -> tensor<16xbf16>
  %0 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_special_f32() -> (tensor<26xi1>, tensor<26xi8>, tensor<26xi16>, tensor<26xi32>, tensor<26xi64>, tensor<26xui8>, tensor<26xui16>, tensor<26xui32>, tensor<26xui64>, tensor<26xf16>, tensor<26xbf16>, tensor<26xf32>, tensor<26xf64>) {
  %x = "tc_tensor.constant"() {value = dense<[0x7FC00000, 0x7F800000, 0xFF800000, 0.0, -0.0, -0.7, -3.5, 300.0, 3.0e38, 0x00000001, 65520.0, 65519.0, 2147483648.0, -2147483648.0, 2147483520.0, 4294967296.0, 9.22337203e18, -9.22337203e18, 1.84467441e19, 1.00390625, 1.01171875, 1.00048828125, 1.00146484375, -128.9, 127.99, 255.9]> : tensor<26xf32>} : () -> tensor<26xf32>
  %0 = "tc_tensor.cast"(%x) : (tensor<26xf32>) -> tensor<26xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<26xf32>) -> tensor<26xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<26xf32>) -> tensor<26xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<26xf32>) -> tensor<26xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<26xf32>) -> tensor<26xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<26xf32>) -> tensor<26xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<26xf32>) -> tensor<26xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<26xf32>) -> tensor<26xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<26xf32>) -> tensor<26xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<26xf32>) -> tensor<26xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<26xf32>) -> tensor<26xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<26xf32>) -> tensor<26xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<26xf32>) -> tensor<26xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<26xi1>, tensor<26xi8>, tensor<26xi16>, tensor<26xi32>, tensor<26xi64>, tensor<26xui8>, tensor<26xui16>, tensor<26xui32>, tensor<26xui64>, tensor<26xf16>, tensor<26xbf16>, tensor<26xf32>, tensor<26xf64>
}

func.func @cast_special_f64() -> (tensor<25xi1>, tensor<25xi8>, tensor<25xi16>, tensor<25xi32>, tensor<25xi64>, tensor<25xui8>, tensor<25xui16>, tensor<25xui32>, tensor<25xui64>, tensor<25xf16>, tensor<25xbf16>, tensor<25xf32>, tensor<25xf64>) {
  %x = "tc_tensor.constant"() {value = dense<[0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0.0, -0.0, -0.7, -3.5, 300.0, 1.0e300, 0x0000000000000001, 1.0039062509313226, 1.0004882821654230, -1.0039062509313226, 1.0e-40, 3.4028235677973366e38, 3.4028235e38, 9.2233720368547758e18, 9223372036854774784.0, -9.2233720368547758e18, 1.8446744073709552e19, 18446744073709549568.0, 2147483647.9, -2147483648.9, 65519.99, 65520.0]> : tensor<25xf64>} : () -> tensor<25xf64>
  %0 = "tc_tensor.cast"(%x) : (tensor<25xf64>) -> tensor<25xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<25xf64>) -> tensor<25xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<25xf64>) -> tensor<25xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<25xf64>) -> tensor<25xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<25xf64>) -> tensor<25xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<25xf64>) -> tensor<25xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<25xf64>) -> tensor<25xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<25xf64>) -> tensor<25xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<25xf64>) -> tensor<25xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<25xf64>) -> tensor<25xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<25xf64>) -> tensor<25xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<25xf64>) -> tensor<25xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<25xf64>) -> tensor<25xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<25xi1>, tensor<25xi8>, tensor<25xi16>, tensor<25xi32>, tensor<25xi64>, tensor<25xui8>, tensor<25xui16>, tensor<25xui32>, tensor<25xui64>, tensor<25xf16>, tensor<25xbf16>, tensor<25xf32>, tensor<25xf64>
}

func.func @cast_random_i1(%x: tensor<16xi1>) -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<16xi1>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xi1>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xi1>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xi1>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xi1>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xi1>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xi1>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xi1>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xi1>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xi1>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xi1>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xi1>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xi1>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_random_i8(%x: tensor<16xi8> {tc.distribution = "integers(-128, 128)"}) -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<16xi8>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xi8>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xi8>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xi8>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xi8>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xi8>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xi8>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xi8>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xi8>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xi8>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xi8>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xi8>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xi8>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_random_i16(%x: tensor<16xi16> {tc.distribution = "integers(-32768, 32768)"}) -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<16xi16>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xi16>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xi16>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xi16>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xi16>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xi16>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xi16>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xi16>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xi16>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xi16>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xi16>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xi16>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xi16>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_random_i32(%x: tensor<16xi32> {tc.distribution = "integers(-100000, 100000)"}) -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<16xi32>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xi32>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xi32>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xi32>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xi32>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xi32>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xi32>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xi32>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xi32>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xi32>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xi32>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xi32>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xi32>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_random_i64(%x: tensor<16xi64> {tc.distribution = "integers(-4611686018427387904, 4611686018427387904)"}) -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<16xi64>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xi64>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xi64>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xi64>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xi64>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xi64>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xi64>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xi64>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xi64>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xi64>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xi64>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xi64>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xi64>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_random_ui8(%x: tensor<16xui8> {tc.distribution = "integers(0, 256)"}) -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<16xui8>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xui8>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xui8>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xui8>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xui8>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xui8>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xui8>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xui8>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xui8>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xui8>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xui8>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xui8>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xui8>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_random_ui16(%x: tensor<16xui16> {tc.distribution = "integers(0, 65536)"}) -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<16xui16>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xui16>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xui16>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xui16>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xui16>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xui16>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xui16>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xui16>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xui16>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xui16>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xui16>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xui16>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xui16>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_random_ui32(%x: tensor<16xui32> {tc.distribution = "integers(0, 4294967296)"}) -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<16xui32>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xui32>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xui32>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xui32>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xui32>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xui32>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xui32>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xui32>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xui32>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xui32>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xui32>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xui32>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xui32>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_random_ui64(%x: tensor<16xui64> {tc.distribution = "integers(0, 4611686018427387904)"}) -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<16xui64>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xui64>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xui64>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xui64>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xui64>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xui64>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xui64>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xui64>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xui64>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xui64>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xui64>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xui64>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xui64>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_random_f16(%x: tensor<16xf16> {tc.distribution = "uniform(-300, 300)"}) -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<16xf16>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xf16>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xf16>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xf16>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xf16>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xf16>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xf16>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xf16>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xf16>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xf16>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xf16>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xf16>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xf16>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_random_bf16(%x: tensor<16xbf16> {tc.distribution = "uniform(-100000, 100000)"}) -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xbf16>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_random_f32(%x: tensor<16xf32> {tc.distribution = "uniform(-70000, 70000)"}) -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<16xf32>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xf32>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xf32>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xf32>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xf32>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xf32>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xf32>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xf32>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xf32>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xf32>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xf32>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xf32>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xf32>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_random_f64(%x: tensor<16xf64> {tc.distribution = "uniform(-3.0e9, 3.0e9)"}) -> (tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<16xf64>) -> tensor<16xi1>
  %1 = "tc_tensor.cast"(%x) : (tensor<16xf64>) -> tensor<16xi8>
  %2 = "tc_tensor.cast"(%x) : (tensor<16xf64>) -> tensor<16xi16>
  %3 = "tc_tensor.cast"(%x) : (tensor<16xf64>) -> tensor<16xi32>
  %4 = "tc_tensor.cast"(%x) : (tensor<16xf64>) -> tensor<16xi64>
  %5 = "tc_tensor.cast"(%x) : (tensor<16xf64>) -> tensor<16xui8>
  %6 = "tc_tensor.cast"(%x) : (tensor<16xf64>) -> tensor<16xui16>
  %7 = "tc_tensor.cast"(%x) : (tensor<16xf64>) -> tensor<16xui32>
  %8 = "tc_tensor.cast"(%x) : (tensor<16xf64>) -> tensor<16xui64>
  %9 = "tc_tensor.cast"(%x) : (tensor<16xf64>) -> tensor<16xf16>
  %10 = "tc_tensor.cast"(%x) : (tensor<16xf64>) -> tensor<16xbf16>
  %11 = "tc_tensor.cast"(%x) : (tensor<16xf64>) -> tensor<16xf32>
  %12 = "tc_tensor.cast"(%x) : (tensor<16xf64>) -> tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi1>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>, tensor<16xui32>, tensor<16xui64>, tensor<16xf16>, tensor<16xbf16>, tensor<16xf32>, tensor<16xf64>
}

func.func @cast_rank0(%x: tensor<f32> {tc.distribution = "uniform(-200, 200)"}) -> (tensor<i8>, tensor<ui8>, tensor<bf16>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<f32>) -> tensor<i8>
  %1 = "tc_tensor.cast"(%x) : (tensor<f32>) -> tensor<ui8>
  %2 = "tc_tensor.cast"(%x) : (tensor<f32>) -> tensor<bf16>
  return %0, %1, %2 : tensor<i8>, tensor<ui8>, tensor<bf16>
}

func.func @cast_empty(%x: tensor<0x2xi64>) -> (tensor<0x2xf16>, tensor<0x2xi1>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<0x2xi64>) -> tensor<0x2xf16>
  %1 = "tc_tensor.cast"(%x) : (tensor<0x2xi64>) -> tensor<0x2xi1>
  return %0, %1 : tensor<0x2xf16>, tensor<0x2xi1>
}
