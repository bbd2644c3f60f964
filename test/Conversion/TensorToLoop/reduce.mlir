// tc-lower-tensor on the reductions, argmax and argmin
// (lib/Conversion/TensorToLoop/Reduce.c): one all-parallel nest over the
// result's points whose body folds the reduced elements in one scf.for per
// reduced dimension, carrying the accumulator, and stores once.
// RUN: tensor-opt --tc-lower-tensor -split-input-file %s | FileCheck %s

// f16 sums accumulate in f32 from -0 and are rounded once; the reduced
// dimension is read from the inner loop, the others from the nest.
// CHECK-LABEL: func.func private @sum_f16__reduce_sum
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index, %[[X:.*]]: memref<2x3x4xf16>, %[[R:.*]]: memref<2x1x4xf16>)
// CHECK: %[[ZERO:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: %[[SUM:.*]] = scf.for %[[L:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32)
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[I]], %[[L]], %[[K]]]
// CHECK: %[[W:.*]] = arith.extf %[[V]] : f16 to f32
// CHECK: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[W]] : f32
// CHECK: scf.yield %[[NEXT]]
// CHECK: %[[T:.*]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK: memref.store %[[T]], %[[R]][%[[I]], %[[J]], %[[K]]]
// CHECK-LABEL: func.func @sum_f16
// CHECK: "tc_loop.nest"
// CHECK-SAME: body = @sum_f16__reduce_sum, bounds = array<i64: 2, 1, 4>
// CHECK-SAME: parallel = array<i1: true, true, true>
func.func @sum_f16(%x: tensor<2x3x4xf16>) -> tensor<2x1x4xf16> {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<2x3x4xf16>) -> tensor<2x1x4xf16>
  return %0 : tensor<2x1x4xf16>
}

// -----

// Empty axes reduce every axis: a nest with no loops, two nested scf.for.
// CHECK-LABEL: func.func private @prod_i32__reduce_prod
// CHECK-SAME: (%[[X:.*]]: memref<2x3xi32>, %[[R:.*]]: memref<i32>)
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: scf.for %[[A:.*]] = {{.*}} iter_args(%[[P:.*]] = %[[ONE]]) -> (i32)
// CHECK: scf.for %[[B:.*]] = {{.*}} iter_args(%[[Q:.*]] = %[[P]]) -> (i32)
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[A]], %[[B]]]
// CHECK: arith.muli %[[Q]], %[[V]] : i32
// CHECK: memref.store %{{.*}}, %[[R]][]
// CHECK-LABEL: func.func @prod_i32
// CHECK: "tc_loop.nest"
// CHECK-SAME: bounds = array<i64>
func.func @prod_i32(%x: tensor<2x3xi32>) -> tensor<i32> {
  %0 = "tc_tensor.reduce_prod"(%x) {axes = array<i64>, keepdims = false} : (tensor<2x3xi32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// NaN-propagating float max starting at -inf; unsigned min starting at the
// dtype's maximum (all ones).
// CHECK-LABEL: func.func private @extremes__reduce_max
// CHECK: %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK: scf.for {{.*}} iter_args(%[[M:.*]] = %[[NEG]]) -> (f32)
// CHECK: arith.maximumf %[[M]], %{{.*}} : f32
// CHECK-LABEL: func.func private @extremes__reduce_min
// CHECK: %[[MAX:.*]] = arith.constant -1 : i8
// CHECK: scf.for {{.*}} iter_args(%[[N:.*]] = %[[MAX]]) -> (i8)
// CHECK: arith.minui %[[N]], %{{.*}} : i8
func.func @extremes(%x: tensor<3x4xf32>, %y: tensor<3x4xui8>) -> (tensor<3xf32>, tensor<4xui8>) {
  %0 = "tc_tensor.reduce_max"(%x) {axes = array<i64: -1>, keepdims = false} : (tensor<3x4xf32>) -> tensor<3xf32>
  %1 = "tc_tensor.reduce_min"(%y) {axes = array<i64: 0>, keepdims = false} : (tensor<3x4xui8>) -> tensor<4xui8>
  return %0, %1 : tensor<3xf32>, tensor<4xui8>
}

// -----

// A mean over a size-0 dimension: the sum starts at +0, then 0/0.
// CHECK-LABEL: func.func private @mean_empty__reduce_mean
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (f64)
// CHECK: %[[N:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: arith.divf %[[SUM]], %[[N]] : f64
func.func @mean_empty(%x: tensor<0x3xf32>) -> tensor<3xf32> {
  %0 = "tc_tensor.reduce_mean"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<0x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// argmax starts at element 0 and scans from 1; a NaN replaces a number, and
// nothing replaces a NaN best (first index).
// CHECK-LABEL: func.func private @argmax_f32__argmax
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index, %[[X:.*]]: memref<3x4xf32>, %[[R:.*]]: memref<3x1xi64>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[FIRST:.*]] = memref.load %[[X]][%[[I]], %[[C0]]]
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[BEST:.*]]:2 = scf.for %[[L:.*]] = %[[C1]] to {{.*}} iter_args(%[[B:.*]] = %[[FIRST]], %[[BI:.*]] = %[[C0]]) -> (f32, index)
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[I]], %[[L]]]
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[V]], %[[B]]
// CHECK: %[[VNAN:.*]] = arith.cmpf uno, %[[V]], %[[V]]
// CHECK: %[[EITHER:.*]] = arith.ori %[[GT]], %[[VNAN]]
// CHECK: %[[BORD:.*]] = arith.cmpf ord, %[[B]], %[[B]]
// CHECK: %[[TAKE:.*]] = arith.andi %[[EITHER]], %[[BORD]]
// CHECK: %[[NB:.*]] = arith.select %[[TAKE]], %[[V]], %[[B]]
// CHECK: %[[NI:.*]] = arith.select %[[TAKE]], %[[L]], %[[BI]]
// CHECK: scf.yield %[[NB]], %[[NI]]
// CHECK: %[[IDX:.*]] = arith.index_cast %[[BEST]]#1 : index to i64
// CHECK: memref.store %[[IDX]], %[[R]][%[[I]], %[[J]]]
// CHECK-LABEL: func.func @argmax_f32
// CHECK: "tc_loop.nest"
// CHECK-SAME: bounds = array<i64: 3, 1>
// CHECK-SAME: parallel = array<i1: true, true>
func.func @argmax_f32(%x: tensor<3x4xf32>) -> tensor<3x1xi64> {
  %0 = "tc_tensor.argmax"(%x) {axis = -1 : i64, keepdims = true, select_last_index = false} : (tensor<3x4xf32>) -> tensor<3x1xi64>
  return %0 : tensor<3x1xi64>
}

// -----

// select_last_index on unsigned integers: an equal value replaces the best.
// CHECK-LABEL: func.func private @argmin_ui8__argmin
// CHECK: %[[TAKE:.*]] = arith.cmpi ule, %{{.*}}, %{{.*}} : i8
// CHECK: arith.select %[[TAKE]]
func.func @argmin_ui8(%x: tensor<3x4xui8>) -> tensor<3xi64> {
  %0 = "tc_tensor.argmin"(%x) {axis = 1 : i64, keepdims = false, select_last_index = true} : (tensor<3x4xui8>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}
