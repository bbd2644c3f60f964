// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// tc-verify's rules for tc_loop.nest (docs/dialects.md §3,
// lib/Transforms/Verify/VerifyLoop.c): one case per diagnostic. IRDL itself
// rejects non-memref buffers and malformed operandSegmentSizes (length, entries
// other than 0 and 1, a sum other than the operand count), so only the order
// of the slots is tested here.

func.func private @body2(%i: index, %j: index, %a: memref<4x8xf32>, %b: memref<8xi32, strided<[2], offset: 1>>, %c: memref<4x8xf32>) attributes {tc_loop.body} {
  return
}
func.func private @body0() attributes {tc_loop.body} {
  return
}
func.func @valid(%a: memref<4x8xf32>, %b: memref<8xi32, strided<[2], offset: 1>>) {
  "tc_loop.nest"(%a, %b, %a) {body = @body2, bounds = array<i64: 4, 8>, parallel = array<i1: true, false>, tile = array<i64: 2, 0>, vector_width = 4 : i64, group = -1 : i64, tc.fusion_group = 3 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4x8xf32>, memref<8xi32, strided<[2], offset: 1>>, memref<4x8xf32>) -> ()
  "tc_loop.nest"() {body = @body0, bounds = array<i64>, parallel = array<i1>, tile = array<i64>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index) attributes {tc_loop.body} {
  return
}
func.func @unknown_attribute() {
  // expected-error@+1 {{'tc_loop.nest' op unknown attribute 'unroll'}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, unroll = 2 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<4xf32>, %b: memref<4xf32>) attributes {tc_loop.body} {
  return
}
func.func @slot_gap(%a: memref<4xf32>) {
  // expected-error@+1 {{attribute 'operandSegmentSizes' must be ones followed by zeros (buffers fill slots b0, b1, ... without gaps), got 1 in slot b2}}
  "tc_loop.nest"(%a, %a) {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

// A buffer may have run-time sizes, and a bound may be one of them (-1,
// named by bound_dims: buffer slot 1, dimension 0).
func.func private @body(%i: index, %j: index, %a: memref<?x3xf32>, %b: memref<?x3xf32>) attributes {tc_loop.body} {
  return
}
func.func @run_time_bounds(%a: memref<?x3xf32>, %b: memref<?x3xf32>) {
  "tc_loop.nest"(%a, %b) {body = @body, bounds = array<i64: -1, 3>, bound_dims = array<i64: 1, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<?x3xf32>, memref<?x3xf32>) -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<?xf32, strided<[2]>>) attributes {tc_loop.body} {
  return
}
func.func @dynamic_strided_buffer(%a: memref<?xf32, strided<[2]>>) {
  // expected-error@+1 {{buffer #0 with a dynamic dimension must have the identity layout, got memref<?xf32, strided<[2]>>}}
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<?xf32, strided<[2]>>) -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<?xf32>) attributes {tc_loop.body} {
  return
}
func.func @bound_dims_missing(%a: memref<?xf32>) {
  // expected-error@+1 {{attribute 'bound_dims' is required: 1 bound(s) are -1 (run-time)}}
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: -1>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<?xf32>) -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<?xf32>) attributes {tc_loop.body} {
  return
}
func.func @bound_dims_length(%a: memref<?xf32>) {
  // expected-error@+1 {{attribute 'bound_dims' must have 2 entries (a slot and a dimension for each -1 bound), got 0}}
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: -1>, bound_dims = array<i64>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<?xf32>) -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<4xf32>) attributes {tc_loop.body} {
  return
}
func.func @bound_dims_without_run_time_bound(%a: memref<4xf32>) {
  // expected-error@+1 {{attribute 'bound_dims' must have 0 entries (a slot and a dimension for each -1 bound), got 2}}
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: 4>, bound_dims = array<i64: 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>) -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<?xf32>) attributes {tc_loop.body} {
  return
}
func.func @bound_dims_slot(%a: memref<?xf32>) {
  // expected-error@+1 {{attribute 'bound_dims' entry #0 (1) must name a buffer slot below 1}}
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: -1>, bound_dims = array<i64: 1, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<?xf32>) -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<?xf32>) attributes {tc_loop.body} {
  return
}
func.func @bound_dims_dimension(%a: memref<?xf32>) {
  // expected-error@+1 {{attribute 'bound_dims' entry #1 (1) must name a dimension of buffer #0 (rank 1)}}
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: -1>, bound_dims = array<i64: 0, 1>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<?xf32>) -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) attributes {tc_loop.body} {
  return
}
func.func @rank_too_high(%a: memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) {
  // expected-error@+1 {{buffer #0 has a rank above the supported maximum, got memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>}}
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: 1>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<4xindex>) attributes {tc_loop.body} {
  return
}
func.func @index_buffer(%a: memref<4xindex>) {
  // expected-error@+1 {{buffer #0 has an unsupported element type, got memref<4xindex>}}
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xindex>) -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) attributes {tc_loop.body} {
  return
}
func.func @affine_layout(%a: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error@+1 {{buffer #0 must have the identity layout or a strided layout with static strides, got memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>}}
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<4xf32, strided<[1], offset: ?>>) attributes {tc_loop.body} {
  return
}
// A run-time offset is a buffer of a nest (a view of image n of a run-time
// batch); its strides must still be static.
func.func @dynamic_offset(%a: memref<4xf32, strided<[1], offset: ?>>) {
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32, strided<[1], offset: ?>>) -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<4xf32, strided<[?]>>) attributes {tc_loop.body} {
  return
}
func.func @dynamic_stride(%a: memref<4xf32, strided<[?]>>) {
  // expected-error@+1 {{buffer #0 must have the identity layout or a strided layout with static strides}}
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32, strided<[?]>>) -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<4xf32, 1>) attributes {tc_loop.body} {
  return
}
func.func @memory_space(%a: memref<4xf32, 1>) {
  // expected-error@+1 {{buffer #0 must be in the default memory space, got memref<4xf32, 1>}}
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32, 1>) -> ()
  return
}

