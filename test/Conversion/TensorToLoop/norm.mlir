// tc-lower-tensor on softmax, log_softmax, layer_norm and batch_norm
// (lib/Conversion/TensorToLoop/Norm.c): softmax and layer_norm nest over
// the points that own a slice or row and loop over it in the body;
// batch_norm is elementwise, computed in f64.
// RUN: tensor-opt --tc-lower-tensor -split-input-file %s | FileCheck %s

// Three passes over the slice: the maximum, the sum of e^(x - m), the
// quotient. The sum pass keeps each e^(x - m) in a stack buffer, which the
// last pass divides (no second exp). The axis loop of the nest has bound 1.
// CHECK-LABEL: func.func private @softmax_f32__softmax
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index, %[[X:.*]]: memref<2x4xf32>, %[[R:.*]]: memref<2x4xf32>)
// f32 values are summed in f64 (tcLowerAccumulationType), rounded once.
// CHECK: %[[NEG:.*]] = arith.constant 0xFFF0000000000000 : f64
// CHECK: %[[BUF:.*]] = memref.alloca() {alignment = 64 : i64} : memref<4xf64>
// CHECK: %[[M:.*]] = scf.for {{.*}} iter_args(%[[MA:.*]] = %[[NEG]]) -> (f64)
// CHECK: arith.maximumf %[[MA]], %{{.*}} : f64
// CHECK: %[[S:.*]] = scf.for %[[K:[^ ]*]] =
// CHECK: %[[D:.*]] = arith.subf %{{.*}}, %[[M]] : f64
// CHECK: %[[EX:.*]] = math.exp %[[D]] : f64
// CHECK: memref.store %[[EX]], %[[BUF]][%[[K]]]
// CHECK: scf.for %[[L:.*]] =
// CHECK-NOT: math.exp
// CHECK: %[[E:.*]] = memref.load %[[BUF]][%[[L]]]
// CHECK: %[[Y:.*]] = arith.divf %[[E]], %[[S]] : f64
// CHECK: %[[YT:.*]] = arith.truncf %[[Y]] : f64 to f32
// CHECK: memref.store %[[YT]], %[[R]][%[[I]], %[[L]]]
// CHECK-LABEL: func.func @softmax_f32
// CHECK: "tc_loop.nest"
// CHECK-SAME: bounds = array<i64: 2, 1>
// CHECK-SAME: parallel = array<i1: true, true>
func.func @softmax_f32(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = "tc_tensor.softmax"(%x) {axis = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// bf16 is computed in f32: (x - m) - ln s, rounded once.
// CHECK-LABEL: func.func private @log_softmax_bf16__log_softmax
// CHECK: arith.maximumf
// CHECK: %[[S:.*]] = scf.for {{.*}} -> (f32)
// CHECK: %[[LOG:.*]] = math.log %[[S]] : f32
// CHECK: scf.for
// CHECK: %[[D:.*]] = arith.subf
// CHECK: %[[Y:.*]] = arith.subf %[[D]], %[[LOG]] : f32
// CHECK: arith.truncf %[[Y]] : f32 to bf16
// CHECK-LABEL: func.func @log_softmax_bf16
// CHECK: "tc_loop.nest"
// CHECK-SAME: bounds = array<i64: 1, 4>
func.func @log_softmax_bf16(%x: tensor<3x4xbf16>) -> tensor<3x4xbf16> {
  %0 = "tc_tensor.log_softmax"(%x) {axis = 0 : i64} : (tensor<3x4xbf16>) -> tensor<3x4xbf16>
  return %0 : tensor<3x4xbf16>
}

// -----

// One nest point per row; mean (with the constant-row fix), then the sums
// of deviations and squares, then the normalised row times the broadcast
// scale plus the bias.
// CHECK-LABEL: func.func private @layer_norm_f32__layer_norm
// CHECK-SAME: (%[[A:.*]]: index, %[[X:.*]]: memref<2x3x4xf32>, %[[SC:.*]]: memref<4xf32>, %[[BI:.*]]: memref<3x1xf32>, %[[R:.*]]: memref<2x3x4xf32>)
// CHECK: %[[SUMS:.*]]:3 = scf.for
// CHECK: scf.for
// CHECK: arith.addf
// CHECK: arith.minimumf
// CHECK: arith.maximumf
// CHECK: %[[MEAN0:.*]] = arith.divf %[[SUMS]]#0
// CHECK: %[[MEAN:.*]] = arith.select %{{.*}}, %[[SUMS]]#1, %[[MEAN0]]
// CHECK: %[[DEV:.*]]:2 = scf.for
// CHECK: %[[CORR:.*]] = arith.divf %[[DEV]]#0
// CHECK: %[[VAR:.*]] = arith.divf %[[DEV]]#1
// CHECK: %[[EPS:.*]] = arith.constant 1.000000e-05 : f64
// CHECK: %[[VE:.*]] = arith.addf %[[VAR]], %[[EPS]]
// CHECK: %[[SIGMA:.*]] = math.sqrt %[[VE]]
// CHECK: scf.for %[[P:.*]] =
// CHECK: scf.for %[[Q:.*]] =
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[A]], %[[P]], %[[Q]]]
// CHECK: %[[VW:.*]] = arith.extf %[[V]] : f32 to f64
// CHECK: %[[D:.*]] = arith.subf %[[VW]], %[[MEAN]]
// CHECK: %[[DC:.*]] = arith.subf %[[D]], %[[CORR]]
// CHECK: %[[N:.*]] = arith.divf %[[DC]], %[[SIGMA]]
// CHECK: %[[S:.*]] = memref.load %[[SC]][%[[Q]]]
// CHECK: %[[SW:.*]] = arith.extf %[[S]] : f32 to f64
// CHECK: %[[Y:.*]] = arith.mulf %[[N]], %[[SW]]
// CHECK: %[[B:.*]] = memref.load %[[BI]][%[[P]], %{{.*}}]
// CHECK: %[[BW:.*]] = arith.extf %[[B]] : f32 to f64
// CHECK: %[[Z:.*]] = arith.addf %[[Y]], %[[BW]]
// CHECK: %[[ZT:.*]] = arith.truncf %[[Z]] : f64 to f32
// CHECK: memref.store %[[ZT]], %[[R]][%[[A]], %[[P]], %[[Q]]]
// CHECK-LABEL: func.func @layer_norm_f32
// CHECK: "tc_loop.nest"
// CHECK-SAME: bounds = array<i64: 2>
// CHECK-SAME: parallel = array<i1: true>
func.func @layer_norm_f32(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %b: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = "tc_tensor.layer_norm"(%x, %s, %b) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Without a bias nothing is added after the scale; f16 rows are computed in f32.
// CHECK-LABEL: func.func private @layer_norm_f16__layer_norm
// CHECK-SAME: %[[SC:[^:]*]]: memref<1xf16>
// CHECK: %[[S:.*]] = memref.load %[[SC]]
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[S]] : f16 to f32
// CHECK-NEXT: %[[Y:.*]] = arith.mulf %{{.*}}, %[[W]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.truncf %[[Y]] : f32 to f16
// CHECK-NEXT: memref.store %[[T]]
// CHECK-LABEL: func.func @layer_norm_f16
// CHECK: "tc_loop.nest"
// CHECK-SAME: bounds = array<i64>
func.func @layer_norm_f16(%x: tensor<2x4xf16>, %s: tensor<1xf16>) -> tensor<2x4xf16> {
  %0 = "tc_tensor.layer_norm"(%x, %s) {axis = 0 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x4xf16>, tensor<1xf16>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// -----

// Elementwise over x; the per-channel operands are read at index 1; all in f64.
// CHECK-LABEL: func.func private @batch_norm_f32__batch_norm
// CHECK-SAME: (%[[N:.*]]: index, %[[C:.*]]: index, %[[H:.*]]: index, %[[X:.*]]: memref<2x3x4xf32>, %[[SC:.*]]: memref<3xf32>, %[[BI:.*]]: memref<3xf32>, %[[ME:.*]]: memref<3xf32>, %[[VA:.*]]: memref<3xf32>, %[[R:.*]]: memref<2x3x4xf32>)
// CHECK: memref.load %[[X]][%[[N]], %[[C]], %[[H]]]
// CHECK: memref.load %[[SC]][%[[C]]]
// CHECK: %[[EPS:.*]] = arith.constant 1.000000e-05 : f64
// CHECK: %[[VE:.*]] = arith.addf %{{.*}}, %[[EPS]] : f64
// CHECK: %[[SIGMA:.*]] = math.sqrt %[[VE]] : f64
// CHECK: %[[D:.*]] = arith.subf %{{.*}}, %{{.*}} : f64
// CHECK: %[[Q:.*]] = arith.divf %[[D]], %[[SIGMA]] : f64
// CHECK: %[[P:.*]] = arith.mulf %[[Q]], %{{.*}} : f64
// CHECK: %[[Y:.*]] = arith.addf %[[P]], %{{.*}} : f64
// CHECK: %[[T:.*]] = arith.truncf %[[Y]] : f64 to f32
// CHECK: memref.store %[[T]], %[[R]][%[[N]], %[[C]], %[[H]]]
// CHECK-LABEL: func.func @batch_norm_f32
// CHECK: "tc_loop.nest"
// CHECK-SAME: bounds = array<i64: 2, 3, 4>
// CHECK-SAME: parallel = array<i1: true, true, true>
func.func @batch_norm_f32(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %0 = "tc_tensor.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 1.0e-05 : f64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}
