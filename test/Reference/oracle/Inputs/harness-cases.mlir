// Cases for harness-self-test.test. Each one is built so that the oracle
// must report it, whatever tensor-ref does right: `tc.oracle_expect` makes
// the oracle compute a different op than the one written. They say nothing
// about tensor-ref; they prove that utils/ref-oracle.py can fail.

// tensor-ref computes sub; the oracle is told to expect add.
func.func @sub_expected_as_add(%a: tensor<2x4xf32>, %b: tensor<4xf32>) -> tensor<2x4xf32>
    attributes {tc.oracle_expect = "add"} {
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// Integers compare exactly.
func.func @int_sub_expected_as_add(%a: tensor<6xi32>, %b: tensor<6xi32> {tc.oracle = "values(1)"}) -> tensor<6xi32>
    attributes {tc.oracle_expect = "add"} {
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -0 and +0 are distinct: neg(+0) = -0, identity(+0) = +0.
func.func @zero_sign(%a: tensor<1xf32> {tc.oracle = "values(0)"}) -> tensor<1xf32>
    attributes {tc.oracle_expect = "identity"} {
  %0 = "tc_tensor.neg"(%a) : (tensor<1xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// NaN matches only NaN: sqrt(-4) is NaN, abs(-4) is 4.
func.func @nan_vs_number(%a: tensor<1xf64> {tc.oracle = "values(-4)"}) -> tensor<1xf64>
    attributes {tc.oracle_expect = "abs"} {
  %0 = "tc_tensor.sqrt"(%a) : (tensor<1xf64>) -> tensor<1xf64>
  return %0 : tensor<1xf64>
}

// One ulp apart: 1 + 2^-24 ties to 1.0 in f32, while 1 - 2^-24 is
// representable, the float just below 1.0. A 0-ulp budget for sub rejects
// it; one-ulp.contract.json's 1-ulp budget accepts it.
func.func @one_ulp(%a: tensor<1xf32> {tc.oracle = "values(1)"}, %b: tensor<1xf32> {tc.oracle = "values(5.9604644775390625e-08)"}) -> tensor<1xf32>
    attributes {tc.oracle_expect = "sub"} {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// A known-bug marker on a case that agrees is stale and must fail.
func.func @stale_known_bug(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32>
    attributes {tc.oracle_known_bug = "self-test: not a bug"} {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// A known bug that still disagrees is reported, not counted.
func.func @known_bug_still_differs(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32>
    attributes {tc.oracle_known_bug = "self-test: expected add", tc.oracle_expect = "add"} {
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
