// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// tc-verify's rules for the tc_kernel ops (docs/dialects.md §4,
// lib/Transforms/Verify/VerifyKernel.c): one case per diagnostic. IRDL itself
// rejects non-memref operands, wrong operand counts and malformed
// operandSegmentSizes.

func.func private @select(%c: i1, %x: f32, %y: i32) -> (f32, i32) attributes {tc_kernel.body} {
  return %x, %y : f32, i32
}
func.func private @fill() -> i8 attributes {tc_kernel.body} {
  %c = arith.constant 7 : i8
  return %c : i8
}
func.func @valid(%a: memref<5x3x2xf32>, %b: memref<5x4x3xf32>, %c: memref<5x2x4xf32>, %x: memref<1x4x7x7xf16>, %w: memref<6x2x3x3xf16>, %bias: memref<6xf16>, %out: memref<1x6x3x2xf16>, %in: memref<2x3x4xi32>, %red: memref<2x1x1xi32>, %cond: memref<4x8xi1>, %f: memref<4x8xf32>, %i: memref<4x8xi32>, %u: memref<4x8xui8, strided<[16, 2]>>, %sq: memref<4x4xf32>, %d: memref<4x4xf32>) {
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = true, trans_b = true, kernel = "blis", reason = "batched, large", tc.note = 1 : i64} : (memref<5x3x2xf32>, memref<5x4x3xf32>, memref<5x2x4xf32>) -> ()
  "tc_kernel.gemm"(%sq, %sq, %d) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = true, trans_b = false, kernel = "loops", reason = "a times a"} : (memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>) -> ()
  "tc_kernel.gemm"(%sq, %sq, %d) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "f32 sums", accumulate = "f32"} : (memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>) -> ()
  "tc_kernel.conv2d"(%x, %w, %bias, %out) {strides = array<i64: 2, 3>, pads = array<i64: 1, 0, 0, 1>, dilations = array<i64: 1, 2>, group = 2 : i64, algorithm = "im2col", reason = "r"} : (memref<1x4x7x7xf16>, memref<6x2x3x3xf16>, memref<6xf16>, memref<1x6x3x2xf16>) -> ()
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 2, 3>, pads = array<i64: 1, 0, 0, 1>, dilations = array<i64: 1, 2>, group = 2 : i64, algorithm = "direct", reason = "r"} : (memref<1x4x7x7xf16>, memref<6x2x3x3xf16>, memref<1x6x3x2xf16>) -> ()
  "tc_kernel.reduce"(%in, %red) {kind = "sum", axes = array<i64: -1, 1>, reason = "r"} : (memref<2x3x4xi32>, memref<2x1x1xi32>) -> ()
  "tc_kernel.elementwise"(%cond, %f, %i, %f, %i) {body = @select, group = -1 : i64, reason = "fused where, in place", operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4x8xi1>, memref<4x8xf32>, memref<4x8xi32>, memref<4x8xf32>, memref<4x8xi32>) -> ()
  "tc_kernel.elementwise"(%u) {body = @fill, group = 0 : i64, reason = "fill", operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4x8xui8, strided<[16, 2]>>) -> ()
  return
}

// -----

func.func @unknown_attribute(%a: memref<2x2xf32>, %b: memref<2x2xf32>, %c: memref<2x2xf32>) {
  // expected-error@+1 {{'tc_kernel.gemm' op unknown attribute 'transpose'}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r", transpose = true} : (memref<2x2xf32>, memref<2x2xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @accumulate_unknown(%a: memref<2x2xf32>, %b: memref<2x2xf32>, %c: memref<2x2xf32>) {
  // expected-error@+1 {{attribute 'accumulate' must be one of "f32", "f64", got "f16"}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r", accumulate = "f16"} : (memref<2x2xf32>, memref<2x2xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @accumulate_narrower(%a: memref<2x2xf64>, %b: memref<2x2xf64>, %c: memref<2x2xf64>) {
  // expected-error@+1 {{attribute 'accumulate' must not be less precise than the buffers' dtype}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r", accumulate = "f32"} : (memref<2x2xf64>, memref<2x2xf64>, memref<2x2xf64>) -> ()
  return
}

