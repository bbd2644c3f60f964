// A matmul judged with an exact budget: this program's contract gives
// matmul no tolerance. Used by reference-bound.test with the inputs of
// test/Reference/Inputs/make-fast-inputs.py (tie_a.npy, tie_b.npy).
module attributes {tc.contract = {format = "tensorc-contract/1", name = "exact-matmul", dtypes = {},
    ops = {"*" = {reassociate = false, nondeterministic = false, fast_math = false}, matmul = {reassociate = true}},
    outputs = {}}} {
  func.func @tie(%a: tensor<1x3xf32>, %b: tensor<3x1xf32>) -> tensor<1x1xf32> {
    %0 = "tc_tensor.matmul"(%a, %b) : (tensor<1x3xf32>, tensor<3x1xf32>) -> tensor<1x1xf32>
    return %0 : tensor<1x1xf32>
  }
}
