// tc-plan-memory: temporaries whose live ranges (first use .. last use)
// do not meet take turns in one 64-byte aligned i8 allocation, each a
// memref.view of it; a pointwise nest writes its output in place into an
// input whose live range ends there, only when both are read and written
// at the nest's own point. Buffers live at the same time never share an
// allocation. Every function with temporaries records a `memory`
// decision, every pair an `in-place` one.
// RUN: tensor-opt --tc-plan-memory --manifest-out=%t.json -split-input-file %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json

func.func private @tr(%i: index, %j: index, %a: memref<8x8xf32>, %o: memref<8x8xf32>) attributes {tc_loop.body} {
  %x = memref.load %a[%j, %i] : memref<8x8xf32>
  memref.store %x, %o[%i, %j] : memref<8x8xf32>
  return
}
// a is dead once b is computed: c takes its memory; b, live with both,
// keeps its own allocation.
// CHECK-LABEL: func.func @reuse(
// CHECK-SAME: %[[X:[^:]*]]: memref<8x8xf32>, %[[OUT:[^:]*]]: memref<8x8xf32>)
// CHECK: %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK: %[[A:.*]] = memref.view %[[M]][%{{.*}}][] : memref<256xi8> to memref<8x8xf32>
// CHECK-NEXT: "tc_loop.nest"(%[[X]], %[[A]])
// CHECK-NEXT: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
// CHECK-NEXT: "tc_loop.nest"(%[[A]], %[[B]])
// CHECK: %[[C:.*]] = memref.view %[[M]][%{{.*}}][]
// CHECK-NEXT: "tc_loop.nest"(%[[B]], %[[C]])
// CHECK-NEXT: "tc_loop.nest"(%[[C]], %[[OUT]])
// CHECK-NEXT: memref.dealloc %[[B]] : memref<8x8xf32>
// CHECK-NEXT: memref.dealloc %[[M]] : memref<256xi8>
// CHECK-NEXT: return
func.func @reuse(%x: memref<8x8xf32>, %out: memref<8x8xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%x, %a) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  %b = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%a, %b) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  %c = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%b, %c) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  "tc_loop.nest"(%c, %out) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  memref.dealloc %a : memref<8x8xf32>
  memref.dealloc %b : memref<8x8xf32>
  memref.dealloc %c : memref<8x8xf32>
  return
}
// MANIFEST-DAG: "detail": "peak 768 bytes -> 512 bytes; 3 buffers in 2 allocation(s) of 512 bytes; 0 in place",
// MANIFEST-DAG: "subject": "@reuse"

// -----

// a is read again by the last nest: c, made after a's first reader, must
// not take a's memory (nor b's: b is read by the nest writing c); d, made
// after a's last read, may.
func.func private @tr(%i: index, %j: index, %a: memref<8x8xf32>, %o: memref<8x8xf32>) attributes {tc_loop.body} {
  %x = memref.load %a[%j, %i] : memref<8x8xf32>
  memref.store %x, %o[%i, %j] : memref<8x8xf32>
  return
}
func.func private @add(%i: index, %j: index, %a: memref<8x8xf32>, %b: memref<8x8xf32>, %o: memref<8x8xf32>) attributes {tc_loop.body} {
  %x = memref.load %a[%i, %j] : memref<8x8xf32>
  %y = memref.load %b[%i, %j] : memref<8x8xf32>
  %z = arith.addf %x, %y : f32
  memref.store %z, %o[%i, %j] : memref<8x8xf32>
  return
}
// CHECK-LABEL: func.func @late_read(
// CHECK: %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK: %[[A:.*]] = memref.view %[[M]]
// CHECK-NEXT: "tc_loop.nest"
// CHECK-NEXT: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
// CHECK-NEXT: "tc_loop.nest"(%[[A]], %[[B]])
// CHECK-NEXT: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
// CHECK-NEXT: "tc_loop.nest"(%[[B]], %[[C]])
// CHECK-NEXT: %[[D:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
// CHECK-NEXT: "tc_loop.nest"(%[[A]], %[[C]], %[[D]])
// CHECK: %[[E:.*]] = memref.view %[[M]]
// CHECK-NEXT: "tc_loop.nest"(%[[D]], %[[E]])
func.func @late_read(%x: memref<8x8xf32>, %out: memref<8x8xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%x, %a) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  %b = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%a, %b) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  %c = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%b, %c) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  // d is not deallocated by this function: it is left out of the plan.
  %d = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%a, %c, %d) {body = @add, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>) -> ()
  %e = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%d, %e) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  "tc_loop.nest"(%e, %out) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  memref.dealloc %a : memref<8x8xf32>
  memref.dealloc %b : memref<8x8xf32>
  memref.dealloc %c : memref<8x8xf32>
  memref.dealloc %e : memref<8x8xf32>
  return
}
// MANIFEST-DAG: "detail": "peak 1280 bytes -> 1024 bytes; 4 buffers in 3 allocation(s) of 768 bytes; 0 in place; 1 left out (256 bytes of static size), e.g. no memref.dealloc of its own at the top level",

