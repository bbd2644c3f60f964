// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// The rules tc-verify applies before any op's own: every tc_tensor operand
// and result is a ranked tensor without encoding, static unless the op takes
// dynamic dimensions (docs/dialects.md §1.5; dynamic.mlir), of rank at most 32,
// with a dtype of docs/dialects.md §1.1 (lib/Transforms/Verify/Verify.c); and
// the attribute readers' messages for unknown attributes and attributes of the
// wrong kind (VerifyCommon.c). Unranked tensors, missing attributes and
// attribute kinds IRDL already distinguishes (a string for an integer, ...)
// are rejected by IRDL when the file is parsed and are tested with the
// dialects (test/dialects/*/invalid.mlir), not here.

func.func @valid(%a0: tensor<2xi1>, %a1: tensor<2xi8>, %a2: tensor<2xi16>, %a3: tensor<2xi32>, %a4: tensor<2xi64>, %a5: tensor<2xui8>, %a6: tensor<2xui16>, %a7: tensor<2xui32>, %a8: tensor<2xui64>, %a9: tensor<2xf16>, %a10: tensor<2xbf16>, %a11: tensor<2xf32>, %a12: tensor<2xf64>, %s: tensor<f32>, %e: tensor<0x3xi8>, %r: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) {
  %0 = "tc_tensor.identity"(%a0) : (tensor<2xi1>) -> tensor<2xi1>
  %1 = "tc_tensor.identity"(%a1) : (tensor<2xi8>) -> tensor<2xi8>
  %2 = "tc_tensor.identity"(%a2) : (tensor<2xi16>) -> tensor<2xi16>
  %3 = "tc_tensor.identity"(%a3) : (tensor<2xi32>) -> tensor<2xi32>
  %4 = "tc_tensor.identity"(%a4) : (tensor<2xi64>) -> tensor<2xi64>
  %5 = "tc_tensor.identity"(%a5) : (tensor<2xui8>) -> tensor<2xui8>
  %6 = "tc_tensor.identity"(%a6) : (tensor<2xui16>) -> tensor<2xui16>
  %7 = "tc_tensor.identity"(%a7) : (tensor<2xui32>) -> tensor<2xui32>
  %8 = "tc_tensor.identity"(%a8) : (tensor<2xui64>) -> tensor<2xui64>
  %9 = "tc_tensor.identity"(%a9) : (tensor<2xf16>) -> tensor<2xf16>
  %10 = "tc_tensor.identity"(%a10) : (tensor<2xbf16>) -> tensor<2xbf16>
  %11 = "tc_tensor.identity"(%a11) : (tensor<2xf32>) -> tensor<2xf32>
  %12 = "tc_tensor.identity"(%a12) : (tensor<2xf64>) -> tensor<2xf64>
  %13 = "tc_tensor.identity"(%s) {tc.origin = "onnx", tc.fusion_group = 3 : i64} : (tensor<f32>) -> tensor<f32>
  %14 = "tc_tensor.identity"(%e) : (tensor<0x3xi8>) -> tensor<0x3xi8>
  %15 = "tc_tensor.identity"(%r) : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return
}

// -----

