// The llvm dialect becomes LLVM IR for the host, optimised with O3 and a
// host TargetMachine: the loop over a pointer is vectorised.
// RUN: tensor-translate %s --emit=llvm | FileCheck %s

// CHECK: target datalayout = "{{.+}}"
// CHECK: target triple = "{{.+}}"

// CHECK-LABEL: define float @add(float %0, float %1)
// CHECK-NEXT:    %[[S:.*]] = fadd float %0, %1
// CHECK-NEXT:    ret float %[[S]]
llvm.func @add(%a: f32, %b: f32) -> f32 {
  %0 = llvm.fadd %a, %b : f32
  llvm.return %0 : f32
}

// out[i] = x[i] * s for i in [0, n)
// CHECK-LABEL: define void @scale(
// CHECK:         fmul <{{[0-9]+}} x float>
llvm.func @scale(%x: !llvm.ptr, %out: !llvm.ptr, %n: i64, %s: f32) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^loop(%c0 : i64)
^loop(%i: i64):
  %done = llvm.icmp "sge" %i, %n : i64
  llvm.cond_br %done, ^exit, ^body
^body:
  %px = llvm.getelementptr %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %px : !llvm.ptr -> f32
  %m = llvm.fmul %v, %s : f32
  %po = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %m, %po : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^loop(%next : i64)
^exit:
  llvm.return
}

// Without tc.manifest nothing is embedded.
// CHECK-NOT: tc_manifest
