// RUN: tensor-opt -split-input-file -verify-diagnostics %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_kernel.irdl.mlir -split-input-file -verify-diagnostics %s

// Negative tests of the constraints tc_kernel.irdl.mlir itself expresses:
// operand counts (conv2d's optional bias), memref operands, required
// attributes and their kinds, and the operandSegmentSizes attribute of
// elementwise's buffer slots (present, 16 dense i32 entries, each 0 or 1,
// adding up to the operand count). Shapes, kind names, slots filled without
// gaps and the body's signature are tc-verify's.

func.func @gemm_without_c(%a: memref<2x2xf32>) {
  // expected-error @+1 {{op expects exactly 3 operands, but got 2}}
  "tc_kernel.gemm"(%a, %a) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "naive", reason = "r"} : (memref<2x2xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @conv2d_five_operands(%x: memref<1x1x3x3xf32>) {
  // expected-error @+1 {{op expects at most 4 operands, but got 5}}
  "tc_kernel.conv2d"(%x, %x, %x, %x, %x) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "r"} : (memref<1x1x3x3xf32>, memref<1x1x3x3xf32>, memref<1x1x3x3xf32>, memref<1x1x3x3xf32>, memref<1x1x3x3xf32>) -> ()
  return
}

// -----

func.func @reduce_tensor_input(%x: tensor<4xf32>, %out: memref<f32>) {
  // expected-error @+1 {{expected base type 'builtin.memref' but got 'builtin.tensor'}}
  "tc_kernel.reduce"(%x, %out) {kind = "sum", axes = array<i64: 0>, reason = "r"} : (tensor<4xf32>, memref<f32>) -> ()
  return
}

// -----

func.func @elementwise_missing_reason(%a: memref<4xf32>) {
  // expected-error @+1 {{attribute "reason" is expected but not provided}}
  "tc_kernel.elementwise"(%a, %a) {body = @f, group = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @reduce_kind_as_integer(%x: memref<4xf32>, %out: memref<f32>) {
  // expected-error @+1 {{expected base attribute 'builtin.string' but got 'builtin.integer'}}
  "tc_kernel.reduce"(%x, %out) {kind = 0 : i64, axes = array<i64: 0>, reason = "r"} : (memref<4xf32>, memref<f32>) -> ()
  return
}

// -----

func.func @elementwise_missing_segment_sizes(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'operandSegmentSizes' attribute is expected but not provided}}
  "tc_kernel.elementwise"(%a, %b) {body = @f, group = 0 : i64, reason = "r"} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @elementwise_segment_entry_2(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{element 1 in 'operandSegmentSizes' attribute must be equal to 0 or 1}}
  "tc_kernel.elementwise"(%a, %a, %b) {body = @f, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @elementwise_segment_sum_mismatch(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{sum of elements in 'operandSegmentSizes' attribute must be equal to the number of operands}}
  "tc_kernel.elementwise"(%a, %b) {body = @f, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @elementwise_segment_sizes_17_entries(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'operandSegmentSizes' attribute for specifying operand segments must have 16 elements, but got 17}}
  "tc_kernel.elementwise"(%a, %b) {body = @f, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

// A tensor in a later slot, after a memref of another dtype.
func.func @elementwise_tensor_in_slot_1(%c: memref<4xi1>, %t: tensor<4xf32>, %out: memref<4xf32>) {
  // expected-error @+1 {{expected base type 'builtin.memref' but got 'builtin.tensor'}}
  "tc_kernel.elementwise"(%c, %t, %out) {body = @f, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xi1>, tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @elementwise_with_result(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{op expects exactly 0 results, but got 1}}
  %0 = "tc_kernel.elementwise"(%a, %b) {body = @f, group = 0 : i64, reason = "r", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> f32
  return
}
