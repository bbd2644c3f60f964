// The program the dynamic artifacts implement: a + b over ?x3 rows, with
// numpy broadcasting (docs/dialects.md §1.5: the rows must be equal, or one
// side 1, or the run breaks 'broadcast').
func.func @add(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
