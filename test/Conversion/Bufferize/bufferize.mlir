// tc-bufferize: inputs first, then one output buffer per result; a result
// computed into its own buffer is computed straight into the output, the
// rest is copied; temporaries are freed; tc.abi keeps the tensor types.
// RUN: tensor-opt --tc-cpu-pipeline=tc-bufferize -split-input-file %s | FileCheck %s

// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[A:.*]]: memref<2x3xf32>, %[[B:.*]]: memref<3xf32>, %[[OUT:.*]]: memref<2x3xf32>)
// CHECK-SAME: tc.abi = {inputs = [tensor<2x3xf32>, tensor<3xf32>], outputs = [tensor<2x3xf32>]}
// CHECK: %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK: "tc_loop.nest"(%[[A]], %[[B]], %[[T]])
// CHECK: "tc_loop.nest"(%[[T]], %[[OUT]])
// CHECK: memref.dealloc %[[T]]
// CHECK-NEXT: return
func.func @chain(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "tc_tensor.relu"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// A value returned twice, an input returned, a constant returned: the first
// is computed in place, the others are copied. Unsigned data is kept in
// signless buffers; only tc.abi says ui8.
// CHECK-LABEL: func.func @copies(
// CHECK-SAME: %[[A:.*]]: memref<4xi8>, %[[O0:.*]]: memref<4xi8>, %[[O1:.*]]: memref<4xi8>, %[[O2:.*]]: memref<4xi8>, %[[O3:.*]]: memref<2xi1>)
// CHECK-SAME: tc.abi = {inputs = [tensor<4xui8>], outputs = [tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<2xi1>]}
// CHECK: %[[C:.*]] = memref.get_global @copies__constant : memref<2xi1>
// CHECK: "tc_loop.nest"(%[[A]], %[[O0]])
// CHECK: memref.copy %[[O0]], %[[O1]]
// CHECK: memref.copy %[[A]], %[[O2]]
// CHECK: memref.copy %[[C]], %[[O3]]
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @copies(%a: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<2xi1>) {
  %c = "tc_tensor.constant"() {value = dense<[true, false]> : tensor<2xi1>} : () -> tensor<2xi1>
  %0 = "tc_tensor.relu"(%a) : (tensor<4xui8>) -> tensor<4xui8>
  return %0, %0, %a, %c : tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<2xi1>
}

// -----

// Private functions are bufferized too, but are not entry points.
// CHECK-LABEL: func.func private @helper(
// CHECK-SAME: memref<2xf32>, %{{.*}}: memref<2xf32>)
// CHECK-NOT: tc.abi
func.func private @helper(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.relu"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Argument attributes stay with their arguments; output buffers get none.
// CHECK-LABEL: func.func @attrs(
// CHECK-SAME: %{{.*}}: memref<2xf32> {tc.distribution = "uniform(0, 1)"}, %{{.*}}: memref<2xf32>)
func.func @attrs(%a: tensor<2xf32> {tc.distribution = "uniform(0, 1)"}) -> tensor<2xf32> {
  %0 = "tc_tensor.relu"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
