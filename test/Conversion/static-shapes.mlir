// The CPU pipeline lowers dynamic dimensions for part of the op set only
// (lib/Conversion/StaticShapes.c, docs/dynamic-shapes.md §4; test/e2e/dynamic.mlir):
// tc-verify accepts this program, and the first pass that reads tc_tensor
// shapes refuses its reduce_sum on a ? batch with a located diagnostic and
// a compile failure (3), never a crash. Each such pass refuses it when run
// alone, and so does tensorc compile. Its gemm and relu are lowered.
// RUN: %expect_exit 3 tensor-opt --tc-cpu-pipeline %s 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: static-shapes.mlir:[[@LINE+14]]:8: error: 'tc_tensor.reduce_sum' op dynamic shapes are not lowered yet for this op: result #0 has a dynamic dimension (docs/dynamic-shapes.md §4 lists what is built); tc-plan-vector-math stops here, and tensor-ref evaluates the program
// PIPELINE: tensor-opt: compile-failure:
// RUN: tensor-opt --tc-verify %s | FileCheck %s --check-prefix=VERIFY
// VERIFY: "tc_tensor.gemm"
// RUN: %expect_exit 3 tensor-opt --tc-select-kernels %s 2>&1 | FileCheck %s --check-prefix=SELECT
// SELECT: error: 'tc_tensor.reduce_sum' op dynamic shapes are not lowered yet for this op: result #0 has a dynamic dimension (docs/dynamic-shapes.md §4 lists what is built); tc-select-kernels stops here
// RUN: %expect_exit 3 tensor-opt --tc-lower-tensor %s 2>&1 | FileCheck %s --check-prefix=LOWER
// LOWER: tc-lower-tensor stops here
// RUN: %expect_exit 3 tensor-opt --tc-bufferize %s 2>&1 | FileCheck %s --check-prefix=BUFFERIZE
// BUFFERIZE: tc-bufferize stops here
func.func @mlp(%x: tensor<?x4xf32>) -> tensor<?xf32> {
  %w = "tc_tensor.constant"() {value = dense<1.0> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %y = "tc_tensor.gemm"(%x, %w) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false} : (tensor<?x4xf32>, tensor<4x3xf32>) -> tensor<?x3xf32>
  %r = "tc_tensor.relu"(%y) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %s = "tc_tensor.reduce_sum"(%r) {axes = array<i64: 1>, keepdims = false} : (tensor<?x3xf32>) -> tensor<?xf32>
  return %s : tensor<?xf32>
}

// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect_exit 3 tensorc compile --no-cache %s -o %t/out 2>&1 | FileCheck %s --check-prefix=COMPILE
// COMPILE: error: 'tc_tensor.reduce_sum' op dynamic shapes are not lowered yet for this op: result #0 has a dynamic dimension
// COMPILE: compile-failure
