// tc-grad builds f_vjp next to f (docs/autodiff.md §2): one cotangent per
// float result, one gradient per differentiated argument, the VJP's
// identity derived from the program's stamp, the forward ops it needs
// copied, and every built op tagged with the rule step that made it.
// RUN: tensor-opt -split-input-file --tc-stamp --tc-grad --tc-verify %s | FileCheck %s

// CHECK-LABEL: func.func @scale(
// CHECK-LABEL: func.func @scale_vjp(
// CHECK-SAME: %[[X:.*]]: tensor<3xf32>, %[[S:.*]]: tensor<3xf32>, %[[DY:.*]]: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
// CHECK-SAME: attributes {tc.semantic_hash = "xxh3-128:{{[0-9a-f]+}}", tc.vjp = {forward = "xxh3-128:{{[0-9a-f]+}}", of = "scale", rules = 1 : i64, weights = 0 : i64, wrt = array<i64: 0, 1>}}
// CHECK-DAG: %[[DX:.*]] = "tc_tensor.mul"(%[[DY]], %[[S]]) {tc.vjp_rule = "mul.lhs"}
// CHECK-DAG: %[[DS:.*]] = "tc_tensor.mul"(%[[DY]], %[[X]]) {tc.vjp_rule = "mul.rhs"}
// CHECK: return %[[DX]], %[[DS]]
func.func @scale(%x: tensor<3xf32>, %s: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "tc_tensor.mul"(%x, %s) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// A value used twice gets the sum of both adjoints; an argument nothing
// reads gets +0; an integer argument is not differentiated, and an integer
// result takes no cotangent.
// CHECK-LABEL: func.func @square_vjp(
// CHECK-SAME: %{{.*}}: tensor<2xf64>, %{{.*}}: tensor<2xf64>, %{{.*}}: tensor<2xi32>, %[[DY:.*]]: tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf64>)
// CHECK: %[[SUM:.*]] = "tc_tensor.add"({{.*}}) {tc.vjp_rule = "mul.accumulate"}
// CHECK: %[[ZERO:.*]] = "tc_tensor.constant"() {tc.vjp_rule = "no-adjoint", value = dense<0.000000e+00> : tensor<2xf64>}
// CHECK: return %[[SUM]], %[[ZERO]]
func.func @square(%x: tensor<2xf64>, %unused: tensor<2xf64>, %n: tensor<2xi32>) -> (tensor<2xf64>, tensor<2xi32>) {
  %0 = "tc_tensor.mul"(%x, %x) : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>
  return %0, %n : tensor<2xf64>, tensor<2xi32>
}

// -----

// An op without a derivative (argmax) stops the adjoint: the gradient of x
// through the gathered path only; the forward ops the VJP does not read are
// not copied.
// CHECK-LABEL: func.func @pick_vjp(
// CHECK-NOT: tc_tensor.argmax
// CHECK: "tc_tensor.exp"
// CHECK: return
func.func @pick(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<i64>) {
  %0 = "tc_tensor.argmax"(%x) {axis = 0 : i64, keepdims = false, select_last_index = false} : (tensor<4xf32>) -> tensor<i64>
  %1 = "tc_tensor.exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %1, %0 : tensor<4xf32>, tensor<i64>
}

// -----

// A function with no float argument has no VJP.
// CHECK-LABEL: func.func @count(
// CHECK-NOT: @count_vjp
func.func @count(%n: tensor<3xi32>) -> tensor<3xi32> {
  %0 = "tc_tensor.add"(%n, %n) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
