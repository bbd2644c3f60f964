// RUN: tensor-opt -split-input-file -verify-diagnostics %s
// MLIR 22's parser crashes on a dense array whose element type is neither an
// integer nor a float type; tensorc rejects such text before parsing it.

func.func @f(%a: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error@+1 {{dense array element type 'index' is not an integer or float type}}
  %0 = "tc_tensor.max_pool2d"(%a) {kernel = array<index: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// A type alias is not looked through: only builtin integer and float
// spellings are accepted.
!t = i64
// expected-error@+1 {{dense array element type '!t' is not an integer or float type}}
func.func @g() attributes {a = array<!t: 1>} {
  return
}

// -----

// `array<` inside strings and comments is not an attribute: array<index: 1>
func.func @h() attributes {note = "array<index: 1>", b = array<i1: true>, c = array<f16: 1.0>, d = array<ui8: 3>} {
  return
}
