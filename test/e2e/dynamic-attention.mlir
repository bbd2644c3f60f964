// The ops of a transformer encoder on run-time sizes (docs/dynamic-shapes.md
// §4): slice of a `?` axis taken whole, layer_norm over static rows, a
// batched matmul and a matmul whose lhs leading dimensions fold into M,
// reshapes that keep a `?` in the middle (rows aligned over the result,
// over x, or not at all); compiled once by the CPU pipeline and run against
// tensor-ref at every ? = 1, 13 and 64 (utils/e2e-check.py).
// RUN: %e2e %s

func.func @slice(%x: tensor<4x?x12xf32>) -> tensor<4x?x4xf32> {
  %0 = "tc_tensor.slice"(%x) {starts = array<i64: 0, 0, 4>, ends = array<i64: 4, 9223372036854775807, 8>, steps = array<i64: 1, 1, 1>} : (tensor<4x?x12xf32>) -> tensor<4x?x4xf32>
  return %0 : tensor<4x?x4xf32>
}

// -----

func.func @norm(%x: tensor<?x3x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<?x3x8xf32> {
  %0 = "tc_tensor.layer_norm"(%x, %s, %b) {axis = 2 : i64, epsilon = 1.0e-05 : f64} : (tensor<?x3x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<?x3x8xf32>
  return %0 : tensor<?x3x8xf32>
}

// -----

func.func @bmm(%a: tensor<?x3x5xf32>, %b: tensor<?x5x4xf32>) -> tensor<?x3x4xf32> {
  %0 = "tc_tensor.matmul"(%a, %b) : (tensor<?x3x5xf32>, tensor<?x5x4xf32>) -> tensor<?x3x4xf32>
  return %0 : tensor<?x3x4xf32>
}

// -----

func.func @proj(%a: tensor<3x?x5xf32>, %w: tensor<5x4xf32>) -> tensor<3x?x4xf32> {
  %0 = "tc_tensor.matmul"(%a, %w) : (tensor<3x?x5xf32>, tensor<5x4xf32>) -> tensor<3x?x4xf32>
  return %0 : tensor<3x?x4xf32>
}

// -----

func.func @reshape_general(%x: tensor<3x?x4xf32>) -> tensor<2x?x6xf32> {
  %0 = "tc_tensor.reshape"(%x) : (tensor<3x?x4xf32>) -> tensor<2x?x6xf32>
  return %0 : tensor<2x?x6xf32>
}

// -----

func.func @reshape_over_x(%x: tensor<4x?x6xf32>) -> tensor<2x?x12xf32> {
  %0 = "tc_tensor.reshape"(%x) : (tensor<4x?x6xf32>) -> tensor<2x?x12xf32>
  return %0 : tensor<2x?x12xf32>
}

// -----

func.func @reshape_over_result(%x: tensor<2x?x12xf32>) -> tensor<4x?x6xf32> {
  %0 = "tc_tensor.reshape"(%x) : (tensor<2x?x12xf32>) -> tensor<4x?x6xf32>
  return %0 : tensor<4x?x6xf32>
}
