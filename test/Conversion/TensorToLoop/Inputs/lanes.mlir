// Reductions long enough for partial accumulators (Lanes.c): spans that
// are a multiple of 8 and spans with a tail, the reduced axis innermost or
// strided, f32 (summed in f64) and f16 (summed in f32), one and several
// reduced dimensions, and rows just too short for lanes.
func.func @sum_tail(%x: tensor<5x37xf32>) -> tensor<5xf32> {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<5x37xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

func.func @mean_f16(%x: tensor<4x3x40xf16>) -> tensor<4x1x1xf16> {
  %0 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 1, 2>, keepdims = true} : (tensor<4x3x40xf16>) -> tensor<4x1x1xf16>
  return %0 : tensor<4x1x1xf16>
}

func.func @sum_short(%x: tensor<6x15xf32>) -> tensor<6xf32> {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<6x15xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

func.func @softmax_rows(%x: tensor<3x50xf32>) -> tensor<3x50xf32> {
  %0 = "tc_tensor.softmax"(%x) {axis = -1 : i64} : (tensor<3x50xf32>) -> tensor<3x50xf32>
  return %0 : tensor<3x50xf32>
}

func.func @log_softmax_columns(%x: tensor<41x3xf32>) -> tensor<41x3xf32> {
  %0 = "tc_tensor.log_softmax"(%x) {axis = 0 : i64} : (tensor<41x3xf32>) -> tensor<41x3xf32>
  return %0 : tensor<41x3xf32>
}

func.func @layer_norm_rows(%x: tensor<4x2x33xf32>, %g: tensor<2x33xf32>, %b: tensor<2x33xf32>) -> tensor<4x2x33xf32> {
  %0 = "tc_tensor.layer_norm"(%x, %g, %b) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<4x2x33xf32>, tensor<2x33xf32>, tensor<2x33xf32>) -> tensor<4x2x33xf32>
  return %0 : tensor<4x2x33xf32>
}

// Longer than the slices whose exponentials softmax keeps (4096): the last
// pass computes e^(x−m) again.
func.func @softmax_long(%x: tensor<2x4100xf32>) -> tensor<2x4100xf32> {
  %0 = "tc_tensor.softmax"(%x) {axis = -1 : i64} : (tensor<2x4100xf32>) -> tensor<2x4100xf32>
  return %0 : tensor<2x4100xf32>
}
