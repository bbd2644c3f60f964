// One program, spelt five ways; tc-stamp gives each part the same stamp.
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %c = "tc_tensor.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "tc_tensor.div"(%0, %c) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = "tc_tensor.softmax"(%1) {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}

// -----

// Other value names, locations, comments and layout.
func.func @f(%lhs: tensor<2x3xf32>, %rhs: tensor<3xf32>) -> tensor<2x3xf32> {
  %k = "tc_tensor.constant"() {value = dense<[1.000000e+00, 2.0, 3.0e0]> : tensor<3xf32>} : () -> tensor<3xf32> loc("elsewhere.py":10:1)
  // difference first
  %diff = "tc_tensor.sub"(%lhs, %rhs)
      : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %q = "tc_tensor.div"(%diff, %k) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %p = "tc_tensor.softmax"(%q) {axis = 0x1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %p : tensor<2x3xf32>
}

// -----

// The constant as a dense_resource (named anything), the module written out.
module {
  func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
    %c = "tc_tensor.constant"() {value = dense_resource<weights> : tensor<3xf32>} : () -> tensor<3xf32>
    %0 = "tc_tensor.sub"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %1 = "tc_tensor.div"(%0, %c) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %2 = "tc_tensor.softmax"(%1) {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %2 : tensor<2x3xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F0000004000004040"
    }
  }
#-}

// -----

// Generic op form, hex elements, annotations that are not the program.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>, sym_name = "f"}> ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<3xf32>):
    %c = "tc_tensor.constant"() {value = dense<"0x0000803F0000004000004040"> : tensor<3xf32>} : () -> tensor<3xf32>
    %0 = "tc_tensor.sub"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %1 = "tc_tensor.div"(%0, %c) {tc.fusion_group = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %2 = "tc_tensor.softmax"(%1) {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%2) : (tensor<2x3xf32>) -> ()
  }) : () -> ()
}) {tc.manifest = []} : () -> ()
