// A `?` against a known size n != 1 broadcasts to n (docs/dialects.md
// §1.4): at run time the `?` is 1 or n, and the artifact reads row 0 for
// every row when it is 1. One artifact at ? = 1 and ? = 4 against
// tensor-ref; ? = 3 breaks the constraint and nothing is computed.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tensor-opt --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t/bc.so
// RUN: %python -c "import numpy as np; [np.save('%t/x%%d.npy' %% n, np.arange(n * 8, dtype=np.float32).reshape(n, 8) - 7) for n in (1, 3, 4)]; np.save('%t/y.npy', np.linspace(-2, 2, 32, dtype=np.float32).reshape(4, 8))"
// RUN: tensor-ref %s --input %t/x1.npy %t/y.npy --output-dir %t/ref1
// RUN: tensor-run %t/bc.so --input %t/x1.npy %t/y.npy --output-dir %t/run1
// RUN: %compare --contract %tc_src_root/lib/Contract/default.contract.json %t/ref1 %t/run1
// RUN: tensor-ref %s --input %t/x4.npy %t/y.npy --output-dir %t/ref4
// RUN: tensor-run %t/bc.so --input %t/x4.npy %t/y.npy --output-dir %t/run4
// RUN: %compare --contract %tc_src_root/lib/Contract/default.contract.json %t/ref4 %t/run4
// RUN: %expect_exit 1 tensor-run %t/bc.so --input %t/x3.npy %t/y.npy --output-dir %t/bad 2>&1 | FileCheck %s
// CHECK: the inputs' shapes break the run-time constraint 'broadcast' (code 3): nothing was computed
func.func @bc(%x: tensor<?x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = "tc_tensor.add"(%x, %y) : (tensor<?x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