// -----

// A run-time M (docs/dialects.md §4.1): a's rows and c's rows of a rank-2
// "blis" or "panel" gemm, as tc-select-kernels builds for a dynamic batch.
func.func @run_time_m(%a: memref<?x8xf32>, %b: memref<8x4xf32>, %p: memref<1x8x16xf32>, %at: memref<8x?xf32>, %c: memref<?x4xf32>) {
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r", accumulate = "f32"} : (memref<?x8xf32>, memref<8x4xf32>, memref<?x4xf32>) -> ()
  "tc_kernel.gemm"(%a, %p, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "panel", reason = "r", accumulate = "f32"} : (memref<?x8xf32>, memref<1x8x16xf32>, memref<?x4xf32>) -> ()
  "tc_kernel.gemm"(%at, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = true, trans_b = false, kernel = "blis", reason = "r"} : (memref<8x?xf32>, memref<8x4xf32>, memref<?x4xf32>) -> ()
  return
}

// -----

func.func @run_time_k(%a: memref<4x?xf32>, %b: memref<8x4xf32>, %c: memref<4x4xf32>) {
  // expected-error@+1 {{a run-time size may only be M of a rank-2 gemm with kernel "blis" or "panel" (a's rows, c's rows; docs/dialects.md §4.1), or the batch of a rank-3 "blis" gemm (dimension 0 of a, b and c)}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r"} : (memref<4x?xf32>, memref<8x4xf32>, memref<4x4xf32>) -> ()
  return
}

// -----

// A rank-3 "blis" gemm may have a run-time batch (dimension 0 of all three).
func.func @run_time_batch_gemm(%a: memref<?x4x8xf32>, %b: memref<?x8x3xf32>, %c: memref<?x4x3xf32>) {
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r"} : (memref<?x4x8xf32>, memref<?x8x3xf32>, memref<?x4x3xf32>) -> ()
  return
}

// -----

func.func @run_time_batch_and_m(%a: memref<?x?x8xf32>, %b: memref<?x8x3xf32>, %c: memref<?x?x3xf32>) {
  // expected-error@+1 {{or the batch of a rank-3 "blis" gemm (dimension 0 of a, b and c)}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r"} : (memref<?x?x8xf32>, memref<?x8x3xf32>, memref<?x?x3xf32>) -> ()
  return
}

// -----

func.func @run_time_m_loops(%a: memref<?x8xf32>, %b: memref<8x4xf32>, %c: memref<?x4xf32>) {
  // expected-error@+1 {{a run-time size may only be M of a rank-2 gemm with kernel "blis" or "panel"}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "loops", reason = "r"} : (memref<?x8xf32>, memref<8x4xf32>, memref<?x4xf32>) -> ()
  return
}

// -----

// A conv2d kernel takes a run-time batch (x's and out's dimension 0) with
// algorithm "gemm" or "im2col" only, and no other run-time size.
func.func @run_time_batch_ok(%x: memref<?x2x5x5xf32>, %w: memref<3x2x3x3xf32>, %y: memref<?x3x3x3xf32>) {
  "tc_kernel.conv2d"(%x, %w, %y) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "gemm", reason = "r"} : (memref<?x2x5x5xf32>, memref<3x2x3x3xf32>, memref<?x3x3x3xf32>) -> ()
  "tc_kernel.conv2d"(%x, %w, %y) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "im2col", reason = "r"} : (memref<?x2x5x5xf32>, memref<3x2x3x3xf32>, memref<?x3x3x3xf32>) -> ()
  return
}

// -----

func.func @run_time_batch_direct(%x: memref<?x2x5x5xf32>, %w: memref<3x2x3x3xf32>, %y: memref<?x3x3x3xf32>) {
  // expected-error@+1 {{a run-time size may only be the batch of a conv2d with algorithm "im2col" or "gemm" (x's and out's dimension 0; docs/dialects.md §4.2)}}
  "tc_kernel.conv2d"(%x, %w, %y) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<?x2x5x5xf32>, memref<3x2x3x3xf32>, memref<?x3x3x3xf32>) -> ()
  return
}