// -----

// A pointwise nest reading its input only at its own point writes in place
// into it when that input dies there.
func.func private @tr(%i: index, %j: index, %a: memref<8x8xf32>, %o: memref<8x8xf32>) attributes {tc_loop.body} {
  %x = memref.load %a[%j, %i] : memref<8x8xf32>
  memref.store %x, %o[%i, %j] : memref<8x8xf32>
  return
}
func.func private @relu(%i: index, %j: index, %a: memref<8x8xf32>, %o: memref<8x8xf32>) attributes {tc_loop.body} {
  %zero = arith.constant 0.0 : f32
  %x = memref.load %a[%i, %j] : memref<8x8xf32>
  %y = arith.maximumf %x, %zero : f32
  memref.store %y, %o[%i, %j] : memref<8x8xf32>
  return
}
// CHECK-LABEL: func.func @in_place(
// CHECK: %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK: %[[A:.*]] = memref.view %[[M]]
// CHECK: %[[B:.*]] = memref.view %[[M]]
// CHECK-NEXT: "tc_loop.nest"(%[[A]], %[[B]]) {body = @relu
func.func @in_place(%x: memref<8x8xf32>, %out: memref<8x8xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%x, %a) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  %b = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%a, %b) {body = @relu, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  "tc_loop.nest"(%b, %out) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  memref.dealloc %a : memref<8x8xf32>
  memref.dealloc %b : memref<8x8xf32>
  return
}
// MANIFEST-DAG: "detail": "@relu writes operand 1 into the buffer of operand 0, whose live range ends here (same type; loads only at its own point, before the one store): 256 bytes shared",
// MANIFEST-DAG: "detail": "peak 512 bytes -> 256 bytes; 2 buffers in 1 allocation(s) of 256 bytes; 1 in place",

// -----

// No in place for a transposed read, a broadcast read, reads at two points,
// or a load after the store: each input dies at the nest writing the next
// buffer, which must still get other memory (two allocations alternate).
func.func private @tr(%i: index, %j: index, %a: memref<8x8xf32>, %o: memref<8x8xf32>) attributes {tc_loop.body} {
  %x = memref.load %a[%j, %i] : memref<8x8xf32>
  memref.store %x, %o[%i, %j] : memref<8x8xf32>
  return
}
func.func private @bcast(%i: index, %j: index, %a: memref<8x8xf32>, %o: memref<8x8xf32>) attributes {tc_loop.body} {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0, %j] : memref<8x8xf32>
  memref.store %x, %o[%i, %j] : memref<8x8xf32>
  return
}
func.func private @shift(%i: index, %j: index, %a: memref<8x8xf32>, %o: memref<8x8xf32>) attributes {tc_loop.body} {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %j1 = arith.addi %j, %c1 : index
  %k = arith.minsi %j1, %c7 : index
  %x = memref.load %a[%i, %j] : memref<8x8xf32>
  %y = memref.load %a[%i, %k] : memref<8x8xf32>
  %z = arith.addf %x, %y : f32
  memref.store %z, %o[%i, %j] : memref<8x8xf32>
  return
}
func.func private @late(%i: index, %j: index, %a: memref<8x8xf32>, %o: memref<8x8xf32>) attributes {tc_loop.body} {
  %zero = arith.constant 0.0 : f32
  memref.store %zero, %o[%i, %j] : memref<8x8xf32>
  %x = memref.load %a[%i, %j] : memref<8x8xf32>
  memref.store %x, %o[%i, %j] : memref<8x8xf32>
  return
}
// CHECK-LABEL: func.func @refused(
// CHECK: %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK: %[[A:.*]] = memref.view %[[M]]
// CHECK: %[[N:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK: %[[B:.*]] = memref.view %[[N]]
// CHECK-NEXT: "tc_loop.nest"(%[[A]], %[[B]]) {body = @tr
// CHECK: %[[C:.*]] = memref.view %[[M]]
// CHECK-NEXT: "tc_loop.nest"(%[[B]], %[[C]]) {body = @bcast
// CHECK: %[[D:.*]] = memref.view %[[N]]
// CHECK-NEXT: "tc_loop.nest"(%[[C]], %[[D]]) {body = @shift
// CHECK: %[[E:.*]] = memref.view %[[M]]
// CHECK-NEXT: "tc_loop.nest"(%[[D]], %[[E]]) {body = @late
func.func @refused(%x: memref<8x8xf32>, %out: memref<8x8xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%x, %a) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  %b = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%a, %b) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  %c = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%b, %c) {body = @bcast, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  %d = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%c, %d) {body = @shift, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  %e = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%d, %e) {body = @late, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  "tc_loop.nest"(%e, %out) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  memref.dealloc %a : memref<8x8xf32>
  memref.dealloc %b : memref<8x8xf32>
  memref.dealloc %c : memref<8x8xf32>
  memref.dealloc %d : memref<8x8xf32>
  memref.dealloc %e : memref<8x8xf32>
  return
}
// MANIFEST-DAG: "detail": "peak 1280 bytes -> 512 bytes; 5 buffers in 2 allocation(s) of 512 bytes; 0 in place",

