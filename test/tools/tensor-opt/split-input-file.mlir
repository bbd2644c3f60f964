// RUN: tensor-opt -split-input-file %s | FileCheck %s
// Each part is parsed, verified and printed on its own; outputs are separated
// by `// -----`, and the second part does not see the first's function.

// CHECK-LABEL: func.func @first
// CHECK-NOT:   func.func @second
// CHECK:       // -----
// CHECK-LABEL: func.func @second
// CHECK-NOT:   func.func @first
func.func @first(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @second(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "tc_tensor.abs"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