// -----

func.func @run_time_channels(%x: memref<1x?x5x5xf32>, %w: memref<3x2x3x3xf32>, %y: memref<1x3x3x3xf32>) {
  // expected-error@+1 {{a run-time size may only be the batch of a conv2d with algorithm "im2col" or "gemm"}}
  "tc_kernel.conv2d"(%x, %w, %y) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "gemm", reason = "r"} : (memref<1x?x5x5xf32>, memref<3x2x3x3xf32>, memref<1x3x3x3xf32>) -> ()
  return
}

// -----

func.func @run_time_m_mismatch(%a: memref<?x8xf32>, %b: memref<8x4xf32>, %c: memref<3x4xf32>) {
  // expected-error@+1 {{destination 'c' must have shape ?x4 ([(B,) M, N]), got 3x4}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r"} : (memref<?x8xf32>, memref<8x4xf32>, memref<3x4xf32>) -> ()
  return
}

// -----

func.func @dynamic_buffer(%x: memref<?xf32>, %y: memref<f32>) {
  // expected-error@+1 {{operand 'input' must have a static shape, got memref<?xf32>}}
  "tc_kernel.reduce"(%x, %y) {kind = "sum", axes = array<i64>, reason = "r"} : (memref<?xf32>, memref<f32>) -> ()
  return
}

// -----

