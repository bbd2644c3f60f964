// identity: every dtype, bits unchanged.
// End to end: compiled vs tensor-ref, random and special inputs (docs/dialects.md §2.2).
// RUN: %e2e %s

func.func @identity_f32(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = "tc_tensor.identity"(%x) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @identity_f16(%x: tensor<5xf16>) -> tensor<5xf16> {
  %0 = "tc_tensor.identity"(%x) : (tensor<5xf16>) -> tensor<5xf16>
  return %0 : tensor<5xf16>
}

func.func @identity_bf16(%x: tensor<2x2x2xbf16>) -> tensor<2x2x2xbf16> {
  %0 = "tc_tensor.identity"(%x) : (tensor<2x2x2xbf16>) -> tensor<2x2x2xbf16>
  return %0 : tensor<2x2x2xbf16>
}

func.func @identity_f64(%x: tensor<4x1xf64>) -> tensor<4x1xf64> {
  %0 = "tc_tensor.identity"(%x) : (tensor<4x1xf64>) -> tensor<4x1xf64>
  return %0 : tensor<4x1xf64>
}

func.func @identity_i1(%x: tensor<9xi1>) -> tensor<9xi1> {
  %0 = "tc_tensor.identity"(%x) : (tensor<9xi1>) -> tensor<9xi1>
  return %0 : tensor<9xi1>
}

func.func @identity_i8(%x: tensor<6xi8> {tc.distribution = "integers(-128, 128)"}) -> tensor<6xi8> {
  %0 = "tc_tensor.identity"(%x) : (tensor<6xi8>) -> tensor<6xi8>
  return %0 : tensor<6xi8>
}

func.func @identity_i16(%x: tensor<2x3xi16>) -> tensor<2x3xi16> {
  %0 = "tc_tensor.identity"(%x) : (tensor<2x3xi16>) -> tensor<2x3xi16>
  return %0 : tensor<2x3xi16>
}

func.func @identity_i32(%x: tensor<3x4xi32> {tc.distribution = "integers(-100000, 100000)"}) -> tensor<3x4xi32> {
  %0 = "tc_tensor.identity"(%x) : (tensor<3x4xi32>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

func.func @identity_i64(%x: tensor<5xi64> {tc.distribution = "integers(-4611686018427387904, 4611686018427387904)"}) -> tensor<5xi64> {
  %0 = "tc_tensor.identity"(%x) : (tensor<5xi64>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

func.func @identity_ui8(%x: tensor<7xui8> {tc.distribution = "integers(0, 256)"}) -> tensor<7xui8> {
  %0 = "tc_tensor.identity"(%x) : (tensor<7xui8>) -> tensor<7xui8>
  return %0 : tensor<7xui8>
}

func.func @identity_ui16(%x: tensor<2x2xui16>) -> tensor<2x2xui16> {
  %0 = "tc_tensor.identity"(%x) : (tensor<2x2xui16>) -> tensor<2x2xui16>
  return %0 : tensor<2x2xui16>
}

func.func @identity_ui32(%x: tensor<3xui32>) -> tensor<3xui32> {
  %0 = "tc_tensor.identity"(%x) : (tensor<3xui32>) -> tensor<3xui32>
  return %0 : tensor<3xui32>
}

func.func @identity_ui64(%x: tensor<4xui64> {tc.distribution = "integers(0, 4611686018427387904)"}) -> tensor<4xui64> {
  %0 = "tc_tensor.identity"(%x) : (tensor<4xui64>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}

func.func @identity_rank0(%x: tensor<f32>) -> tensor<f32> {
  %0 = "tc_tensor.identity"(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @identity_empty(%x: tensor<0x3xf32>) -> tensor<0x3xf32> {
  %0 = "tc_tensor.identity"(%x) : (tensor<0x3xf32>) -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}

func.func @identity_special_f32() -> tensor<20xf32> {
  %x = "tc_tensor.constant"() {value = dense<[0x7FC00000, 0x7F800000, 0xFF800000, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, -0.4, 100.0, -100.0, 1.0e-03, 0x00000001, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF]> : tensor<20xf32>} : () -> tensor<20xf32>
  %0 = "tc_tensor.identity"(%x) : (tensor<20xf32>) -> tensor<20xf32>
  return %0 : tensor<20xf32>
}

func.func @identity_special_f16() -> tensor<20xf16> {
  %x = "tc_tensor.constant"() {value = dense<[0x7E00, 0x7C00, 0xFC00, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, -0.4, 100.0, -100.0, 1.0e-03, 0x0001, 0x0400, 0x7BFF, 0xFBFF]> : tensor<20xf16>} : () -> tensor<20xf16>
  %0 = "tc_tensor.identity"(%x) : (tensor<20xf16>) -> tensor<20xf16>
  return %0 : tensor<20xf16>
}

func.func @identity_special_bf16() -> tensor<20xbf16> {
  %x = "tc_tensor.constant"() {value = dense<[0x7FC0, 0x7F80, 0xFF80, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, -0.4, 100.0, -100.0, 1.0e-03, 0x0001, 0x0080, 0x7F7F, 0xFF7F]> : tensor<20xbf16>} : () -> tensor<20xbf16>
  %0 = "tc_tensor.identity"(%x) : (tensor<20xbf16>) -> tensor<20xbf16>
  return %0 : tensor<20xbf16>
}

func.func @identity_special_f64() -> tensor<20xf64> {
  %x = "tc_tensor.constant"() {value = dense<[0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, -0.4, 100.0, -100.0, 1.0e-03, 0x0000000000000001, 0x0010000000000000, 0x7FEFFFFFFFFFFFFF, 0xFFEFFFFFFFFFFFFF]> : tensor<20xf64>} : () -> tensor<20xf64>
  %0 = "tc_tensor.identity"(%x) : (tensor<20xf64>) -> tensor<20xf64>
  return %0 : tensor<20xf64>
}

func.func @identity_special_i1() -> tensor<2xi1> {
  %x = "tc_tensor.constant"() {value = dense<[true, false]> : tensor<2xi1>} : () -> tensor<2xi1>
  %0 = "tc_tensor.identity"(%x) : (tensor<2xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

func.func @identity_special_i8() -> tensor<6xi8> {
  %x = "tc_tensor.constant"() {value = dense<[-128, 127, 0, -1, 1, -5]> : tensor<6xi8>} : () -> tensor<6xi8>
  %0 = "tc_tensor.identity"(%x) : (tensor<6xi8>) -> tensor<6xi8>
  return %0 : tensor<6xi8>
}

func.func @identity_special_i16() -> tensor<5xi16> {
  %x = "tc_tensor.constant"() {value = dense<[-32768, 32767, 0, -1, 256]> : tensor<5xi16>} : () -> tensor<5xi16>
  %0 = "tc_tensor.identity"(%x) : (tensor<5xi16>) -> tensor<5xi16>
  return %0 : tensor<5xi16>
}

func.func @identity_special_i32() -> tensor<5xi32> {
  %x = "tc_tensor.constant"() {value = dense<[-2147483648, 2147483647, 0, -1, 1]> : tensor<5xi32>} : () -> tensor<5xi32>
  %0 = "tc_tensor.identity"(%x) : (tensor<5xi32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

func.func @identity_special_i64() -> tensor<5xi64> {
  %x = "tc_tensor.constant"() {value = dense<[-9223372036854775808, 9223372036854775807, 0, -1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
  %0 = "tc_tensor.identity"(%x) : (tensor<5xi64>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

func.func @identity_special_ui8() -> tensor<4xui8> {
  %x = "tc_tensor.constant"() {value = dense<[0, 255, 1, 128]> : tensor<4xui8>} : () -> tensor<4xui8>
  %0 = "tc_tensor.identity"(%x) : (tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

func.func @identity_special_ui16() -> tensor<4xui16> {
  %x = "tc_tensor.constant"() {value = dense<[0, 65535, 32768, 1]> : tensor<4xui16>} : () -> tensor<4xui16>
  %0 = "tc_tensor.identity"(%x) : (tensor<4xui16>) -> tensor<4xui16>
  return %0 : tensor<4xui16>
}

func.func @identity_special_ui32() -> tensor<4xui32> {
  %x = "tc_tensor.constant"() {value = dense<[0, 4294967295, 2147483648, 1]> : tensor<4xui32>} : () -> tensor<4xui32>
  %0 = "tc_tensor.identity"(%x) : (tensor<4xui32>) -> tensor<4xui32>
  return %0 : tensor<4xui32>
}

func.func @identity_special_ui64() -> tensor<4xui64> {
  %x = "tc_tensor.constant"() {value = dense<[0, 18446744073709551615, 9223372036854775808, 1]> : tensor<4xui64>} : () -> tensor<4xui64>
  %0 = "tc_tensor.identity"(%x) : (tensor<4xui64>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}
