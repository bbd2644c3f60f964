// A dynamic entry point written by hand in the llvm dialect (docs/dynamic-
// shapes.md §3) implementing add.mlir: add(a, b) over tensor<?x3xf32> with
// broadcasting of a row count of 1. dims is a's shape, b's, then out's
// (written). The shape function refuses an inner size other than 3
// (arg-shape, 1) and row counts that do not broadcast (broadcast, 3); the
// entry point calls it first and computes nothing when it refuses.
//
// The gate's tests turn three constants into faults with sed: %broadcast
// (the code of 'broadcast'), %scribble (write out[0] before checking) and
// %bugFrom (the first flat index computed wrong; INT64_MAX: none).
llvm.func @add__tc_shapes(%dims: !llvm.ptr) -> i32 {
  %ok = llvm.mlir.constant(0 : i32) : i32
  %argShape = llvm.mlir.constant(1 : i32) : i32
  %broadcast = llvm.mlir.constant(3 : i32) : i32
  %one = llvm.mlir.constant(1 : i64) : i64
  %three = llvm.mlir.constant(3 : i64) : i64
  %p1 = llvm.getelementptr %dims[1] : (!llvm.ptr) -> !llvm.ptr, i64
  %p2 = llvm.getelementptr %dims[2] : (!llvm.ptr) -> !llvm.ptr, i64
  %p3 = llvm.getelementptr %dims[3] : (!llvm.ptr) -> !llvm.ptr, i64
  %p4 = llvm.getelementptr %dims[4] : (!llvm.ptr) -> !llvm.ptr, i64
  %p5 = llvm.getelementptr %dims[5] : (!llvm.ptr) -> !llvm.ptr, i64
  %a0 = llvm.load %dims : !llvm.ptr -> i64
  %a1 = llvm.load %p1 : !llvm.ptr -> i64
  %b0 = llvm.load %p2 : !llvm.ptr -> i64
  %b1 = llvm.load %p3 : !llvm.ptr -> i64
  %ia = llvm.icmp "eq" %a1, %three : i64
  %ib = llvm.icmp "eq" %b1, %three : i64
  %inner = llvm.and %ia, %ib : i1
  llvm.cond_br %inner, ^rows, ^refuse(%argShape : i32)
^rows:
  %same = llvm.icmp "eq" %a0, %b0 : i64
  %aOne = llvm.icmp "eq" %a0, %one : i64
  %bOne = llvm.icmp "eq" %b0, %one : i64
  %either = llvm.or %same, %aOne : i1
  %fits = llvm.or %either, %bOne : i1
  llvm.cond_br %fits, ^accept, ^refuse(%broadcast : i32)
^accept:
  %rows = llvm.select %aOne, %b0, %a0 : i1, i64
  llvm.store %rows, %p4 : i64, !llvm.ptr
  llvm.store %three, %p5 : i64, !llvm.ptr
  llvm.return %ok : i32
^refuse(%code: i32):
  llvm.return %code : i32
}

llvm.func @add(%a: !llvm.ptr, %b: !llvm.ptr, %out: !llvm.ptr, %dims: !llvm.ptr) -> i32
    attributes {tc.abi = {inputs = [tensor<?x3xf32>, tensor<?x3xf32>], outputs = [tensor<?x3xf32>]}} {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %three = llvm.mlir.constant(3 : i64) : i64
  %ok = llvm.mlir.constant(0 : i32) : i32
  %half = llvm.mlir.constant(0.5 : f32) : f32
  %scribble = llvm.mlir.constant(false) : i1
  %bugFrom = llvm.mlir.constant(9223372036854775807 : i64) : i64
  llvm.cond_br %scribble, ^scribble, ^check
^scribble:
  llvm.store %half, %out : f32, !llvm.ptr
  llvm.br ^check
^check:
  %code = llvm.call @add__tc_shapes(%dims) : (!llvm.ptr) -> i32
  %accepted = llvm.icmp "eq" %code, %ok : i32
  llvm.cond_br %accepted, ^start, ^done
^start:
  %p2 = llvm.getelementptr %dims[2] : (!llvm.ptr) -> !llvm.ptr, i64
  %p4 = llvm.getelementptr %dims[4] : (!llvm.ptr) -> !llvm.ptr, i64
  %a0 = llvm.load %dims : !llvm.ptr -> i64
  %b0 = llvm.load %p2 : !llvm.ptr -> i64
  %rows = llvm.load %p4 : !llvm.ptr -> i64
  %aOne = llvm.icmp "eq" %a0, %one : i64
  %bOne = llvm.icmp "eq" %b0, %one : i64
  %n = llvm.mul %rows, %three : i64
  llvm.br ^loop(%zero : i64)
^loop(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^done
^body:
  %j = llvm.urem %i, %three : i64
  %ka = llvm.select %aOne, %j, %i : i1, i64
  %kb = llvm.select %bOne, %j, %i : i1, i64
  %pa = llvm.getelementptr %a[%ka] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %pb = llvm.getelementptr %b[%kb] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %po = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %pa : !llvm.ptr -> f32
  %y = llvm.load %pb : !llvm.ptr -> f32
  %s = llvm.fadd %x, %y : f32
  %wrong = llvm.icmp "sge" %i, %bugFrom : i64
  %off = llvm.fadd %s, %half : f32
  %v = llvm.select %wrong, %off, %s : i1, f32
  llvm.store %v, %po : f32, !llvm.ptr
  %next = llvm.add %i, %one : i64
  llvm.br ^loop(%next : i64)
^done:
  llvm.return %code : i32
}