func.func @rank_too_high(%x: memref<4xf32>, %y: memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) {
  // expected-error@+1 {{operand 'output' has a rank above the supported maximum, got memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>}}
  "tc_kernel.reduce"(%x, %y) {kind = "sum", axes = array<i64>, reason = "r"} : (memref<4xf32>, memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> ()
  return
}

// -----

func.func @unsupported_element_type(%x: memref<4xsi32>, %y: memref<si32>) {
  // expected-error@+1 {{operand 'input' has an unsupported element type, got memref<4xsi32>}}
  "tc_kernel.reduce"(%x, %y) {kind = "sum", axes = array<i64>, reason = "r"} : (memref<4xsi32>, memref<si32>) -> ()
  return
}

// -----

func.func @dynamic_layout(%x: memref<4xf32, strided<[?], offset: 0>>, %y: memref<f32>) {
  // expected-error@+1 {{operand 'input' must have the identity layout or a strided layout with static offset and strides, got memref<4xf32, strided<[?]>>}}
  "tc_kernel.reduce"(%x, %y) {kind = "sum", axes = array<i64>, reason = "r"} : (memref<4xf32, strided<[?], offset: 0>>, memref<f32>) -> ()
  return
}

// -----

func.func @memory_space(%x: memref<4xf32>, %y: memref<f32, 3>) {
  // expected-error@+1 {{operand 'output' must be in the default memory space, got memref<f32, 3>}}
  "tc_kernel.reduce"(%x, %y) {kind = "sum", axes = array<i64>, reason = "r"} : (memref<4xf32>, memref<f32, 3>) -> ()
  return
}

// -----

func.func @empty_reason(%x: memref<4xf32>, %y: memref<1xf32>) {
  // expected-error@+1 {{attribute 'reason' must be a non-empty string}}
  "tc_kernel.reduce"(%x, %y) {kind = "sum", axes = array<i64>, reason = ""} : (memref<4xf32>, memref<1xf32>) -> ()
  return
}

// -----

func.func @gemm_integer(%a: memref<2x2xi32>) {
  // expected-error@+1 {{operand 'a' must have float elements, got i32}}
  "tc_kernel.gemm"(%a, %a, %a) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r"} : (memref<2x2xi32>, memref<2x2xi32>, memref<2x2xi32>) -> ()
  return
}

// -----

func.func @gemm_mixed_dtypes(%a: memref<2x2xf32>, %b: memref<2x2xf64>, %c: memref<2x2xf32>) {
  // expected-error@+1 {{all operands and results must have the same element type, got f32 (first operand) and f64 (operand #1)}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r"} : (memref<2x2xf32>, memref<2x2xf64>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @gemm_destination_is_input(%a: memref<2x2xf32>, %b: memref<2x2xf32>) {
  // expected-error@+1 {{destination 'c' must not be the same value as operand 'b'}}
  "tc_kernel.gemm"(%a, %b, %b) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r"} : (memref<2x2xf32>, memref<2x2xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @gemm_alpha_infinite(%a: memref<2x2xf32>, %b: memref<2x2xf32>, %c: memref<2x2xf32>) {
  // expected-error@+1 {{attribute 'alpha' must be finite, got inf}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 0x7FF0000000000000 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r"} : (memref<2x2xf32>, memref<2x2xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @gemm_beta_nan(%a: memref<2x2xf32>, %b: memref<2x2xf32>, %c: memref<2x2xf32>) {
  // expected-error@+1 {{attribute 'beta' must be finite, got nan}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0x7FF8000000000000 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r"} : (memref<2x2xf32>, memref<2x2xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @gemm_trans_kind(%a: memref<2x2xf32>, %b: memref<2x2xf32>, %c: memref<2x2xf32>) {
  // expected-error@+1 {{attribute 'trans_b' must be a bool (`true` or `false`)}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = 1 : i64, kernel = "blis", reason = "r"} : (memref<2x2xf32>, memref<2x2xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @gemm_kernel_name(%a: memref<2x2xf32>, %b: memref<2x2xf32>, %c: memref<2x2xf32>) {
  // expected-error@+1 {{attribute 'kernel' must be one of "blis", "loops", "vector", "panel", got "blis_sgemm"}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis_sgemm", reason = "r"} : (memref<2x2xf32>, memref<2x2xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @panel_transposed(%a: memref<2x8xf32>, %b: memref<1x8x16xf32>, %c: memref<2x10xf32>) {
  // expected-error@+1 {{kernel "panel" takes no transposes and needs accumulate = "f32"}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = true, kernel = "panel", accumulate = "f32", reason = "r"} : (memref<2x8xf32>, memref<1x8x16xf32>, memref<2x10xf32>) -> ()
  return
}

// -----

func.func @panel_no_f32_sums(%a: memref<2x8xf32>, %b: memref<1x8x16xf32>, %c: memref<2x10xf32>) {
  // expected-error@+1 {{kernel "panel" takes no transposes and needs accumulate = "f32"}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "panel", reason = "r"} : (memref<2x8xf32>, memref<1x8x16xf32>, memref<2x10xf32>) -> ()
  return
}

// -----

func.func @panel_ranks(%a: memref<2x8xf32>, %b: memref<8x16xf32>, %c: memref<2x16xf32>) {
  // expected-error@+1 {{kernel "panel" takes 'a' [M, K], 'b' [P, K, W] and 'c' [M, N], got ranks 2, 2, 2}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "panel", accumulate = "f32", reason = "r"} : (memref<2x8xf32>, memref<8x16xf32>, memref<2x16xf32>) -> ()
  return
}

// -----

func.func @panel_count(%a: memref<2x8xf32>, %b: memref<1x8x16xf32>, %c: memref<2x17xf32>) {
  // expected-error@+1 {{kernel "panel" needs 'b' [ceil(N / W), K, W] with W 16 or 32 for 'a' [M, K] and 'c' [M, N], got 'a' [2, 8], 'b' [1, 8, 16], 'c' [2, 17]}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "panel", accumulate = "f32", reason = "r"} : (memref<2x8xf32>, memref<1x8x16xf32>, memref<2x17xf32>) -> ()
  return
}

// -----

func.func @panel_width(%a: memref<2x8xf32>, %b: memref<1x8x24xf32>, %c: memref<2x20xf32>) {
  // expected-error@+1 {{kernel "panel" needs 'b' [ceil(N / W), K, W] with W 16 or 32 for 'a' [M, K] and 'c' [M, N], got 'a' [2, 8], 'b' [1, 8, 24], 'c' [2, 20]}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "panel", accumulate = "f32", reason = "r"} : (memref<2x8xf32>, memref<1x8x24xf32>, memref<2x20xf32>) -> ()
  return
}

// -----

func.func @panel_ok(%a: memref<2x8xf32>, %b: memref<2x8x16xf32>, %c: memref<2x17xf32>) {
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "panel", accumulate = "f32", reason = "r"} : (memref<2x8xf32>, memref<2x8x16xf32>, memref<2x17xf32>) -> ()
  return
}