// -----

// A use the analysis does not know (a call taking the buffer) keeps the
// buffer live to the end: no later buffer takes its memory.
func.func private @ext(memref<8x8xf32>)
func.func private @tr(%i: index, %j: index, %a: memref<8x8xf32>, %o: memref<8x8xf32>) attributes {tc_loop.body} {
  %x = memref.load %a[%j, %i] : memref<8x8xf32>
  memref.store %x, %o[%i, %j] : memref<8x8xf32>
  return
}
// CHECK-LABEL: func.func @escapes(
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
// CHECK-NOT: memref.view
// CHECK: call @ext(%[[A]])
// CHECK-NEXT: %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK: %[[B:.*]] = memref.view %[[M]]
// CHECK-NEXT: "tc_loop.nest"(%{{.*}}, %[[B]])
// CHECK-NEXT: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
// CHECK: %[[D:.*]] = memref.view %[[M]]
// CHECK-NEXT: "tc_loop.nest"(%[[C]], %[[D]])
func.func @escapes(%x: memref<8x8xf32>, %out: memref<8x8xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%x, %a) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  func.call @ext(%a) : (memref<8x8xf32>) -> ()
  %b = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%x, %b) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  %c = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%b, %c) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  %d = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  "tc_loop.nest"(%c, %d) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  "tc_loop.nest"(%d, %out) {body = @tr, bounds = array<i64: 8, 8>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  memref.dealloc %a : memref<8x8xf32>
  memref.dealloc %b : memref<8x8xf32>
  memref.dealloc %c : memref<8x8xf32>
  memref.dealloc %d : memref<8x8xf32>
  return
}
// MANIFEST-DAG: "detail": "peak 1024 bytes -> 768 bytes; 4 buffers in 3 allocation(s) of 768 bytes; 0 in place",

// -----

// A buffer of dynamic shape is left out of the plan, and the decision says
// why; the workspace step serves it from a static buffer of the artifact
// while it fits (docs/memory.md §5): 65536 run-time units of 4 bytes, the
// bytes compared at run time, the allocation kept for a call that does not
// fit or finds the lock taken, and freed only then.
// CHECK-LABEL: memref.global "private" @dynamic__workspace_lock
// CHECK: memref.global "private" @dynamic__workspace_dyn_0 : memref<262144xi8> = uninitialized {alignment = 64 : i64}
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[N:.*]]: index)
// CHECK: %[[RC:.*]] = call @pthread_mutex_trylock(
// CHECK: %[[GOT:.*]] = arith.cmpi eq, %[[RC]],
// CHECK-DAG: %[[CAP:.*]] = arith.constant 262144 : index
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK: %[[BYTES:.*]] = arith.muli %[[FOUR]], %[[N]] : index
// CHECK: %[[FITS:.*]] = arith.cmpi ule, %[[BYTES]], %[[CAP]] : index
// CHECK: %[[USE:.*]] = arith.andi %[[GOT]], %[[FITS]] : i1
// CHECK: %[[BUF:.*]] = scf.if %[[USE]] -> (memref<?xf32>) {
// CHECK: %[[G:.*]] = memref.get_global @dynamic__workspace_dyn_0 : memref<262144xi8>
// CHECK: memref.view %[[G]][%{{.*}}][%[[N]]] : memref<262144xi8> to memref<?xf32>
// CHECK: } else {
// CHECK: memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<?xf32>
// CHECK: memref.store %{{.*}}, %[[BUF]]
// CHECK: %[[OWN:.*]] = arith.xori %[[USE]], %{{.*}} : i1
// CHECK: scf.if %[[OWN]] {
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<?xf32>
// CHECK: scf.if %[[GOT]] {
// CHECK-NEXT: call @pthread_mutex_unlock(
func.func @dynamic(%n: index) {
  %d = memref.alloc(%n) : memref<?xf32>
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  memref.store %v, %d[%c0] : memref<?xf32>
  memref.dealloc %d : memref<?xf32>
  return
}
// MANIFEST-DAG: "detail": "peak 0 bytes -> 0 bytes; no buffer can be planned; 1 left out (0 bytes of static size), e.g. dynamic shape",
// MANIFEST-DAG: "detail": "1 run-time-sized allocation(s) are in 1 static buffer(s) of the artifact (allocations whose live intervals do not meet share one), each taken while the allocation fits it (of at most 262144 bytes, 262144 bytes reserved in all, resident as far as calls reach); a call with larger sizes, or that finds them in use (pthread_mutex_trylock on @dynamic__workspace_lock fails), allocates its own",

