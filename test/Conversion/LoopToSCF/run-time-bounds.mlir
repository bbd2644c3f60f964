// A nest with run-time bounds (docs/dialects.md §3.1): the bound -1 is read
// with memref.dim from the buffer `bound_dims` names; the work at a
// run-time size of 1 (one row of 3 points) is below the threshold, so the
// product of the run-time bounds decides at run time (a guarded decision):
// threads when it reaches the least that meets the threshold, else
// sequential loops, each with the body (with a threshold of 1, below, the
// work at size 1 meets it and the outer loop is always on threads). The
// body's operations run in the
// innermost loop: the bare-pointer convention cannot pass the body a buffer
// of run-time sizes, so the body function is erased. A body two nests name
// is copied into each.
// RUN: tensor-opt --tc-verify --tc-lower-loops --manifest-out=%t.json %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
//
// Compiled with MLIR's default memref convention (each buffer a descriptor)
// and run on 5 and 7 rows: the loops cover every row the buffer has, and
// the second nest (relu in place) changes nothing.
// RUN: tensor-opt --tc-lower-loops %s | mlir-opt --convert-scf-to-cf --finalize-memref-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: clang -w -O1 %S/Inputs/run-time-bounds.c %t.ll -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=RUN5
// RUN: %t.exe x y | FileCheck %s --check-prefix=RUN7
// With the threshold at 90 (6 rows of work 15): 5 rows run the sequential
// loops, 7 the parallel ones.
// RUN: env TC_PARALLEL_MIN_WORK=90 tensor-opt --tc-verify --tc-lower-loops --manifest-out=%t.90.json %s -o /dev/null
// RUN: FileCheck %s --check-prefix=SIX < %t.90.json
// SIX: "detail": "guarded: run-time bounds; their product >= 6: OpenMP threads over the outer parallel loops, else sequential; work 15 at a run-time size of 1 (threshold 90);
// RUN: env TC_PARALLEL_MIN_WORK=90 tensor-opt --tc-lower-loops %s | mlir-opt --convert-scf-to-cf --finalize-memref-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-translate --mlir-to-llvmir -o %t.90.ll
// RUN: clang -w -O1 %S/Inputs/run-time-bounds.c %t.90.ll -o %t.90.exe
// RUN: %t.90.exe | FileCheck %s --check-prefix=RUN5
// RUN: %t.90.exe x y | FileCheck %s --check-prefix=RUN7
// With the threshold at 1 the work at a run-time size of 1 reaches it, so it
// does at every size: the outer loop, of the run-time bound, is an
// scf.parallel up to the memref.dim (run here as loops by scf-to-cf).
// RUN: env TC_PARALLEL_MIN_WORK=1 tensor-opt --tc-verify --tc-lower-loops --manifest-out=%t.par.json %s | FileCheck %s --check-prefix=PAR
// RUN: FileCheck %s --check-prefix=PAR-MANIFEST < %t.par.json
// RUN: env TC_PARALLEL_MIN_WORK=1 tensor-opt --tc-lower-loops %s | mlir-opt --convert-scf-to-cf --finalize-memref-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-translate --mlir-to-llvmir -o %t.par.ll
// RUN: clang -w -O1 %S/Inputs/run-time-bounds.c %t.par.ll -o %t.par.exe
// RUN: %t.par.exe | FileCheck %s --check-prefix=RUN5
// RUN: %t.par.exe x y | FileCheck %s --check-prefix=RUN7
// PAR-LABEL: func.func @f(
// PAR: %[[D0:.*]] = memref.dim %arg1, %{{.*}} : memref<?x3xf32>
// PAR: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%[[D0]]) step
// PAR: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// PAR: memref.load %arg0[%[[I]], %[[J]]] : memref<?x3xf32>
// PAR-MANIFEST: "detail": "OpenMP threads over the outer parallel loops; work 15 at a run-time size of 1 (threshold 1), so at every size; body inlined
// RUN5: {{^}}0 1 0 3 0 5 0 7 0 9 0 11 0 13 0{{$}}
// RUN7: {{^}}0 1 0 3 0 5 0 7 0 9 0 11 0 13 0 15 0 17 0 19 0{{$}}

// CHECK-NOT: func.func private @relu
// CHECK-LABEL: func.func @f(
// CHECK: %[[D0:.*]] = memref.dim %arg1, %[[C0:.*]] : memref<?x3xf32>
// CHECK: %[[P:.*]] = arith.muli %{{.*}}, %[[D0]] : index
// CHECK: %[[WIDE:.*]] = arith.cmpi uge, %[[P]], %{{.*}} : index
// CHECK: scf.if %[[WIDE]] {
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[D0]]) step
// CHECK: } else {
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[D0]] step
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[C3:.*]] step
// CHECK-NOT: func.call
// CHECK: memref.load %arg0[%[[I]], %[[J]]] : memref<?x3xf32>
// CHECK: arith.maximumf
// CHECK: memref.store %{{.*}}, %arg1[%[[I]], %[[J]]] : memref<?x3xf32>
// CHECK: %[[D1:.*]] = memref.dim %arg1, %{{.*}} : memref<?x3xf32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[D1]] step
// CHECK-NOT: func.call
// CHECK: return
// CHECK-NOT: func.func
// MANIFEST: "detail": "guarded: run-time bounds; their product >= {{[0-9]+}}: OpenMP threads over the outer parallel loops, else sequential; work {{[0-9]+}} at a run-time size of 1 (threshold {{[0-9]+}}); body inlined (a call cannot pass buffers of run-time sizes as bare pointers); innermost loop sequential for LLVM's vectoriser (target vector: {{[0-9]+}} bits, {{[0-9]+}} elements)"
func.func private @relu(%i: index, %j: index, %a: memref<?x3xf32>, %b: memref<?x3xf32>) attributes {tc_loop.body} {
  %x = memref.load %a[%i, %j] : memref<?x3xf32>
  %z = arith.constant 0.0 : f32
  %y = arith.maximumf %x, %z : f32
  memref.store %y, %b[%i, %j] : memref<?x3xf32>
  return
}
func.func @f(%a: memref<?x3xf32>, %b: memref<?x3xf32>) {
  "tc_loop.nest"(%a, %b) {body = @relu, bounds = array<i64: -1, 3>, bound_dims = array<i64: 1, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<?x3xf32>, memref<?x3xf32>) -> ()
  "tc_loop.nest"(%b, %b) {body = @relu, bounds = array<i64: -1, 3>, bound_dims = array<i64: 0, 0>, parallel = array<i1: true, true>, tile = array<i64: 0, 0>, vector_width = 1 : i64, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<?x3xf32>, memref<?x3xf32>) -> ()
  return
}
