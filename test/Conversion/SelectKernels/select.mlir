// tc-select-kernels under the default contract (matmul and gemm may be
// reassociated): f32/f64 products of BLIS size become tc_kernel.gemm
// kernel "blis" on buffers; small, f16, vector and broadcast-batch products
// stay tc_tensor ops for the loop path. Every matmul/gemm gets a `kernel`
// decision saying which path and why.
// RUN: tensor-opt --tc-select-kernels --manifest-out=%t.json %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json

// CHECK-LABEL: func.func @square_f32
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %arg0 : tensor<64x64xf32> to memref<64x64xf32>
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %arg1 : tensor<64x64xf32> to memref<64x64xf32>
// CHECK: "tc_kernel.gemm"(%[[A]], %[[B]], %[[C:.*]]) {{.*}}beta = 0.000000e+00 : f64, kernel = "blis", reason = "blis: f32,{{.*}}trans_a = false, trans_b = false}
// CHECK: %[[R:.*]] = builtin.unrealized_conversion_cast %[[C]] : memref<64x64xf32> to tensor<64x64xf32>
// CHECK: return %[[R]]
// The manifest sorts decisions by clause, then detail: each clause's
// `reassociate` answer comes before the `kernel` decisions it allowed; an f32
// kernel decision's clause is the f32 tolerance that decided how it sums
// (the default's has gamma 2: f32 sums).
// MANIFEST: "clause": "ops.gemm.reassociate",
// MANIFEST-NEXT: "detail": "BLIS gemm (its own summation order): allowed",
// MANIFEST: "clause": "ops.gemm.tolerance.f32.gamma",
// MANIFEST-NEXT: "detail": "blis: f32, 1 gemm(s) of M 50, N 70, K 40 (M*N*K 140000 >= 65536), reassociation allowed; blis sgemm, f32 accumulation: ops.gemm.tolerance.f32.gamma = 2",
// MANIFEST-NEXT: "subject": "tc_tensor.gemm at {{.*}}select.mlir:{{[0-9]+}}:8",
// MANIFEST-NEXT: "what": "kernel"
// MANIFEST: "clause": "ops.matmul.reassociate",
// MANIFEST-NEXT: "detail": "BLIS gemm (its own summation order): allowed",
// MANIFEST-DAG: "detail": "blis: f32, 1 gemm(s) of M 64, N 64, K 64 (M*N*K 262144 >= 65536), reassociation allowed; blis sgemm, f32 accumulation: ops.matmul.tolerance.f32.gamma = 2",
func.func @square_f32(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// The lhs batch dimensions fold into M when the rhs is a matrix.
// CHECK-LABEL: func.func @folded_f64
// CHECK: %[[A:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : memref<2x3x40x50xf64> into memref<240x50xf64>
// CHECK: %[[C:.*]] = memref.collapse_shape %[[ALLOC:.*]] {{\[\[}}0, 1, 2], [3]] : memref<2x3x40x60xf64> into memref<240x60xf64>
// CHECK: "tc_kernel.gemm"(%[[A]], %{{.*}}, %[[C]]) {{.*}}kernel = "blis"
// CHECK: builtin.unrealized_conversion_cast %[[ALLOC]] : memref<2x3x40x60xf64> to tensor<2x3x40x60xf64>
// MANIFEST-DAG: "detail": "blis: f64, 1 gemm(s) of M 240, N 60, K 50 (M*N*K 720000 >= 65536), reassociation allowed",
func.func @folded_f64(%a: tensor<2x3x40x50xf64>, %b: tensor<50x60xf64>) -> tensor<2x3x40x60xf64> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x3x40x50xf64>, tensor<50x60xf64>) -> tensor<2x3x40x60xf64>
  return %0 : tensor<2x3x40x60xf64>
}

// Equal batch shapes on both sides: one batched gemm over B = 6.
// CHECK-LABEL: func.func @batched_f32
// CHECK: memref.collapse_shape {{.*}} {{\[\[}}0, 1], [2], [3]] : memref<2x3x32x48xf32> into memref<6x32x48xf32>
// CHECK: memref.collapse_shape {{.*}} {{\[\[}}0, 1], [2], [3]] : memref<2x3x48x64xf32> into memref<6x48x64xf32>
// CHECK: "tc_kernel.gemm"({{.*}}) {{.*}}kernel = "blis"{{.*}} : (memref<6x32x48xf32>, memref<6x48x64xf32>, memref<6x32x64xf32>) -> ()
// MANIFEST-DAG: "detail": "blis: f32, 6 gemm(s) of M 32, N 64, K 48
func.func @batched_f32(%a: tensor<2x3x32x48xf32>, %b: tensor<2x3x48x64xf32>) -> tensor<2x3x32x64xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<2x3x32x48xf32>, tensor<2x3x48x64xf32>) -> tensor<2x3x32x64xf32>
  return %0 : tensor<2x3x32x64xf32>
}

