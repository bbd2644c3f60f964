// tc-fuse-producers: a cheap pointwise nest whose one output only the next
// nest reads is folded into that nest, which recomputes it at each read; its
// buffer disappears. Transcendental producers, outputs read twice and
// consumers that overwrite the producer's inputs are left alone. Every fold
// is a manifest decision.
// RUN: tensor-opt --tc-cpu-pipeline=tc-fuse-producers --manifest-out=%t.json -split-input-file %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json

// softmax(x * s): the broadcast product is recomputed at each of the two
// reads of the softmax body (the maximum and the sum; the last pass divides
// the exponentials the sum kept), at the row's index and the axis loop's.
// CHECK-LABEL: func.func private @scaled__prologue(
// CHECK-SAME: %[[I:[^:]*]]: index, %{{[^:]*}}: index, %[[Y:[^:]*]]: memref<4x8xf32>, %[[X:[^:]*]]: memref<4x8xf32>, %[[S:[^:]*]]: memref<8xf32>)
// CHECK-COUNT-2: scf.for %[[K:[^ ]*]] = {{.*}} {
// CHECK-NOT: memref.load %[[Y]]
// CHECK: %[[XV:.*]] = memref.load %[[X]][%[[I]], %[[K]]]
// CHECK: %[[SV:.*]] = memref.load %[[S]][%[[K]]]
// CHECK: arith.mulf %[[XV]], %[[SV]] : f32
// CHECK: scf.for %[[L:[^ ]*]] = {{.*}} {
// CHECK-NOT: memref.load %[[Y]]
// CHECK: memref.store %{{.*}}, %[[Y]][%[[I]], %[[L]]]
// CHECK-LABEL: func.func @scaled(
// CHECK-NOT: memref.alloc
// CHECK: "tc_loop.nest"(%{{.*}}, %{{.*}}, %{{.*}}) {body = @scaled__prologue, bounds = array<i64: 4, 1>
// CHECK-NOT: "tc_loop.nest"
// CHECK-NOT: memref.dealloc
func.func @scaled(%x: tensor<4x8xf32>, %s: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = "tc_tensor.mul"(%x, %s) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %1 = "tc_tensor.softmax"(%0) {axis = -1 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
// MANIFEST: "detail": "producer @scaled__mul folded into consumer @scaled__softmax (body @scaled__prologue), recomputed at its 2 read(s); 1 intermediate buffer eliminated (128 bytes)"

// -----

// A transcendental producer is not recomputed: its result stays in memory.
// CHECK-LABEL: func.func @costly(
// CHECK: memref.alloc
// CHECK: "tc_loop.nest"({{.*}}) {body = @costly__tanh
// CHECK: "tc_loop.nest"({{.*}}) {body = @costly__softmax
func.func @costly(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = "tc_tensor.tanh"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = "tc_tensor.softmax"(%0) {axis = -1 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
// MANIFEST-NOT: producer @costly__tanh

// -----

// An output two nests read is kept (folding would compute it twice over
// and still need it).
// CHECK-LABEL: func.func @shared(
// CHECK: memref.alloc
// CHECK: "tc_loop.nest"({{.*}}) {body = @shared__neg
// CHECK: "tc_loop.nest"({{.*}}) {body = @shared__softmax
// CHECK: "tc_loop.nest"({{.*}}) {body = @shared__reduce_sum
func.func @shared(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %0 = "tc_tensor.neg"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = "tc_tensor.softmax"(%0) {axis = -1 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = "tc_tensor.reduce_sum"(%0) {axes = array<i64: 1>, keepdims = false} : (tensor<4x8xf32>) -> tensor<4xf32>
  return %1, %2 : tensor<4x8xf32>, tensor<4xf32>
}
// MANIFEST-NOT: producer @shared__neg

// -----

// The attention's head split: [8, ?, 16] -> [8, ?, 4], whose `?` is four
// times x's (x's count over 32: ? * 128 / 32, Sizes.c). The reshape reads
// its result's run-time size; folded into the transpose, that read becomes
// the transpose result's dimension 0, the same size by the IR (it is sized
// from the reshape's result), and the folded nest's bound is read there.
// CHECK-LABEL: func.func private @heads__prologue(
// CHECK-SAME: %[[OUT:[^:]*]]: memref<?x8x4xf32>, %[[IN:[^:]*]]: memref<8x?x16xf32>)
// CHECK: memref.dim %[[OUT]], %{{.*}} : memref<?x8x4xf32>
// CHECK: memref.load %[[IN]]
// CHECK-LABEL: func.func @heads(
// CHECK-SAME: %[[X:[^:]*]]: memref<8x?x16xf32>,
// CHECK: %[[T:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?x8x4xf32>
// CHECK-NEXT: "tc_loop.nest"(%[[T]], %[[X]]) {body = @heads__prologue, bound_dims = array<i64: 0, 0>, bounds = array<i64: -1, 8, 4>
// MANIFEST-DAG: "detail": "producer @heads__reshape folded into consumer @heads__transpose (body @heads__prologue), recomputed at its 1 read(s); 1 intermediate buffer eliminated (128 bytes at run-time sizes of 1)"
func.func @heads(%x: tensor<8x?x16xf32>, %w: tensor<?x4x8xf32>) -> tensor<?x8x8xf32> {
  %r = "tc_tensor.reshape"(%x) : (tensor<8x?x16xf32>) -> tensor<8x?x4xf32>
  %t = "tc_tensor.transpose"(%r) {perm = array<i64: 1, 0, 2>} : (tensor<8x?x4xf32>) -> tensor<?x8x4xf32>
  %y = "tc_tensor.matmul"(%t, %w) : (tensor<?x8x4xf32>, tensor<?x4x8xf32>) -> tensor<?x8x8xf32>
  return %y : tensor<?x8x8xf32>
}
