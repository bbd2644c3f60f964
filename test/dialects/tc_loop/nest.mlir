// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_loop.irdl.mlir %s | FileCheck %s

// Round-trip of tc_loop.nest (docs/dialects.md section 3): the body is a
// func.func marked tc_loop.body taking the induction variables, then the
// buffers; the nest names it and carries the schedule. The buffers sit in the
// slots b0..b15 and operandSegmentSizes (16 entries, k ones then zeros) says
// how many there are; attributes print sorted, so it comes between group and
// parallel. Cases: an unscheduled nest, a tiled and vectorised one, one loop
// over three buffers, a sequential nest, buffers of different shapes (a
// broadcasting add) and of different dtypes (a where with an i1 condition), a
// strided view, a nest with no loops, one with no buffers, and one filling
// all 16 slots.

// CHECK-LABEL: func.func private @scale_body(
// CHECK-SAME:    %[[I:.*]]: index, %[[J:.*]]: index, %[[A:.*]]: memref<4x8xf32>, %[[OUT:.*]]: memref<4x8xf32>)
// CHECK-SAME:    attributes {tc_loop.body}
func.func private @scale_body(%i: index, %j: index, %a: memref<4x8xf32>, %out: memref<4x8xf32>) attributes {tc_loop.body} {
  %v = memref.load %a[%i, %j] : memref<4x8xf32>
  %two = arith.constant 2.0 : f32
  %r = arith.mulf %v, %two : f32
  memref.store %r, %out[%i, %j] : memref<4x8xf32>
  return
}

