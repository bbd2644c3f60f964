// tc_tensor.global_avg_pool compiled with the CPU pipeline against
// tensor-ref (docs/dialects.md §2.2.13, exactly reduce_mean over the spatial
// dimensions with keepdims): ranks 3 to 5, every float dtype (f16/bf16
// summed in f32, f16 sums beyond the f16 range), an empty batch, and NaN,
// ±inf, ±0 and the f32 maximum (whose mean must not overflow) as constants.
// RUN: %e2e %s

func.func @gavg_f32(%x: tensor<2x3x5xf32>, %y: tensor<1x2x3x4xf32>, %z: tensor<1x2x2x3x2xf32>) -> (tensor<2x3x1xf32>, tensor<1x2x1x1xf32>, tensor<1x2x1x1x1xf32>) {
  %0 = "tc_tensor.global_avg_pool"(%x) : (tensor<2x3x5xf32>) -> tensor<2x3x1xf32>
  %1 = "tc_tensor.global_avg_pool"(%y) : (tensor<1x2x3x4xf32>) -> tensor<1x2x1x1xf32>
  %2 = "tc_tensor.global_avg_pool"(%z) : (tensor<1x2x2x3x2xf32>) -> tensor<1x2x1x1x1xf32>
  return %0, %1, %2 : tensor<2x3x1xf32>, tensor<1x2x1x1xf32>, tensor<1x2x1x1x1xf32>
}

func.func @gavg_f16_bf16_f64(%a: tensor<1x2x3x3xf16> {tc.distribution = "uniform(30000, 60000)"}, %b: tensor<2x1x4xbf16>, %c: tensor<1x3x2x2xf64>) -> (tensor<1x2x1x1xf16>, tensor<2x1x1xbf16>, tensor<1x3x1x1xf64>) {
  %0 = "tc_tensor.global_avg_pool"(%a) : (tensor<1x2x3x3xf16>) -> tensor<1x2x1x1xf16>
  %1 = "tc_tensor.global_avg_pool"(%b) : (tensor<2x1x4xbf16>) -> tensor<2x1x1xbf16>
  %2 = "tc_tensor.global_avg_pool"(%c) : (tensor<1x3x2x2xf64>) -> tensor<1x3x1x1xf64>
  return %0, %1, %2 : tensor<1x2x1x1xf16>, tensor<2x1x1xbf16>, tensor<1x3x1x1xf64>
}

// -----

// Per channel: NaN; inf - inf = NaN; inf; all -0 stays -0; MAX, MAX, MAX
// averages to MAX; an empty batch.
func.func @gavg_special(%e: tensor<0x2x3xf32>) -> (tensor<1x6x1xf32>, tensor<1x2x1xf64>, tensor<0x2x1xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[[1.0, 0x7FC00000, 2.0], [0x7F800000, 0xFF800000, 1.0], [0x7F800000, 1.0, 2.0], [-0.0, -0.0, -0.0], [-0.0, 0.0, -0.0], [3.40282347E+38, 3.40282347E+38, 3.40282347E+38]]]> : tensor<1x6x3xf32>} : () -> tensor<1x6x3xf32>
  %y = "tc_tensor.constant"() {value = dense<[[[1.7976931348623157E+308, 1.7976931348623157E+308], [1.0, -0.0]]]> : tensor<1x2x2xf64>} : () -> tensor<1x2x2xf64>
  %0 = "tc_tensor.global_avg_pool"(%x) : (tensor<1x6x3xf32>) -> tensor<1x6x1xf32>
  %1 = "tc_tensor.global_avg_pool"(%y) : (tensor<1x2x2xf64>) -> tensor<1x2x1xf64>
  %2 = "tc_tensor.global_avg_pool"(%e) : (tensor<0x2x3xf32>) -> tensor<0x2x1xf32>
  return %0, %1, %2 : tensor<1x6x1xf32>, tensor<1x2x1xf64>, tensor<0x2x1xf32>
}

// -----

// Innermost spans of at least 16 sum in 8 lanes (ConvPool.c, Lanes.c): 37
// columns (4 chunks of 8 and 5 trailing terms), 20 (2 and 4), f64 over 3
// spatial dimensions, a NaN and an inf in one channel each, and the f32
// maximum across a whole row (its mean must not overflow).
func.func @gavg_lanes(%x: tensor<2x4x3x37xf32>, %y: tensor<1x3x20xf32>, %z: tensor<1x2x2x2x17xf64>) -> (tensor<2x4x1x1xf32>, tensor<1x3x1xf32>, tensor<1x2x1x1x1xf64>) {
  %0 = "tc_tensor.global_avg_pool"(%x) : (tensor<2x4x3x37xf32>) -> tensor<2x4x1x1xf32>
  %1 = "tc_tensor.global_avg_pool"(%y) : (tensor<1x3x20xf32>) -> tensor<1x3x1xf32>
  %2 = "tc_tensor.global_avg_pool"(%z) : (tensor<1x2x2x2x17xf64>) -> tensor<1x2x1x1x1xf64>
  return %0, %1, %2 : tensor<2x4x1x1xf32>, tensor<1x3x1xf32>, tensor<1x2x1x1x1xf64>
}

func.func @gavg_lanes_special() -> tensor<1x3x1xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 0x7FC00000], [0x7F800000, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0], [3.40282347E+38, 3.40282347E+38, 3.40282347E+38, 3.40282347E+38, 3.40282347E+38, 3.40282347E+38, 3.40282347E+38, 3.40282347E+38, 3.40282347E+38, 3.40282347E+38, 3.40282347E+38, 3.40282347E+38, 3.40282347E+38, 3.40282347E+38, 3.40282347E+38, 3.40282347E+38]]]> : tensor<1x3x16xf32>} : () -> tensor<1x3x16xf32>
  %0 = "tc_tensor.global_avg_pool"(%x) : (tensor<1x3x16xf32>) -> tensor<1x3x1xf32>
  return %0 : tensor<1x3x1xf32>
}
