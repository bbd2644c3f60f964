// tc-lower-loops: the innermost loop of a nest stays a sequential scf.for
// (LLVM vectorises it); the parallel loops outside it become one
// scf.parallel (OpenMP threads, later) only if the nest has enough work
// (docs/lowering.md); a long parallel innermost loop is split into chunks of
// 1024 whose loop joins the scf.parallel. Bodies get internal linkage. Every
// decision is recorded, with the work and the threshold.
// RUN: tensor-opt --tc-lower-loops --manifest-out=%t.json -split-input-file %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json

// A small nest: 4 x 8 points, sequential.
// CHECK-LABEL: func.func private @body
// CHECK-SAME: llvm.linkage = #llvm.linkage<internal>
func.func private @body(%i: index, %j: index, %a: memref<4x8xf32>) attributes {tc_loop.body} {
  return
}
// CHECK-LABEL: func.func @small(
// CHECK-SAME: %[[A:.*]]: memref<4x8xf32>)
// CHECK-NOT: scf.parallel
// CHECK: scf.for %[[I:.*]] =
// CHECK: scf.for %[[J:.*]] =
// CHECK: func.call @body(%[[I]], %[[J]], %[[A]])
// CHECK-NOT: "tc_loop.nest"(
func.func @small(%a: memref<4x8xf32>) {
  "tc_loop.nest"(%a) {body = @body, bounds = array<i64: 4, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 2, 0>, vector_width = 4 : i64} : (memref<4x8xf32>) -> ()
  return
}
// MANIFEST: "detail": "sequential: work below the threshold (a fork/join costs microseconds); work 32 (threshold 2097152); innermost loop sequential for LLVM's vectoriser (target vector: {{[0-9]+}} bits, {{[0-9]+}} elements); tile not applied"

// -----

// A large all-parallel nest: rows and chunks of 1024 of each row in parallel.
func.func private @big(%i: index, %j: index, %a: memref<256x3000xf32>, %o: memref<256x3000xf32>) attributes {tc_loop.body} {
  %x = memref.load %a[%i, %j] : memref<256x3000xf32>
  %y = arith.addf %x, %x : f32
  memref.store %y, %o[%i, %j] : memref<256x3000xf32>
  return
}
// CHECK-LABEL: func.func @chunks(
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: scf.parallel (%[[I:.*]], %[[C:.*]]) = (%{{.*}}, %{{.*}}) to (%[[C256]], %[[C3]])
// CHECK: %[[LB:.*]] = arith.muli %[[C]], %{{.*}} : index
// CHECK: %[[END:.*]] = arith.addi %[[LB]], %{{.*}} : index
// CHECK: %[[UB:.*]] = arith.minsi %[[END]], %{{.*}} : index
// CHECK: scf.for %[[J:.*]] = %[[LB]] to %[[UB]]
// CHECK: func.call @big(%[[I]], %[[J]],
func.func @chunks(%a: memref<256x3000xf32>, %o: memref<256x3000xf32>) {
  "tc_loop.nest"(%a, %o) {body = @big, bounds = array<i64: 256, 3000>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<256x3000xf32>, memref<256x3000xf32>) -> ()
  return
}
// MANIFEST: "detail": "OpenMP threads over the outer loops and chunks of 1024 of the innermost; work 3072000 (threshold 2097152);

// -----

// A large nest whose innermost loop is not parallel: only the outer loop
// goes to the threads, the inner one keeps its order.
func.func private @rows(%i: index, %j: index, %a: memref<1024x1024xf32>) attributes {tc_loop.body} {
  %x = memref.load %a[%i, %j] : memref<1024x1024xf32>
  memref.store %x, %a[%i, %j] : memref<1024x1024xf32>
  return
}
// CHECK-LABEL: func.func @outer(
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK-NOT: arith.minsi
// CHECK: scf.for %[[J:.*]] =
// CHECK: func.call @rows(%[[I]], %[[J]],
func.func @outer(%a: memref<1024x1024xf32>) {
  "tc_loop.nest"(%a) {body = @rows, bounds = array<i64: 1024, 1024>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, false>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<1024x1024xf32>) -> ()
  return
}
// MANIFEST: "detail": "OpenMP threads over the outer parallel loops; work 3145728 (threshold 2097152);

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
// MANIFEST: "detail": "sequential: no parallel loop outside the innermost; work 1 (threshold 2097152)
// MANIFEST: "detail": "sequential: no parallel loop outside the innermost; work 3 (threshold 2097152)
