// An entry point for @f of add.mlir that dereferences a null pointer.
llvm.func @f(%a: !llvm.ptr, %b: !llvm.ptr, %out: !llvm.ptr)
    attributes {tc.abi = {inputs = [tensor<4x3xf32>, tensor<3xf32>], outputs = [tensor<4x3xf32>]}} {
  %c = llvm.mlir.constant(64 : i64) : i64
  %p = llvm.inttoptr %c : i64 to !llvm.ptr
  %v = llvm.load volatile %p : !llvm.ptr -> f32
  llvm.store %v, %out : f32, !llvm.ptr
  llvm.return
}
