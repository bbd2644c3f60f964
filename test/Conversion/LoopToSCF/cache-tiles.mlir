// tc-lower-loops tiles the last two loops of an all-parallel nest into
// 32x32 tiles when its innermost loop walks a buffer along a
// non-contiguous dimension (a transpose) and both bounds are at least 64
// (docs/lowering.md); contiguous nests and small ones keep their loops.
// RUN: tensor-opt --tc-lower-loops --manifest-out=%t.json -split-input-file %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json

// A 1024x1536 transpose: threads over the 32x48 tiles, then the tile's points.
func.func private @t(%i: index, %j: index, %x: memref<1536x1024xf32>, %y: memref<1024x1536xf32>) attributes {tc_loop.body} {
  %v = memref.load %x[%j, %i] : memref<1536x1024xf32>
  memref.store %v, %y[%i, %j] : memref<1024x1536xf32>
  return
}
// CHECK-LABEL: func.func @transpose(
// CHECK-SAME: %[[X:[^:]*]]: memref<1536x1024xf32>, %[[Y:[^:]*]]: memref<1024x1536xf32>)
// CHECK-DAG: %[[C32T:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C48:.*]] = arith.constant 48 : index
// CHECK: scf.parallel (%[[TI:.*]], %[[TJ:.*]]) = ({{.*}}) to (%[[C32T]], %[[C48]])
// CHECK: %[[I0:.*]] = arith.muli %[[TI]], %{{.*}} : index
// CHECK: %[[I1:.*]] = arith.addi %[[I0]], %{{.*}}
// CHECK: %[[IE:.*]] = arith.minsi %[[I1]], %{{.*}} : index
// CHECK: scf.for %[[I:.*]] = %[[I0]] to %[[IE]]
// CHECK: %[[J0:.*]] = arith.muli %[[TJ]], %{{.*}} : index
// CHECK: %[[JE:.*]] = arith.minsi
// CHECK: scf.for %[[J:.*]] = %[[J0]] to %[[JE]]
// CHECK: func.call @t(%[[I]], %[[J]], %[[X]], %[[Y]])
func.func @transpose(%x: memref<1536x1024xf32>, %y: memref<1024x1536xf32>) {
  "tc_loop.nest"(%x, %y) {body = @t, bounds = array<i64: 1024, 1536>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<1536x1024xf32>, memref<1024x1536xf32>) -> ()
  return
}
// MANIFEST: "detail": "OpenMP threads over the outer parallel loops; work {{[0-9]+}} (threshold 2097152); innermost loop sequential for LLVM's vectoriser (target vector: {{[0-9]+}} bits, {{[0-9]+}} elements); last two loops in 32x32 tiles for the cache (the innermost loop walks a buffer along a non-contiguous dimension)"

// -----

// A 64x96 transpose has too little work for threads: its 2x3 tiles are
// sequential loops.
func.func private @u(%i: index, %j: index, %x: memref<96x64xf32>, %y: memref<64x96xf32>) attributes {tc_loop.body} {
  %v = memref.load %x[%j, %i] : memref<96x64xf32>
  memref.store %v, %y[%i, %j] : memref<64x96xf32>
  return
}
// CHECK-LABEL: func.func @small_transpose(
// CHECK-NOT: scf.parallel
// CHECK: scf.for %[[TI:.*]] = %{{.*}} to %[[C2:.*]] step
// CHECK: scf.for %[[TJ:.*]] = %{{.*}} to %[[C3:.*]] step
// CHECK: arith.muli %[[TI]]
// CHECK: scf.for
// CHECK: arith.muli %[[TJ]]
// CHECK: scf.for
// CHECK: func.call @u(
func.func @small_transpose(%x: memref<96x64xf32>, %y: memref<64x96xf32>) {
  "tc_loop.nest"(%x, %y) {body = @u, bounds = array<i64: 64, 96>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<96x64xf32>, memref<64x96xf32>) -> ()
  return
}
// MANIFEST: "detail": "sequential: work below the threshold (a fork/join costs microseconds); work {{[0-9]+}} (threshold 2097152); innermost loop sequential for LLVM's vectoriser (target vector: {{[0-9]+}} bits, {{[0-9]+}} elements); last two loops in 32x32 tiles for the cache (the innermost loop walks a buffer along a non-contiguous dimension)"

// -----

// The same loads at contiguous indices: no tiles.
func.func private @c(%i: index, %j: index, %x: memref<64x96xf32>, %y: memref<64x96xf32>) attributes {tc_loop.body} {
  %v = memref.load %x[%i, %j] : memref<64x96xf32>
  memref.store %v, %y[%i, %j] : memref<64x96xf32>
  return
}
// CHECK-LABEL: func.func @copy(
// CHECK-NOT: arith.minsi
// CHECK: return
func.func @copy(%x: memref<64x96xf32>, %y: memref<64x96xf32>) {
  "tc_loop.nest"(%x, %y) {body = @c, bounds = array<i64: 64, 96>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<64x96xf32>, memref<64x96xf32>) -> ()
  return
}
// MANIFEST-NOT: tiles for the cache

// -----

// A transpose smaller than two tiles in a dimension: no tiles.
func.func private @s(%i: index, %j: index, %x: memref<96x48xf32>, %y: memref<48x96xf32>) attributes {tc_loop.body} {
  %v = memref.load %x[%j, %i] : memref<96x48xf32>
  memref.store %v, %y[%i, %j] : memref<48x96xf32>
  return
}
// CHECK-LABEL: func.func @narrow(
// CHECK-NOT: arith.minsi
// CHECK: return
func.func @narrow(%x: memref<96x48xf32>, %y: memref<48x96xf32>) {
  "tc_loop.nest"(%x, %y) {body = @s, bounds = array<i64: 48, 96>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<96x48xf32>, memref<48x96xf32>) -> ()
  return
}
