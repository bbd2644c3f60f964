// tc-bufferize needs every tc_tensor op lowered, and only knows tensors that
// tc-lower-tensor made from buffers: anything else is a compile failure.
// RUN: tensor-opt --tc-bufferize -split-input-file -verify-diagnostics %s

func.func @not_lowered(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{tc-bufferize needs tc-lower-tensor first: tc_tensor.neg is still here}}
  %0 = "tc_tensor.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @foreign(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{tc-bufferize cannot bufferize tensor.empty: it yields a tensor}}
  %0 = tensor.empty() : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{tc-bufferize: argument #0 is not a ranked tensor; functions take and return ranked tensors (docs/abi.md)}}
func.func @scalar_argument(%a: f32) -> f32 {
  return %a : f32
}

// -----

// expected-error @+1 {{tc-bufferize: result #1 is not a ranked tensor; functions take and return ranked tensors (docs/abi.md)}}
func.func @scalar_result(%a: tensor<2xf32>, %s: tensor<f32>) -> (tensor<2xf32>, index) {
  %c = arith.constant 0 : index
  return %a, %c : tensor<2xf32>, index
}
