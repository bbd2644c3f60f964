llvm.func @f(%a: f32) -> f32 {
  %0 = llvm.call_intrinsic "llvm.tensorc.nonexistent"(%a) : (f32) -> f32
  llvm.return %0 : f32
}
