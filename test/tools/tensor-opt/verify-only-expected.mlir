// RUN: tensor-opt --split-input-file --verify-diagnostics=only-expected %s
// RUN: %expect_exit 1 tensor-opt --split-input-file --verify-diagnostics=all %s 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %expect_exit 1 tensor-opt --verify-diagnostics=some %s 2>&1 | FileCheck %s --check-prefix=BAD
// --verify-diagnostics=only-expected checks that every expected-* comment is
// matched and ignores diagnostics no comment asks for; =all (what the bare
// flag means) also requires every diagnostic to be expected.
// ALL: unexpected error: 'tc_tensor.add' op operand shapes
// BAD: invalid value in '--verify-diagnostics=some' (expected all or only-expected)

func.func @two_errors(%a: tensor<2xf32>, %b: tensor<3xf32>, %c: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{operand shapes}}
  %0 = "tc_tensor.mul"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  %1 = "tc_tensor.add"(%a, %c) : (tensor<2xf32>, tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
