// tc-insert-guards: the shape function's checks (which sizes are compared,
// with which code), its single write of the outputs' shapes, and its
// manifest decision. Static functions and private ones get nothing.
// RUN: tensor-opt --tc-insert-guards -split-input-file %s | FileCheck %s

// Arguments: a static size must be the given one, a ? must be >= 0 (code
// 1); then the size limit of the dynamic input and of the result (code 7).
// The outputs' dims follow the inputs' (offset 2), written only on code 0.
// CHECK: decisions = [{detail = "@unary__tc_shapes: 3 constraints (arg-shape 1, size-limit 2)", subject = "func.func @unary at {{.*}}guards.mlir:{{[0-9]+}}:1", what = "guards"}]
// CHECK-LABEL: func.func @unary__tc_shapes(
// CHECK-SAME: %[[DIMS:.*]]: memref<4xi64>) -> i32
// CHECK: %[[N:.*]] = memref.load %[[DIMS]][%{{.*}}] : memref<4xi64>
// CHECK: arith.cmpi sge, %[[N]], %c0_i64
// CHECK: %[[D1:.*]] = memref.load %[[DIMS]][%{{.*}}] : memref<4xi64>
// CHECK: arith.cmpi eq, %[[D1]], %c4_i64
// CHECK: %[[ARG:.*]] = arith.select %{{.*}}, %c1_i32, %{{.*}} : i32
// CHECK: arith.select %{{.*}}, %c7_i32{{.*}}, %[[ARG]] : i32
// CHECK: %[[CODE:.*]] = arith.select %{{.*}}, %c7_i32{{.*}} : i32
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[CODE]], %c0_i32
// CHECK: scf.if %[[OK]] {
// CHECK:   %[[C2:.*]] = arith.constant 2 : index
// CHECK:   memref.store %[[N]], %[[DIMS]][%[[C2]]]
// CHECK:   %[[C3:.*]] = arith.constant 3 : index
// CHECK:   memref.store %{{.*}}, %[[DIMS]][%[[C3]]]
// CHECK: }
// CHECK: return %[[CODE]] : i32
func.func @unary(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %y = "tc_tensor.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

// Broadcast: ? against ? compares a == b || a == 1 || b == 1 (code 3); the
// result is b where a is 1, else a. ? against a known n != 1 gives n.
// CHECK: detail = "@bcast__tc_shapes: 6 constraints (arg-shape 2, broadcast 1, size-limit 3)"
// CHECK-LABEL: func.func @bcast__tc_shapes(
// CHECK: %[[A:.*]] = memref.load %{{.*}}[%c0] : memref<3xi64>
// CHECK: %[[B:.*]] = memref.load %{{.*}}[%c1] : memref<3xi64>
// CHECK: %[[A1:.*]] = arith.cmpi eq, %[[A]], %c1_i64
// CHECK: %[[B1:.*]] = arith.cmpi eq, %[[B]], %c1_i64
// CHECK: %[[ONE:.*]] = arith.ori %[[A1]], %[[B1]]
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[A]], %[[B]]
// CHECK: %[[FITS:.*]] = arith.ori %[[EQ]], %[[ONE]]
// CHECK: %[[R:.*]] = arith.select %[[A1]], %[[B]], %[[A]] : i64
// CHECK: arith.xori %[[FITS]], %true
// CHECK: arith.select %{{.*}}, %c3_i32, %{{.*}} : i32
// CHECK: scf.if
// CHECK:   memref.store %[[R]], %{{.*}}[%c2] : memref<3xi64>
func.func @bcast(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %y = "tc_tensor.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// matmul: K of lhs against K of rhs (code 2); gemm: K, then c (code 3).
// The manifest lists the decisions sorted.
// CHECK: detail = "@gm__tc_shapes: 6 constraints (arg-shape 2, broadcast 1, size-limit 3)"
// CHECK-SAME: detail = "@mm__tc_shapes: 6 constraints (arg-shape 2, equal-dims 1, size-limit 3)"
// CHECK-LABEL: func.func @mm__tc_shapes(
// CHECK: %[[K1:.*]] = memref.load %{{.*}}[%c1] : memref<6xi64>
// CHECK: %[[K2:.*]] = memref.load %{{.*}}[%c2] : memref<6xi64>
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[K1]], %[[K2]] : i64
// CHECK: arith.xori %[[EQ]], %true
// CHECK: arith.select %{{.*}}, %c2_i32, %{{.*}} : i32
func.func @mm(%a: tensor<?x?xf32>, %b: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %y = "tc_tensor.matmul"(%a, %b) : (tensor<?x?xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}
// CHECK-LABEL: func.func @gm__tc_shapes(
// CHECK: %[[M:.*]] = memref.load %{{.*}}[%c0] : memref<6xi64>
// CHECK: %[[CM:.*]] = memref.load %{{.*}}[%c2] : memref<6xi64>
// CHECK: %[[ONE:.*]] = arith.cmpi eq, %[[CM]], %c1_i64
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[CM]], %[[M]]
// CHECK: arith.ori %[[ONE]], %[[SAME]]
// CHECK: arith.select %{{.*}}, %c3_i32, %{{.*}} : i32
// CHECK: memref.store %[[M]], %{{.*}}[%c4] : memref<6xi64>
func.func @gm(%x: tensor<?x4xf32>, %c: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %w = "tc_tensor.constant"() {value = dense<1.0> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %y = "tc_tensor.gemm"(%x, %w, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<?x4xf32>, tensor<4x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// -----

// argmax over a ? axis: the axis must not be empty (code 6); reshape: the
// known sizes must divide the count (code 4), and the ? is count / 6.
// CHECK-LABEL: func.func @shape__tc_shapes(
// CHECK: %[[A:.*]] = memref.load %{{.*}}[%c0] : memref<5xi64>
// CHECK: arith.cmpi sge, %[[A]], %c1_i64
// CHECK: arith.select %{{.*}}, %c6_i32, %{{.*}} : i32
// CHECK: %[[REM:.*]] = arith.remui %[[COUNT:.*]], %c6_i64
// CHECK: arith.cmpi eq, %[[REM]], %c0_i64
// CHECK: arith.select %{{.*}}, %c4_i32, %{{.*}} : i32
// CHECK: %[[Q:.*]] = arith.divui %[[COUNT]], %c6_i64
// CHECK: memref.store %[[Q]]
func.func @shape(%x: tensor<?x2xf32>) -> (tensor<2xi64>, tensor<?x6xf32>) {
  %i = "tc_tensor.argmax"(%x) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<?x2xf32>) -> tensor<2xi64>
  %r = "tc_tensor.reshape"(%x) : (tensor<?x2xf32>) -> tensor<?x6xf32>
  return %i, %r : tensor<2xi64>, tensor<?x6xf32>
}

// -----

// conv2d with a ? in C and H: C = group · Cg (code 2), the window along H
// (code 5); H_out = (H + 2 - 3) / 1 + 1.
// CHECK-LABEL: func.func @conv__tc_shapes(
// CHECK: %[[C:.*]] = memref.load %{{.*}}[%c1] : memref<8xi64>
// CHECK: %[[H:.*]] = memref.load %{{.*}}[%c2] : memref<8xi64>
// CHECK: arith.remui %[[C]], %c1_i64
// CHECK: arith.divui %[[C]], %c1_i64
// CHECK: arith.select %{{.*}}, %c2_i32, %{{.*}} : i32
// CHECK: %[[P:.*]] = arith.addi %[[H]], %c2_i64
// CHECK: arith.cmpi sge, %[[P]], %c3_i64
// CHECK: arith.select %{{.*}}, %c5_i32, %{{.*}} : i32
// CHECK: %[[S:.*]] = arith.subi %[[P]], %c3_i64
// CHECK: %[[D:.*]] = arith.divsi %[[S]], %c1_i64
// CHECK: %[[HO:.*]] = arith.addi %[[D]], %c1_i64
// CHECK: scf.if
// CHECK: memref.store %[[HO]], %{{.*}}[%c6
func.func @conv(%x: tensor<1x?x?x4xf32>) -> tensor<1x2x?x4xf32> {
  %w = "tc_tensor.constant"() {value = dense<1.0> : tensor<2x3x3x3xf32>} : () -> tensor<2x3x3x3xf32>
  %y = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x?x?x4xf32>, tensor<2x3x3x3xf32>) -> tensor<1x2x?x4xf32>
  return %y : tensor<1x2x?x4xf32>
}

// -----

// Static functions and private ones get no shape function and no decision.
// CHECK-NOT: __tc_shapes
// CHECK-NOT: what = "guards"
// CHECK-LABEL: func.func @static(
func.func @static(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %y = "tc_tensor.relu"(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
func.func private @hidden(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
// CHECK-NOT: __tc_shapes
