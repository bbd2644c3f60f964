// A program mixing tc_tensor and tc_loop: upstream mlir-opt reads it with
// one --irdl-file only if that file defines both dialects.
func.func @add(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

func.func private @scale_body(%i: index, %j: index, %a: memref<4x8xf32>, %out: memref<4x8xf32>) attributes {tc_loop.body} {
  %v = memref.load %a[%i, %j] : memref<4x8xf32>
  memref.store %v, %out[%i, %j] : memref<4x8xf32>
  return
}

func.func @scale(%a: memref<4x8xf32>, %out: memref<4x8xf32>) {
  "tc_loop.nest"(%a, %out) {body = @scale_body, bounds = array<i64: 4, 8>, group = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, parallel = array<i1: true, false>, tile = array<i64: 0, 0>, vector_width = 1 : i64} : (memref<4x8xf32>, memref<4x8xf32>) -> ()
  return
}