// -----

// A function's share is kTcRunTimeWorkspaceBytes (256 MiB): at 64 MiB per
// run-time unit, 4 units. A buffer freed inside a region is not served.
// CHECK-LABEL: func.func @share(
// CHECK: memref.get_global @share__workspace_dyn_0 : memref<268435456xi8>
// CHECK-NOT: workspace_dyn_1
// CHECK: return
func.func @share(%n: index, %c: i1) {
  %a = memref.alloc(%n) : memref<?x4096x4096xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?x4096x4096xf32>
  scf.if %c {
    memref.dealloc %b : memref<?xf32>
  }
  return
}
// MANIFEST-DAG: "detail": "1 run-time-sized allocation(s) are in 1 static buffer(s) of the artifact (allocations whose live intervals do not meet share one), each taken while the allocation fits it (of at most 268435456 bytes, 268435456 bytes reserved in all, resident as far as calls reach); a call with larger sizes, or that finds them in use (pthread_mutex_trylock on @share__workspace_lock fails), allocates its own",

// -----

// The module's budget (1 GiB, within the 2 GiB the small code model
// reaches) goes to its functions in order: four take 256 MiB each, the
// fifth none and allocates every call.
// CHECK: memref.global "private" @m3__workspace_dyn_0 : memref<268435456xi8>
// CHECK-NOT: @m4__workspace
// CHECK-LABEL: func.func @m4(
// CHECK-NEXT: memref.alloc(%{{.*}}) : memref<?x4096x4096xf32>
func.func @m0(%n: index) {
  %a = memref.alloc(%n) : memref<?x4096x4096xf32>
  memref.dealloc %a : memref<?x4096x4096xf32>
  return
}
func.func @m1(%n: index) {
  %a = memref.alloc(%n) : memref<?x4096x4096xf32>
  memref.dealloc %a : memref<?x4096x4096xf32>
  return
}
func.func @m2(%n: index) {
  %a = memref.alloc(%n) : memref<?x4096x4096xf32>
  memref.dealloc %a : memref<?x4096x4096xf32>
  return
}
func.func @m3(%n: index) {
  %a = memref.alloc(%n) : memref<?x4096x4096xf32>
  memref.dealloc %a : memref<?x4096x4096xf32>
  return
}
func.func @m4(%n: index) {
  %a = memref.alloc(%n) : memref<?x4096x4096xf32>
  memref.dealloc %a : memref<?x4096x4096xf32>
  return
}

// -----

// The function's 256 MiB are shared in bytes: two buffers live at once
// take 128 MiB each, 2 units of the 64 MiB one and (capped) 65536 of the
// 4-byte one.
// CHECK-DAG: memref.global "private" @two__workspace_dyn_0 : memref<134217728xi8>
// CHECK-DAG: memref.global "private" @two__workspace_dyn_1 : memref<262144xi8>
// MANIFEST-DAG: "detail": "2 run-time-sized allocation(s) are in 2 static buffer(s) of the artifact (allocations whose live intervals do not meet share one), each taken while the allocation fits it (of at most 134217728 bytes, 134479872 bytes reserved in all, resident as far as calls reach); a call with larger sizes, or that finds them in use (pthread_mutex_trylock on @two__workspace_lock fails), allocates its own",
func.func @two(%n: index) {
  %a = memref.alloc(%n) : memref<?x4096x4096xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  memref.store %v, %a[%c0, %c0, %c0] : memref<?x4096x4096xf32>
  memref.store %v, %b[%c0] : memref<?xf32>
  memref.store %v, %a[%c0, %c0, %c0] : memref<?x4096x4096xf32>
  memref.dealloc %a : memref<?x4096x4096xf32>
  memref.dealloc %b : memref<?xf32>
  return
}

