// abi-kernels.memref.mlir - the source of abi-kernels.mlir: three entry
// points written at the memref level by hand (each carries the `tc.abi` the
// CPU pipeline will attach) and one function that is not an entry point.
// Regenerate the lowered file with upstream mlir-opt:
//
//   mlir-opt abi-kernels.memref.mlir --convert-scf-to-cf --expand-strided-metadata \
//     --finalize-memref-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm \
//     '--convert-func-to-llvm=use-bare-ptr-memref-call-conv=1' \
//     --reconcile-unrealized-casts --canonicalize --cse
//
// and put the header comment of abi-kernels.mlir back on top.

// out[i][j] = a[i][j] + b[j]
func.func @bias_add(%a: memref<2x3xf32>, %b: memref<3xf32>, %o: memref<2x3xf32>) attributes {tc.abi = {inputs = [tensor<2x3xf32>, tensor<3xf32>], outputs = [tensor<2x3xf32>]}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %x = memref.load %a[%i, %j] : memref<2x3xf32>
      %y = memref.load %b[%j] : memref<3xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %o[%i, %j] : memref<2x3xf32>
    }
  }
  return
}

// bf16 <- f64, bf16 <- f32, f16 <- f32: each rounded once, to nearest even.
func.func @convert(%x: memref<8xf64>, %y: memref<8xf32>, %o1: memref<8xbf16>, %o2: memref<8xbf16>, %o3: memref<8xf16>) attributes {tc.abi = {inputs = [tensor<8xf64>, tensor<8xf32>], outputs = [tensor<8xbf16>, tensor<8xbf16>, tensor<8xf16>]}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %a = memref.load %x[%i] : memref<8xf64>
    %a16 = arith.truncf %a : f64 to bf16
    memref.store %a16, %o1[%i] : memref<8xbf16>
    %b = memref.load %y[%i] : memref<8xf32>
    %b16 = arith.truncf %b : f32 to bf16
    memref.store %b16, %o2[%i] : memref<8xbf16>
    %h16 = arith.truncf %b : f32 to f16
    memref.store %h16, %o3[%i] : memref<8xf16>
  }
  return
}

// mask[i] = x[i] > t (t unsigned), count = the number of true elements.
func.func @threshold(%x: memref<5xi32>, %t: memref<i8>, %mask: memref<5xi1>, %count: memref<i64>) attributes {tc.abi = {inputs = [tensor<5xi32>, tensor<ui8>], outputs = [tensor<5xi1>, tensor<i64>]}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0 : i64
  %t8 = memref.load %t[] : memref<i8>
  %t32 = arith.extui %t8 : i8 to i32
  %n = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = memref.load %x[%i] : memref<5xi32>
    %gt = arith.cmpi sgt, %v, %t32 : i32
    memref.store %gt, %mask[%i] : memref<5xi1>
    %inc = arith.extui %gt : i1 to i64
    %next = arith.addi %acc, %inc : i64
    scf.yield %next : i64
  }
  memref.store %n, %count[] : memref<i64>
  return
}

// Not an entry point: no tc.abi.
func.func @helper(%x: memref<4xf32>) {
  return
}
