// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// tc-verify's rules for the elementwise ops, comparisons, where, clip, cast
// and constant (docs/dialects.md §2.2.1 to §2.2.7,
// lib/Transforms/Verify/VerifyElementwise.c): one case per diagnostic.

func.func @valid(%f: tensor<2x3xf32>, %v: tensor<3xf32>, %c: tensor<2x1xf32>, %i: tensor<2x3xi32>, %u: tensor<3xui8>, %b: tensor<2x1xi1>, %s: tensor<f64>, %e: tensor<0x3xbf16>) {
  %0 = "tc_tensor.ceil"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "tc_tensor.cos"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "tc_tensor.erf"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "tc_tensor.exp"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = "tc_tensor.floor"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "tc_tensor.gelu"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = "tc_tensor.log"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = "tc_tensor.reciprocal"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %8 = "tc_tensor.round"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %9 = "tc_tensor.rsqrt"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %10 = "tc_tensor.sigmoid"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %11 = "tc_tensor.sin"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %12 = "tc_tensor.sqrt"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %13 = "tc_tensor.tanh"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %14 = "tc_tensor.abs"(%i) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %15 = "tc_tensor.neg"(%i) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %16 = "tc_tensor.relu"(%i) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %17 = "tc_tensor.sign"(%i) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %18 = "tc_tensor.not"(%b) : (tensor<2x1xi1>) -> tensor<2x1xi1>
  %19 = "tc_tensor.not"(%u) : (tensor<3xui8>) -> tensor<3xui8>
  %20 = "tc_tensor.identity"(%s) {tc.note = "kept"} : (tensor<f64>) -> tensor<f64>
  %21 = "tc_tensor.exp"(%e) : (tensor<0x3xbf16>) -> tensor<0x3xbf16>
  %22 = "tc_tensor.add"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %23 = "tc_tensor.sub"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %24 = "tc_tensor.mul"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %25 = "tc_tensor.div"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %26 = "tc_tensor.pow"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %27 = "tc_tensor.max"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %28 = "tc_tensor.min"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %29 = "tc_tensor.mod"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %30 = "tc_tensor.fmod"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %31 = "tc_tensor.and"(%u, %u) : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
  %32 = "tc_tensor.or"(%u, %u) : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
  %33 = "tc_tensor.xor"(%u, %u) : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
  %34 = "tc_tensor.eq"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %35 = "tc_tensor.ne"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %36 = "tc_tensor.lt"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %37 = "tc_tensor.le"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %38 = "tc_tensor.gt"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %39 = "tc_tensor.ge"(%c, %v) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %40 = "tc_tensor.eq"(%b, %b) : (tensor<2x1xi1>, tensor<2x1xi1>) -> tensor<2x1xi1>
  %41 = "tc_tensor.where"(%b, %v, %f) : (tensor<2x1xi1>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %42 = "tc_tensor.clip"(%f) {min = 0xFFF0000000000000 : f64, max = -1.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %43 = "tc_tensor.clip"(%u) {min = 3 : i64, max = 200 : i64} : (tensor<3xui8>) -> tensor<3xui8>
  %44 = "tc_tensor.cast"(%f) : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %45 = "tc_tensor.cast"(%u) : (tensor<3xui8>) -> tensor<3xbf16>
  %46 = "tc_tensor.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %47 = "tc_tensor.constant"() {value = dense<1.5> : tensor<2x2xf16>} : () -> tensor<2x2xf16>
  return
}

// -----

func.func @unary_unknown_attribute(%x: tensor<3xf32>) {
  // expected-error@+1 {{'tc_tensor.exp' op unknown attribute 'approx'}}
  %0 = "tc_tensor.exp"(%x) {approx = true} : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @unary_float_only(%x: tensor<3xi32>) {
  // expected-error@+1 {{operand must have float elements, got i32}}
  %0 = "tc_tensor.exp"(%x) : (tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @unary_numeric_only(%x: tensor<3xi1>) {
  // expected-error@+1 {{operand must have numeric elements, got i1}}
  %0 = "tc_tensor.neg"(%x) : (tensor<3xi1>) -> tensor<3xi1>
  return
}

// -----

func.func @unary_bool_or_int_only(%x: tensor<3xf32>) {
  // expected-error@+1 {{operand must have bool or integer elements, got f32}}
  %0 = "tc_tensor.not"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @unary_result_dtype(%x: tensor<3xf32>) {
  // expected-error@+1 {{all operands and results must have the same element type, got f32 (first operand) and f16 (result #0)}}
  %0 = "tc_tensor.relu"(%x) : (tensor<3xf32>) -> tensor<3xf16>
  return
}

// -----

func.func @unary_result_shape(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{result shape must be 2x3, got 3x2}}
  %0 = "tc_tensor.sqrt"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @binary_unknown_attribute(%x: tensor<3xf32>) {
  // expected-error@+1 {{'tc_tensor.add' op unknown attribute 'broadcast'}}
  %0 = "tc_tensor.add"(%x, %x) {broadcast = 1 : i64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @binary_numeric_only(%x: tensor<3xi1>) {
  // expected-error@+1 {{operand #0 must have numeric elements, got i1}}
  %0 = "tc_tensor.add"(%x, %x) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  return
}

// -----

func.func @binary_bool_or_int_only(%x: tensor<3xf32>) {
  // expected-error@+1 {{operand #0 must have bool or integer elements, got f32}}
  %0 = "tc_tensor.xor"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @binary_mixed_dtypes(%x: tensor<3xf32>, %y: tensor<3xf64>) {
  // expected-error@+1 {{all operands and results must have the same element type, got f32 (first operand) and f64 (operand #1)}}
  %0 = "tc_tensor.mul"(%x, %y) : (tensor<3xf32>, tensor<3xf64>) -> tensor<3xf32>
  return
}

// -----

func.func @binary_no_promotion(%x: tensor<3xi32>, %y: tensor<3xi64>) {
  // expected-error@+1 {{all operands and results must have the same element type, got i32 (first operand) and i64 (operand #1)}}
  %0 = "tc_tensor.add"(%x, %y) : (tensor<3xi32>, tensor<3xi64>) -> tensor<3xi64>
  return
}

// -----

func.func @binary_incompatible(%x: tensor<2x3xf32>, %y: tensor<2xf32>) {
  // expected-error@+1 {{operand shapes 2x3 and 2 are not broadcast-compatible}}
  %0 = "tc_tensor.sub"(%x, %y) : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @binary_zero_against_two(%x: tensor<2xf32>, %y: tensor<0xf32>) {
  // expected-error@+1 {{operand shapes 2 and 0 are not broadcast-compatible}}
  %0 = "tc_tensor.div"(%x, %y) : (tensor<2xf32>, tensor<0xf32>) -> tensor<0xf32>
  return
}

// -----

func.func @binary_result_shape(%x: tensor<4x1xf32>, %y: tensor<3xf32>) {
  // expected-error@+1 {{result shape must be 4x3, got 4x1}}
  %0 = "tc_tensor.max"(%x, %y) : (tensor<4x1xf32>, tensor<3xf32>) -> tensor<4x1xf32>
  return
}

// -----

func.func @compare_unknown_attribute(%x: tensor<3xf32>) {
  // expected-error@+1 {{'tc_tensor.lt' op unknown attribute 'ordered'}}
  %0 = "tc_tensor.lt"(%x, %x) {ordered = true} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return
}

// -----

func.func @compare_mixed_dtypes(%x: tensor<3xf32>, %y: tensor<3xi32>) {
  // expected-error@+1 {{operands must have the same element type, got f32 and i32}}
  %0 = "tc_tensor.eq"(%x, %y) : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xi1>
  return
}

// -----

func.func @compare_result_dtype(%x: tensor<3xf32>) {
  // expected-error@+1 {{result must have i1 elements, got f32}}
  %0 = "tc_tensor.gt"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @compare_incompatible(%x: tensor<3xf32>, %y: tensor<4xf32>) {
  // expected-error@+1 {{operand shapes 3 and 4 are not broadcast-compatible}}
  %0 = "tc_tensor.ne"(%x, %y) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @compare_result_shape(%x: tensor<3xf32>, %y: tensor<2x1xf32>) {
  // expected-error@+1 {{result shape must be 2x3, got 3}}
  %0 = "tc_tensor.ge"(%x, %y) : (tensor<3xf32>, tensor<2x1xf32>) -> tensor<3xi1>
  return
}

// -----

func.func @where_unknown_attribute(%c: tensor<3xi1>, %x: tensor<3xf32>) {
  // expected-error@+1 {{'tc_tensor.where' op unknown attribute 'mode'}}
  %0 = "tc_tensor.where"(%c, %x, %x) {mode = "select"} : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @where_condition_dtype(%c: tensor<3xi8>, %x: tensor<3xf32>) {
  // expected-error@+1 {{condition must have i1 elements, got i8}}
  %0 = "tc_tensor.where"(%c, %x, %x) : (tensor<3xi8>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @where_mixed_dtypes(%c: tensor<3xi1>, %x: tensor<3xf32>, %y: tensor<3xf64>) {
  // expected-error@+1 {{selected operands must have the same element type, got f32 and f64}}
  %0 = "tc_tensor.where"(%c, %x, %y) : (tensor<3xi1>, tensor<3xf32>, tensor<3xf64>) -> tensor<3xf32>
  return
}

// -----

func.func @where_result_dtype(%c: tensor<3xi1>, %x: tensor<3xf32>) {
  // expected-error@+1 {{operand #1 and result must have the same element type, got f32 and i1}}
  %0 = "tc_tensor.where"(%c, %x, %x) : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return
}

// -----

func.func @where_incompatible(%c: tensor<2x1xi1>, %x: tensor<3xf32>, %y: tensor<2xf32>) {
  // expected-error@+1 {{operand shapes 2x3 and 2 are not broadcast-compatible}}
  %0 = "tc_tensor.where"(%c, %x, %y) : (tensor<2x1xi1>, tensor<3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @where_result_shape(%c: tensor<2x1xi1>, %x: tensor<3xf32>) {
  // expected-error@+1 {{result shape must be 2x3, got 3}}
  %0 = "tc_tensor.where"(%c, %x, %x) : (tensor<2x1xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @clip_unknown_attribute(%x: tensor<3xf32>) {
  // expected-error@+1 {{'tc_tensor.clip' op unknown attribute 'lo'}}
  %0 = "tc_tensor.clip"(%x) {min = 0.0 : f64, max = 1.0 : f64, lo = 0.0 : f64} : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @clip_bool(%x: tensor<3xi1>) {
  // expected-error@+1 {{operand must have numeric elements, got i1}}
  %0 = "tc_tensor.clip"(%x) {min = 0 : i64, max = 1 : i64} : (tensor<3xi1>) -> tensor<3xi1>
  return
}

// -----

func.func @clip_result_dtype(%x: tensor<3xf32>) {
  // expected-error@+1 {{all operands and results must have the same element type, got f32 (first operand) and f64 (result #0)}}
  %0 = "tc_tensor.clip"(%x) {min = 0.0 : f64, max = 1.0 : f64} : (tensor<3xf32>) -> tensor<3xf64>
  return
}

// -----

func.func @clip_result_shape(%x: tensor<3xf32>) {
  // expected-error@+1 {{result shape must be 3, got 1x3}}
  %0 = "tc_tensor.clip"(%x) {min = 0.0 : f64, max = 1.0 : f64} : (tensor<3xf32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @clip_float_bound_kind(%x: tensor<3xf32>) {
  // expected-error@+1 {{attribute 'min' must be an f64 float (e.g. `1.0 : f64`)}}
  %0 = "tc_tensor.clip"(%x) {min = 0 : i64, max = 1.0 : f64} : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @clip_int_bound_kind(%x: tensor<3xi32>) {
  // expected-error@+1 {{attribute 'max' must be a 64-bit integer (e.g. `1 : i64`)}}
  %0 = "tc_tensor.clip"(%x) {min = 0 : i64, max = 1.0 : f64} : (tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @cast_unknown_attribute(%x: tensor<3xf32>) {
  // expected-error@+1 {{'tc_tensor.cast' op unknown attribute 'saturate'}}
  %0 = "tc_tensor.cast"(%x) {saturate = true} : (tensor<3xf32>) -> tensor<3xi8>
  return
}

// -----

func.func @cast_result_shape(%x: tensor<3xf32>) {
  // expected-error@+1 {{result shape must be 3, got 4}}
  %0 = "tc_tensor.cast"(%x) : (tensor<3xf32>) -> tensor<4xi8>
  return
}

// -----

func.func @constant_unknown_attribute() {
  // expected-error@+1 {{'tc_tensor.constant' op unknown attribute 'name'}}
  %0 = "tc_tensor.constant"() {value = dense<1.0> : tensor<2xf32>, name = "w"} : () -> tensor<2xf32>
  return
}

// -----

func.func @constant_not_elements() {
  // expected-error@+1 {{attribute 'value' must be a dense or dense_resource elements attribute}}
  %0 = "tc_tensor.constant"() {value = 1.0 : f32} : () -> tensor<f32>
  return
}

// -----

func.func @constant_type() {
  // expected-error@+1 {{attribute 'value' has type tensor<2xf32> but the result has type tensor<2xf64>}}
  %0 = "tc_tensor.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf64>
  return
}

// -----

func.func @clip_nan_bound(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'min' must not be NaN}}
  %0 = "tc_tensor.clip"(%x) {min = 0x7FF8000000000000 : f64, max = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clip_int_bound_out_of_range(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error@+1 {{attribute 'max' (128) is out of range for i8}}
  %0 = "tc_tensor.clip"(%x) {min = -128 : i64, max = 128 : i64} : (tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @clip_unsigned_bound_read_unsigned(%x: tensor<4xui8>) -> tensor<4xui8> {
  // expected-error@+1 {{attribute 'min' (-1) is out of range for ui8}}
  %0 = "tc_tensor.clip"(%x) {min = -1 : i64, max = 255 : i64} : (tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

func.func @clip_ui64_full_range(%x: tensor<4xui64>) -> tensor<4xui64> {
  %0 = "tc_tensor.clip"(%x) {min = 0 : i64, max = -1 : i64} : (tensor<4xui64>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}

// -----

func.func @i64_attr_must_be_signless(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'axis' must be a 64-bit integer}}
  %0 = "tc_tensor.softmax"(%x) {axis = 0 : ui64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
