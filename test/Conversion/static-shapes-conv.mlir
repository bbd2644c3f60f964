// conv2d lowers a ? batch only (lib/Conversion/TensorToLoop/ConvPool.c,
// docs/dynamic-shapes.md §4): a ? in its input channels is refused like
// any op without a dynamic lowering, with a located diagnostic and a
// compile failure (3); tc-verify accepts the program and tensor-ref
// evaluates it.
// RUN: %expect_exit 3 tensor-opt --tc-cpu-pipeline %s 2>&1 | FileCheck %s
// CHECK: static-shapes-conv.mlir:[[@LINE+5]]:8: error: 'tc_tensor.conv2d' op dynamic shapes are not lowered yet for this op: result #0 has a dynamic dimension
// CHECK: tensor-opt: compile-failure:
// RUN: tensor-opt --tc-verify %s | FileCheck %s --check-prefix=VERIFY
// VERIFY: "tc_tensor.conv2d"
func.func @conv(%x: tensor<?x?x5x5xf32>, %w: tensor<2x3x3x3xf32>) -> tensor<?x2x3x3xf32> {
  %y = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<?x?x5x5xf32>, tensor<2x3x3x3xf32>) -> tensor<?x2x3x3xf32>
  return %y : tensor<?x2x3x3xf32>
}