// gemm with transposes and a c broadcast from [N]: c is broadcast into the
// buffer the kernel then overwrites (beta kept).
// CHECK-LABEL: func.func @gemm_bias
// CHECK: %[[CB:.*]] = "tc_tensor.broadcast_to"(%arg2) : (tensor<70xf32>) -> tensor<50x70xf32>
// CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %[[CB]] : tensor<50x70xf32> to memref<50x70xf32>
// CHECK: "tc_kernel.gemm"(%{{.*}}, %{{.*}}, %[[C]]) {accumulate = "f32", alpha = 2.000000e+00 : f64, beta = 5.000000e-01 : f64, kernel = "blis", {{.*}}trans_a = true, trans_b = true} : (memref<40x50xf32>, memref<70x40xf32>, memref<50x70xf32>) -> ()
// CHECK: builtin.unrealized_conversion_cast %[[C]] : memref<50x70xf32> to tensor<50x70xf32>
func.func @gemm_bias(%a: tensor<40x50xf32>, %b: tensor<70x40xf32>, %c: tensor<70xf32>) -> tensor<50x70xf32> {
  %0 = "tc_tensor.gemm"(%a, %b, %c) {alpha = 2.0 : f64, beta = 0.5 : f64, trans_a = true, trans_b = true} : (tensor<40x50xf32>, tensor<70x40xf32>, tensor<70xf32>) -> tensor<50x70xf32>
  return %0 : tensor<50x70xf32>
}

// The loop path, each with its reason.
// CHECK-LABEL: func.func @stays_loops
// CHECK-NOT: tc_kernel
// CHECK: "tc_tensor.matmul"{{.*}}tensor<32x32xf32>
// CHECK: "tc_tensor.matmul"{{.*}}tensor<64x64xf16>
// CHECK: "tc_tensor.matmul"{{.*}}tensor<64xf32>
// CHECK: "tc_tensor.matmul"{{.*}}-> tensor<4x64x64xf32>
// CHECK: "tc_tensor.gemm"{{.*}}alpha = 0.000000e+00
// CHECK: "tc_tensor.matmul"{{.*}}tensor<64x64xi32>
// MANIFEST-DAG: "detail": "loops: M*N*K = 32768 is below the BLIS threshold 65536",
// MANIFEST-DAG: "detail": "loops: dtype f16 has no BLIS path that meets the contract",
// MANIFEST-DAG: "detail": "loops: a rank-1 operand (a vector product)",
// MANIFEST-DAG: "detail": "loops: broadcast batch dimensions",
// MANIFEST-DAG: "detail": "loops: an empty product (M 64, N 64, K 64, alpha 0)",
// MANIFEST-DAG: "detail": "loops: dtype integer has no BLIS path that meets the contract",
func.func @stays_loops(%s: tensor<32x32xf32>, %h: tensor<64x64xf16>, %v: tensor<64xf32>, %m: tensor<64x64xf32>, %b: tensor<4x64x64xf32>, %i: tensor<64x64xi32>)
    -> (tensor<32x32xf32>, tensor<64x64xf16>, tensor<64xf32>, tensor<4x64x64xf32>, tensor<64x64xf32>, tensor<64x64xi32>) {
  %0 = "tc_tensor.matmul"(%s, %s) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %1 = "tc_tensor.matmul"(%h, %h) : (tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16>
  %2 = "tc_tensor.matmul"(%m, %v) : (tensor<64x64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %3 = "tc_tensor.matmul"(%m, %b) : (tensor<64x64xf32>, tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  %4 = "tc_tensor.gemm"(%m, %m) {alpha = 0.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = false} : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %5 = "tc_tensor.matmul"(%i, %i) : (tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<32x32xf32>, tensor<64x64xf16>, tensor<64xf32>, tensor<4x64x64xf32>, tensor<64x64xf32>, tensor<64x64xi32>
}
