// --irdl-file loads extra dialects beside tensorc's; ops of both mix, and the
// extra dialect's IRDL constraints are enforced. A file that redefines a loaded
// dialect (which would corrupt the context) is refused.
// RUN: tensor-opt --irdl-file=%S/Inputs/ext.irdl.mlir %s | FileCheck %s
// RUN: %expect_exit 2 tensor-opt --irdl-file=%S/Inputs/redefine.irdl.mlir %s 2>&1 | FileCheck %s --check-prefix=REDEF
// RUN: %expect_exit 1 tensor-opt --irdl-file=%S/Inputs/none.irdl.mlir %s 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK-LABEL: func.func @mixed
// CHECK: "ext.scale"(%{{.*}}) {factor = 2.000000e+00 : f64}
// CHECK: "tc_tensor.tanh"
// REDEF: redefine.irdl.mlir:1:1: error: dialect 'tc_tensor' is already loaded; it cannot be defined again
// REDEF: tensor-opt: structural-rejection:
// MISSING: cannot open '{{.*}}none.irdl.mlir'
func.func @mixed(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "ext.scale"(%a) {factor = 2.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "tc_tensor.tanh"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
