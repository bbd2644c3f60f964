// TC_BLIS_CONFIG names the BLIS sub-configuration to compile for
// (lib/Host, docs/environment.md); a name tensorc does not know, or one
// whose kernels the target CPU cannot run, is a usage error (exit 1)
// before any pass runs.
// RUN: env TC_BLIS_CONFIG=zen9 %expect_exit 1 tensor-opt --tc-lower-kernels %s 2>&1 | FileCheck %s
// RUN: env TC_TARGET_CPU=x86-64-v3 TC_BLIS_CONFIG=skx %expect_exit 1 tensor-opt --tc-lower-kernels %s 2>&1 | FileCheck %s --check-prefix=CPU
// CHECK: tensor-opt: TC_BLIS_CONFIG names no BLIS sub-configuration tensorc knows: 'zen9'
// CPU: tensor-opt: BLIS sub-configuration skx needs instructions CPU x86-64-v3 lacks

func.func @blis(%a: memref<4x8xf32>, %b: memref<8x2xf32>, %c: memref<4x2xf32>) {
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "test"} : (memref<4x8xf32>, memref<8x2xf32>, memref<4x2xf32>) -> ()
  return
}