// CHECK-LABEL: func.func @nest_unscheduled(
// CHECK-SAME:    %[[A:.*]]: memref<4x8xf32>, %[[OUT:.*]]: memref<4x8xf32>)
// CHECK:         "tc_loop.nest"(%[[A]], %[[OUT]]) {body = @scale_body, bounds = array<i64: 4, 8>, group = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, false>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<4x8xf32>, memref<4x8xf32>) -> ()
// CHECK:         return
func.func @nest_unscheduled(%a: memref<4x8xf32>, %out: memref<4x8xf32>) {
  "tc_loop.nest"(%a, %out) {body = @scale_body, bounds = array<i64: 4, 8>, parallel = array<i1: true, false>, tile = array<i64: 0, 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4x8xf32>, memref<4x8xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @nest_tiled_vectorised(
// CHECK-SAME:    %[[A:.*]]: memref<4x8xf32>, %[[OUT:.*]]: memref<4x8xf32>)
// CHECK:         "tc_loop.nest"(%[[A]], %[[OUT]]) {body = @scale_body, bounds = array<i64: 4, 8>, group = 3 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tc.fusion_group = 3 : i64, tile = array<i64: 2, 4>, vector_width = 4 : i64} : (memref<4x8xf32>, memref<4x8xf32>) -> ()
// CHECK:         return
func.func @nest_tiled_vectorised(%a: memref<4x8xf32>, %out: memref<4x8xf32>) {
  "tc_loop.nest"(%a, %out) {body = @scale_body, bounds = array<i64: 4, 8>, parallel = array<i1: true, true>, tile = array<i64: 2, 4>, vector_width = 4 : i64, group = 3 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, tc.fusion_group = 3 : i64} : (memref<4x8xf32>, memref<4x8xf32>) -> ()
  return
}

// CHECK-LABEL: func.func private @add_body(
// CHECK-SAME:    %[[I:.*]]: index, %[[A:.*]]: memref<16xf32>, %[[B:.*]]: memref<16xf32>, %[[OUT:.*]]: memref<16xf32>)
// CHECK-SAME:    attributes {tc_loop.body}
func.func private @add_body(%i: index, %a: memref<16xf32>, %b: memref<16xf32>, %out: memref<16xf32>) attributes {tc_loop.body} {
  %x = memref.load %a[%i] : memref<16xf32>
  %y = memref.load %b[%i] : memref<16xf32>
  %s = arith.addf %x, %y : f32
  memref.store %s, %out[%i] : memref<16xf32>
  return
}

// CHECK-LABEL: func.func @nest_three_buffers(
// CHECK-SAME:    %[[A:.*]]: memref<16xf32>, %[[B:.*]]: memref<16xf32>, %[[OUT:.*]]: memref<16xf32>)
// CHECK:         "tc_loop.nest"(%[[A]], %[[B]], %[[OUT]]) {body = @add_body, bounds = array<i64: 16>, group = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 4 : i64} : (memref<16xf32>, memref<16xf32>, memref<16xf32>) -> ()
// CHECK:         return
func.func @nest_three_buffers(%a: memref<16xf32>, %b: memref<16xf32>, %out: memref<16xf32>) {
  "tc_loop.nest"(%a, %b, %out) {body = @add_body, bounds = array<i64: 16>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 4 : i64, group = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<16xf32>, memref<16xf32>, memref<16xf32>) -> ()
  return
}

// CHECK-LABEL: func.func private @square_body(
// CHECK-SAME:    %[[I:.*]]: index, %[[X:.*]]: memref<8xi32>, %[[OUT:.*]]: memref<8xi32>)
// CHECK-SAME:    attributes {tc_loop.body}
func.func private @square_body(%i: index, %x: memref<8xi32>, %out: memref<8xi32>) attributes {tc_loop.body} {
  %v = memref.load %x[%i] : memref<8xi32>
  %r = arith.muli %v, %v : i32
  memref.store %r, %out[%i] : memref<8xi32>
  return
}

// CHECK-LABEL: func.func @nest_sequential_i32(
// CHECK-SAME:    %[[X:.*]]: memref<8xi32>, %[[OUT:.*]]: memref<8xi32>)
// CHECK:         "tc_loop.nest"(%[[X]], %[[OUT]]) {body = @square_body, bounds = array<i64: 8>, group = 2 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: false>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<8xi32>, memref<8xi32>) -> ()
// CHECK:         return
func.func @nest_sequential_i32(%x: memref<8xi32>, %out: memref<8xi32>) {
  "tc_loop.nest"(%x, %out) {body = @square_body, bounds = array<i64: 8>, parallel = array<i1: false>, tile = array<i64: 0>, vector_width = 1 : i64, group = 2 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<8xi32>, memref<8xi32>) -> ()
  return
}

// Buffers of different shapes: a row vector broadcast over a matrix.
// CHECK-LABEL: func.func private @broadcast_add_body(
// CHECK-SAME:    %[[I:.*]]: index, %[[J:.*]]: index, %[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<8xf32>, %[[OUT:.*]]: memref<4x8xf32>)
// CHECK-SAME:    attributes {tc_loop.body}
func.func private @broadcast_add_body(%i: index, %j: index, %a: memref<4x8xf32>, %b: memref<8xf32>, %out: memref<4x8xf32>) attributes {tc_loop.body} {
  %x = memref.load %a[%i, %j] : memref<4x8xf32>
  %y = memref.load %b[%j] : memref<8xf32>
  %s = arith.addf %x, %y : f32
  memref.store %s, %out[%i, %j] : memref<4x8xf32>
  return
}

// CHECK-LABEL: func.func @nest_mixed_shapes(
// CHECK-SAME:    %[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<8xf32>, %[[OUT:.*]]: memref<4x8xf32>)
// CHECK:         "tc_loop.nest"(%[[A]], %[[B]], %[[OUT]]) {body = @broadcast_add_body, bounds = array<i64: 4, 8>, group = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<4x8xf32>, memref<8xf32>, memref<4x8xf32>) -> ()
// CHECK:         return
func.func @nest_mixed_shapes(%a: memref<4x8xf32>, %b: memref<8xf32>, %out: memref<4x8xf32>) {
  "tc_loop.nest"(%a, %b, %out) {body = @broadcast_add_body, bounds = array<i64: 4, 8>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4x8xf32>, memref<8xf32>, memref<4x8xf32>) -> ()
  return
}

// Buffers of different dtypes: a where with an i1 condition.
// CHECK-LABEL: func.func private @where_body(
// CHECK-SAME:    %[[I:.*]]: index, %[[C:.*]]: memref<6xi1>, %[[X:.*]]: memref<6xf16>, %[[Y:.*]]: memref<6xf16>, %[[OUT:.*]]: memref<6xf16>)
// CHECK-SAME:    attributes {tc_loop.body}
func.func private @where_body(%i: index, %c: memref<6xi1>, %x: memref<6xf16>, %y: memref<6xf16>, %out: memref<6xf16>) attributes {tc_loop.body} {
  %cv = memref.load %c[%i] : memref<6xi1>
  %xv = memref.load %x[%i] : memref<6xf16>
  %yv = memref.load %y[%i] : memref<6xf16>
  %r = arith.select %cv, %xv, %yv : f16
  memref.store %r, %out[%i] : memref<6xf16>
  return
}

// CHECK-LABEL: func.func @nest_mixed_dtypes(
// CHECK-SAME:    %[[C:.*]]: memref<6xi1>, %[[X:.*]]: memref<6xf16>, %[[Y:.*]]: memref<6xf16>, %[[OUT:.*]]: memref<6xf16>)
// CHECK:         "tc_loop.nest"(%[[C]], %[[X]], %[[Y]], %[[OUT]]) {body = @where_body, bounds = array<i64: 6>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 4>, vector_width = 2 : i64} : (memref<6xi1>, memref<6xf16>, memref<6xf16>, memref<6xf16>) -> ()
// CHECK:         return
func.func @nest_mixed_dtypes(%c: memref<6xi1>, %x: memref<6xf16>, %y: memref<6xf16>, %out: memref<6xf16>) {
  "tc_loop.nest"(%c, %x, %y, %out) {body = @where_body, bounds = array<i64: 6>, parallel = array<i1: true>, tile = array<i64: 4>, vector_width = 2 : i64, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<6xi1>, memref<6xf16>, memref<6xf16>, memref<6xf16>) -> ()
  return
}

// A strided view (static strides and offset) next to an identity-layout
// buffer: a column of a 4x4 matrix copied into a vector.
// CHECK-LABEL: func.func private @copy_column_body(
// CHECK-SAME:    %[[I:.*]]: index, %[[COL:.*]]: memref<4xui8, strided<[4], offset: 1>>, %[[OUT:.*]]: memref<4xui8>)
// CHECK-SAME:    attributes {tc_loop.body}
func.func private @copy_column_body(%i: index, %col: memref<4xui8, strided<[4], offset: 1>>, %out: memref<4xui8>) attributes {tc_loop.body} {
  %v = memref.load %col[%i] : memref<4xui8, strided<[4], offset: 1>>
  memref.store %v, %out[%i] : memref<4xui8>
  return
}

// CHECK-LABEL: func.func @nest_strided_view(
// CHECK-SAME:    %[[COL:.*]]: memref<4xui8, strided<[4], offset: 1>>, %[[OUT:.*]]: memref<4xui8>)
// CHECK:         "tc_loop.nest"(%[[COL]], %[[OUT]]) {body = @copy_column_body, bounds = array<i64: 4>, group = 5 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xui8, strided<[4], offset: 1>>, memref<4xui8>) -> ()
// CHECK:         return
func.func @nest_strided_view(%col: memref<4xui8, strided<[4], offset: 1>>, %out: memref<4xui8>) {
  "tc_loop.nest"(%col, %out) {body = @copy_column_body, bounds = array<i64: 4>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 5 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4xui8, strided<[4], offset: 1>>, memref<4xui8>) -> ()
  return
}

// No loops (L = 0): one call of the body, with only the buffers as
// arguments; here rank-0 buffers of different dtypes.
// CHECK-LABEL: func.func private @store_scalar_body(
// CHECK-SAME:    %[[X:.*]]: memref<i64>, %[[OUT:.*]]: memref<f64>)
// CHECK-SAME:    attributes {tc_loop.body}
func.func private @store_scalar_body(%x: memref<i64>, %out: memref<f64>) attributes {tc_loop.body} {
  %v = memref.load %x[] : memref<i64>
  %f = arith.sitofp %v : i64 to f64
  memref.store %f, %out[] : memref<f64>
  return
}

// CHECK-LABEL: func.func @nest_no_loops(
// CHECK-SAME:    %[[X:.*]]: memref<i64>, %[[OUT:.*]]: memref<f64>)
// CHECK:         "tc_loop.nest"(%[[X]], %[[OUT]]) {body = @store_scalar_body, bounds = array<i64>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1>, tile = array<i64>, vector_width = 1 : i64} : (memref<i64>, memref<f64>) -> ()
// CHECK:         return
func.func @nest_no_loops(%x: memref<i64>, %out: memref<f64>) {
  "tc_loop.nest"(%x, %out) {body = @store_scalar_body, bounds = array<i64>, parallel = array<i1>, tile = array<i64>, vector_width = 1 : i64, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<i64>, memref<f64>) -> ()
  return
}

// No buffers: all 16 segment entries are 0 and the body takes only the
// induction variables.
// CHECK-LABEL: func.func private @empty_body(
// CHECK-SAME:    %[[I:.*]]: index)
// CHECK-SAME:    attributes {tc_loop.body}
func.func private @empty_body(%i: index) attributes {tc_loop.body} {
  return
}

// CHECK-LABEL: func.func @nest_no_buffers(
// CHECK:         "tc_loop.nest"() {body = @empty_body, bounds = array<i64: 3>, group = -1 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: false>, tile = array<i64: 0>, vector_width = 1 : i64} : () -> ()
// CHECK:         return
func.func @nest_no_buffers() {
  "tc_loop.nest"() {body = @empty_body, bounds = array<i64: 3>, parallel = array<i1: false>, tile = array<i64: 0>, vector_width = 1 : i64, group = -1 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// All 16 slots used: fifteen inputs (vectors and rank-0 scalars) summed into
// one output.
// CHECK-LABEL: func.func private @sum15_body(
// CHECK-SAME:    %[[I:.*]]: index, %[[P0:.*]]: memref<f32>, %[[P1:.*]]: memref<2xf32>, %[[P2:.*]]: memref<2xf32>, %[[P3:.*]]: memref<f32>, %[[P4:.*]]: memref<2xf32>, %[[P5:.*]]: memref<2xf32>, %[[P6:.*]]: memref<f32>, %[[P7:.*]]: memref<2xf32>, %[[P8:.*]]: memref<2xf32>, %[[P9:.*]]: memref<f32>, %[[P10:.*]]: memref<2xf32>, %[[P11:.*]]: memref<2xf32>, %[[P12:.*]]: memref<f32>, %[[P13:.*]]: memref<2xf32>, %[[P14:.*]]: memref<2xf32>, %[[P15:.*]]: memref<2xf32>)
// CHECK-SAME:    attributes {tc_loop.body}
func.func private @sum15_body(%i: index, %b0: memref<f32>, %b1: memref<2xf32>, %b2: memref<2xf32>, %b3: memref<f32>, %b4: memref<2xf32>, %b5: memref<2xf32>, %b6: memref<f32>, %b7: memref<2xf32>, %b8: memref<2xf32>, %b9: memref<f32>, %b10: memref<2xf32>, %b11: memref<2xf32>, %b12: memref<f32>, %b13: memref<2xf32>, %b14: memref<2xf32>, %b15: memref<2xf32>) attributes {tc_loop.body} {
  %v0 = memref.load %b0[] : memref<f32>
  %v1 = memref.load %b1[%i] : memref<2xf32>
  %v2 = memref.load %b2[%i] : memref<2xf32>
  %v3 = memref.load %b3[] : memref<f32>
  %v4 = memref.load %b4[%i] : memref<2xf32>
  %v5 = memref.load %b5[%i] : memref<2xf32>
  %v6 = memref.load %b6[] : memref<f32>
  %v7 = memref.load %b7[%i] : memref<2xf32>
  %v8 = memref.load %b8[%i] : memref<2xf32>
  %v9 = memref.load %b9[] : memref<f32>
  %v10 = memref.load %b10[%i] : memref<2xf32>
  %v11 = memref.load %b11[%i] : memref<2xf32>
  %v12 = memref.load %b12[] : memref<f32>
  %v13 = memref.load %b13[%i] : memref<2xf32>
  %v14 = memref.load %b14[%i] : memref<2xf32>
  %s1 = arith.addf %v0, %v1 : f32
  %s2 = arith.addf %s1, %v2 : f32
  %s3 = arith.addf %s2, %v3 : f32
  %s4 = arith.addf %s3, %v4 : f32
  %s5 = arith.addf %s4, %v5 : f32
  %s6 = arith.addf %s5, %v6 : f32
  %s7 = arith.addf %s6, %v7 : f32
  %s8 = arith.addf %s7, %v8 : f32
  %s9 = arith.addf %s8, %v9 : f32
  %s10 = arith.addf %s9, %v10 : f32
  %s11 = arith.addf %s10, %v11 : f32
  %s12 = arith.addf %s11, %v12 : f32
  %s13 = arith.addf %s12, %v13 : f32
  %s14 = arith.addf %s13, %v14 : f32
  memref.store %s14, %b15[%i] : memref<2xf32>
  return
}

// CHECK-LABEL: func.func @nest_all_slots(
// CHECK-SAME:    %[[B0:.*]]: memref<f32>, %[[B1:.*]]: memref<2xf32>, %[[B2:.*]]: memref<2xf32>, %[[B3:.*]]: memref<f32>, %[[B4:.*]]: memref<2xf32>, %[[B5:.*]]: memref<2xf32>, %[[B6:.*]]: memref<f32>, %[[B7:.*]]: memref<2xf32>, %[[B8:.*]]: memref<2xf32>, %[[B9:.*]]: memref<f32>, %[[B10:.*]]: memref<2xf32>, %[[B11:.*]]: memref<2xf32>, %[[B12:.*]]: memref<f32>, %[[B13:.*]]: memref<2xf32>, %[[B14:.*]]: memref<2xf32>, %[[B15:.*]]: memref<2xf32>)
// CHECK:         "tc_loop.nest"(%[[B0]], %[[B1]], %[[B2]], %[[B3]], %[[B4]], %[[B5]], %[[B6]], %[[B7]], %[[B8]], %[[B9]], %[[B10]], %[[B11]], %[[B12]], %[[B13]], %[[B14]], %[[B15]]) {body = @sum15_body, bounds = array<i64: 2>, group = 7 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<f32>, memref<2xf32>, memref<2xf32>, memref<f32>, memref<2xf32>, memref<2xf32>, memref<f32>, memref<2xf32>, memref<2xf32>, memref<f32>, memref<2xf32>, memref<2xf32>, memref<f32>, memref<2xf32>, memref<2xf32>, memref<2xf32>) -> ()
// CHECK:         return
func.func @nest_all_slots(%b0: memref<f32>, %b1: memref<2xf32>, %b2: memref<2xf32>, %b3: memref<f32>, %b4: memref<2xf32>, %b5: memref<2xf32>, %b6: memref<f32>, %b7: memref<2xf32>, %b8: memref<2xf32>, %b9: memref<f32>, %b10: memref<2xf32>, %b11: memref<2xf32>, %b12: memref<f32>, %b13: memref<2xf32>, %b14: memref<2xf32>, %b15: memref<2xf32>) {
  "tc_loop.nest"(%b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9, %b10, %b11, %b12, %b13, %b14, %b15) {body = @sum15_body, bounds = array<i64: 2>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 7 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>} : (memref<f32>, memref<2xf32>, memref<2xf32>, memref<f32>, memref<2xf32>, memref<2xf32>, memref<f32>, memref<2xf32>, memref<2xf32>, memref<f32>, memref<2xf32>, memref<2xf32>, memref<f32>, memref<2xf32>, memref<2xf32>, memref<2xf32>) -> ()
  return
}
