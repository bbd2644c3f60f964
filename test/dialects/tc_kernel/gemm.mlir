// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_kernel.irdl.mlir %s | FileCheck %s

// Round-trip of tc_kernel.gemm (docs/dialects.md section 4): rank-2 and
// rank-3 batched memrefs, transposes, and the kernel/reason record. The
// kernel writes c, its last operand, and has no results.

// CHECK-LABEL: func.func @gemm_2d(
// CHECK-SAME:    %[[A:.*]]: memref<2x3xf32>, %[[B:.*]]: memref<3x4xf32>, %[[C:.*]]: memref<2x4xf32>)
// CHECK:         "tc_kernel.gemm"(%[[A]], %[[B]], %[[C]]) {alpha = 1.000000e+00 : f64, beta = 0.000000e+00 : f64, kernel = "blis", reason = "f32 gemm with M*N*K >= 8", trans_a = false, trans_b = false} : (memref<2x3xf32>, memref<3x4xf32>, memref<2x4xf32>) -> ()
// CHECK:         return
func.func @gemm_2d(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "f32 gemm with M*N*K >= 8"} : (memref<2x3xf32>, memref<3x4xf32>, memref<2x4xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @gemm_batched_f64(
// CHECK-SAME:    %[[A:.*]]: memref<5x2x3xf64>, %[[B:.*]]: memref<5x3x4xf64>, %[[C:.*]]: memref<5x2x4xf64>)
// CHECK:         "tc_kernel.gemm"(%[[A]], %[[B]], %[[C]]) {alpha = 1.000000e+00 : f64, beta = 0.000000e+00 : f64, kernel = "blis", reason = "batched f64 matmul", trans_a = false, trans_b = false} : (memref<5x2x3xf64>, memref<5x3x4xf64>, memref<5x2x4xf64>) -> ()
// CHECK:         return
func.func @gemm_batched_f64(%a: memref<5x2x3xf64>, %b: memref<5x3x4xf64>, %c: memref<5x2x4xf64>) {
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "batched f64 matmul"} : (memref<5x2x3xf64>, memref<5x3x4xf64>, memref<5x2x4xf64>) -> ()
  return
}

// CHECK-LABEL: func.func @gemm_transposed_accumulate(
// CHECK-SAME:    %[[A:.*]]: memref<3x2xf32>, %[[B:.*]]: memref<4x3xf32>, %[[C:.*]]: memref<2x4xf32>)
// CHECK:         "tc_kernel.gemm"(%[[A]], %[[B]], %[[C]]) {alpha = 5.000000e-01 : f64, beta = 1.000000e+00 : f64, kernel = "loops", reason = "too small for blis", trans_a = true, trans_b = true} : (memref<3x2xf32>, memref<4x3xf32>, memref<2x4xf32>) -> ()
// CHECK:         return
func.func @gemm_transposed_accumulate(%a: memref<3x2xf32>, %b: memref<4x3xf32>, %c: memref<2x4xf32>) {
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 0.5 : f64, beta = 1.0 : f64, trans_a = true, trans_b = true, kernel = "loops", reason = "too small for blis"} : (memref<3x2xf32>, memref<4x3xf32>, memref<2x4xf32>) -> ()
  return
}
