// TC_BLIS_CONFIG names the BLIS sub-configuration to compile for; a name
// tensorc does not know is a located compile failure.
// RUN: env TC_BLIS_CONFIG=zen9 tensor-opt --tc-lower-kernels -verify-diagnostics %s

func.func @blis(%a: memref<4x8xf32>, %b: memref<8x2xf32>, %c: memref<4x2xf32>) {
  // expected-error @+1 {{TC_BLIS_CONFIG names no BLIS sub-configuration tensorc knows: 'zen9'}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = false, trans_b = false, kernel = "blis", reason = "test"} : (memref<4x8xf32>, memref<8x2xf32>, memref<4x2xf32>) -> ()
  return
}
