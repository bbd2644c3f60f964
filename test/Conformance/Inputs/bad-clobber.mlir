// An entry point for @f of add.mlir that writes into its first input.
llvm.func @f(%a: !llvm.ptr, %b: !llvm.ptr, %out: !llvm.ptr)
    attributes {tc.abi = {inputs = [tensor<4x3xf32>, tensor<3xf32>], outputs = [tensor<4x3xf32>]}} {
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %a : f32, !llvm.ptr
  llvm.return
}
