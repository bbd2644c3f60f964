// tc-lower-tensor on cast (docs/dialects.md §2.2.6) and clip (§2.2.5): one
// all-parallel nest over the shape whose body converts or clamps the element.
// RUN: tensor-opt --tc-lower-tensor -split-input-file %s | FileCheck %s

// float -> int saturates: only a truncated value in [MIN, MAX+1) is
// converted (NaN converts 0), the others select MIN or MAX.
// CHECK-LABEL: func.func private @f32_to_i8__cast(
// CHECK:         %[[T:.*]] = math.trunc %{{.*}} : f32
// CHECK-DAG:     %[[LO:.*]] = arith.constant -1.280000e+02 : f32
// CHECK-DAG:     %[[HI:.*]] = arith.constant 1.280000e+02 : f32
// CHECK:         %[[BELOW:.*]] = arith.cmpf olt, %[[T]], %[[LO]] : f32
// CHECK:         %[[ABOVE:.*]] = arith.cmpf oge, %[[T]], %[[HI]] : f32
// CHECK:         %[[SAFE:.*]] = arith.select %{{.*}}, %[[T]], %{{.*}} : f32
// CHECK:         %[[V:.*]] = arith.fptosi %[[SAFE]] : f32 to i8
// CHECK:         %[[MIN:.*]] = arith.constant -128 : i8
// CHECK:         %[[V1:.*]] = arith.select %[[BELOW]], %[[MIN]], %[[V]] : i8
// CHECK:         %[[MAX:.*]] = arith.constant 127 : i8
// CHECK:         arith.select %[[ABOVE]], %[[MAX]], %[[V1]] : i8
// CHECK-LABEL: func.func @f32_to_i8(
// CHECK:         "tc_loop.nest"({{.*}}) {body = @f32_to_i8__cast, bounds = array<i64: 2, 3>
// CHECK-SAME:    parallel = array<i1: true, true>
func.func @f32_to_i8(%x: tensor<2x3xf32>) -> tensor<2x3xi8> {
  %0 = "tc_tensor.cast"(%x) : (tensor<2x3xf32>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}

// -----

// f16 widens exactly to f32 first; unsigned targets use fptoui from 0.
// CHECK-LABEL: func.func private @f16_to_ui64__cast(
// CHECK:         %[[W:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK:         %[[T:.*]] = math.trunc %[[W]] : f32
// CHECK-DAG:     arith.constant 0.000000e+00 : f32
// CHECK-DAG:     arith.constant 1.84467441E+19 : f32
// CHECK:         arith.fptoui %{{.*}} : f32 to i64
func.func @f16_to_ui64(%x: tensor<4xf16>) -> tensor<4xui64> {
  %0 = "tc_tensor.cast"(%x) : (tensor<4xf16>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}

// -----

// f64 -> bf16 rounds once: to f32 to odd, then to bf16.
// CHECK-LABEL: func.func private @f64_to_bf16__cast(
// CHECK:         %[[X:.*]] = memref.load
// CHECK:         %[[R:.*]] = arith.truncf %[[X]] : f64 to f32
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[R]] : f32 to i32
// CHECK:         %[[ODD:.*]] = arith.ori %{{.*}}, %{{.*}} : i32
// CHECK:         %[[SEL:.*]] = arith.select %{{.*}}, %[[BITS]], %[[ODD]] : i32
// CHECK:         %[[F:.*]] = arith.bitcast %[[SEL]] : i32 to f32
// CHECK:         arith.truncf %[[F]] : f32 to bf16
func.func @f64_to_bf16(%x: tensor<2xf64>) -> tensor<2xbf16> {
  %0 = "tc_tensor.cast"(%x) : (tensor<2xf64>) -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// -----

// i64 -> bf16: the bits below 53 significant ones fold into a sticky bit,
// so the conversion to f64 is exact.
// CHECK-LABEL: func.func private @i64_to_bf16__cast(
// CHECK:         %[[LOW:.*]] = arith.constant 2047 : i64
// CHECK:         %[[MASK:.*]] = arith.constant -2048 : i64
// CHECK:         %[[FOLD:.*]] = arith.andi %{{.*}}, %[[MASK]] : i64
// CHECK:         %[[BIG:.*]] = arith.cmpi uge, %{{.*}}, %{{.*}} : i64
// CHECK:         %[[M:.*]] = arith.select %[[BIG]], %[[FOLD]], %{{.*}} : i64
// CHECK:         arith.uitofp %[[M]] : i64 to f64
// CHECK:         arith.truncf %{{.*}} : f32 to bf16
func.func @i64_to_bf16(%x: tensor<2xi64>) -> tensor<2xbf16> {
  %0 = "tc_tensor.cast"(%x) : (tensor<2xi64>) -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// -----

// CHECK-LABEL: func.func private @ui32_to_f32__cast(
// CHECK:         arith.uitofp %{{.*}} : i32 to f32
func.func @ui32_to_f32(%x: tensor<2xui32>) -> tensor<2xf32> {
  %0 = "tc_tensor.cast"(%x) : (tensor<2xui32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Widening extends by the source's signedness; narrowing keeps the low bits.
// CHECK-LABEL: func.func private @ui8_to_i32__cast(
// CHECK:         arith.extui %{{.*}} : i8 to i32
// CHECK-LABEL: func.func private @ui8_to_i32__cast_0(
// CHECK:         arith.trunci %{{.*}} : i32 to i8
func.func @ui8_to_i32(%x: tensor<2xui8>) -> tensor<2xi8> {
  %0 = "tc_tensor.cast"(%x) : (tensor<2xui8>) -> tensor<2xi32>
  %1 = "tc_tensor.cast"(%0) : (tensor<2xi32>) -> tensor<2xi8>
  return %1 : tensor<2xi8>
}

// -----

// f16 <-> bf16 goes through f32 (exact), then rounds once.
// CHECK-LABEL: func.func private @f16_to_bf16__cast(
// CHECK:         %[[W:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK:         arith.truncf %[[W]] : f32 to bf16
func.func @f16_to_bf16(%x: tensor<2xf16>) -> tensor<2xbf16> {
  %0 = "tc_tensor.cast"(%x) : (tensor<2xf16>) -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// -----

// i1 is bool: true -> 1 (never -1); NaN -> true.
// CHECK-LABEL: func.func private @bools__cast(
// CHECK:         arith.extui %{{.*}} : i1 to i8
// CHECK-LABEL: func.func private @bools__cast_0(
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         arith.select %{{.*}}, %[[ONE]], %[[ZERO]] : f32
// CHECK-LABEL: func.func private @bools__cast_1(
// CHECK:         arith.cmpf une, %{{.*}}, %{{.*}} : f32
func.func @bools(%x: tensor<2xi1>) -> (tensor<2xi8>, tensor<2xi1>) {
  %0 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xi8>
  %1 = "tc_tensor.cast"(%x) : (tensor<2xi1>) -> tensor<2xf32>
  %2 = "tc_tensor.cast"(%1) : (tensor<2xf32>) -> tensor<2xi1>
  return %0, %2 : tensor<2xi8>, tensor<2xi1>
}

// -----

// Same dtype: a copy.
// CHECK-LABEL: func.func private @same__cast(
// CHECK:         %[[X:.*]] = memref.load
// CHECK-NEXT:    memref.store %[[X]]
func.func @same(%x: tensor<f64>) -> tensor<f64> {
  %0 = "tc_tensor.cast"(%x) : (tensor<f64>) -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

// Float bounds are rounded to the dtype (0.1 -> f16 0.0999755859); f16
// compares in f32 with maximumf / minimumf (NaN-propagating, -0 < +0).
// CHECK-LABEL: func.func private @clip_f16__clip(
// CHECK-SAME:    %[[I:.*]]: index, %[[IN:[a-z0-9]+]]: memref<5xf16>, %[[OUT:[a-z0-9]+]]: memref<5xf16>)
// CHECK:         %[[X:.*]] = memref.load %[[IN]][%[[I]]]
// CHECK:         %[[LO:.*]] = arith.constant 9.997550e-02 : f16
// CHECK:         %[[LOW:.*]] = arith.extf %[[LO]] : f16 to f32
// CHECK:         %[[HI:.*]] = arith.constant 0x7C00 : f16
// CHECK:         %[[HIW:.*]] = arith.extf %[[HI]] : f16 to f32
// CHECK:         %[[XW:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK:         %[[A:.*]] = arith.maximumf %[[XW]], %[[LOW]] : f32
// CHECK:         %[[B:.*]] = arith.minimumf %[[A]], %[[HIW]] : f32
// CHECK:         %[[R:.*]] = arith.truncf %[[B]] : f32 to f16
// CHECK:         memref.store %[[R]], %[[OUT]][%[[I]]]
// CHECK-LABEL: func.func @clip_f16(
// CHECK:         "tc_loop.nest"({{.*}}) {body = @clip_f16__clip, bounds = array<i64: 5>
// CHECK-SAME:    parallel = array<i1: true>
func.func @clip_f16(%x: tensor<5xf16>) -> tensor<5xf16> {
  %0 = "tc_tensor.clip"(%x) {min = 0.1 : f64, max = 0x7FF0000000000000 : f64} : (tensor<5xf16>) -> tensor<5xf16>
  return %0 : tensor<5xf16>
}

// -----

// Unsigned bounds compare unsigned: 200 is the i8 pattern -56.
// CHECK-LABEL: func.func private @clip_ui8__clip(
// CHECK-DAG:     %[[LO:.*]] = arith.constant 3 : i8
// CHECK-DAG:     %[[HI:.*]] = arith.constant -56 : i8
// CHECK:         %[[A:.*]] = arith.maxui %{{.*}}, %[[LO]] : i8
// CHECK:         arith.minui %[[A]], %[[HI]] : i8
func.func @clip_ui8(%x: tensor<4xui8>) -> tensor<4xui8> {
  %0 = "tc_tensor.clip"(%x) {min = 3 : i64, max = 200 : i64} : (tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// CHECK-LABEL: func.func private @clip_i64__clip(
// CHECK:         %[[X:.*]] = memref.load %{{.*}}[] : memref<i64>
// CHECK:         %[[A:.*]] = arith.maxsi %[[X]], %{{.*}} : i64
// CHECK:         arith.minsi %[[A]], %{{.*}} : i64
func.func @clip_i64(%x: tensor<i64>) -> tensor<i64> {
  %0 = "tc_tensor.clip"(%x) {min = -5 : i64, max = 5 : i64} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}
