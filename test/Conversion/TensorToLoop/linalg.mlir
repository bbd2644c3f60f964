// matmul and gemm lower to one nest over the result points, all loops
// parallel; the body sums over k in an scf.for carrying the accumulator.
// RUN: tensor-opt --tc-lower-tensor -split-input-file %s | FileCheck %s

// A float sum starts at -0 (the identity of IEEE addition); f32 values are
// summed in f64 and rounded once.
// CHECK-LABEL: func.func private @mm__matmul
// CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: index, %[[A:.*]]: memref<3x5xf32>, %[[B:.*]]: memref<5x4xf32>, %[[C:.*]]: memref<3x4xf32>) attributes {tc_loop.body}
// CHECK: %[[INIT:.*]] = arith.constant -0.000000e+00 : f64
// CHECK: %[[SUM:.*]] = scf.for %[[K:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f64)
// CHECK-DAG: %[[X:.*]] = memref.load %[[A]][%[[M]], %[[K]]]
// CHECK-DAG: %[[Y:.*]] = memref.load %[[B]][%[[K]], %[[N]]]
// CHECK-DAG: %[[YW:.*]] = arith.extf %[[Y]] : f32 to f64
// CHECK-DAG: %[[XW:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK: %[[P:.*]] = arith.mulf %[[XW]], %[[YW]] : f64
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f64
// CHECK: scf.yield %[[S]]
// CHECK: %[[R:.*]] = arith.truncf %[[SUM]] : f64 to f32
// CHECK: memref.store %[[R]], %[[C]][%[[M]], %[[N]]]
// CHECK-LABEL: func.func @mm
// CHECK: "tc_loop.nest"(%{{.*}}, %{{.*}}, %{{.*}}) {body = @mm__matmul, bounds = array<i64: 3, 4>
// CHECK-SAME: parallel = array<i1: true, true>
func.func @mm(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>) -> tensor<3x4xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// f16 sums in f32; a rank-1 rhs has no N loop; a size-1 batch dimension
// reads index 0.
// CHECK-LABEL: func.func private @batch__matmul
// CHECK-SAME: (%[[B0:.*]]: index, %[[B1:.*]]: index, %[[M:.*]]: index, %[[A:.*]]: memref<2x1x3x4xf16>, %[[V:.*]]: memref<4xf16>, %[[R:.*]]: memref<2x1x3xf16>)
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: scf.for %[[K:[a-z0-9_]+]] = {{.*}} -> (f32)
// CHECK-DAG: memref.load %[[A]][%[[B0]], %[[ZERO]], %[[M]], %[[K]]]
// CHECK-DAG: memref.load %[[V]][%[[K]]]
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK: memref.store %[[T]], %[[R]][%[[B0]], %[[B1]], %[[M]]]
// CHECK-LABEL: func.func @batch
// CHECK: bounds = array<i64: 2, 1, 3>
func.func @batch(%a: tensor<2x1x3x4xf16>, %b: tensor<4xf16>) -> tensor<2x1x3xf16> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x1x3x4xf16>, tensor<4xf16>) -> tensor<2x1x3xf16>
  return %0 : tensor<2x1x3xf16>
}

// -----

// Integers wrap in their own width: muli/addi from 0.
// CHECK-LABEL: func.func private @ints__matmul
// CHECK: %[[INIT:.*]] = arith.constant 0 : i32
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (i32)
// CHECK: %[[P:.*]] = arith.muli
// CHECK: arith.addi %[[ACC]], %[[P]] : i32
func.func @ints(%a: tensor<2x3x4xi32>, %b: tensor<1x4x5xi32>) -> tensor<2x3x5xi32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x3x4xi32>, tensor<1x4x5xi32>) -> tensor<2x3x5xi32>
  return %0 : tensor<2x3x5xi32>
}

// -----