func.func @dynamic_operand(%x: tensor<?x3xf32>) {
  // expected-error@+1 {{operand #0 has a dynamic dimension, tensor<?x3xf32>, but 'tc_tensor.broadcast_to' takes static shapes only (docs/dialects.md §1.5)}}
  %0 = "tc_tensor.broadcast_to"(%x) : (tensor<?x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_result(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{result #0 has a dynamic dimension, tensor<2x?xf32>, but 'tc_tensor.pad' takes static shapes only (docs/dialects.md §1.5)}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 0, 0, 0, 0>, mode = "constant", value = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<2x?xf32>
  return
}

// -----

func.func @encoding(%y: tensor<4xf32>, %x: tensor<4xf32, "sparse">) {
  // expected-error@+1 {{operand #1 must be a ranked tensor without encoding, got tensor<4xf32, "sparse">}}
  %0 = "tc_tensor.add"(%y, %x) : (tensor<4xf32>, tensor<4xf32, "sparse">) -> tensor<4xf32>
  return
}

// -----

func.func @rank_too_high(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) {
  // expected-error@+1 {{operand #0 has rank 33, above the supported maximum 32}}
  %0 = "tc_tensor.reshape"(%x) : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @element_signed(%x: tensor<2xsi32>) {
  // expected-error@+1 {{operand #0 has unsupported element type si32}}
  %0 = "tc_tensor.cast"(%x) : (tensor<2xsi32>) -> tensor<2xf32>
  return
}

// -----

func.func @element_index(%x: tensor<2xindex>) {
  // expected-error@+1 {{operand #0 has unsupported element type index}}
  %0 = "tc_tensor.cast"(%x) : (tensor<2xindex>) -> tensor<2xf32>
  return
}

// -----

func.func @element_f8(%x: tensor<2xf8E4M3FN>) {
  // expected-error@+1 {{operand #0 has unsupported element type f8E4M3FN}}
  %0 = "tc_tensor.cast"(%x) : (tensor<2xf8E4M3FN>) -> tensor<2xf32>
  return
}

// -----

func.func @element_complex(%x: tensor<2xcomplex<f32>>) {
  // expected-error@+1 {{operand #0 has unsupported element type complex<f32>}}
  %0 = "tc_tensor.cast"(%x) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  return
}

// -----

func.func @element_tf32(%x: tensor<2xtf32>) {
  // expected-error@+1 {{operand #0 has unsupported element type tf32}}
  %0 = "tc_tensor.cast"(%x) : (tensor<2xtf32>) -> tensor<2xf32>
  return
}

// -----

func.func @element_i4(%x: tensor<2xi4>) {
  // expected-error@+1 {{operand #0 has unsupported element type i4}}
  %0 = "tc_tensor.cast"(%x) : (tensor<2xi4>) -> tensor<2xf32>
  return
}

// -----

func.func @element_ui1(%x: tensor<2xui1>) {
  // expected-error@+1 {{operand #0 has unsupported element type ui1}}
  %0 = "tc_tensor.cast"(%x) : (tensor<2xui1>) -> tensor<2xf32>
  return
}

// -----

func.func @result_element_type(%x: tensor<2xf32>) {
  // expected-error@+1 {{result #0 has unsupported element type si8}}
  %0 = "tc_tensor.cast"(%x) : (tensor<2xf32>) -> tensor<2xsi8>
  return
}

// -----

// Only attributes whose name contains a dot are discardable.
func.func @unknown_attribute(%x: tensor<2xf32>) {
  // expected-error@+1 {{'tc_tensor.identity' op unknown attribute 'fusion_group'}}
  %0 = "tc_tensor.identity"(%x) {fusion_group = 3 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @i64_kind(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'axis' must be a 64-bit integer (e.g. `1 : i64`)}}
  %0 = "tc_tensor.concat"(%x, %x) {axis = 1 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @bool_kind(%a: memref<2x2xf32>, %b: memref<2x2xf32>, %c: memref<2x2xf32>) {
  // expected-error@+1 {{attribute 'trans_a' must be a bool (`true` or `false`)}}
  "tc_kernel.gemm"(%a, %b, %c) {alpha = 1.0 : f64, beta = 0.0 : f64, trans_a = 0 : i64, trans_b = false, kernel = "blis", reason = "r"} : (memref<2x2xf32>, memref<2x2xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @f64_kind(%x: tensor<3xf32>) {
  // expected-error@+1 {{attribute 'value' must be an f64 float (e.g. `1.0 : f64`)}}
  %0 = "tc_tensor.pad"(%x) {pads = array<i64: 1, 1>, mode = "constant", value = 0.0 : f16} : (tensor<3xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @i64_array_kind(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'perm' must be an i64 array (e.g. `array<i64: 0, 1>`)}}
  %0 = "tc_tensor.transpose"(%x) {perm = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @i64_array_too_long(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{attribute 'perm' has 65 entries, more than the supported 64}}
  %0 = "tc_tensor.transpose"(%x) {perm = array<i64: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func private @body(%i: index) attributes {tc_loop.body} {
  return
}
func.func @bool_array_too_long() {
  // expected-error@+1 {{attribute 'parallel' has 65 entries, more than the supported 64}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i1: true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func private @body(%i: index) attributes {tc_loop.body} {
  return
}
func.func @bool_array_kind() {
  // expected-error@+1 {{attribute 'parallel' must be an i1 array (e.g. `array<i1: true, false>`)}}
  "tc_loop.nest"() {body = @body, bounds = array<i64: 4>, parallel = array<i8: 1>, tile = array<i64: 0>, vector_width = 1 : i64, group = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}
