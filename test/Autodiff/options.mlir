// tc-grad's options (docs/autodiff.md §2): which functions (fn), which
// arguments (wrt), and wrt-constants, which makes f's float constants of
// rank >= 1 (its weights) arguments of f_vjp whose gradients are returned
// after the arguments'; a rank-0 constant stays a constant.
// RUN: tensor-opt --tc-stamp '--tc-grad=fn=g wrt=1' %s | FileCheck %s --check-prefix=WRT
// RUN: tensor-opt --tc-stamp --tc-grad=wrt-constants=true %s | FileCheck %s --check-prefix=WEIGHTS

// WRT-NOT: @f_vjp
// WRT-LABEL: func.func @g_vjp(
// WRT-SAME: %{{.*}}: tensor<2xf32>, %{{.*}}: tensor<2xf32>, %{{.*}}: tensor<2xf32>) -> tensor<2xf32>
// WRT-SAME: wrt = array<i64: 1>

// WEIGHTS-LABEL: func.func @f_vjp(
// WEIGHTS-SAME: %[[X:.*]]: tensor<2xf32>, %[[W:.*]]: tensor<2xf32>, %[[DY:.*]]: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
// WEIGHTS-SAME: weights = 1 : i64
// WEIGHTS: "tc_tensor.constant"() {value = dense<3.000000e+00> : tensor<f32>}
// WEIGHTS-NOT: dense<[1.000000e+00, 2.000000e+00]>
// WEIGHTS: return
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %w = "tc_tensor.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %k = "tc_tensor.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tc_tensor.mul"(%x, %w) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "tc_tensor.mul"(%0, %k) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

func.func @g(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
