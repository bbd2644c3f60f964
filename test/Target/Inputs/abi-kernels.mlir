// abi-kernels.mlir - abi-kernels.memref.mlir lowered to the llvm dialect by
// upstream mlir-opt (the command is in that file): entry points with the
// bare-pointer calling convention and tc.abi, as tensor-opt's CPU pipeline
// leaves them. @bias_add: f32 with broadcasting; @convert: f64 and f32 to bf16
// and f32 to f16, rounded once; @threshold: i32 and ui8 to i1 and a rank-0
// i64; @helper has no tc.abi and is no entry point.

module {
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
  llvm.func @convert(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %arg4: !llvm.ptr) attributes {tc.abi = {inputs = [tensor<8xf64>, tensor<8xf32>], outputs = [tensor<8xbf16>, tensor<8xbf16>, tensor<8xf16>]}} {
    %0 = llvm.mlir.constant(1 : index) : i64
    %1 = llvm.mlir.constant(8 : index) : i64
    %2 = llvm.mlir.constant(0 : index) : i64
    llvm.br ^bb1(%2 : i64)
  ^bb1(%3: i64):  // 2 preds: ^bb0, ^bb2
    %4 = llvm.icmp "slt" %3, %1 : i64
    llvm.cond_br %4, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %5 = llvm.getelementptr inbounds|nuw %arg0[%3] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %6 = llvm.load %5 : !llvm.ptr -> f64
    %7 = llvm.fptrunc %6 : f64 to bf16
    %8 = llvm.getelementptr inbounds|nuw %arg2[%3] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
    llvm.store %7, %8 : bf16, !llvm.ptr
    %9 = llvm.getelementptr inbounds|nuw %arg1[%3] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %10 = llvm.load %9 : !llvm.ptr -> f32
    %11 = llvm.fptrunc %10 : f32 to bf16
    %12 = llvm.getelementptr inbounds|nuw %arg3[%3] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
    llvm.store %11, %12 : bf16, !llvm.ptr
    %13 = llvm.fptrunc %10 : f32 to f16
    %14 = llvm.getelementptr inbounds|nuw %arg4[%3] : (!llvm.ptr, i64) -> !llvm.ptr, f16
    llvm.store %13, %14 : f16, !llvm.ptr
    %15 = llvm.add %3, %0 : i64
    llvm.br ^bb1(%15 : i64)
  ^bb3:  // pred: ^bb1
    llvm.return
  }
  llvm.func @threshold(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: !llvm.ptr) attributes {tc.abi = {inputs = [tensor<5xi32>, tensor<ui8>], outputs = [tensor<5xi1>, tensor<i64>]}} {
    %0 = llvm.mlir.constant(0 : i64) : i64
    %1 = llvm.mlir.constant(1 : index) : i64
    %2 = llvm.mlir.constant(5 : index) : i64
    %3 = llvm.mlir.constant(0 : index) : i64
    %4 = llvm.load %arg1 : !llvm.ptr -> i8
    %5 = llvm.zext %4 : i8 to i32
    llvm.br ^bb1(%3, %0 : i64, i64)
  ^bb1(%6: i64, %7: i64):  // 2 preds: ^bb0, ^bb2
    %8 = llvm.icmp "slt" %6, %2 : i64
    llvm.cond_br %8, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %9 = llvm.getelementptr inbounds|nuw %arg0[%6] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %10 = llvm.load %9 : !llvm.ptr -> i32
    %11 = llvm.icmp "sgt" %10, %5 : i32
    %12 = llvm.getelementptr inbounds|nuw %arg2[%6] : (!llvm.ptr, i64) -> !llvm.ptr, i1
    llvm.store %11, %12 : i1, !llvm.ptr
    %13 = llvm.zext %11 : i1 to i64
    %14 = llvm.add %7, %13 : i64
    %15 = llvm.add %6, %1 : i64
    llvm.br ^bb1(%15, %14 : i64, i64)
  ^bb3:  // pred: ^bb1
    llvm.store %7, %arg3 : i64, !llvm.ptr
    llvm.return
  }
  llvm.func @helper(%arg0: !llvm.ptr) {
    llvm.return
  }
}

