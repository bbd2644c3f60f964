// Buffers without elements become memref<0xT> (the bare-pointer convention
// refuses memref<2x0xT>); their loads and stores are dead and disappear.
// RUN: tensor-opt --tc-lower-loops %s | FileCheck %s

// CHECK-LABEL: func.func private @body(
// CHECK-SAME: %{{.*}}: index, %{{.*}}: memref<0xf32>, %{{.*}}: memref<0xf32>)
// CHECK-NOT: memref.load
// CHECK-NOT: memref.store
// CHECK: return
func.func private @body(%i: index, %a: memref<2x0xf32>, %o: memref<2x0xf32>) attributes {tc_loop.body} {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%i, %c0] : memref<2x0xf32>
  memref.store %x, %o[%i, %c0] : memref<2x0xf32>
  return
}
// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[A:.*]]: memref<0xf32>, %[[O:.*]]: memref<0xf32>)
// CHECK: func.call @body(%{{.*}}, %[[A]], %[[O]]) : (index, memref<0xf32>, memref<0xf32>) -> ()
func.func @f(%a: memref<2x0xf32>, %o: memref<2x0xf32>) {
  "tc_loop.nest"(%a, %o) {body = @body, bounds = array<i64: 2>, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true>, tile = array<i64: 0>, vector_width = 1 : i64} : (memref<2x0xf32>, memref<2x0xf32>) -> ()
  return
}
