// tc-fuse-producers leaves a producer alone when the consumer writes a
// buffer the producer reads: recomputing P inside C would read values C has
// already overwritten. Here C writes its result into %a, which P read.
// RUN: tensor-opt --pass-pipeline='builtin.module(tc-fuse-producers)' %s | FileCheck %s

// CHECK-LABEL: func.func @clobber(
// CHECK: memref.alloc
// CHECK: "tc_loop.nest"({{.*}}) {body = @p
// CHECK: "tc_loop.nest"({{.*}}) {body = @c
func.func private @p(%i: index, %a: memref<8xf32>, %t: memref<8xf32>) attributes {tc_loop.body} {
  %0 = memref.load %a[%i] : memref<8xf32>
  %1 = arith.negf %0 : f32
  memref.store %1, %t[%i] : memref<8xf32>
  return
}
func.func private @c(%i: index, %t: memref<8xf32>, %a: memref<8xf32>) attributes {tc_loop.body} {
  %c7 = arith.constant 7 : index
  %j = arith.subi %c7, %i : index
  %0 = memref.load %t[%j] : memref<8xf32>
  memref.store %0, %a[%i] : memref<8xf32>
  return
}
func.func @clobber(%a: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  "tc_loop.nest"(%a, %t) {body = @p, bounds = array<i64: 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<8xf32>, memref<8xf32>) -> ()
  "tc_loop.nest"(%t, %a) {body = @c, bounds = array<i64: 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<8xf32>, memref<8xf32>) -> ()
  memref.dealloc %t : memref<8xf32>
  return
}
