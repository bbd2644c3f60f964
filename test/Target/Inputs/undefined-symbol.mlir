// An entry point that calls a function nothing defines: the object builds,
// the shared library does not link (it is linked with --no-undefined).
llvm.func @tc_test_nowhere(!llvm.ptr)
llvm.func @f(%a: !llvm.ptr) attributes {tc.abi = {inputs = [tensor<f32>], outputs = []}} {
  llvm.call @tc_test_nowhere(%a) : (!llvm.ptr) -> ()
  llvm.return
}
