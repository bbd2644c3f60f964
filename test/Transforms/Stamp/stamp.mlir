// tc-stamp sets tc.semantic_hash to the hash of the module's canonical form,
// keeps a stamp that is already there, and records what it did.
// RUN: tensor-opt %s -split-input-file --tc-stamp | FileCheck %s
// The hash is pinned: a change of the canonical form (of tensorc's or of
// MLIR's printer) changes every stamp, and must be a deliberate one.

// CHECK-LABEL: module attributes
// CHECK-SAME: decisions = [{detail = "set the stamp to [[H:xxh3-128:2cc2fbd96e6c03d04d4c14b53d20abc1]]", subject = "builtin.module at {{.*}}stamp.mlir:{{[0-9]+}}:{{[0-9]+}}", what = "stamp"}]
// CHECK-SAME: pass = "tc-stamp"
// CHECK-SAME: tc.semantic_hash = "[[H]]"
// CHECK: func.func @f
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.relu"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// The same program, already stamped: the stamp is kept, not recomputed.
// CHECK-LABEL: // -----
// CHECK: decisions = [{detail = "kept the existing stamp [[H]]"
// CHECK-SAME: tc.semantic_hash = "[[H]]"
module attributes {tc.semantic_hash = "xxh3-128:2cc2fbd96e6c03d04d4c14b53d20abc1"} {
  func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
    %0 = "tc_tensor.relu"(%a) : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----

// A stamp that is not a string is refused before any pass runs.
// RUN: %expect_exit 4 tensor-opt %S/Inputs/not-a-string.mlir --tc-stamp 2>&1 | FileCheck %s --check-prefix=NOT-STRING
// NOT-STRING: not-a-string.mlir:2:1: error: tc.semantic_hash must be a string of the form xxh3-128:<32 hex digits>, not '42 : i64'
// NOT-STRING: tensor-opt: semantic-drift:

// Stamping hashes every constant by content: one whose data is missing, or
// does not fit its type, cannot be stamped (a compile failure of tc-stamp).
// RUN: tensor-opt %S/Inputs/resource-errors.mlir --tc-stamp -split-input-file -verify-diagnostics
