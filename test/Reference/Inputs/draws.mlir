// draws.mlir - one argument per domain the stress draws shape (lib/Reference/Draws.c).
func.func @f(%e: tensor<3x21xf32>, %m: tensor<4x16xf32>, %n: tensor<2x5xi8>, %d: tensor<4xf16> {tc.distribution = "uniform(2, 3)"})
    -> (tensor<3x21xf32>, tensor<4x4xf32>, tensor<2x5xi8>, tensor<4xf16>) {
  %0 = "tc_tensor.exp"(%e) : (tensor<3x21xf32>) -> tensor<3x21xf32>
  %t = "tc_tensor.transpose"(%m) {perm = array<i64: 1, 0>} : (tensor<4x16xf32>) -> tensor<16x4xf32>
  %1 = "tc_tensor.matmul"(%m, %t) : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  return %0, %1, %n, %d : tensor<3x21xf32>, tensor<4x4xf32>, tensor<2x5xi8>, tensor<4xf16>
}
