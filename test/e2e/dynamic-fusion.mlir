// Fusion with run-time sizes (docs/lowering.md, tc-fuse-elementwise and
// tc-fuse-producers): nests whose run-time bounds the IR shows to be the
// same size (lib/Conversion/Sizes.c) fuse as static ones do; where two
// sizes may differ at run time they stay apart. One artifact per function
// agrees with tensor-ref at every ? = 1, 13 and 64.
// RUN: %e2e %s
// RUN: tensor-opt --tc-cpu-pipeline=tc-fuse-producers --manifest-out=%t.json -split-input-file %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
//
// The loop thresholds at run time: a nest whose work at a run-time size of
// 1 is below the OpenMP threshold takes threads when the product of its
// run-time bounds reaches it (a guarded decision), with the body in both.
// RUN: env TC_PARALLEL_MIN_WORK=10000 tensor-opt --tc-cpu-pipeline=tc-lower-loops --manifest-out=%t.loops.json -split-input-file %s | FileCheck %s --check-prefix=LOOPS
// RUN: FileCheck %s --check-prefix=LOOPS-MANIFEST < %t.loops.json
// RUN: env TC_PARALLEL_MIN_WORK=10000 %e2e --size 1 --size 300 %s

// Hardswish's chain: x + 3, clipped, times x. The product's size is
// max(x's rows, the clip's rows), both x's: one nest, its bound read from x.
// CHECK-LABEL: func.func @hswish(
// CHECK-SAME: %[[X:[^:]*]]: memref<?x8xf32>, %[[Y:[^:]*]]: memref<?x8xf32>)
// CHECK-NOT: memref.alloc
// CHECK: "tc_loop.nest"(%[[X]], %{{.*}}, %[[Y]]) {body = @hswish__fused, bound_dims = array<i64: 0, 0>, bounds = array<i64: -1, 8>
// CHECK-NOT: "tc_loop.nest"
// MANIFEST-DAG: "detail": "3 nests in one (body @hswish__fused): @hswish__add @hswish__clip @hswish__mul; 2 intermediate buffer(s) eliminated (64 bytes at run-time sizes of 1)"
// LOOPS-LABEL: func.func @hswish(
// LOOPS: %[[P:.*]] = arith.muli %{{.*}}, %[[N:.*]] : index
// LOOPS-NEXT: %[[K:.*]] = arith.constant 114 : index
// LOOPS-NEXT: %[[WIDE:.*]] = arith.cmpi uge, %[[P]], %[[K]] : index
// LOOPS-NEXT: scf.if %[[WIDE]] {
// LOOPS: scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[N]])
// LOOPS: } else {
// LOOPS: scf.for %{{.*}} = %{{.*}} to %[[N]]
// LOOPS-MANIFEST-DAG: "detail": "guarded: run-time bounds; their product >= 114: OpenMP threads over the outer parallel loops, else sequential; work 88 at a run-time size of 1 (threshold 10000); body inlined
func.func @hswish(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %three = "tc_tensor.constant"() {value = dense<3.0> : tensor<8xf32>} : () -> tensor<8xf32>
  %a = "tc_tensor.add"(%x, %three) : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %b = "tc_tensor.clip"(%a) {min = 0.0 : f64, max = 6.0 : f64} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %y = "tc_tensor.mul"(%x, %b) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

// Two arguments' rows may differ (one may be 1, a broadcast): the sum
// reads z at row 0 when z has one row, and stays a nest of its own.
// CHECK-LABEL: func.func @apart(
// CHECK: "tc_loop.nest"(%{{.*}}) {body = @apart__relu
// CHECK: "tc_loop.nest"(%{{.*}}) {body = @apart__add
// MANIFEST-NOT: @apart__relu @apart__add
func.func @apart(%x: tensor<?x8xf32>, %z: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %a = "tc_tensor.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %y = "tc_tensor.add"(%a, %z) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

// A cheap producer folds into its consumer across iteration spaces: x * x
// recomputed at the softmax's reads; the folded nest's bound is x's rows.
// CHECK-LABEL: func.func @prologue(
// CHECK-SAME: %[[X:[^:]*]]: memref<?x8xf32>, %[[S:[^:]*]]: memref<?x8xf32>)
// CHECK-NOT: memref.alloc(
// CHECK: "tc_loop.nest"(%[[S]], %[[X]]) {body = @prologue__prologue, bound_dims = array<i64: 1, 0>
// MANIFEST-DAG: "detail": "producer @prologue__mul folded into consumer @prologue__softmax (body @prologue__prologue), recomputed at its 2 read(s); 1 intermediate buffer eliminated (32 bytes at run-time sizes of 1)"
func.func @prologue(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %a = "tc_tensor.mul"(%x, %x) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  %s = "tc_tensor.softmax"(%a) {axis = -1 : i64} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %s : tensor<?x8xf32>
}

// -----

// A reshape's body reads its result's run-time size (the `?` is x's count
// over the static sizes); folded into the transpose that reads it, that
// read becomes the transpose result's dimension 0, which the IR shows to be
// the same size (Sizes.c). Both reshapes fold; the batched matmul reads
// the transposes. (test/Conversion/Schedule/fuse-producers.mlir folds a
// `?` that is a multiple of x's, which this check's static copies cannot
// express: there every `?` is the same N.)
// CHECK-LABEL: func.func @fold(
// CHECK-SAME: %[[X:[^:]*]]: memref<2x?x64xf32>,
// CHECK: %[[T:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?x8x16xf32>
// CHECK-NEXT: "tc_loop.nest"(%[[T]], %[[X]]) {body = @fold__prologue, bound_dims = array<i64: 0, 0>, bounds = array<i64: -1, 8, 16>
// CHECK: %[[U:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?x16x8xf32>
// CHECK-NEXT: "tc_loop.nest"(%[[U]], %[[X]]) {body = @fold__prologue_0, bound_dims = array<i64: 0, 0>, bounds = array<i64: -1, 16, 8>
// CHECK-NOT: @fold__reshape
// MANIFEST-DAG: "detail": "producer @fold__reshape folded into consumer @fold__transpose (body @fold__prologue), recomputed at its 1 read(s); 1 intermediate buffer eliminated (512 bytes at run-time sizes of 1)"
// MANIFEST-DAG: "detail": "producer @fold__reshape_0 folded into consumer @fold__transpose_1 (body @fold__prologue_0), recomputed at its 1 read(s); 1 intermediate buffer eliminated (512 bytes at run-time sizes of 1)"
func.func @fold(%x: tensor<2x?x64xf32>) -> tensor<?x8x8xf32> {
  %r1 = "tc_tensor.reshape"(%x) : (tensor<2x?x64xf32>) -> tensor<8x?x16xf32>
  %t = "tc_tensor.transpose"(%r1) {perm = array<i64: 1, 0, 2>} : (tensor<8x?x16xf32>) -> tensor<?x8x16xf32>
  %r2 = "tc_tensor.reshape"(%x) : (tensor<2x?x64xf32>) -> tensor<8x?x16xf32>
  %u = "tc_tensor.transpose"(%r2) {perm = array<i64: 1, 2, 0>} : (tensor<8x?x16xf32>) -> tensor<?x16x8xf32>
  %y = "tc_tensor.matmul"(%t, %u) : (tensor<?x8x16xf32>, tensor<?x16x8xf32>) -> tensor<?x8x8xf32>
  return %y : tensor<?x8x8xf32>
}

// -----

// A transpose of a run-time batch whose last two loops are static runs in
// cache tiles, as a static one does: on threads at every size under the
// lowered threshold, and both threaded and sequential (a guarded
// decision) under the default one; tensor-ref judges both.
// LOOPS-LABEL: func.func @tiles(
// LOOPS: scf.parallel (%{{.*}}, %{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}, %{{.*}})
// LOOPS: arith.minsi
// LOOPS-MANIFEST-DAG: "detail": "OpenMP threads over the outer parallel loops; work 24576 at a run-time size of 1 (threshold 10000), so at every size; body inlined (a call cannot pass buffers of run-time sizes as bare pointers); innermost loop sequential for LLVM's vectoriser (target vector: {{[0-9]+}} bits, {{[0-9]+}} elements); last two loops in 32x32 tiles for the cache (the innermost loop walks a buffer along a non-contiguous dimension)"
func.func @tiles(%x: tensor<?x64x128xf32>) -> tensor<?x128x64xf32> {
  %y = "tc_tensor.transpose"(%x) {perm = array<i64: 0, 2, 1>} : (tensor<?x64x128xf32>) -> tensor<?x128x64xf32>
  return %y : tensor<?x128x64xf32>
}
