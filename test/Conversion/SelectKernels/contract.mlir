// Where the contract does not let matmul or gemm be reassociated, the loop
// path is used whatever the size, and the manifest says so with the clause.
// RUN: tensor-opt --contract=%S/Inputs/no-reassociation.contract.json --tc-select-kernels --manifest-out=%t.json %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json

// CHECK-LABEL: func.func @big
// CHECK-NOT: tc_kernel
// CHECK: "tc_tensor.matmul"
// CHECK: "tc_tensor.gemm"
// (The manifest sorts decisions by clause, then detail.)
// MANIFEST: "clause": "ops.gemm.reassociate",
// MANIFEST-NEXT: "detail": "BLIS gemm (its own summation order): refused",
// MANIFEST: "clause": "ops.gemm.reassociate",
// MANIFEST-NEXT: "detail": "loops: the contract does not let gemm be reassociated",
// MANIFEST-NEXT: "subject": "tc_tensor.gemm at
// MANIFEST-NEXT: "what": "kernel"
// MANIFEST: "clause": "ops.matmul.reassociate",
// MANIFEST-NEXT: "detail": "BLIS gemm (its own summation order): refused",
// MANIFEST: "clause": "ops.matmul.reassociate",
// MANIFEST-NEXT: "detail": "loops: the contract does not let matmul be reassociated",
// MANIFEST-NEXT: "subject": "tc_tensor.matmul at
// MANIFEST-NEXT: "what": "kernel"
func.func @big(%a: tensor<128x128xf32>, %b: tensor<128x128xf64>) -> (tensor<128x128xf32>, tensor<128x128xf64>) {
  %0 = "tc_tensor.matmul"(%a, %a) : (tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
  %1 = "tc_tensor.gemm"(%b, %b) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = true} : (tensor<128x128xf64>, tensor<128x128xf64>) -> tensor<128x128xf64>
  return %0, %1 : tensor<128x128xf32>, tensor<128x128xf64>
}