// -----

func.func @gemm_ranks(%a: memref<2x2xf32>, %b: memref<3x2x2xf32>, %c: memref<2x2xf32>) {
  // expected-error@+1 {{operands 'a', 'b', 'c' must all have rank 2, or all rank 3 (batched), got ranks 2, 3, 2}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r"} : (memref<2x2xf32>, memref<3x2x2xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @gemm_batch(%a: memref<3x2x2xf32>, %b: memref<3x2x2xf32>, %c: memref<1x2x2xf32>) {
  // expected-error@+1 {{batched operands 'a', 'b', 'c' must have one leading dimension, got 3, 3, 1}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "r"} : (memref<3x2x2xf32>, memref<3x2x2xf32>, memref<1x2x2xf32>) -> ()
  return
}

// -----

func.func @gemm_contraction(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {
  // expected-error@+1 {{op(a) has 2 columns (K) but op(b) has 3 rows: they must be equal}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = true, trans_b = false, kernel = "blis", reason = "r"} : (memref<2x3xf32>, memref<3x4xf32>, memref<2x4xf32>) -> ()
  return
}

// -----

func.func @gemm_c_shape(%a: memref<2x3xf32>, %b: memref<4x3xf32>, %c: memref<2x3xf32>) {
  // expected-error@+1 {{destination 'c' must have shape 2x4 ([(B,) M, N]), got 2x3}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = true, kernel = "vector", reason = "r"} : (memref<2x3xf32>, memref<4x3xf32>, memref<2x3xf32>) -> ()
  return
}

// -----

func.func @conv_integer(%x: memref<1x1x3x3xi8>, %w: memref<1x1x1x1xi8>, %out: memref<1x1x3x3xi8>) {
  // expected-error@+1 {{operand 'x' must have float elements, got i8}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<1x1x3x3xi8>, memref<1x1x1x1xi8>, memref<1x1x3x3xi8>) -> ()
  return
}

// -----

func.func @conv_destination_is_input(%x: memref<1x1x3x3xf32>, %w: memref<1x1x1x1xf32>) {
  // expected-error@+1 {{destination 'out' must not be the same value as operand 'x'}}
  "tc_kernel.conv2d"(%x, %w, %x) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<1x1x3x3xf32>, memref<1x1x1x1xf32>, memref<1x1x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_strides_length(%x: memref<1x1x3x3xf32>, %w: memref<1x1x1x1xf32>, %out: memref<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'strides' must have 2 entries, got 1}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<1x1x3x3xf32>, memref<1x1x1x1xf32>, memref<1x1x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_negative_pad(%x: memref<1x1x3x3xf32>, %w: memref<1x1x1x1xf32>, %out: memref<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'pads' entries must be >= 0, got -1 at index 2}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, -1, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<1x1x3x3xf32>, memref<1x1x1x1xf32>, memref<1x1x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_zero_group(%x: memref<1x1x3x3xf32>, %w: memref<1x1x1x1xf32>, %out: memref<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'group' must be >= 1, got 0}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 0 : i64, algorithm = "direct", reason = "r"} : (memref<1x1x3x3xf32>, memref<1x1x1x1xf32>, memref<1x1x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_algorithm(%x: memref<1x1x3x3xf32>, %w: memref<1x1x1x1xf32>, %out: memref<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'algorithm' must be one of "im2col", "direct", "gemm", got "winograd"}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "winograd", reason = "r"} : (memref<1x1x3x3xf32>, memref<1x1x1x1xf32>, memref<1x1x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_activation(%x: memref<1x1x3x3xf32>, %w: memref<1x1x1x1xf32>, %out: memref<1x1x3x3xf32>) {
  // expected-error@+1 {{attribute 'activation' must be one of "relu", got "gelu"}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "gemm", activation = "gelu", reason = "r"} : (memref<1x1x3x3xf32>, memref<1x1x1x1xf32>, memref<1x1x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_x_rank(%x: memref<1x3x3xf32>, %w: memref<1x1x1x1xf32>, %out: memref<1x1x3x3xf32>) {
  // expected-error@+1 {{operand 'x' must have rank 4, got 3}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<1x3x3xf32>, memref<1x1x1x1xf32>, memref<1x1x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_bias_rank(%x: memref<1x1x3x3xf32>, %w: memref<1x1x1x1xf32>, %bias: memref<1x1xf32>, %out: memref<1x1x3x3xf32>) {
  // expected-error@+1 {{operand 'bias' must have rank 1, got 2}}
  "tc_kernel.conv2d"(%x, %w, %bias, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<1x1x3x3xf32>, memref<1x1x1x1xf32>, memref<1x1xf32>, memref<1x1x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_out_rank(%x: memref<1x1x3x3xf32>, %w: memref<1x1x1x1xf32>, %out: memref<1x3x3xf32>) {
  // expected-error@+1 {{operand 'out' must have rank 4, got 3}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<1x1x3x3xf32>, memref<1x1x1x1xf32>, memref<1x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_group_input_channels(%x: memref<1x3x3x3xf32>, %w: memref<2x1x1x1xf32>, %out: memref<1x2x3x3xf32>) {
  // expected-error@+1 {{attribute 'group' (2) must divide the number of input channels 3}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 2 : i64, algorithm = "direct", reason = "r"} : (memref<1x3x3x3xf32>, memref<2x1x1x1xf32>, memref<1x2x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_group_output_channels(%x: memref<1x2x3x3xf32>, %w: memref<3x1x1x1xf32>, %out: memref<1x3x3x3xf32>) {
  // expected-error@+1 {{attribute 'group' (2) must divide the number of output channels 3}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 2 : i64, algorithm = "direct", reason = "r"} : (memref<1x2x3x3xf32>, memref<3x1x1x1xf32>, memref<1x3x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_weight_channels(%x: memref<1x4x3x3xf32>, %w: memref<2x4x1x1xf32>, %out: memref<1x2x3x3xf32>) {
  // expected-error@+1 {{operand 'w' must have w.shape[1] = C / group = 2, got 4}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 2 : i64, algorithm = "direct", reason = "r"} : (memref<1x4x3x3xf32>, memref<2x4x1x1xf32>, memref<1x2x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_empty_kernel(%x: memref<1x1x3x3xf32>, %w: memref<1x1x0x1xf32>, %out: memref<1x1x3x3xf32>) {
  // expected-error@+1 {{operand 'w' must have a kernel of at least 1x1, got 0x1}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<1x1x3x3xf32>, memref<1x1x0x1xf32>, memref<1x1x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_bias_shape(%x: memref<1x1x3x3xf32>, %w: memref<2x1x1x1xf32>, %bias: memref<3xf32>, %out: memref<1x2x3x3xf32>) {
  // expected-error@+1 {{operand 'bias' must have shape [M] = 2, got 3}}
  "tc_kernel.conv2d"(%x, %w, %bias, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<1x1x3x3xf32>, memref<2x1x1x1xf32>, memref<3xf32>, memref<1x2x3x3xf32>) -> ()
  return
}

// -----

func.func @conv_kernel_too_large(%x: memref<1x1x3x3xf32>, %w: memref<1x1x3x3xf32>, %out: memref<1x1x1x1xf32>) {
  // expected-error@+1 {{padded input width 3 (input plus pads) must be at least the dilated kernel width 5}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 2>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<1x1x3x3xf32>, memref<1x1x3x3xf32>, memref<1x1x1x1xf32>) -> ()
  return
}

// -----

func.func @conv_output_overflow(%x: memref<1x1x1x1xf32>, %w: memref<1x1x1x1xf32>, %out: memref<1x1x1x1xf32>) {
  // expected-error@+1 {{output height 2^63 or more does not fit in a 64-bit dimension}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 1, 1>, pads = array<i64: 9223372036854775807, 0, 9223372036854775807, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<1x1x1x1xf32>, memref<1x1x1x1xf32>, memref<1x1x1x1xf32>) -> ()
  return
}

// -----

func.func @conv_out_shape(%x: memref<1x1x7x7xf32>, %w: memref<2x1x3x3xf32>, %out: memref<1x2x7x7xf32>) {
  // expected-error@+1 {{destination 'out' must have shape 1x2x4x4 ([N, M, H_out, W_out]), got 1x2x7x7}}
  "tc_kernel.conv2d"(%x, %w, %out) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<1x1x7x7xf32>, memref<2x1x3x3xf32>, memref<1x2x7x7xf32>) -> ()
  return
}

// -----

func.func @reduce_kind(%x: memref<4xf32>, %y: memref<1xf32>) {
  // expected-error@+1 {{attribute 'kind' must be one of "sum", "prod", "max", "min", "mean", got "avg"}}
  "tc_kernel.reduce"(%x, %y) {kind = "avg", axes = array<i64>, reason = "r"} : (memref<4xf32>, memref<1xf32>) -> ()
  return
}

// -----

func.func @reduce_mean_integer(%x: memref<4xi32>, %y: memref<1xi32>) {
  // expected-error@+1 {{operand 'input' of a "mean" reduction must have float elements, got i32}}
  "tc_kernel.reduce"(%x, %y) {kind = "mean", axes = array<i64>, reason = "r"} : (memref<4xi32>, memref<1xi32>) -> ()
  return
}

// -----

func.func @reduce_bool(%x: memref<4xi1>, %y: memref<1xi1>) {
  // expected-error@+1 {{operand 'input' must have numeric elements, got i1}}
  "tc_kernel.reduce"(%x, %y) {kind = "max", axes = array<i64>, reason = "r"} : (memref<4xi1>, memref<1xi1>) -> ()
  return
}

// -----

func.func @reduce_mixed_dtypes(%x: memref<4xf32>, %y: memref<1xf64>) {
  // expected-error@+1 {{all operands and results must have the same element type, got f32 (first operand) and f64 (operand #1)}}
  "tc_kernel.reduce"(%x, %y) {kind = "sum", axes = array<i64>, reason = "r"} : (memref<4xf32>, memref<1xf64>) -> ()
  return
}

// -----

func.func @reduce_in_place(%x: memref<4xf32>) {
  // expected-error@+1 {{destination 'output' must not be the same value as operand 'input'}}
  "tc_kernel.reduce"(%x, %x) {kind = "sum", axes = array<i64>, reason = "r"} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @reduce_axis_range(%x: memref<2x3xf32>, %y: memref<2x1xf32>) {
  // expected-error@+1 {{attribute 'axes' (2) is out of range for rank 2: must lie in [-2, 2)}}
  "tc_kernel.reduce"(%x, %y) {kind = "sum", axes = array<i64: 2>, reason = "r"} : (memref<2x3xf32>, memref<2x1xf32>) -> ()
  return
}

// -----

func.func @reduce_axes_repeat(%x: memref<2x3xf32>, %y: memref<2x1xf32>) {
  // expected-error@+1 {{attribute 'axes' must have distinct entries after normalisation: 1 and -1 name axis 1}}
  "tc_kernel.reduce"(%x, %y) {kind = "sum", axes = array<i64: 1, -1>, reason = "r"} : (memref<2x3xf32>, memref<2x1xf32>) -> ()
  return
}

// -----

// The destination has the keepdims form: reduced axes stay, with size 1.
func.func @reduce_dropped_dims(%x: memref<2x3x4xf32>, %y: memref<2x4xf32>) {
  // expected-error@+1 {{destination 'output' must have shape 2x1x4 (input's shape with the reduced axes 1), got 2x4}}
  "tc_kernel.reduce"(%x, %y) {kind = "sum", axes = array<i64: 1>, reason = "r"} : (memref<2x3x4xf32>, memref<2x4xf32>) -> ()
  return
}

// -----

func.func private @id(%x: f32) -> f32 attributes {tc_kernel.body} {
  return %x : f32
}
func.func @elementwise_slot_gap(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{attribute 'operandSegmentSizes' must be ones followed by zeros (buffers fill slots b0, b1, ... without gaps), got 1 in slot b15}}
  "tc_kernel.elementwise"(%a, %b) {body = @id, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func private @id(%x: f32) -> f32 attributes {tc_kernel.body} {
  return %x : f32
}
func.func @elementwise_dynamic_buffer(%a: memref<4xf32>, %b: memref<?xf32>) {
  // expected-error@+1 {{buffer #1 must have a static shape, got memref<?xf32>}}
  "tc_kernel.elementwise"(%a, %b) {body = @id, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<?xf32>) -> ()
  return
}

// -----

func.func private @id(%x: f32) -> f32 attributes {tc_kernel.body} {
  return %x : f32
}
func.func @elementwise_shapes(%a: memref<4xf32>, %b: memref<1x4xf32>) {
  // expected-error@+1 {{buffer #1 has shape 1x4, expected 4 like buffer #0}}
  "tc_kernel.elementwise"(%a, %b) {body = @id, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<1x4xf32>) -> ()
  return
}

// -----

func.func private @id(%x: f32) -> f32 attributes {tc_kernel.body} {
  return %x : f32
}
func.func @elementwise_group(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{attribute 'group' must be >= -1 (-1 = no fusion group), got -5}}
  "tc_kernel.elementwise"(%a, %b) {body = @id, group = -5 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @elementwise_nested_symbol(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{attribute 'body' must be a flat symbol reference (e.g. `@body`)}}
  "tc_kernel.elementwise"(%a, %b) {body = @m::@id, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @elementwise_missing_body(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{attribute 'body' names @id, which is not a func.func in the enclosing module}}
  "tc_kernel.elementwise"(%a, %b) {body = @id, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func private @id(%x: f32) -> f32 attributes {tc_kernel.body}
func.func @elementwise_declared_body(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{body @id is only declared: it must be defined}}
  "tc_kernel.elementwise"(%a, %b) {body = @id, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func private @id(%x: f32) -> f32 attributes {tc_loop.body} {
  return %x : f32
}
func.func @elementwise_loop_body(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{body @id must carry the unit attribute 'tc_kernel.body'}}
  "tc_kernel.elementwise"(%a, %b) {body = @id, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func private @sink(%x: f32, %y: f32) attributes {tc_kernel.body} {
  return
}
func.func @elementwise_no_output(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{body @sink must return at least one result (one per output buffer), got none}}
  "tc_kernel.elementwise"(%a, %b) {body = @sink, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func private @add(%x: f32, %y: f32) -> f32 attributes {tc_kernel.body} {
  %s = arith.addf %x, %y : f32
  return %s : f32
}
func.func @elementwise_buffer_count(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{body @add has 2 arguments and 1 results, so the op needs 3 buffers (inputs, then outputs), got 2}}
  "tc_kernel.elementwise"(%a, %b) {body = @add, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func private @id(%x: f32) -> f16 attributes {tc_kernel.body} {
  %y = arith.truncf %x : f32 to f16
  return %y : f16
}
func.func @elementwise_body_type(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{body @id must have type (f32) -> f32, got (f32) -> f16}}
  "tc_kernel.elementwise"(%a, %b) {body = @id, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

// Unsigned buffers are seen by the body as signless integers.
func.func private @id(%x: ui8) -> ui8 attributes {tc_kernel.body} {
  return %x : ui8
}
func.func @elementwise_unsigned_body(%a: memref<4xui8>, %b: memref<4xui8>) {
  // expected-error@+1 {{body @id must have type (i8) -> i8, got (ui8) -> ui8}}
  "tc_kernel.elementwise"(%a, %b) {body = @id, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xui8>, memref<4xui8>) -> ()
  return
}

// -----

func.func private @dup(%x: f32) -> (f32, f32) attributes {tc_kernel.body} {
  return %x, %x : f32, f32
}
func.func @elementwise_outputs_alias(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{outputs buffer #1 and buffer #2 must be distinct values}}
  "tc_kernel.elementwise"(%a, %b, %b) {body = @dup, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
  return
}
