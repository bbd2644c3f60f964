// RUN: tensor-opt '--split-input-file=// ~~~' %s | FileCheck %s
// RUN: %expect_exit 1 tensor-opt --split-input-file= %s 2>&1 | FileCheck %s --check-prefix=EMPTY
// --split-input-file=<marker> splits at lines holding <marker> instead of
// `// -----` (which then is an ordinary comment).

// CHECK-LABEL: func.func @first
// CHECK-LABEL: func.func @second
// CHECK:       // -----
// CHECK-LABEL: func.func @third
// EMPTY: --split-input-file= needs a marker
func.func @first(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @second(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}

// ~~~

func.func @third(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "tc_tensor.abs"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