// K = 0: the empty sum +0, and the operands are not nest buffers.
// CHECK-LABEL: func.func private @k0__matmul
// CHECK-SAME: (%[[I:.*]]: index, %[[R:.*]]: memref<2xf32>)
// CHECK-NOT: scf.for
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: %[[Z:.*]] = arith.truncf %[[ZERO]] : f64 to f32
// CHECK: memref.store %[[Z]], %[[R]][%[[I]]]
// CHECK-LABEL: func.func @k0
// CHECK: "tc_loop.nest"(%{{[^,]*}}) {body = @k0__matmul
func.func @k0(%a: tensor<0xf32>, %b: tensor<0x2xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<0xf32>, tensor<0x2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// gemm: transposed reads, alpha·dot + beta·c in f64, rounded once to f32.
// CHECK-LABEL: func.func private @gemm__gemm
// CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: index, %[[A:.*]]: memref<5x3xf32>, %[[B:.*]]: memref<4x5xf32>, %[[C:.*]]: memref<4xf32>, %[[R:.*]]: memref<3x4xf32>)
// CHECK: %[[DOT:.*]] = scf.for %[[K:[a-z0-9_]+]] = {{.*}} -> (f64)
// CHECK-DAG: memref.load %[[A]][%[[K]], %[[M]]]
// CHECK-DAG: memref.load %[[B]][%[[N]], %[[K]]]
// CHECK: %[[ALPHA:.*]] = arith.constant 5.000000e-01 : f64
// CHECK: %[[PROD:.*]] = arith.mulf %[[ALPHA]], %[[DOT]] : f64
// CHECK: memref.load %[[C]][%[[N]]]
// CHECK: %[[BETA:.*]] = arith.constant -2.000000e+00 : f64
// CHECK: %[[CT:.*]] = arith.mulf %[[BETA]], %{{.*}} : f64
// CHECK: %[[SUM:.*]] = arith.addf %[[PROD]], %[[CT]] : f64
// CHECK: %[[OUT:.*]] = arith.truncf %[[SUM]] : f64 to f32
// CHECK: memref.store %[[OUT]], %[[R]][%[[M]], %[[N]]]
func.func @gemm(%a: tensor<5x3xf32>, %b: tensor<4x5xf32>, %c: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.5 : f64, beta = -2.0 : f64, trans_a = true, trans_b = true} : (tensor<5x3xf32>, tensor<4x5xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// alpha = 0: a and b are not read, not even passed to the nest.
// CHECK-LABEL: func.func private @alpha0__gemm
// CHECK-SAME: (%{{.*}}: index, %{{.*}}: index, %[[C:.*]]: memref<3x1xf16>, %[[R:.*]]: memref<3x4xf16>)
// CHECK-NOT: scf.for
// CHECK: memref.load %[[C]]
// CHECK-LABEL: func.func @alpha0
// CHECK: "tc_loop.nest"(%{{[^,]*}}, %{{[^,]*}}) {body = @alpha0__gemm
func.func @alpha0(%a: tensor<3x5xf16>, %b: tensor<5x4xf16>, %c: tensor<3x1xf16>) -> tensor<3x4xf16> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 0.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<3x5xf16>, tensor<5x4xf16>, tensor<3x1xf16>) -> tensor<3x4xf16>
  return %0 : tensor<3x4xf16>
}

// -----

// beta = 0: c is not read.
// CHECK-LABEL: func.func private @beta0__gemm
// CHECK-SAME: (%{{.*}}: index, %{{.*}}: index, %{{.*}}: memref<3x5xf64>, %{{.*}}: memref<5x4xf64>, %[[R:.*]]: memref<3x4xf64>)
// CHECK: scf.for
func.func @beta0(%a: tensor<3x5xf64>, %b: tensor<5x4xf64>, %c: tensor<3x4xf64>) -> tensor<3x4xf64> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false} : (tensor<3x5xf64>, tensor<5x4xf64>, tensor<3x4xf64>) -> tensor<3x4xf64>
  return %0 : tensor<3x4xf64>
}
