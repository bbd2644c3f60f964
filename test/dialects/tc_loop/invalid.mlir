// RUN: tensor-opt -split-input-file -verify-diagnostics %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_loop.irdl.mlir -split-input-file -verify-diagnostics %s

// Negative tests of the constraints tc_loop.irdl.mlir itself expresses:
// memref buffers (each slot b0..b15 on its own), no results, required
// schedule attributes and their kinds, and the operandSegmentSizes attribute
// of the buffer slots (present, 16 dense i32 entries, each 0 or 1, adding up
// to the operand count). Whether the slots are filled without gaps and
// whether the body exists and matches the nest is tc-verify's to check.

func.func @tensor_buffer(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected base type 'builtin.memref' but got 'builtin.tensor'}}
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (tensor<4xf32>) -> ()
  return
}

// -----

// Every slot has its own constraint, so a tensor in a later slot is caught
// too, after memrefs of other types in the earlier ones.
func.func @tensor_buffer_in_slot_2(%a: memref<4x8xf32>, %b: memref<8xi32>, %t: tensor<4x8xf32>) {
  // expected-error @+1 {{expected base type 'builtin.memref' but got 'builtin.tensor'}}
  "tc_loop.nest"(%a, %b, %t) {body = @b, bounds = array<i64: 4, 8>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4x8xf32>, memref<8xi32>, tensor<4x8xf32>) -> ()
  return
}

// -----

func.func @missing_vector_width(%a: memref<4xf32>) {
  // expected-error @+1 {{attribute "vector_width" is expected but not provided}}
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>) -> ()
  return
}

// -----

func.func @body_as_string(%a: memref<4xf32>) {
  // expected-error @+1 {{expected base attribute 'builtin.symbol_ref' but got 'builtin.string'}}
  "tc_loop.nest"(%a) {body = "b", bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>) -> ()
  return
}

// -----

func.func @nest_with_result(%a: memref<4xf32>) {
  // expected-error @+1 {{op expects exactly 0 results, but got 1}}
  %0 = "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>) -> i32
  return
}

// -----

func.func @missing_segment_sizes(%a: memref<4xf32>) {
  // expected-error @+1 {{'operandSegmentSizes' attribute is expected but not provided}}
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64} : (memref<4xf32>) -> ()
  return
}

// -----

// Even a nest without buffers spells out its 16 zero entries.
func.func @missing_segment_sizes_no_buffers() {
  // expected-error @+1 {{'operandSegmentSizes' attribute is expected but not provided}}
  "tc_loop.nest"() {body = @b, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64} : () -> ()
  return
}

// -----

func.func @segment_entry_2(%a: memref<4xf32>) {
  // expected-error @+1 {{element 0 in 'operandSegmentSizes' attribute must be equal to 0 or 1}}
  "tc_loop.nest"(%a, %a) {body = @b, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @segment_entry_negative(%a: memref<4xf32>) {
  // expected-error @+1 {{'operandSegmentSizes' attribute for specifying operand segments must have non-negative values}}
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: -1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>) -> ()
  return
}

// -----

func.func @segment_sum_too_large(%a: memref<4xf32>) {
  // expected-error @+1 {{sum of elements in 'operandSegmentSizes' attribute must be equal to the number of operands}}
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>) -> ()
  return
}

// -----

func.func @segment_sum_too_small(%a: memref<4xf32>) {
  // expected-error @+1 {{sum of elements in 'operandSegmentSizes' attribute must be equal to the number of operands}}
  "tc_loop.nest"(%a, %a) {body = @b, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @segment_sizes_15_entries(%a: memref<4xf32>) {
  // expected-error @+1 {{'operandSegmentSizes' attribute for specifying operand segments must have 16 elements, but got 15}}
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>) -> ()
  return
}

// -----

func.func @segment_sizes_i64(%a: memref<4xf32>) {
  // expected-error @+1 {{'operandSegmentSizes' attribute is expected to be a dense i32 array}}
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i64: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>) -> ()
  return
}

// -----

// 17 buffers do not fit in 16 slots (the entries are at most 1 each).
func.func @seventeen_buffers(%a: memref<4xf32>) {
  // expected-error @+1 {{element 15 in 'operandSegmentSizes' attribute must be equal to 0 or 1}}
  "tc_loop.nest"(%a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a) {body = @b, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2>} : (memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
  return
}
