// tc-split-loop-blocks: a function block holding two or more scf ops with
// regions is cut after each into a chain of blocks joined by cf.br, so
// convert-scf-to-cf moves O(1) ops per loop; a block with one such op is
// left alone. The cut is recorded; the loops stay in their order.
// RUN: tensor-opt --tc-split-loop-blocks --manifest-out=%t.json -split-input-file %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: tensor-opt --tc-split-loop-blocks --convert-scf-to-cf -split-input-file %s | FileCheck %s --check-prefix=CF

// CHECK-LABEL: func.func @three(
// CHECK: memref.alloc
// CHECK-NEXT: scf.for
// CHECK: cf.br ^[[B1:.*]]
// CHECK-NEXT: ^[[B1]]:
// CHECK-NEXT: memref.alloc
// CHECK-NEXT: scf.for
// CHECK: cf.br ^[[B2:.*]]
// CHECK-NEXT: ^[[B2]]:
// CHECK-NEXT: scf.for
// CHECK: cf.br ^[[B3:.*]]
// CHECK-NEXT: ^[[B3]]:
// CHECK-NEXT: memref.dealloc
// CHECK-NEXT: memref.dealloc
// CHECK-NEXT: return
// CF-LABEL: func.func @three(
// CF-NOT: scf.for
// CF: return
func.func @three(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %n step %c1 {
  }
  %b = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %n step %c1 {
  }
  scf.for %i = %c0 to %n step %c1 {
  }
  memref.dealloc %a : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  return
}
// MANIFEST: "detail": "4 blocks, one per top-level scf op, so convert-scf-to-cf stays linear"
// MANIFEST-NEXT: "subject": "func.func at {{.*}}split-blocks.mlir:27:1"
// MANIFEST-NEXT: "what": "split-blocks"

// -----

// One loop: nothing to gain, nothing cut.
// CHECK-LABEL: func.func @one(
// CHECK-NOT: cf.br
// CHECK: return
func.func @one(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
  }
  %a = memref.alloc() : memref<8xf32>
  return
}

// -----

// Loops nested in a loop body are not cut: scf regions hold one block.
// CHECK-LABEL: func.func @nested(
// CHECK: scf.for
// CHECK-NOT: cf.br
// CHECK: return
func.func @nested(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
    }
    scf.for %j = %c0 to %n step %c1 {
    }
    %a = memref.alloc() : memref<8xf32>
  }
  return
}
