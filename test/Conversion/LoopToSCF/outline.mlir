// tc-lower-loops puts each nest of a function of more than 32 nests in a
// function of its own, internal and noinline (LLVM's per-function work grows
// faster than linearly with a function's size); a function of 32 nests
// keeps its loops. One `outline` decision per function that was split.
// RUN: tensor-opt --tc-lower-loops --manifest-out=%t.json -split-input-file %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json

// CHECK-LABEL: func.func private @many__nest(
// CHECK-SAME: %[[A:[^:]*]]: memref<4xf32>)
// CHECK-SAME: llvm.linkage = #llvm.linkage<internal>
// CHECK-SAME: passthrough = ["noinline"]
// CHECK: scf.for %[[I:.*]] =
// CHECK: func.call @b(%[[I]], %[[A]])
// CHECK-LABEL: func.func @many(
// CHECK-SAME: %[[M:[^:]*]]: memref<4xf32>)
// CHECK-NOT: scf.for
// CHECK-COUNT-33: call @many__nest{{[_0-9]*}}(%[[M]])
// CHECK-NOT: scf.for
// CHECK: return
func.func private @b(%i: index, %a: memref<4xf32>) attributes {tc_loop.body} {
  %x = memref.load %a[%i] : memref<4xf32>
  %y = arith.addf %x, %x : f32
  memref.store %y, %a[%i] : memref<4xf32>
  return
}
func.func @many(%a: memref<4xf32>) {
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  return
}
// MANIFEST: "detail": "33 of 33 nests in functions of their own (internal, noinline): more than 32 nests in one function"

// -----

// CHECK-LABEL: func.func @few(
// CHECK-COUNT-32: scf.for
// CHECK-NOT: __nest
func.func private @b(%i: index, %a: memref<4xf32>) attributes {tc_loop.body} {
  %x = memref.load %a[%i] : memref<4xf32>
  %y = arith.addf %x, %x : f32
  memref.store %y, %a[%i] : memref<4xf32>
  return
}
func.func @few(%a: memref<4xf32>) {
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  "tc_loop.nest"(%a) {body = @b, bounds = array<i64: 4>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<4xf32>) -> ()
  return
}
// MANIFEST-NOT: nests in functions of their own
