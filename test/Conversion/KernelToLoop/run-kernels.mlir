// A function written on buffers with tc_kernel ops compiles through the
// whole CPU pipeline and, linked into C, computes what docs/dialects.md §4
// says (small integers, so every value is exact).
// RUN: tensor-opt --tc-cpu-pipeline %s -o %t.mlir
// RUN: tensor-translate --emit=obj -o %t.o %t.mlir
// RUN: cc %S/Inputs/call-kernels.c %t.o -lm -o %t.exe
// RUN: %t.exe | FileCheck %s

func.func private @square(%x: f32) -> f32 attributes {tc_kernel.body} {
  %0 = arith.mulf %x, %x : f32
  return %0 : f32
}

func.func @kernels(%a: memref<2x3xf32>, %b: memref<3x2xf32>, %c: memref<2x2xf32>, %s: memref<2x1xf32>, %q: memref<2x3xf32>) {
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 2.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false, kernel = "loops", reason = "test"} : (memref<2x3xf32>, memref<3x2xf32>, memref<2x2xf32>) -> ()
  "tc_kernel.reduce"(%a, %s) {kind = "sum", axes = array<i64: 1>, reason = "test"} : (memref<2x3xf32>, memref<2x1xf32>) -> ()
  "tc_kernel.elementwise"(%a, %q) {body = @square, group = -1 : i64, reason = "test", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<2x3xf32>, memref<2x3xf32>) -> ()
  return
}

// c = 2 a b + c with a = [[1 2 3] [4 5 6]], b = [[1 0] [0 1] [1 1]], c = 1
// CHECK: gemm: 9 11 21 23
// CHECK: reduce: 6 15
// CHECK: elementwise: 1 4 9 16 25 36
