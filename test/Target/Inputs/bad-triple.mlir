module attributes {llvm.target_triple = 3 : i32} {
  llvm.func @f() {
    llvm.return
  }
}
