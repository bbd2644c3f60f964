// tc-fuse-elementwise: adjacent pointwise nests over the same bounds become
// one nest whose body runs each member's body in order; values stored for a
// later member are handed to it directly, and intermediates (allocations
// only the group uses) disappear. Nests that read another's result at other
// points are not fused. Every group is a manifest decision.
// RUN: tensor-opt --tc-cpu-pipeline=tc-fuse-elementwise --manifest-out=%t.json -split-input-file %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json

// y = relu(x * w + b): three ops, a broadcast bias, one nest, no buffer but the output.
// CHECK-LABEL: func.func private @chain__fused(
// CHECK-SAME: %[[I:[^:]*]]: index, %[[J:[^:]*]]: index, %[[X:[^:]*]]: memref<4x8xf32>, %[[W:[^:]*]]: memref<4x8xf32>, %[[B:[^:]*]]: memref<8xf32>, %[[Y:[^:]*]]: memref<4x8xf32>)
// CHECK: %[[XV:.*]] = memref.load %[[X]][%[[I]], %[[J]]]
// CHECK: %[[WV:.*]] = memref.load %[[W]][%[[I]], %[[J]]]
// CHECK: %[[M:.*]] = arith.mulf %[[XV]], %[[WV]] : f32
// CHECK-NOT: memref.store
// CHECK: %[[BV:.*]] = memref.load %[[B]][%[[J]]]
// CHECK: %[[Z:.*]] = arith.addf %[[M]], %[[BV]] : f32
// CHECK-NOT: memref.load
// CHECK: arith.select
// CHECK: memref.store %{{.*}}, %[[Y]][%[[I]], %[[J]]]
// CHECK-NEXT: return
// CHECK-LABEL: func.func @chain(
// CHECK-NOT: memref.alloc
// CHECK: "tc_loop.nest"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {body = @chain__fused, bounds = array<i64: 4, 8>, group = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, {{.*}}>, parallel = array<i1: true, true>
// CHECK-NOT: "tc_loop.nest"
// CHECK-NOT: memref.dealloc
func.func @chain(%x: tensor<4x8xf32>, %w: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = "tc_tensor.mul"(%x, %w) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = "tc_tensor.add"(%0, %b) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %2 = "tc_tensor.relu"(%1) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}
// MANIFEST: "detail": "3 nests in one (body @chain__fused): @chain__mul @chain__add @chain__relu; 2 intermediate buffer(s) eliminated (256 bytes)"

// -----

// A value that is also returned stays stored (into the output); cast,
// where and clip fuse like arithmetic.
// CHECK-LABEL: func.func private @two__fused(
// CHECK-COUNT-2: memref.store
// CHECK-NOT: memref.store
// CHECK-LABEL: func.func @two(
// CHECK-NOT: memref.alloc
// CHECK-COUNT-1: "tc_loop.nest"
// CHECK-NOT: "tc_loop.nest"
func.func @two(%x: tensor<16xf32>, %c: tensor<16xi1>) -> (tensor<16xf32>, tensor<16xf64>) {
  %0 = "tc_tensor.clip"(%x) {min = -1.0 : f64, max = 1.0 : f64} : (tensor<16xf32>) -> tensor<16xf32>
  %1 = "tc_tensor.where"(%c, %0, %x) : (tensor<16xi1>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %2 = "tc_tensor.cast"(%1) : (tensor<16xf32>) -> tensor<16xf64>
  return %1, %2 : tensor<16xf32>, tensor<16xf64>
}
// MANIFEST: "detail": "3 nests in one (body @two__fused): @two__clip @two__where @two__cast; 1 intermediate buffer(s) eliminated (64 bytes)"

// -----

// A transpose reads its operand at other points: it is not fused with the
// op producing that operand, whose result stays in memory; the op after it
// is (same bounds, reads the transpose's result at its own points).
// CHECK-LABEL: func.func @transposed(
// CHECK: memref.alloc
// CHECK: "tc_loop.nest"({{.*}}) {{.*}}body = @transposed__exp
// CHECK: "tc_loop.nest"({{.*}}) {{.*}}body = @transposed__fused, bounds = array<i64: 3, 2>
// CHECK-NOT: "tc_loop.nest"
func.func @transposed(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "tc_tensor.exp"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "tc_tensor.transpose"(%0) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = "tc_tensor.neg"(%1) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  return %2 : tensor<3x2xf32>
}

// -----

// An epilogue: an elementwise op on a reduction's result fuses into the
// reduction's nest (the same bounds, read at its own points).
// CHECK-LABEL: func.func @epilogue(
// CHECK-NOT: memref.alloc
// CHECK: "tc_loop.nest"({{.*}}) {{.*}}body = @epilogue__fused, bounds = array<i64: 4>
// CHECK-NOT: "tc_loop.nest"
func.func @epilogue(%x: tensor<4x5xf32>) -> tensor<4xf32> {
  %0 = "tc_tensor.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x5xf32>) -> tensor<4xf32>
  %1 = "tc_tensor.sqrt"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
