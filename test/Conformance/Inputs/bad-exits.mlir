// An entry point for @f of add.mlir that calls exit(0) instead of returning.
llvm.func @exit(i32)
llvm.func @f(%a: !llvm.ptr, %b: !llvm.ptr, %out: !llvm.ptr)
    attributes {tc.abi = {inputs = [tensor<4x3xf32>, tensor<3xf32>], outputs = [tensor<4x3xf32>]}} {
  %z = llvm.mlir.constant(0 : i32) : i32
  llvm.call @exit(%z) : (i32) -> ()
  llvm.return
}
