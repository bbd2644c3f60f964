// Kernel implementations that do not exist yet, and combinations an
// implementation does not support, are located compile failures, never a
// silent substitute.
// RUN: tensor-opt --tc-lower-kernels -split-input-file -verify-diagnostics %s

func.func @vector(%a: memref<4x8xf32>, %b: memref<8x2xf32>, %c: memref<4x2xf32>) {
  // expected-error @+1 {{tc_kernel.gemm kernel "vector" is not available yet}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "vector", reason = "test"} : (memref<4x8xf32>, memref<8x2xf32>, memref<4x2xf32>) -> ()
  return
}

// -----

// BLIS computes f32 and f64 only.
func.func @blis_f16(%a: memref<4x8xf16>, %b: memref<8x2xf16>, %c: memref<4x2xf16>) {
  // expected-error @+1 {{tc_kernel.gemm kernel "blis" takes f32 or f64 buffers only}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "test"} : (memref<4x8xf16>, memref<8x2xf16>, memref<4x2xf16>) -> ()
  return
}

// -----

// The panel gemm computes f32 only (f16 buffers summed in f32 pass tc-verify).
func.func @panel_f16(%a: memref<4x8xf16>, %b: memref<1x8x16xf16>, %c: memref<4x2xf16>) {
  // expected-error @+1 {{tc_kernel.gemm kernel "panel" takes f32 buffers only}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "panel", accumulate = "f32", reason = "test"} : (memref<4x8xf16>, memref<1x8x16xf16>, memref<4x2xf16>) -> ()
  return
}

// -----

func.func @batched(%a: memref<2x4x8xf32>, %b: memref<2x8x2xf32>, %c: memref<2x4x2xf32>) {
  // expected-error @+1 {{batched tc_kernel.gemm is not lowered yet}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "loops", reason = "test"} : (memref<2x4x8xf32>, memref<2x8x2xf32>, memref<2x4x2xf32>) -> ()
  return
}

// -----

func.func @im2col_grouped(%x: memref<1x2x5x5xf32>, %w: memref<4x1x3x3xf32>, %o: memref<1x4x3x3xf32>) {
  // expected-error @+1 {{tc_kernel.conv2d algorithm "im2col" is implemented for group 1, f32 or f64 and non-empty shapes only}}
  "tc_kernel.conv2d"(%x, %w, %o) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 2 : i64, algorithm = "im2col", reason = "test"} : (memref<1x2x5x5xf32>, memref<4x1x3x3xf32>, memref<1x4x3x3xf32>) -> ()
  return
}

// -----

func.func @unsigned(%x: memref<3x5xui8>, %y: memref<3x1xui8>) {
  // expected-error @+1 {{tc_kernel.reduce on unsigned buffers is not lowered yet}}
  "tc_kernel.reduce"(%x, %y) {kind = "max", axes = array<i64: 1>, reason = "test"} : (memref<3x5xui8>, memref<3x1xui8>) -> ()
  return
}

// -----

func.func @gemm_grouped(%x: memref<1x2x5x5xf32>, %w: memref<4x1x3x3xf32>, %o: memref<1x4x3x3xf32>) {
  // expected-error @+1 {{tc_kernel.conv2d algorithm "gemm" is implemented for group 1, f32 or f64 and non-empty shapes only}}
  "tc_kernel.conv2d"(%x, %w, %o) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 2 : i64, algorithm = "gemm", reason = "test"} : (memref<1x2x5x5xf32>, memref<4x1x3x3xf32>, memref<1x4x3x3xf32>) -> ()
  return
}

// -----

// Only the per-image gemm has an epilogue to apply an activation in.
func.func @im2col_relu(%x: memref<1x2x5x5xf32>, %w: memref<4x2x3x3xf32>, %o: memref<1x4x3x3xf32>) {
  // expected-error @+1 {{tc_kernel.conv2d algorithm "im2col" has no epilogue for an activation (only "gemm" has)}}
  "tc_kernel.conv2d"(%x, %w, %o) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "im2col", activation = "relu", reason = "test"} : (memref<1x2x5x5xf32>, memref<4x2x3x3xf32>, memref<1x4x3x3xf32>) -> ()
  return
}

// -----

func.func @direct_relu(%x: memref<1x2x5x5xf32>, %w: memref<4x2x3x3xf32>, %o: memref<1x4x3x3xf32>) {
  // expected-error @+1 {{tc_kernel.conv2d algorithm "direct" has no epilogue for an activation (only "gemm" has)}}
  "tc_kernel.conv2d"(%x, %w, %o) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", activation = "relu", reason = "test"} : (memref<1x2x5x5xf32>, memref<4x2x3x3xf32>, memref<1x4x3x3xf32>) -> ()
  return
}
