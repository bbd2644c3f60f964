// floor: exact, zero results keep the sign of x.
// End to end: compiled vs tensor-ref, random and special inputs (docs/dialects.md §2.2).
// RUN: %e2e %s

func.func @floor_f32(%x: tensor<3x4xf32> {tc.distribution = "uniform(-10, 10)"}) -> tensor<3x4xf32> {
  %0 = "tc_tensor.floor"(%x) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @floor_f16(%x: tensor<5xf16> {tc.distribution = "uniform(-10, 10)"}) -> tensor<5xf16> {
  %0 = "tc_tensor.floor"(%x) : (tensor<5xf16>) -> tensor<5xf16>
  return %0 : tensor<5xf16>
}

func.func @floor_bf16(%x: tensor<2x2x2xbf16> {tc.distribution = "uniform(-10, 10)"}) -> tensor<2x2x2xbf16> {
  %0 = "tc_tensor.floor"(%x) : (tensor<2x2x2xbf16>) -> tensor<2x2x2xbf16>
  return %0 : tensor<2x2x2xbf16>
}

func.func @floor_f64(%x: tensor<4x1xf64> {tc.distribution = "uniform(-10, 10)"}) -> tensor<4x1xf64> {
  %0 = "tc_tensor.floor"(%x) : (tensor<4x1xf64>) -> tensor<4x1xf64>
  return %0 : tensor<4x1xf64>
}

func.func @floor_rank0(%x: tensor<f32> {tc.distribution = "uniform(-10, 10)"}) -> tensor<f32> {
  %0 = "tc_tensor.floor"(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @floor_empty(%x: tensor<0x3xf32>) -> tensor<0x3xf32> {
  %0 = "tc_tensor.floor"(%x) : (tensor<0x3xf32>) -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}

func.func @floor_special_f32() -> tensor<20xf32> {
  %x = "tc_tensor.constant"() {value = dense<[0x7FC00000, 0x7F800000, 0xFF800000, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, -0.4, 100.0, -100.0, 1.0e-03, 0x00000001, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF]> : tensor<20xf32>} : () -> tensor<20xf32>
  %0 = "tc_tensor.floor"(%x) : (tensor<20xf32>) -> tensor<20xf32>
  return %0 : tensor<20xf32>
}

func.func @floor_special_f16() -> tensor<20xf16> {
  %x = "tc_tensor.constant"() {value = dense<[0x7E00, 0x7C00, 0xFC00, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, -0.4, 100.0, -100.0, 1.0e-03, 0x0001, 0x0400, 0x7BFF, 0xFBFF]> : tensor<20xf16>} : () -> tensor<20xf16>
  %0 = "tc_tensor.floor"(%x) : (tensor<20xf16>) -> tensor<20xf16>
  return %0 : tensor<20xf16>
}

func.func @floor_special_bf16() -> tensor<20xbf16> {
  %x = "tc_tensor.constant"() {value = dense<[0x7FC0, 0x7F80, 0xFF80, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, -0.4, 100.0, -100.0, 1.0e-03, 0x0001, 0x0080, 0x7F7F, 0xFF7F]> : tensor<20xbf16>} : () -> tensor<20xbf16>
  %0 = "tc_tensor.floor"(%x) : (tensor<20xbf16>) -> tensor<20xbf16>
  return %0 : tensor<20xbf16>
}

func.func @floor_special_f64() -> tensor<20xf64> {
  %x = "tc_tensor.constant"() {value = dense<[0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, -0.4, 100.0, -100.0, 1.0e-03, 0x0000000000000001, 0x0010000000000000, 0x7FEFFFFFFFFFFFFF, 0xFFEFFFFFFFFFFFFF]> : tensor<20xf64>} : () -> tensor<20xf64>
  %0 = "tc_tensor.floor"(%x) : (tensor<20xf64>) -> tensor<20xf64>
  return %0 : tensor<20xf64>
}
