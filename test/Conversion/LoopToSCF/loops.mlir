// tc-lower-loops: the leading parallel loops of a nest become one
// scf.parallel, the others scf.for in order, around a call of the body,
// which gets internal linkage. Schedule attributes it does not apply yet are
// recorded, never silently dropped.
// RUN: tensor-opt --tc-lower-loops --manifest-out=%t.json -split-input-file %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json

// CHECK-LABEL: func.func private @body
// CHECK-SAME: llvm.linkage = #llvm.linkage<internal>
func.func private @body(%i: index, %j: index, %a: memref<4x8xf32>) attributes {tc_loop.body} {
  return
}
// CHECK-LABEL: func.func @nest(
// CHECK-SAME: %[[A:.*]]: memref<4x8xf32>)
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%[[C4]])
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[C8]]
// CHECK: func.call @body(%[[I]], %[[J]], %[[A]])
// CHECK-NOT: "tc_loop.nest"(
func.func @nest(%a: memref<4x8xf32>) {
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: 4, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, false>, tile = array<i64: 2, 0>, vector_width = 4 : i64} : (memref<4x8xf32>) -> ()
  return
}
// MANIFEST: "detail": "1 leading loop(s) as scf.parallel (run sequentially); tile not applied; vector_width not applied (scalar)"

// -----

// A nest of rank 0 is one call; a sequential first loop means no scf.parallel.
// CHECK-LABEL: func.func @scalar(
// CHECK-NOT: scf.
// CHECK: call @body0(%{{.*}})
// CHECK-LABEL: func.func @sequential(
// CHECK-NOT: scf.parallel
// CHECK: scf.for
func.func private @body0(%a: memref<f32>) attributes {tc_loop.body} {
  return
}
func.func private @body1(%i: index, %a: memref<f32>) attributes {tc_loop.body} {
  return
}
func.func @scalar(%a: memref<f32>) {
  "tc_loop.nest"(%a) {body = @body0, bounds = array<i64>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1>, tile = array<i64>, vector_width = 1 : i64} : (memref<f32>) -> ()
  return
}
func.func @sequential(%a: memref<f32>) {
  "tc_loop.nest"(%a) {body = @body1, bounds = array<i64: 3>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: false>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<f32>) -> ()
  return
}
