// An entry point for @f of add.mlir that never returns.
llvm.func @f(%a: !llvm.ptr, %b: !llvm.ptr, %out: !llvm.ptr)
    attributes {tc.abi = {inputs = [tensor<4x3xf32>, tensor<3xf32>], outputs = [tensor<4x3xf32>]}} {
  llvm.br ^loop
^loop:
  %v = llvm.load volatile %a : !llvm.ptr -> f32
  llvm.store volatile %v, %out : f32, !llvm.ptr
  llvm.br ^loop
}
