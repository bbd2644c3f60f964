// tc-insert-guards refuses what it cannot compute: a located error, a pass
// failure, and no shape function.
// RUN: tensor-opt --tc-insert-guards -split-input-file -verify-diagnostics %s

func.func private @g(tensor<?xf32>) -> tensor<?xf32>
func.func @call(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{tc-insert-guards: the shape of func.call with a dynamic dimension is not computed yet}}
  %y = func.call @g(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// expected-error @+1 {{tc-insert-guards: the shape function's name @f__tc_shapes is taken}}
func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
func.func @f__tc_shapes() {
  return
}
