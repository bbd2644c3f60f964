// The evaluator rejects an attribute its op does not list (docs/dialects.md
// §1.2), so a misspelt attribute is never silently ignored; names with a '.'
// are annotations and pass.
// RUN: %expect_exit 2 tensor-ref %s --fn misspelt 2>&1 | FileCheck %s --check-prefix=MISSPELT
// RUN: tensor-ref %s --fn annotated | FileCheck %s --check-prefix=ANNOTATED

// MISSPELT: attributes.mlir:[[@LINE+3]]:8: error: 'tc_tensor.pad' op unknown attribute 'mdoe'
func.func @misspelt() -> tensor<3xi32> {
  %c = "tc_tensor.constant"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tc_tensor.pad"(%c) {pads = array<i64: 1, 0>, mode = "edge", value = 0.0 : f64, mdoe = "constant"} : (tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// ANNOTATED: output #0: tensor<3xi32> = [1, 1, 2]
func.func @annotated() -> tensor<3xi32> {
  %c = "tc_tensor.constant"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tc_tensor.pad"(%c) {pads = array<i64: 1, 0>, mode = "edge", value = 0.0 : f64, tc.fusion_group = 3 : i64} : (tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
