// Reductions in lanes (lib/Conversion/TensorToLoop/Lanes.c; docs/lowering.md
// "Reductions in lanes"): where the contract lets the op be reassociated and
// the innermost reduced span is at least 16, 8 partial accumulators. Lane j
// folds the elements at innermost index ≡ j (mod 8): the chunk loop runs
// over whole groups of 8, the tail (37 = 4·8 + 5) goes to lanes 0-4, and the
// lanes combine by halving. A span of 15 keeps one accumulator and asks
// nothing; a contract without reassociation keeps one and says why.
// RUN: tensor-opt --tc-lower-tensor %s --manifest-out=%t.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: tensor-opt --contract=%S/../SelectKernels/Inputs/no-reassociation.contract.json --tc-lower-tensor %s --manifest-out=%t.strict.json | FileCheck %s --check-prefix=STRICT
// RUN: FileCheck %s --check-prefix=STRICT-MANIFEST < %t.strict.json

// CHECK-LABEL: func.func private @sum_tail__reduce_sum
// CHECK-SAME: (%[[I:.*]]: index, %[[X:.*]]: memref<5x37xf32>, %[[R:.*]]: memref<5xf32>)
// CHECK: %[[Z:.*]] = arith.constant -0.000000e+00 : f64
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[L:.*]]:8 = scf.for %[[C:.*]] = %{{.*}} to %[[C4]] step %{{.*}} iter_args(%[[A0:[^ ]*]] = %[[Z]], %[[A1:[^ ]*]] = %[[Z]], {{.*}}) -> (f64, f64, f64, f64, f64, f64, f64, f64)
// CHECK: %[[BASE:.*]] = arith.muli %[[C]], %{{.*}} : index
// CHECK: %[[V0:.*]] = memref.load %[[X]][%[[I]], %[[BASE]]]
// CHECK: %[[W0:.*]] = arith.extf %[[V0]] : f32 to f64
// CHECK: %[[N0:.*]] = arith.addf %[[A0]], %[[W0]] : f64
// CHECK: %[[P1:.*]] = arith.addi %[[BASE]], %{{.*}} : index
// CHECK: %[[V1:.*]] = memref.load %[[X]][%[[I]], %[[P1]]]
// CHECK: %[[W1:.*]] = arith.extf %[[V1]] : f32 to f64
// CHECK: %[[N1:.*]] = arith.addf %[[A1]], %[[W1]] : f64
// CHECK-COUNT-6: arith.addf %arg
// CHECK: scf.yield %[[N0]], %[[N1]],
// The tail: elements 32..36 into lanes 0..4.
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[T0:.*]] = memref.load %[[X]][%[[I]], %[[C32]]]
// CHECK: %[[U0:.*]] = arith.extf %[[T0]]
// CHECK: %[[S0:.*]] = arith.addf %[[L]]#0, %[[U0]] : f64
// CHECK: arith.constant 33 : index
// CHECK: %[[S1:.*]] = arith.addf %[[L]]#1, %{{.*}} : f64
// CHECK: arith.constant 34 : index
// CHECK: %[[S2:.*]] = arith.addf %[[L]]#2, %{{.*}} : f64
// CHECK: arith.constant 35 : index
// CHECK: %[[S3:.*]] = arith.addf %[[L]]#3, %{{.*}} : f64
// CHECK: arith.constant 36 : index
// CHECK: %[[S4:.*]] = arith.addf %[[L]]#4, %{{.*}} : f64
// The lanes combine: ((l0+l4) + (l2+l6)) + ((l1+l5) + (l3+l7)).
// CHECK-NEXT: %[[Q04:.*]] = arith.addf %[[S0]], %[[S4]] : f64
// CHECK-NEXT: %[[Q15:.*]] = arith.addf %[[S1]], %[[L]]#5 : f64
// CHECK-NEXT: %[[Q26:.*]] = arith.addf %[[S2]], %[[L]]#6 : f64
// CHECK-NEXT: %[[Q37:.*]] = arith.addf %[[S3]], %[[L]]#7 : f64
// CHECK-NEXT: %[[H0:.*]] = arith.addf %[[Q04]], %[[Q26]] : f64
// CHECK-NEXT: %[[H1:.*]] = arith.addf %[[Q15]], %[[Q37]] : f64
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[H0]], %[[H1]] : f64
// CHECK-NEXT: %[[Y:.*]] = arith.truncf %[[SUM]] : f64 to f32
// CHECK-NEXT: memref.store %[[Y]], %[[R]][%[[I]]]
func.func @sum_tail(%x: tensor<5x37xf32>) -> tensor<5xf32> {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<5x37xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// CHECK-LABEL: func.func private @sum_short__reduce_sum
// CHECK: scf.for {{.*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}) -> (f64)
// CHECK-NOT: scf.for
// CHECK: return
func.func @sum_short(%x: tensor<6x15xf32>) -> tensor<6xf32> {
  %0 = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<6x15xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// MANIFEST: "clause": "ops.reduce_sum.reassociate",
// MANIFEST-NEXT: "detail": "8 partial accumulators per reduction, combined pairwise (docs/lowering.md): allowed",
// MANIFEST-NEXT: "subject": "tc_tensor.reduce_sum at {{.*}}lanes.mlir:{{[0-9]+}}:8",
// MANIFEST-NEXT: "what": "reassociate"
// MANIFEST-NOT: "what": "reassociate"

// STRICT-LABEL: func.func private @sum_tail__reduce_sum
// STRICT: scf.for {{.*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}) -> (f64)
// STRICT-NOT: scf.for
// STRICT: return
// STRICT-MANIFEST: "clause": "ops.*.reassociate",
// STRICT-MANIFEST-NEXT: "detail": "8 partial accumulators per reduction, combined pairwise (docs/lowering.md): refused",
// STRICT-MANIFEST-NEXT: "subject": "tc_tensor.reduce_sum at {{.*}}lanes.mlir:{{[0-9]+}}:8",
