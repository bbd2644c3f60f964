// tc-lower-tensor on the data movement ops (docs/dialects.md §2.2.19-2.2.26):
// one all-parallel nest over the result (split: one per result) whose body
// computes the source index, loads there and stores; data-dependent or
// selected indices are clamped before the load; empty sources are not
// passed and empty results get no nest.
// RUN: tensor-opt --tc-lower-tensor -split-input-file %s | FileCheck %s

// result[i, j] = x[j, i].
// CHECK-LABEL: func.func private @transpose__transpose(
// CHECK-SAME:    %[[I:.*]]: index, %[[J:.*]]: index, %[[IN:.*]]: memref<2x3xf32>, %[[OUT:.*]]: memref<3x2xf32>)
// CHECK:         %[[X:.*]] = memref.load %[[IN]][%[[J]], %[[I]]]
// CHECK:         memref.store %[[X]], %[[OUT]][%[[I]], %[[J]]]
// CHECK-LABEL: func.func @transpose(
// CHECK:         "tc_loop.nest"({{.*}}) {body = @transpose__transpose, bounds = array<i64: 3, 2>
// CHECK-SAME:    parallel = array<i1: true, true>
func.func @transpose(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// Row-major: the linear position l = i, then x[l / 3, l mod 3].
// CHECK-LABEL: func.func private @reshape__reshape(
// CHECK-SAME:    %[[L:.*]]: index, %[[IN:.*]]: memref<2x3xi8>, %[[OUT:.*]]: memref<6xi8>)
// CHECK:         %[[C:.*]] = arith.remui %[[L]], %{{.*}} : index
// CHECK:         %[[R:.*]] = arith.divui %[[L]], %{{.*}} : index
// CHECK:         %[[X:.*]] = memref.load %[[IN]][%[[R]], %[[C]]]
// CHECK:         memref.store %[[X]], %[[OUT]][%[[L]]]
func.func @reshape(%x: tensor<2x3xi8>) -> tensor<6xi8> {
  %0 = "tc_tensor.reshape"(%x) : (tensor<2x3xi8>) -> tensor<6xi8>
  return %0 : tensor<6xi8>
}

// -----

// A dimension of size 1 reads index 0; missing leading dimensions are dropped.
// CHECK-LABEL: func.func private @broadcast_to__broadcast_to(
// CHECK-SAME:    %{{.*}}: index, %[[J:.*]]: index, %{{.*}}: index, %[[IN:.*]]: memref<3x1xbf16>
// CHECK:         %[[Z:.*]] = arith.constant 0 : index
// CHECK:         memref.load %[[IN]][%[[J]], %[[Z]]]
func.func @broadcast_to(%x: tensor<3x1xbf16>) -> tensor<2x3x4xbf16> {
  %0 = "tc_tensor.broadcast_to"(%x) : (tensor<3x1xbf16>) -> tensor<2x3x4xbf16>
  return %0 : tensor<2x3x4xbf16>
}

// -----

// Both operands are loaded at indices clamped along the axis; j < 3 selects.
// CHECK-LABEL: func.func private @concat__concat(
// CHECK-SAME:    %[[I:.*]]: index, %[[J:.*]]: index, %[[A:.*]]: memref<2x3xf32>, %[[B:.*]]: memref<2x1xf32>, %[[OUT:.*]]: memref<2x4xf32>)
// CHECK:         %[[JA:.*]] = arith.minsi
// CHECK:         %[[XA:.*]] = memref.load %[[A]][%[[I]], %[[JA]]]
// CHECK:         %[[SHIFT:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK:         %[[LO:.*]] = arith.maxsi %[[SHIFT]]
// CHECK:         %[[JB:.*]] = arith.minsi %[[LO]]
// CHECK:         %[[XB:.*]] = memref.load %[[B]][%[[I]], %[[JB]]]
// CHECK:         %[[LHS:.*]] = arith.cmpi slt, %[[J]]
// CHECK:         %[[X:.*]] = arith.select %[[LHS]], %[[XA]], %[[XB]] : f32
// CHECK:         memref.store %[[X]], %[[OUT]][%[[I]], %[[J]]]
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) -> tensor<2x4xf32> {
  %0 = "tc_tensor.concat"(%a, %b) {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// An operand empty along the axis is not passed: the result copies the other.
// CHECK-LABEL: func.func private @concat_empty_lhs__concat(
// CHECK-SAME:    %{{.*}}: index, %{{.*}}: index, %{{.*}}: memref<4x3xi16>, %{{.*}}: memref<4x3xi16>)
// CHECK-NOT:     arith.select
// CHECK-LABEL: func.func @concat_empty_lhs(
// CHECK-SAME:    %{{.*}}: tensor<0x3xui16>, %[[B:.*]]: tensor<4x3xui16>)
// CHECK:         %[[BUF:.*]] = builtin.unrealized_conversion_cast %[[B]]
// CHECK:         "tc_loop.nest"(%[[BUF]], %{{.*}}) {body = @concat_empty_lhs__concat
func.func @concat_empty_lhs(%a: tensor<0x3xui16>, %b: tensor<4x3xui16>) -> tensor<4x3xui16> {
  %0 = "tc_tensor.concat"(%a, %b) {axis = 0 : i64} : (tensor<0x3xui16>, tensor<4x3xui16>) -> tensor<4x3xui16>
  return %0 : tensor<4x3xui16>
}

// -----

// One nest per result; the second reads from offset 3 along the axis.
// CHECK-LABEL: func.func private @split__split(
// CHECK-SAME:    %[[I:.*]]: index, %[[J:.*]]: index, %[[IN:.*]]: memref<2x6xi1>
// CHECK:         memref.load %[[IN]][%[[I]], %[[J]]]
// CHECK-LABEL: func.func private @split__split_0(
// CHECK-SAME:    %[[I:.*]]: index, %[[J:.*]]: index, %[[IN:.*]]: memref<2x6xi1>
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[K:.*]] = arith.addi %[[J]], %[[C3]] : index
// CHECK:         memref.load %[[IN]][%[[I]], %[[K]]]
// CHECK-LABEL: func.func @split(
// CHECK:         "tc_loop.nest"({{.*}}) {body = @split__split,
// CHECK:         "tc_loop.nest"({{.*}}) {body = @split__split_0,
func.func @split(%x: tensor<2x6xi1>) -> (tensor<2x3xi1>, tensor<2x3xi1>) {
  %0:2 = "tc_tensor.split"(%x) {axis = 1 : i64} : (tensor<2x6xi1>) -> (tensor<2x3xi1>, tensor<2x3xi1>)
  return %0#0, %0#1 : tensor<2x3xi1>, tensor<2x3xi1>
}

// -----

// x[::-2] of 5 elements, normalised at compile time: start 4, step -2.
// CHECK-LABEL: func.func private @slice__slice(
// CHECK-SAME:    %[[J:.*]]: index, %[[IN:.*]]: memref<5xf64>
// CHECK:         %[[T:.*]] = arith.constant -2 : index
// CHECK:         %[[M:.*]] = arith.muli %[[J]], %[[T]] : index
// CHECK:         %[[S:.*]] = arith.constant 4 : index
// CHECK:         %[[K:.*]] = arith.addi %[[M]], %[[S]] : index
// CHECK:         memref.load %[[IN]][%[[K]]]
// CHECK-LABEL: func.func @slice(
// CHECK:         "tc_loop.nest"({{.*}}) {body = @slice__slice, bounds = array<i64: 3>
func.func @slice(%x: tensor<5xf64>) -> tensor<3xf64> {
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: -1>, ends = array<i64: -100>, steps = array<i64: -2>} : (tensor<5xf64>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// -----

// A negative index counts from the end; the index is clamped into [0, 2]
// before the load.
// CHECK-LABEL: func.func private @gather__gather(
// CHECK-SAME:    %[[I:.*]]: index, %[[J:.*]]: index, %[[D:.*]]: memref<5x3xf32>, %[[IDX:.*]]: memref<4xi32>, %[[OUT:.*]]: memref<5x4xf32>)
// CHECK:         %[[RAW:.*]] = memref.load %[[IDX]][%[[J]]]
// CHECK:         %[[K:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:         %[[NEG:.*]] = arith.cmpi slt, %[[K]]
// CHECK:         %[[WRAPPED:.*]] = arith.addi %[[K]]
// CHECK:         %[[SEL:.*]] = arith.select %[[NEG]], %[[WRAPPED]], %[[K]] : index
// CHECK:         %[[LO:.*]] = arith.maxsi %[[SEL]]
// CHECK:         %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[IN:.*]] = arith.minsi %[[LO]], %[[C2]]
// CHECK:         %[[X:.*]] = memref.load %[[D]][%[[I]], %[[IN]]]
// CHECK:         memref.store %[[X]], %[[OUT]][%[[I]], %[[J]]]
func.func @gather(%d: tensor<5x3xf32>, %i: tensor<4xi32>) -> tensor<5x4xf32> {
  %0 = "tc_tensor.gather"(%d, %i) {axis = 1 : i64} : (tensor<5x3xf32>, tensor<4xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// n = 0: every index is out of range; nothing is read, not even passed.
// CHECK-LABEL: func.func private @gather_empty_axis__gather(
// CHECK-SAME:    %{{.*}}: index, %{{.*}}: index, %[[OUT:.*]]: memref<2x3xf16>)
// CHECK-NOT:     memref.load
// CHECK:         memref.store
// CHECK-LABEL: func.func @gather_empty_axis(
// CHECK:         "tc_loop.nest"(%{{[^,]*}}) {body = @gather_empty_axis__gather
func.func @gather_empty_axis(%d: tensor<2x0xf16>, %i: tensor<3xi64>) -> tensor<2x3xf16> {
  %0 = "tc_tensor.gather"(%d, %i) {axis = 1 : i64} : (tensor<2x0xf16>, tensor<3xi64>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// constant: x is read at the clamped source index, the value (cast from
// f64 to i8) selected outside.
// CHECK-LABEL: func.func private @pad_constant__pad(
// CHECK-SAME:    %[[O:.*]]: index, %[[IN:.*]]: memref<3xi8>, %[[OUT:.*]]: memref<6xi8>)
// CHECK:         %[[S:.*]] = arith.addi %[[O]], %{{.*}} : index
// CHECK:         %[[GE:.*]] = arith.cmpi sge, %[[S]]
// CHECK:         %[[LT:.*]] = arith.cmpi slt, %[[S]]
// CHECK:         %[[INSIDE:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK:         %[[X:.*]] = memref.load %[[IN]]
// CHECK:         %[[V:.*]] = arith.constant -128 : i8
// CHECK:         %[[R:.*]] = arith.select %[[INSIDE]], %[[X]], %[[V]] : i8
// CHECK:         memref.store %[[R]], %[[OUT]][%[[O]]]
func.func @pad_constant(%x: tensor<3xi8>) -> tensor<6xi8> {
  %0 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: 2, 1>, value = -128.0 : f64} : (tensor<3xi8>) -> tensor<6xi8>
  return %0 : tensor<6xi8>
}

// -----

// reflect: -s below, 2(d - 1) - s above.
// CHECK-LABEL: func.func private @pad_reflect__pad(
// CHECK:         %[[BELOW:.*]] = arith.cmpi slt, %[[S:.*]], %{{.*}} : index
// CHECK:         %[[ABOVE:.*]] = arith.cmpi sge, %[[S]], %{{.*}} : index
// CHECK:         %[[C6:.*]] = arith.constant 6 : index
// CHECK:         %[[M:.*]] = arith.subi %[[C6]], %[[S]] : index
// CHECK:         %[[S1:.*]] = arith.select %[[ABOVE]], %[[M]], %[[S]] : index
// CHECK:         %[[N:.*]] = arith.subi %{{.*}}, %[[S1]] : index
// CHECK:         arith.select %[[BELOW]], %[[N]], %[[S1]] : index
// CHECK-NOT:     arith.select
// CHECK:         memref.load
func.func @pad_reflect(%x: tensor<4xf32>) -> tensor<7xf32> {
  %0 = "tc_tensor.pad"(%x) {mode = "reflect", pads = array<i64: 2, 1>, value = 0.0 : f64} : (tensor<4xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

// edge, cropping the start: the source index is clamped, nothing selected.
// CHECK-LABEL: func.func private @pad_edge__pad(
// CHECK-SAME:    %[[O:.*]]: index, %[[IN:.*]]: memref<4xf32>
// CHECK:         %[[S:.*]] = arith.addi %[[O]], %{{.*}} : index
// CHECK:         %[[LO:.*]] = arith.maxsi %[[S]]
// CHECK:         %[[K:.*]] = arith.minsi %[[LO]]
// CHECK-NOT:     arith.select
// CHECK:         memref.load %[[IN]][%[[K]]]
func.func @pad_edge(%x: tensor<4xf32>) -> tensor<3xf32> {
  %0 = "tc_tensor.pad"(%x) {mode = "edge", pads = array<i64: -2, 1>, value = 0.0 : f64} : (tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// An empty x is not passed: every element is the value (+inf).
// CHECK-LABEL: func.func private @pad_empty_input__pad(
// CHECK-SAME:    %[[O:.*]]: index, %[[OUT:.*]]: memref<2xf32>)
// CHECK:         %[[V:.*]] = arith.constant 0x7F800000 : f32
// CHECK:         memref.store %[[V]], %[[OUT]][%[[O]]]
func.func @pad_empty_input(%x: tensor<0xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: 1, 1>, value = 0x7FF0000000000000 : f64} : (tensor<0xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// An empty result has nothing to compute: its buffer and no nest.
// CHECK-LABEL: func.func @empty_result(
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<2x0xf32>
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<0x2xf32>
// CHECK-NOT:     tc_loop.nest
func.func @empty_result(%x: tensor<2x3xf32>) -> tensor<0x2xf32> {
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 0, 2>, ends = array<i64: 3, 1>, steps = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2x0xf32>
  %1 = "tc_tensor.transpose"(%0) {perm = array<i64: 1, 0>} : (tensor<2x0xf32>) -> tensor<0x2xf32>
  return %1 : tensor<0x2xf32>
}
