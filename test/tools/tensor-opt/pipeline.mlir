// Pipelines mix tensorc and upstream passes, as --pass-pipeline or as flags.
// RUN: tensor-opt %s --pass-pipeline='builtin.module(tc-verify,func.func(cse,canonicalize{max-iterations=2}),symbol-dce)' | FileCheck %s
// RUN: tensor-opt %s --tc-verify --cse --canonicalize=max-iterations=2 --symbol-dce | FileCheck %s
// RUN: tensor-opt %s --pass-pipeline='tc-verify, func.func(cse), symbol-dce' | FileCheck %s

// symbol-dce removed the unused private function; the public one stays.
// CHECK-NOT: func.func private @unused
// CHECK-LABEL: func.func @kept
// CHECK: "tc_tensor.relu"
func.func private @unused(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}

func.func @kept(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.relu"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
