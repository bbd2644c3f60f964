// tc-lower-tensor on the unary elementwise ops (docs/dialects.md §2.2.1):
// one all-parallel nest over the shape whose body computes the element.
// RUN: tensor-opt --tc-lower-tensor -split-input-file %s | FileCheck %s

// CHECK-LABEL: func.func private @neg_f32__neg(
// CHECK-SAME:    %[[I:.*]]: index, %[[J:.*]]: index, %[[IN:.*]]: memref<2x3xf32>, %[[OUT:.*]]: memref<2x3xf32>)
// CHECK-SAME:    attributes {tc_loop.body}
// CHECK:         %[[X:.*]] = memref.load %[[IN]][%[[I]], %[[J]]]
// CHECK:         %[[Y:.*]] = arith.negf %[[X]] : f32
// CHECK:         memref.store %[[Y]], %[[OUT]][%[[I]], %[[J]]]
// CHECK-LABEL: func.func @neg_f32(
// CHECK:         %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK:         "tc_loop.nest"(%{{.*}}, %[[BUF]]) {body = @neg_f32__neg, bounds = array<i64: 2, 3>
// CHECK-SAME:    parallel = array<i1: true, true>
func.func @neg_f32(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.neg"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Integer negation wraps: 0 - x.
// CHECK-LABEL: func.func private @neg_ui8__neg(
// CHECK:         %[[X:.*]] = memref.load {{.*}} : memref<4xi8>
// CHECK:         %[[Z:.*]] = arith.constant 0 : i8
// CHECK:         arith.subi %[[Z]], %[[X]] : i8
func.func @neg_ui8(%x: tensor<4xui8>) -> tensor<4xui8> {
  %0 = "tc_tensor.neg"(%x) : (tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// |MIN| = MIN: a select, not math.absi (poison on MIN).
// CHECK-LABEL: func.func private @abs_i32__abs(
// CHECK:         %[[X:.*]] = memref.load
// CHECK:         %[[NEG:.*]] = arith.cmpi slt, %[[X]], %[[Z:.*]] : i32
// CHECK:         %[[M:.*]] = arith.subi %[[Z]], %[[X]] : i32
// CHECK:         arith.select %[[NEG]], %[[M]], %[[X]] : i32
// CHECK-NOT:     math.absi
func.func @abs_i32(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "tc_tensor.abs"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// NaN is kept: x > 0 or x unordered selects x, else +0.
// CHECK-LABEL: func.func private @relu_f64__relu(
// CHECK:         %[[X:.*]] = memref.load
// CHECK:         %[[P:.*]] = arith.cmpf ogt, %[[X]], %[[Z:.*]] : f64
// CHECK:         %[[N:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f64
// CHECK:         %[[C:.*]] = arith.ori %[[P]], %[[N]] : i1
// CHECK:         arith.select %[[C]], %[[X]], %[[Z]] : f64
func.func @relu_f64(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = "tc_tensor.relu"(%x) : (tensor<3xf64>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// -----

// f16 has no libm functions: computed in f32, rounded once back.
// CHECK-LABEL: func.func private @exp_f16__exp(
// CHECK:         %[[X:.*]] = memref.load {{.*}} : memref<5xf16>
// CHECK:         %[[W:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK:         %[[E:.*]] = math.exp %[[W]] : f32
// CHECK:         %[[R:.*]] = arith.truncf %[[E]] : f32 to f16
// CHECK:         memref.store %[[R]]
func.func @exp_f16(%x: tensor<5xf16>) -> tensor<5xf16> {
  %0 = "tc_tensor.exp"(%x) : (tensor<5xf16>) -> tensor<5xf16>
  return %0 : tensor<5xf16>
}

// -----

// CHECK-LABEL: func.func private @sqrt_f64__sqrt(
// CHECK:         %[[X:.*]] = memref.load
// CHECK-NEXT:    %[[R:.*]] = math.sqrt %[[X]] : f64
// CHECK-NEXT:    memref.store %[[R]]
func.func @sqrt_f64(%x: tensor<2xf64>) -> tensor<2xf64> {
  %0 = "tc_tensor.sqrt"(%x) : (tensor<2xf64>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// Composites are computed in f64 and rounded once.
// CHECK-LABEL: func.func private @rsqrt_f32__rsqrt(
// CHECK:         %[[W:.*]] = arith.extf %{{.*}} : f32 to f64
// CHECK:         %[[S:.*]] = math.sqrt %[[W]] : f64
// CHECK:         %[[Q:.*]] = arith.divf %{{.*}}, %[[S]] : f64
// CHECK:         arith.truncf %[[Q]] : f64 to f32
func.func @rsqrt_f32(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.rsqrt"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// e = e^-|x| never overflows; the numerator is e for x < 0, else 1.
// CHECK-LABEL: func.func private @sigmoid_bf16__sigmoid(
// CHECK:         %[[W:.*]] = arith.extf %{{.*}} : bf16 to f64
// CHECK:         %[[A:.*]] = math.absf %[[W]] : f64
// CHECK:         %[[N:.*]] = arith.negf %[[A]] : f64
// CHECK:         %[[E:.*]] = math.exp %[[N]] : f64
// CHECK:         %[[LT:.*]] = arith.cmpf olt, %[[W]]
// CHECK:         %[[NUM:.*]] = arith.select %[[LT]], %[[E]]
// CHECK:         %[[DEN:.*]] = arith.addf %{{.*}}, %[[E]] : f64
// CHECK:         %[[Q:.*]] = arith.divf %[[NUM]], %[[DEN]] : f64
// CHECK:         arith.truncf %[[Q]] : f64 to bf16
func.func @sigmoid_bf16(%x: tensor<2xbf16>) -> tensor<2xbf16> {
  %0 = "tc_tensor.sigmoid"(%x) : (tensor<2xbf16>) -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// -----

// x·erfc(-x/√2)/2, with gelu(-inf) = -0 selected.
// CHECK-LABEL: func.func private @gelu_f32__gelu(
// CHECK:         %[[W:.*]] = arith.extf %{{.*}} : f32 to f64
// CHECK:         %[[E:.*]] = math.erfc %{{.*}} : f64
// CHECK:         %[[PHI:.*]] = arith.mulf %[[E]], %{{.*}} : f64
// CHECK:         %[[V:.*]] = arith.mulf %[[W]], %[[PHI]] : f64
// CHECK:         %[[NINF:.*]] = arith.constant 0xFFF0000000000000 : f64
// CHECK:         %[[MZ:.*]] = arith.constant -0.000000e+00 : f64
// CHECK:         %[[IS:.*]] = arith.cmpf oeq, %[[W]], %[[NINF]] : f64
// CHECK:         %[[R:.*]] = arith.select %[[IS]], %[[MZ]], %[[V]] : f64
// CHECK:         arith.truncf %[[R]] : f64 to f32
func.func @gelu_f32(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.gelu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Ties to even; bf16 through f32 (exact both ways).
// CHECK-LABEL: func.func private @round_bf16__round(
// CHECK:         %[[W:.*]] = arith.extf %{{.*}} : bf16 to f32
// CHECK:         %[[R:.*]] = math.roundeven %[[W]] : f32
// CHECK:         arith.truncf %[[R]] : f32 to bf16
func.func @round_bf16(%x: tensor<2xbf16>) -> tensor<2xbf16> {
  %0 = "tc_tensor.round"(%x) : (tensor<2xbf16>) -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// -----

// CHECK-LABEL: func.func private @sign_f32__sign(
// CHECK:         %[[X:.*]] = memref.load
// CHECK:         %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK:         %[[V0:.*]] = arith.select %[[NAN]], %[[X]], %[[Z:.*]] : f32
// CHECK:         %[[LT:.*]] = arith.cmpf olt, %[[X]], %[[Z]] : f32
// CHECK:         %[[V1:.*]] = arith.select %[[LT]], %{{.*}}, %[[V0]] : f32
// CHECK:         %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[Z]] : f32
// CHECK:         arith.select %[[GT]], %{{.*}}, %[[V1]] : f32
func.func @sign_f32(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.sign"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Unsigned sign is x != 0, zero-extended.
// CHECK-LABEL: func.func private @sign_ui16__sign(
// CHECK:         %[[NZ:.*]] = arith.cmpi ne, %{{.*}}, %{{.*}} : i16
// CHECK:         arith.extui %[[NZ]] : i1 to i16
// CHECK-NOT:     arith.select
func.func @sign_ui16(%x: tensor<2xui16>) -> tensor<2xui16> {
  %0 = "tc_tensor.sign"(%x) : (tensor<2xui16>) -> tensor<2xui16>
  return %0 : tensor<2xui16>
}

// -----

// Rank 0: a nest of no loops.
// CHECK-LABEL: func.func private @not_i1__not(
// CHECK-SAME:    %[[IN:.*]]: memref<i1>, %[[OUT:.*]]: memref<i1>)
// CHECK:         %[[X:.*]] = memref.load %[[IN]][] : memref<i1>
// CHECK:         %[[T:.*]] = arith.constant true
// CHECK:         %[[Y:.*]] = arith.xori %[[X]], %[[T]] : i1
// CHECK:         memref.store %[[Y]], %[[OUT]][] : memref<i1>
// CHECK-LABEL: func.func @not_i1(
// CHECK:         "tc_loop.nest"({{.*}}) {body = @not_i1__not, bounds = array<i64>
func.func @not_i1(%x: tensor<i1>) -> tensor<i1> {
  %0 = "tc_tensor.not"(%x) : (tensor<i1>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

// CHECK-LABEL: func.func private @not_i64__not(
// CHECK:         %[[ONES:.*]] = arith.constant -1 : i64
// CHECK:         arith.xori %{{.*}}, %[[ONES]] : i64
func.func @not_i64(%x: tensor<3xi64>) -> tensor<3xi64> {
  %0 = "tc_tensor.not"(%x) : (tensor<3xi64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// A copy nest over the signless buffers; an empty shape keeps its zero bound.
// CHECK-LABEL: func.func private @identity_empty__identity(
// CHECK-SAME:    %[[IN:[a-z0-9]+]]: memref<0x2xi32>, %[[OUT:[a-z0-9]+]]: memref<0x2xi32>)
// CHECK:         %[[X:.*]] = memref.load %[[IN]]
// CHECK-NEXT:    memref.store %[[X]], %[[OUT]]
// CHECK-LABEL: func.func @identity_empty(
// CHECK:         "tc_loop.nest"({{.*}}) {body = @identity_empty__identity, bounds = array<i64: 0, 2>
func.func @identity_empty(%x: tensor<0x2xui32>) -> tensor<0x2xui32> {
  %0 = "tc_tensor.identity"(%x) : (tensor<0x2xui32>) -> tensor<0x2xui32>
  return %0 : tensor<0x2xui32>
}
