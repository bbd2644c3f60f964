// conv2d with a run-time batch on BLIS (docs/dynamic-shapes.md §4,
// docs/lowering.md "tc-lower-tensor"): one artifact per function, run at
// every ? = 1, 13 and 64 against tensor-ref (utils/e2e-check.py), under
// the default contract (f32 summed in f32, bli_sgemm) and under
// contracts/strict (f32 summed in f64: the columns and the gemm's output
// widened, y holding every image).
// RUN: %e2e %s
// RUN: %e2e --contract %tc_src_root/contracts/strict.contract.json %s
//
// RUN: tensor-opt --tc-cpu-pipeline %s --manifest-out=%t.json -o /dev/null
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// MANIFEST-DAG: "detail": "gemm: per image (B at run time), unrolled input [K, OH*OW] (each image's in turn, in one buffer; rows cut at the padding, interior columns unclamped), one BLIS gemm (M 16, N 144, K 72) in f32 into the output's layout, then bias and relu in one pass over the image"
// MANIFEST-DAG: "detail": "im2col: unrolled input [B*16, 144] f32, one BLIS gemm (M B*16, N 32, K 144), bias added last"
// MANIFEST-DAG: "detail": "gemm: per image (B at run time), x itself as [C, H*W] (1x1, stride 1, no padding: no copy), one BLIS gemm (M 32, N 64, K 64) in f32 into the output's layout"
// MANIFEST-DAG: "detail": "gemm: per image (B at run time), unrolled input [K, OH*OW] (each image's in turn, in one buffer; rows cut at the padding, interior columns unclamped), one BLIS gemm (M 16, N 144, K 72) in f64 into the output's layout, then bias in one pass over the image"
// RUN: tensor-opt --contract=%tc_src_root/contracts/strict.contract.json --tc-cpu-pipeline %s --manifest-out=%t.strict.json -o /dev/null
// RUN: FileCheck %s --check-prefix=STRICT < %t.strict.json
// STRICT-DAG: "detail": "gemm: per image (B at run time), unrolled input [K, OH*OW] (each image's in turn, in one buffer; rows cut at the padding, interior columns unclamped), one BLIS gemm (M 16, N 144, K 72) in f64 into the output's layout, then bias and relu in one pass over the image"
// STRICT-DAG: "detail": "im2col: unrolled input [B*16, 144] f64, one BLIS gemm (M B*16, N 32, K 144), bias added last"
// The columns are one image's, a static buffer (72 x 144 f32) that
// tc-plan-memory analyses (docs/memory.md), not a buffer of ? images.
// MANIFEST-DAG: "detail": "peak 41472 bytes -> 41472 bytes; 1 buffers, none can share memory: left as they are"

// conv2d through BLIS on a ? batch (docs/dynamic-shapes.md §4): one image's
// GEMM (M 16, N 144, K 72) passes the threshold, so each image gets its
// columns and one gemm in a loop over the batch, then one epilogue nest
// adds the bias and the fused relu (algorithm "gemm").
func.func @conv_blis(%x: tensor<?x8x12x12xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>) -> tensor<?x16x12x12xf32> {
  %y = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<?x8x12x12xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<?x16x12x12xf32>
  %r = "tc_tensor.relu"(%y) : (tensor<?x16x12x12xf32>) -> tensor<?x16x12x12xf32>
  return %r : tensor<?x16x12x12xf32>
}

// -----

// 16 output pixels per image (< 64): one gemm over every image, M = ? * 16
// read at run time (algorithm "im2col").
func.func @conv_im2col(%x: tensor<?x16x6x6xf32>, %w: tensor<32x16x3x3xf32>) -> tensor<?x32x4x4xf32> {
  %y = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<?x16x6x6xf32>, tensor<32x16x3x3xf32>) -> tensor<?x32x4x4xf32>
  return %y : tensor<?x32x4x4xf32>
}

// -----

// A 1x1 convolution: each image's gemm reads x itself at its offset.
func.func @conv_pointwise(%x: tensor<?x64x8x8xf32>, %w: tensor<32x64x1x1xf32>) -> tensor<?x32x8x8xf32> {
  %y = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<?x64x8x8xf32>, tensor<32x64x1x1xf32>) -> tensor<?x32x8x8xf32>
  return %y : tensor<?x32x8x8xf32>
}

// -----

// f64 sums in f64: no widening, gemm per image.
func.func @conv_f64(%x: tensor<?x8x12x12xf64>, %w: tensor<16x8x3x3xf64>, %b: tensor<16xf64>) -> tensor<?x16x12x12xf64> {
  %y = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<?x8x12x12xf64>, tensor<16x8x3x3xf64>, tensor<16xf64>) -> tensor<?x16x12x12xf64>
  return %y : tensor<?x16x12x12xf64>
}
