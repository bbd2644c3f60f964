llvm.func @gep(%x: !llvm.ptr, %i: i64) -> !llvm.ptr {
  %p = llvm.getelementptr %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f8E4M3FN
  llvm.return %p : !llvm.ptr
}
