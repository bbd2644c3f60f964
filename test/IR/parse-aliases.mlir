// RUN: %expect_exit 2 tensor-opt -split-input-file %s --mlir-print-debuginfo 2>/dev/null | FileCheck %s
// RUN: %expect_exit 2 tensor-opt -split-input-file %s 2>&1 | FileCheck %s --check-prefix=ERR
// Several top-level ops after top-level alias definitions (one spanning two
// lines): tensor-opt wraps the ops in a module after the aliases, and every
// location stays the one in this file, including columns on the wrapped line
// and in parse errors (the second part fails on purpose, so exit code 2).

// CHECK-LABEL: func.func @f
// CHECK-SAME: loc("{{.*}}parse-aliases.mlir":[[@LINE+5]]:14)
// CHECK-LABEL: func.func @g
#map = affine_map<(d0) ->
  (d0)>
!t = tensor<2xf32>
func.func @f(%a: !t) -> !t {
  %0 = "tc_tensor.neg"(%a) : (!t) -> !t
  return %0 : !t
}
func.func @g(%a: !t) -> !t attributes {m = #map} {
  return %a : !t
}

// -----

// ERR: parse-aliases.mlir:[[@LINE+2]]:17: error: use of undeclared SSA value name
!u = tensor<2xf32>
"tc_tensor.neg"(%b) : (!u) -> !u
func.func @h(%a: !u) -> !u { return %zz : !u }
