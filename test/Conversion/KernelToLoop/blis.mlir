// tc_kernel.gemm kernel "blis" becomes one call of the artifact's BLIS shim
// with the configuration, mode (0 f64, 1 f32 with accumulate = "f32",
// 2 other f32, through f64), batch, trans
// flags, M, N, K, alpha, beta and the buffers' addresses; the shim is
// declared once. The configuration is the compile host's unless
// TC_BLIS_CONFIG names one; the manifest records it, and that products this
// small run on one BLIS thread.
// RUN: env TC_BLIS_CONFIG=haswell tensor-opt --tc-lower-kernels --manifest-out=%t.json %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: env -u TC_BLIS_CONFIG tensor-opt --tc-lower-kernels --manifest-out=%t.host.json %s
// RUN: FileCheck %s --check-prefix=HOST < %t.host.json

// CHECK: func.func private @__tc_blis_gemm(i64, i64, i64, i64, i64, i64, i64, i64, f64, f64, i64, i64, i64)
// CHECK-NOT: func.func private @__tc_blis_gemm

// CHECK-LABEL: func.func @plain
// CHECK-NEXT: %[[CONFIG:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[MODE:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[BATCH:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[TA:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[TB:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[M:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[N:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[K:.*]] = arith.constant 8 : i64
// CHECK-NEXT: %[[ALPHA:.*]] = arith.constant 1.500000e+00 : f64
// CHECK-NEXT: %[[BETA:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %arg0 : memref<4x8xf32> -> index
// CHECK-NEXT: %[[IA:.*]] = arith.index_cast %[[PA]] : index to i64
// CHECK-NEXT: %[[PB:.*]] = memref.extract_aligned_pointer_as_index %arg1
// CHECK-NEXT: %[[IB:.*]] = arith.index_cast %[[PB]]
// CHECK-NEXT: %[[PC:.*]] = memref.extract_aligned_pointer_as_index %arg2
// CHECK-NEXT: %[[IC:.*]] = arith.index_cast %[[PC]]
// CHECK-NEXT: call @__tc_blis_gemm(%[[CONFIG]], %[[MODE]], %[[BATCH]], %[[TA]], %[[TB]], %[[M]], %[[N]], %[[K]], %[[ALPHA]], %[[BETA]], %[[IA]], %[[IB]], %[[IC]])
// CHECK-NOT: tc_kernel
func.func @plain(%a: memref<4x8xf32>, %b: memref<8x2xf32>, %c: memref<4x2xf32>) {
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.5 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "test"} : (memref<4x8xf32>, memref<8x2xf32>, memref<4x2xf32>) -> ()
  return
}

// Batched f64 with both transposes: batch 3, M 5, N 6, K 7.
// CHECK-LABEL: func.func @batched
// CHECK-NEXT: %[[CONFIG:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[MODE:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[BATCH:.*]] = arith.constant 3 : i64
// CHECK-NEXT: %[[TA:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[TB:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[M:.*]] = arith.constant 5 : i64
// CHECK-NEXT: %[[N:.*]] = arith.constant 6 : i64
// CHECK-NEXT: %[[K:.*]] = arith.constant 7 : i64
// CHECK-NEXT: %[[ALPHA:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[BETA:.*]] = arith.constant 2.500000e-01 : f64
// CHECK: call @__tc_blis_gemm(%[[CONFIG]], %[[MODE]], %[[BATCH]], %[[TA]], %[[TB]], %[[M]], %[[N]], %[[K]], %[[ALPHA]], %[[BETA]],
func.func @batched(%a: memref<3x7x5xf64>, %b: memref<3x6x7xf64>, %c: memref<3x5x6xf64>) {
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.25 : f64, trans_a = true, trans_b = true, kernel = "blis", reason = "test"} : (memref<3x7x5xf64>, memref<3x6x7xf64>, memref<3x5x6xf64>) -> ()
  return
}

// MANIFEST: "detail": "BLIS sub-configuration haswell (TC_BLIS_CONFIG); the artifact refuses to run with another; one BLIS thread (M*N*K {{[0-9]+}} <= {{[0-9]+}})",
// MANIFEST-NEXT: "subject": "tc_kernel.gemm at {{.*}}blis.mlir:{{[0-9]+}}:3",
// MANIFEST-NEXT: "what": "blis-config"
// MANIFEST: "detail": "a call of __tc_blis_gemm (BLIS), written into c",
// HOST: "detail": "BLIS sub-configuration {{[a-z0-9]+}} ({{the compile host's|TC_TARGET_CPU's}}); the artifact refuses to run with another; one BLIS thread (M*N*K {{[0-9]+}} <= {{[0-9]+}})",