// -----

func.func private @body(%i: index) attributes {tc_loop.body} {
  return
}
func.func @negative_bound() {
  // expected-error@+1 {{attribute 'bounds' entry #0 (-2) must be >= -1}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: -2>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index) attributes {tc_loop.body} {
  return
}
func.func @parallel_length() {
  // expected-error@+1 {{attribute 'parallel' must have 1 entries (one per loop, as 'bounds'), got 2}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i1: true, true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index) attributes {tc_loop.body} {
  return
}
func.func @parallel_kind() {
  // expected-error@+1 {{attribute 'parallel' must be an i1 array}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i64: 1>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index, %j: index) attributes {tc_loop.body} {
  return
}
func.func @tile_length() {
  // expected-error@+1 {{attribute 'tile' must have 2 entries (one per loop, as 'bounds'), got 1}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4, 4>, parallel = array<i1: true, true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index) attributes {tc_loop.body} {
  return
}
func.func @negative_tile() {
  // expected-error@+1 {{attribute 'tile' entry #0 (-2) must be >= 0}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: -2>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index) attributes {tc_loop.body} {
  return
}
func.func @zero_vector_width() {
  // expected-error@+1 {{attribute 'vector_width' must be >= 1, got 0}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 0 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body() attributes {tc_loop.body} {
  return
}
func.func @vector_width_without_loops() {
  // expected-error@+1 {{attribute 'vector_width' 4 needs at least one loop, but 'bounds' is empty}}
  "tc_loop.nest"() {body = @body, bounds = array<i64>, parallel = array<i1>, tile = array<i64>, vector_width = 4 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index) attributes {tc_loop.body} {
  return
}
func.func @group_below_minus_one() {
  // expected-error@+1 {{attribute 'group' must be >= -1 (-1 = no fusion group), got -2}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = -2 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func @nested_symbol() {
  // expected-error@+1 {{attribute 'body' must be a flat symbol reference (e.g. `@body`)}}
  "tc_loop.nest"() {body = @outer::@body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func @missing_body() {
  // expected-error@+1 {{attribute 'body' names @nowhere, which is not a func.func in the enclosing module}}
  "tc_loop.nest"() {body = @nowhere, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

memref.global "private" @body : memref<4xf32>
func.func @body_not_a_function() {
  // expected-error@+1 {{attribute 'body' names @body, which is not a func.func in the enclosing module}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

// The body must be in the module that contains the nest, not in a nested one.
module @inner {
  func.func private @body(%i: index) attributes {tc_loop.body} {
    return
  }
}
func.func @body_in_nested_module() {
  // expected-error@+1 {{attribute 'body' names @body, which is not a func.func in the enclosing module}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index) attributes {tc_loop.body}
func.func @declared_body() {
  // expected-error@+1 {{body @body is only declared: it must be defined}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index) {
  return
}
func.func @unmarked_body() {
  // expected-error@+1 {{body @body must carry the unit attribute 'tc_loop.body'}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index) attributes {tc_kernel.body} {
  return
}
func.func @kernel_body_in_nest() {
  // expected-error@+1 {{body @body must carry the unit attribute 'tc_loop.body'}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index) attributes {tc_loop.body = true} {
  return
}
func.func @marker_not_unit() {
  // expected-error@+1 {{body @body must carry the unit attribute 'tc_loop.body'}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<4xf32>) attributes {tc_loop.body} {
  return
}
func.func @body_missing_induction_variable(%a: memref<4x4xf32>) {
  // expected-error@+1 {{body @body must have type (index, index, memref<4x4xf32>) -> (), got (index, memref<4xf32>) -> ()}}
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: 4, 4>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4x4xf32>) -> ()
  return
}

// -----

func.func private @body(%i: index, %a: memref<4xf16>) attributes {tc_loop.body} {
  return
}
func.func @body_buffer_type(%a: memref<4xf32>) {
  // expected-error@+1 {{body @body must have type (index, memref<4xf32>) -> (), got (index, memref<4xf16>) -> ()}}
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xf32>) -> ()
  return
}

// -----

func.func private @body(%i: index) -> index attributes {tc_loop.body} {
  return %i : index
}
func.func @body_with_result() {
  // expected-error@+1 {{body @body must have type (index) -> (), got (index) -> index}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}
