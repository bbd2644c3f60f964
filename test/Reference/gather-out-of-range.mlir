// A gather index outside [-n, n) is a run-time program error
// (docs/dialects.md §2.2.25): the reference evaluator reports the op's
// location and the offending index, produces no result and exits with 1
// (bad input), not with the structural-rejection code.

// RUN: %expect_exit 1 tensor-ref %s --fn too_large 2>&1 | FileCheck %s --check-prefix=TOO_LARGE
// TOO_LARGE: gather-out-of-range.mlir:[[@LINE+5]]:8: error: 'tc_tensor.gather' op index 3 (indices element 1) is out of range [-3, 3) for axis 0 of size 3
// TOO_LARGE-NOT: output #
func.func @too_large() -> tensor<2xi32> {
  %x = "tc_tensor.constant"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %i = "tc_tensor.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  %y = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<3xi32>, tensor<2xi64>) -> tensor<2xi32>
  return %y : tensor<2xi32>
}

// -n is the first valid index; -n - 1 is not. i32 indices, axis -1.
// RUN: %expect_exit 1 tensor-ref %s --fn too_negative 2>&1 | FileCheck %s --check-prefix=TOO_NEGATIVE
// TOO_NEGATIVE: gather-out-of-range.mlir:[[@LINE+4]]:8: error: 'tc_tensor.gather' op index -4 (indices element 1) is out of range [-3, 3) for axis 1 of size 3
func.func @too_negative() -> tensor<2x2xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %i = "tc_tensor.constant"() {value = dense<[-3, -4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %y = "tc_tensor.gather"(%x, %i) {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// Along an axis of size 0 every index is out of range, even when the result
// has no elements (NumPy take raises there too).
// RUN: %expect_exit 1 tensor-ref %s --fn empty_axis 2>&1 | FileCheck %s --check-prefix=EMPTY_AXIS
// EMPTY_AXIS: gather-out-of-range.mlir:[[@LINE+4]]:8: error: 'tc_tensor.gather' op index 0 (indices element 0) is out of range [0, 0) for axis 1 of size 0
func.func @empty_axis() -> tensor<0x1xf32> {
  %x = "tc_tensor.constant"() {value = dense<> : tensor<0x0xf32>} : () -> tensor<0x0xf32>
  %i = "tc_tensor.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
  %y = "tc_tensor.gather"(%x, %i) {axis = 1 : i64} : (tensor<0x0xf32>, tensor<1xi64>) -> tensor<0x1xf32>
  return %y : tensor<0x1xf32>
}

// The same program with an index read from an input file: the error is about
// the data, so it is reported for that input and not for another.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/ok.npy', np.array([-1, 0], dtype=np.int64)); np.save('%t/bad.npy', np.array([0, 9], dtype=np.int64))"
// RUN: tensor-ref %s --fn from_input --input %t/ok.npy | FileCheck %s --check-prefix=FROM_INPUT_OK
// FROM_INPUT_OK: output #0: tensor<2xi32> = [30, 10]
// RUN: %expect_exit 1 tensor-ref %s --fn from_input --input %t/bad.npy 2>&1 | FileCheck %s --check-prefix=FROM_INPUT_BAD
// FROM_INPUT_BAD: gather-out-of-range.mlir:[[@LINE+4]]:8: error: 'tc_tensor.gather' op index 9 (indices element 1) is out of range [-3, 3) for axis 0 of size 3
// FROM_INPUT_BAD-NOT: output #
func.func @from_input(%i: tensor<2xi64>) -> tensor<2xi32> {
  %x = "tc_tensor.constant"() {value = dense<[10, 20, 30]> : tensor<3xi32>} : () -> tensor<3xi32>
  %y = "tc_tensor.gather"(%x, %i) {axis = 0 : i64} : (tensor<3xi32>, tensor<2xi64>) -> tensor<2xi32>
  return %y : tensor<2xi32>
}
