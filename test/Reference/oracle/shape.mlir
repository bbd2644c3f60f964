// The shape ops (docs/dialects.md §2.2.19-§2.2.26) on tensor-ref against the
// oracle (utils/ref-oracle.py), which moves elements with NumPy (transpose,
// reshape, broadcast_to, concatenate, split, take, pad) or the spec's index
// mapping (slice's clamping, pad's cropping): rank 0, empty dimensions,
// negative axes and indices, every dtype's bits passed through unchanged.
// RUN: tensor-opt %s > /dev/null
// RUN: %python %tc_src_root/utils/ref-oracle.py %s --tensor-ref tensor-ref --tensor-ref-arg=--exact --contract %S/../oracle.contract.json | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} cases, 0 failures, {{[1-9][0-9]*}} library checks, 0 library disagreements

func.func @transpose(%x: tensor<2x3x4xf32> {tc.oracle = "special"}, %y: tensor<f16>, %z: tensor<0x3xi1>, %w: tensor<2x1x3x2xui64> {tc.oracle = "special"}) -> (tensor<4x2x3xf32>, tensor<f16>, tensor<3x0xi1>, tensor<2x3x2x1xui64>) {
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %1 = "tc_tensor.transpose"(%y) {perm = array<i64>} : (tensor<f16>) -> tensor<f16>
  %2 = "tc_tensor.transpose"(%z) {perm = array<i64: 1, 0>} : (tensor<0x3xi1>) -> tensor<3x0xi1>
  %3 = "tc_tensor.transpose"(%w) {perm = array<i64: 3, 2, 0, 1>} : (tensor<2x1x3x2xui64>) -> tensor<2x3x2x1xui64>
  return %0, %1, %2, %3 : tensor<4x2x3xf32>, tensor<f16>, tensor<3x0xi1>, tensor<2x3x2x1xui64>
}
// Row-major order kept; to and from rank 0; empty to empty.
func.func @reshape(%x: tensor<2x3x4xbf16> {tc.oracle = "special"}, %y: tensor<1x1xi8>, %z: tensor<0x6xf64>, %w: tensor<i32>) -> (tensor<4x6xbf16>, tensor<24xbf16>, tensor<i8>, tensor<3x0x2xf64>, tensor<1x1x1xi32>) {
  %0 = "tc_tensor.reshape"(%x) : (tensor<2x3x4xbf16>) -> tensor<4x6xbf16>
  %1 = "tc_tensor.reshape"(%x) : (tensor<2x3x4xbf16>) -> tensor<24xbf16>
  %2 = "tc_tensor.reshape"(%y) : (tensor<1x1xi8>) -> tensor<i8>
  %3 = "tc_tensor.reshape"(%z) : (tensor<0x6xf64>) -> tensor<3x0x2xf64>
  %4 = "tc_tensor.reshape"(%w) : (tensor<i32>) -> tensor<1x1x1xi32>
  return %0, %1, %2, %3, %4 : tensor<4x6xbf16>, tensor<24xbf16>, tensor<i8>, tensor<3x0x2xf64>, tensor<1x1x1xi32>
}
// Unidirectional: [3, 1] -> [2, 3, 4], rank 0 -> [2, 2], 1 stretches to 0.
func.func @broadcast_to(%x: tensor<3x1xf32> {tc.oracle = "special"}, %y: tensor<i64> {tc.oracle = "full"}, %z: tensor<1x3xf16>, %w: tensor<2xi1>) -> (tensor<2x3x4xf32>, tensor<2x2xi64>, tensor<0x3xf16>, tensor<3x2xi1>, tensor<3x1xf32>) {
  %0 = "tc_tensor.broadcast_to"(%x) : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %1 = "tc_tensor.broadcast_to"(%y) : (tensor<i64>) -> tensor<2x2xi64>
  %2 = "tc_tensor.broadcast_to"(%z) : (tensor<1x3xf16>) -> tensor<0x3xf16>
  %3 = "tc_tensor.broadcast_to"(%w) : (tensor<2xi1>) -> tensor<3x2xi1>
  %4 = "tc_tensor.broadcast_to"(%x) : (tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3x4xf32>, tensor<2x2xi64>, tensor<0x3xf16>, tensor<3x2xi1>, tensor<3x1xf32>
}
// A negative axis; an operand of size 0 along the axis contributes nothing;
// a chain of two concats joins three tensors.
func.func @concat(%a: tensor<2x3xf32> {tc.oracle = "special"}, %b: tensor<2x1xf32>, %c: tensor<0x3xui16>, %d: tensor<4x3xui16> {tc.oracle = "special"}, %e: tensor<2x2xi1>) -> (tensor<2x4xf32>, tensor<4x3xui16>, tensor<2x6xi1>) {
  %0 = "tc_tensor.concat"(%a, %b) {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %1 = "tc_tensor.concat"(%c, %d) {axis = 0 : i64} : (tensor<0x3xui16>, tensor<4x3xui16>) -> tensor<4x3xui16>
  %t = "tc_tensor.concat"(%e, %e) {axis = 1 : i64} : (tensor<2x2xi1>, tensor<2x2xi1>) -> tensor<2x4xi1>
  %2 = "tc_tensor.concat"(%t, %e) {axis = 1 : i64} : (tensor<2x4xi1>, tensor<2x2xi1>) -> tensor<2x6xi1>
  return %0, %1, %2 : tensor<2x4xf32>, tensor<4x3xui16>, tensor<2x6xi1>
}
func.func @concat_bf16_f64(%a: tensor<1x2x2xbf16> {tc.oracle = "special"}, %b: tensor<1x2x3xbf16> {tc.oracle = "special"}, %c: tensor<3xf64> {tc.oracle = "special"}, %d: tensor<0xf64>) -> (tensor<1x2x5xbf16>, tensor<3xf64>) {
  %0 = "tc_tensor.concat"(%a, %b) {axis = -1 : i64} : (tensor<1x2x2xbf16>, tensor<1x2x3xbf16>) -> tensor<1x2x5xbf16>
  %1 = "tc_tensor.concat"(%d, %c) {axis = 0 : i64} : (tensor<0xf64>, tensor<3xf64>) -> tensor<3xf64>
  return %0, %1 : tensor<1x2x5xbf16>, tensor<3xf64>
}
// n equal parts; one part; parts of an empty tensor.
func.func @split(%x: tensor<2x6xf32> {tc.oracle = "special"}, %y: tensor<4x2x3xi8> {tc.oracle = "special"}, %z: tensor<0x4xf16>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<4x1x3xi8>, tensor<4x1x3xi8>, tensor<2x6xf32>, tensor<0x2xf16>, tensor<0x2xf16>) {
  %0:3 = "tc_tensor.split"(%x) {axis = -1 : i64} : (tensor<2x6xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
  %1:2 = "tc_tensor.split"(%y) {axis = -2 : i64} : (tensor<4x2x3xi8>) -> (tensor<4x1x3xi8>, tensor<4x1x3xi8>)
  %2 = "tc_tensor.split"(%x) {axis = 0 : i64} : (tensor<2x6xf32>) -> tensor<2x6xf32>
  %3:2 = "tc_tensor.split"(%z) {axis = 1 : i64} : (tensor<0x4xf16>) -> (tensor<0x2xf16>, tensor<0x2xf16>)
  return %0#0, %0#1, %0#2, %1#0, %1#1, %2, %3#0, %3#1 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<4x1x3xi8>, tensor<4x1x3xi8>, tensor<2x6xf32>, tensor<0x2xf16>, tensor<0x2xf16>
}
// Python slicing with clamping: starts/ends beyond the axis clamp, negative
// values count from the end, negative steps clamp into [-1, n - 1].
func.func @slice(%x: tensor<5x6xf32> {tc.oracle = "special"}) -> (tensor<2x3xf32>, tensor<5x6xf32>, tensor<3x2xf32>, tensor<0x6xf32>, tensor<5x1xf32>) {
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 1, 0>, ends = array<i64: 3, 6>, steps = array<i64: 1, 2>} : (tensor<5x6xf32>) -> tensor<2x3xf32>
  %1 = "tc_tensor.slice"(%x) {starts = array<i64: -100, -100>, ends = array<i64: 100, 100>, steps = array<i64: 1, 1>} : (tensor<5x6xf32>) -> tensor<5x6xf32>
  %2 = "tc_tensor.slice"(%x) {starts = array<i64: -1, 100>, ends = array<i64: -100, 2>, steps = array<i64: -2, -2>} : (tensor<5x6xf32>) -> tensor<3x2xf32>
  %3 = "tc_tensor.slice"(%x) {starts = array<i64: 3, 0>, ends = array<i64: 1, 6>, steps = array<i64: 1, 1>} : (tensor<5x6xf32>) -> tensor<0x6xf32>
  %4 = "tc_tensor.slice"(%x) {starts = array<i64: 4, -2>, ends = array<i64: -6, -1>, steps = array<i64: -1, 5>} : (tensor<5x6xf32>) -> tensor<5x1xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<5x6xf32>, tensor<3x2xf32>, tensor<0x6xf32>, tensor<5x1xf32>
}
// Where Python and ONNX slicing differ: step < 0, a start that is still
// negative after adding n, and an end clamped to -1. Python (the spec)
// gives an empty axis; ONNX Slice would clamp the start to 0 and give x[0]
// (the importer writes start 0 there).
func.func @slice_python_not_onnx(%x: tensor<4xi32> {tc.oracle = "full"}, %y: tensor<f64>, %z: tensor<3x0xui8>) -> (tensor<0xi32>, tensor<1xi32>, tensor<f64>, tensor<2x0xui8>) {
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: -10>, ends = array<i64: -10>, steps = array<i64: -1>} : (tensor<4xi32>) -> tensor<0xi32>
  %1 = "tc_tensor.slice"(%x) {starts = array<i64: 0>, ends = array<i64: -10>, steps = array<i64: -1>} : (tensor<4xi32>) -> tensor<1xi32>
  %2 = "tc_tensor.slice"(%y) {starts = array<i64>, ends = array<i64>, steps = array<i64>} : (tensor<f64>) -> tensor<f64>
  %3 = "tc_tensor.slice"(%z) {starts = array<i64: 1, 0>, ends = array<i64: 3, 5>, steps = array<i64: 1, 1>} : (tensor<3x0xui8>) -> tensor<2x0xui8>
  return %0, %1, %2, %3 : tensor<0xi32>, tensor<1xi32>, tensor<f64>, tensor<2x0xui8>
}
// gather is NumPy take: negative indices count from the end; rank-0 and
// rank-2 indices; i32 and i64 indices.
func.func @gather(%d: tensor<5x3xf32> {tc.oracle = "special"}, %i: tensor<4xi64> {tc.distribution = "integers(-5, 5)"}, %j: tensor<i32> {tc.oracle = "values(-1)"}, %k: tensor<2x2xi32> {tc.distribution = "integers(-3, 3)"}, %e: tensor<2x0xi8>, %m: tensor<3xi64> {tc.distribution = "integers(-2, 2)"}) -> (tensor<4x3xf32>, tensor<5xf32>, tensor<5x2x2xf32>, tensor<3x0xi8>) {
  %0 = "tc_tensor.gather"(%d, %i) {axis = 0 : i64} : (tensor<5x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  %1 = "tc_tensor.gather"(%d, %j) {axis = -1 : i64} : (tensor<5x3xf32>, tensor<i32>) -> tensor<5xf32>
  %2 = "tc_tensor.gather"(%d, %k) {axis = 1 : i64} : (tensor<5x3xf32>, tensor<2x2xi32>) -> tensor<5x2x2xf32>
  %3 = "tc_tensor.gather"(%e, %m) {axis = 0 : i64} : (tensor<2x0xi8>, tensor<3xi64>) -> tensor<3x0xi8>
  return %0, %1, %2, %3 : tensor<4x3xf32>, tensor<5xf32>, tensor<5x2x2xf32>, tensor<3x0xi8>
}
// An index outside [-n, n) is a run-time program error: tensor-ref must
// report it (exit 1) and produce no result; the oracle expects exactly that.
func.func @gather_out_of_range(%d: tensor<3x2xi16>, %i: tensor<2xi32> {tc.oracle = "sequence(1, 3)"}) -> tensor<2x2xi16> {
  %0 = "tc_tensor.gather"(%d, %i) {axis = 0 : i64} : (tensor<3x2xi16>, tensor<2xi32>) -> tensor<2x2xi16>
  return %0 : tensor<2x2xi16>
}
func.func @gather_out_of_range_negative(%d: tensor<3x2xf16>, %i: tensor<1xi64> {tc.oracle = "values(-4)"}) -> tensor<3x1xf16> {
  %0 = "tc_tensor.gather"(%d, %i) {axis = 1 : i64} : (tensor<3x2xf16>, tensor<1xi64>) -> tensor<3x1xf16>
  return %0 : tensor<3x1xf16>
}
// pad: constant (value converted as cast from f64: NaN for floats, 7 for
// i8, true for i1), edge, reflect (the edge element not repeated),
// negative pads that crop, cropping one side while padding the other.
func.func @pad_constant(%x: tensor<2x3xf32> {tc.oracle = "special"}, %y: tensor<3xi8> {tc.oracle = "special"}, %z: tensor<2xi1>, %w: tensor<bf16>) -> (tensor<4x6xf32>, tensor<6xi8>, tensor<5xi1>, tensor<bf16>, tensor<1x3xf32>) {
  %0 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: 1, 2, 1, 1>, value = 0x7FF8000000000000 : f64} : (tensor<2x3xf32>) -> tensor<4x6xf32>
  %1 = "tc_tensor.pad"(%y) {mode = "constant", pads = array<i64: 2, 1>, value = 7.0 : f64} : (tensor<3xi8>) -> tensor<6xi8>
  %2 = "tc_tensor.pad"(%z) {mode = "constant", pads = array<i64: 0, 3>, value = 1.0 : f64} : (tensor<2xi1>) -> tensor<5xi1>
  %3 = "tc_tensor.pad"(%w) {mode = "constant", pads = array<i64>, value = 0.0 : f64} : (tensor<bf16>) -> tensor<bf16>
  %4 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: -1, 1, 0, -1>, value = -0.0 : f64} : (tensor<2x3xf32>) -> tensor<1x3xf32>
  return %0, %1, %2, %3, %4 : tensor<4x6xf32>, tensor<6xi8>, tensor<5xi1>, tensor<bf16>, tensor<1x3xf32>
}
func.func @pad_edge_reflect(%x: tensor<3x4xf64> {tc.oracle = "special"}, %y: tensor<1x3xui32> {tc.oracle = "special"}) -> (tensor<7x7xf64>, tensor<5x6xf64>, tensor<3x5xui32>, tensor<3x3xf64>, tensor<3x4xf64>) {
  %0 = "tc_tensor.pad"(%x) {mode = "edge", pads = array<i64: 2, 1, 2, 2>, value = 0.0 : f64} : (tensor<3x4xf64>) -> tensor<7x7xf64>
  %1 = "tc_tensor.pad"(%x) {mode = "reflect", pads = array<i64: 2, 0, 0, 2>, value = 0.0 : f64} : (tensor<3x4xf64>) -> tensor<5x6xf64>
  %2 = "tc_tensor.pad"(%y) {mode = "edge", pads = array<i64: 1, 0, 1, 2>, value = 0.0 : f64} : (tensor<1x3xui32>) -> tensor<3x5xui32>
  %3 = "tc_tensor.pad"(%x) {mode = "reflect", pads = array<i64: 0, -3, 0, 2>, value = 0.0 : f64} : (tensor<3x4xf64>) -> tensor<3x3xf64>
  %4 = "tc_tensor.pad"(%x) {mode = "edge", pads = array<i64: -2, 1, 2, -1>, value = 0.0 : f64} : (tensor<3x4xf64>) -> tensor<3x4xf64>
  return %0, %1, %2, %3, %4 : tensor<7x7xf64>, tensor<5x6xf64>, tensor<3x5xui32>, tensor<3x3xf64>, tensor<3x4xf64>
}
func.func @pad_empty(%x: tensor<0x2xf16>, %y: tensor<2x3xi64>) -> (tensor<2x2xf16>, tensor<0x3xi64>) {
  %0 = "tc_tensor.pad"(%x) {mode = "constant", pads = array<i64: 1, 0, 1, 0>, value = 2.5 : f64} : (tensor<0x2xf16>) -> tensor<2x2xf16>
  %1 = "tc_tensor.pad"(%y) {mode = "constant", pads = array<i64: -1, 0, -1, 0>, value = 0.0 : f64} : (tensor<2x3xi64>) -> tensor<0x3xi64>
  return %0, %1 : tensor<2x2xf16>, tensor<0x3xi64>
}
