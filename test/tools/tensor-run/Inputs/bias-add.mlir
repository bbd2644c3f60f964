// bias-add.mlir - @bias_add of test/Target/Inputs/abi-kernels.mlir alone:
// a module with a single entry point, which tensor-run runs without --fn.
// bias-add.tc.mlir is the same function in tc_tensor, for tensor-ref.

llvm.func @bias_add(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr) attributes {tc.abi = {inputs = [tensor<2x3xf32>, tensor<3xf32>], outputs = [tensor<2x3xf32>]}} {
  %0 = llvm.mlir.constant(1 : index) : i64
  %1 = llvm.mlir.constant(3 : index) : i64
  %2 = llvm.mlir.constant(2 : index) : i64
  %3 = llvm.mlir.constant(0 : index) : i64
  llvm.br ^bb1(%3 : i64)
^bb1(%4: i64):  // 2 preds: ^bb0, ^bb5
  %5 = llvm.icmp "slt" %4, %2 : i64
  llvm.cond_br %5, ^bb2, ^bb6
^bb2:  // pred: ^bb1
  llvm.br ^bb3(%3 : i64)
^bb3(%6: i64):  // 2 preds: ^bb2, ^bb4
  %7 = llvm.icmp "slt" %6, %1 : i64
  llvm.cond_br %7, ^bb4, ^bb5
^bb4:  // pred: ^bb3
  %8 = llvm.mul %4, %1 overflow<nsw, nuw> : i64
  %9 = llvm.add %8, %6 overflow<nsw, nuw> : i64
  %10 = llvm.getelementptr inbounds|nuw %arg0[%9] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %11 = llvm.load %10 : !llvm.ptr -> f32
  %12 = llvm.getelementptr inbounds|nuw %arg1[%6] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %13 = llvm.load %12 : !llvm.ptr -> f32
  %14 = llvm.fadd %11, %13 : f32
  %15 = llvm.getelementptr inbounds|nuw %arg2[%9] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %14, %15 : f32, !llvm.ptr
  %16 = llvm.add %6, %0 : i64
  llvm.br ^bb3(%16 : i64)
^bb5:  // pred: ^bb3
  %17 = llvm.add %4, %0 : i64
  llvm.br ^bb1(%17 : i64)
^bb6:  // pred: ^bb1
  llvm.return
}