// -----

// Buffers whose live intervals do not meet share one static buffer: %a's
// last use is before %b's first, so both are views of @disjoint's
// workspace_dyn_0, and %c, live with %b, takes a second one (128 MiB each:
// the function's 256 MiB in two).
// CHECK: memref.global "private" @disjoint__workspace_dyn_0 : memref<134217728xi8>
// CHECK: memref.global "private" @disjoint__workspace_dyn_1 : memref<134217728xi8>
// CHECK-NOT: @disjoint__workspace_dyn_2
// CHECK-LABEL: func.func @disjoint(
// CHECK: memref.get_global @disjoint__workspace_dyn_0
// CHECK: memref.get_global @disjoint__workspace_dyn_0
// CHECK: memref.get_global @disjoint__workspace_dyn_1
// MANIFEST-DAG: "detail": "3 run-time-sized allocation(s) are in 2 static buffer(s) of the artifact (allocations whose live intervals do not meet share one), each taken while the allocation fits it (of at most 134217728 bytes, 268435456 bytes reserved in all, resident as far as calls reach); a call with larger sizes, or that finds them in use (pthread_mutex_trylock on @disjoint__workspace_lock fails), allocates its own",
func.func @disjoint(%n: index) {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  %a = memref.alloc(%n) : memref<?x1024xf32>
  memref.store %v, %a[%c0, %c0] : memref<?x1024xf32>
  %b = memref.alloc(%n) : memref<?x1024xf32>
  memref.store %v, %b[%c0, %c0] : memref<?x1024xf32>
  %c = memref.alloc(%n) : memref<?x1024xf32>
  memref.store %v, %c[%c0, %c0] : memref<?x1024xf32>
  memref.store %v, %b[%c0, %c0] : memref<?x1024xf32>
  memref.dealloc %a : memref<?x1024xf32>
  memref.dealloc %b : memref<?x1024xf32>
  memref.dealloc %c : memref<?x1024xf32>
  return
}

// -----

// A gemm shim's use of a buffer's address (an offset added, in an scf.if
// or an scf.for at the top level) lasts only for the call: %a's interval
// ends at the scf.if, so %b shares its static buffer.
// CHECK: memref.global "private" @shim__workspace_dyn_0 : memref<268435456xi8>
// CHECK-NOT: @shim__workspace_dyn_1
// CHECK-LABEL: func.func @shim(
// MANIFEST-DAG: "detail": "2 run-time-sized allocation(s) are in 1 static buffer(s) of the artifact (allocations whose live intervals do not meet share one), each taken while the allocation fits it (of at most 268435456 bytes, 268435456 bytes reserved in all, resident as far as calls reach); a call with larger sizes, or that finds them in use (pthread_mutex_trylock on @shim__workspace_lock fails), allocates its own",
func.func private @__tc_panel_gemm(i64, i64, i64, i64, f64, f64, i64, i64, i64)
func.func private @__tc_blis_gemm(i64, i64, i64, i64, i64, i64, i64, i64, f64, f64, i64, i64, i64)
func.func @shim(%n: index, %p: i1, %off: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %f = arith.constant 1.0 : f64
  %v = arith.constant 1.0 : f32
  %a = memref.alloc(%n) : memref<?x1024xf32>
  scf.if %p {
    %i = memref.extract_aligned_pointer_as_index %a : memref<?x1024xf32> -> index
    %w = arith.index_cast %i : index to i64
    %x = arith.addi %w, %off : i64
    func.call @__tc_panel_gemm(%one, %one, %one, %one, %f, %f, %x, %x, %x) : (i64, i64, i64, i64, f64, f64, i64, i64, i64) -> ()
  } else {
    scf.for %k = %c0 to %c1 step %c1 {
      %i = memref.extract_aligned_pointer_as_index %a : memref<?x1024xf32> -> index
      %w = arith.index_cast %i : index to i64
      %x = arith.addi %off, %w : i64
      func.call @__tc_blis_gemm(%one, %one, %one, %one, %one, %one, %one, %one, %f, %f, %x, %x, %x) : (i64, i64, i64, i64, i64, i64, i64, i64, f64, f64, i64, i64, i64) -> ()
    }
  }
  %b = memref.alloc(%n) : memref<?x1024xf32>
  memref.store %v, %b[%c0, %c0] : memref<?x1024xf32>
  memref.dealloc %a : memref<?x1024xf32>
  memref.dealloc %b : memref<?x1024xf32>
  return
}
