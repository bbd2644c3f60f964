// tc-lower-kernels: every tc_kernel op becomes tc_loop nests that write its
// destination; reduce, conv2d and gemm reuse tc-lower-tensor's lowering of
// the tc_tensor op that defines them.
// RUN: tensor-opt --tc-lower-kernels -split-input-file %s | FileCheck %s

func.func private @scale(%x: f32, %y: f32) -> f32 attributes {tc_kernel.body} {
  %0 = arith.mulf %x, %y : f32
  return %0 : f32
}
// CHECK-LABEL: func.func private @f__elementwise(
// CHECK-SAME: %[[I:.*]]: index, %[[J:.*]]: index, %[[A:.*]]: memref<2x3xf32>, %[[B:.*]]: memref<2x3xf32>, %[[O:.*]]: memref<2x3xf32>)
// CHECK-SAME: tc_loop.body
// CHECK: %[[X:.*]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK: %[[Y:.*]] = memref.load %[[B]][%[[I]], %[[J]]]
// CHECK: %[[R:.*]] = call @scale(%[[X]], %[[Y]]) : (f32, f32) -> f32
// CHECK: memref.store %[[R]], %[[O]][%[[I]], %[[J]]]
// CHECK-LABEL: func.func @f(
// CHECK: "tc_loop.nest"(%{{.*}}, %{{.*}}, %{{.*}}) {body = @f__elementwise, bounds = array<i64: 2, 3>
// CHECK-SAME: parallel = array<i1: true, true>
// CHECK-NOT: {{^ *"tc_kernel\.}}
func.func @f(%a: memref<2x3xf32>, %b: memref<2x3xf32>, %o: memref<2x3xf32>) {
  "tc_kernel.elementwise"(%a, %b, %o) {body = @scale, group = -1 : i64, reason = "test", operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @g(
// CHECK-SAME: %[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<8x2xf32>, %[[C:.*]]: memref<4x2xf32>)
// CHECK-NOT: memref.alloc
// CHECK: "tc_loop.nest"(%[[A]], %[[B]], %[[C]], %[[C]])
// CHECK-NOT: unrealized_conversion_cast
// CHECK: return
func.func @g(%a: memref<4x8xf32>, %b: memref<8x2xf32>, %c: memref<4x2xf32>) {
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false, kernel = "loops", reason = "test"} : (memref<4x8xf32>, memref<8x2xf32>, memref<4x2xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @r(
// CHECK-SAME: %[[X:.*]]: memref<3x5xf64>, %[[Y:.*]]: memref<3x1xf64>)
// CHECK: "tc_loop.nest"(%[[X]], %[[Y]])
// CHECK-NOT: {{^ *"tc_kernel\.}}
func.func @r(%x: memref<3x5xf64>, %y: memref<3x1xf64>) {
  "tc_kernel.reduce"(%x, %y) {kind = "sum", axes = array<i64: 1>, reason = "test"} : (memref<3x5xf64>, memref<3x1xf64>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @c(
// CHECK-SAME: %[[X:.*]]: memref<1x2x5x5xf32>, %[[W:.*]]: memref<3x2x3x3xf32>, %[[O:.*]]: memref<1x3x3x3xf32>)
// CHECK: "tc_loop.nest"(%[[X]], %[[W]], %[[O]])
func.func @c(%x: memref<1x2x5x5xf32>, %w: memref<3x2x3x3xf32>, %o: memref<1x3x3x3xf32>) {
  "tc_kernel.conv2d"(%x, %w, %o) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, algorithm = "direct", reason = "test"} : (memref<1x2x5x5xf32>, memref<3x2x3x3xf32>, memref<1x3x3x3xf32>) -> ()
  return
}
