llvm.func @f(%a: f32, %b: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  llvm.return %0 : f32
}
