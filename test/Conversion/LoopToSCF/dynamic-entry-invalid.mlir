// tc-lower-loops gives a public function with run-time sizes the entry
// point of docs/dynamic-shapes.md §3, which calls its shape function; without one
// (tc-lower-tensor builds it) the pass stops with a located error.
// RUN: tensor-opt --tc-lower-loops -verify-diagnostics %s -o /dev/null
// expected-error @+1 {{tc-lower-loops: a function with run-time sizes needs its shape function @f__tc_shapes (tc-lower-tensor builds it)}}
func.func @f(%a: memref<?x3xf32>, %b: memref<?x3xf32>) attributes {tc.abi = {inputs = [tensor<?x3xf32>], outputs = [tensor<?x3xf32>]}} {
  memref.copy %a, %b : memref<?x3xf32> to memref<?x3xf32>
  return
}
