// An entry point for @f of add.mlir that takes a [3, 4] tensor where the program has [4, 3].
llvm.func @f(%a: !llvm.ptr, %b: !llvm.ptr, %out: !llvm.ptr)
    attributes {tc.abi = {inputs = [tensor<3x4xf32>, tensor<3xf32>], outputs = [tensor<4x3xf32>]}} {
  llvm.return
}
