// tc-lower-tensor on the binary elementwise ops, comparisons and `where`
// (lib/Conversion/TensorToLoop/Binary.c): one all-parallel nest over the
// broadcast result shape whose body loads each operand at its broadcast
// index and computes the element with the ops the dtype calls for.
// RUN: tensor-opt --tc-lower-tensor -split-input-file %s | FileCheck %s

// CHECK-LABEL: func.func private @add_f32__add
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index, %[[A:.*]]: memref<4x3xf32>, %[[B:.*]]: memref<3xf32>, %[[R:.*]]: memref<4x3xf32>)
// CHECK-SAME: tc_loop.body
// CHECK: %[[X:.*]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK: %[[Y:.*]] = memref.load %[[B]][%[[J]]]
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK: memref.store %[[S]], %[[R]][%[[I]], %[[J]]]
// CHECK-LABEL: func.func @add_f32
// CHECK: "tc_loop.nest"
// CHECK-SAME: body = @add_f32__add, bounds = array<i64: 4, 3>
// CHECK-SAME: parallel = array<i1: true, true>
func.func @add_f32(%a: tensor<4x3xf32>, %b: tensor<3xf32>) -> tensor<4x3xf32> {
  %0 = "tc_tensor.add"(%a, %b) : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func private @sub_i8__sub
// CHECK: arith.subi %{{.*}}, %{{.*}} : i8
func.func @sub_i8(%a: tensor<2xi8>, %b: tensor<i8>) -> tensor<2xi8> {
  %0 = "tc_tensor.sub"(%a, %b) : (tensor<2xi8>, tensor<i8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

// CHECK-LABEL: func.func private @mul_bf16__mul
// CHECK: arith.mulf %{{.*}}, %{{.*}} : bf16
func.func @mul_bf16(%a: tensor<2xbf16>, %b: tensor<2xbf16>) -> tensor<2xbf16> {
  %0 = "tc_tensor.mul"(%a, %b) : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// -----

// Signed division: divisors 0 and -1 become 1, then x / 0 = 0 and
// x / -1 = 0 - x are selected.
// CHECK-LABEL: func.func private @div_i32__div
// CHECK-SAME: %[[A:[^:]*]]: memref<3xi32>, %[[B:[^:]*]]: memref<3xi32>
// CHECK: %[[X:.*]] = memref.load %[[A]]
// CHECK: %[[Y:.*]] = memref.load %[[B]]
// CHECK: %[[SAFE:.*]] = arith.select %{{.*}}, %{{.*}}, %[[Y]] : i32
// CHECK: %[[Q:.*]] = arith.divsi %[[X]], %[[SAFE]] : i32
// CHECK: %[[NEG:.*]] = arith.subi %{{.*}}, %[[X]] : i32
// CHECK: %[[Q1:.*]] = arith.select %{{.*}}, %[[NEG]], %[[Q]] : i32
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[Q1]] : i32
func.func @div_i32(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %0 = "tc_tensor.div"(%a, %b) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func private @div_ui8__div
// CHECK-SAME: memref<3xi8>
// CHECK: arith.divui %{{.*}}, %{{.*}} : i8
// CHECK-NOT: arith.divsi
func.func @div_ui8(%a: tensor<3xui8>, %b: tensor<3xui8>) -> tensor<3xui8> {
  %0 = "tc_tensor.div"(%a, %b) : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
  return %0 : tensor<3xui8>
}

// -----

// Float pow is libm pow on f64, rounded once.
// CHECK-LABEL: func.func private @pow_f16__pow
// CHECK: %[[Y:.*]] = arith.extf %{{.*}} : f16 to f64
// CHECK: %[[X:.*]] = arith.extf %{{.*}} : f16 to f64
// CHECK: %[[P:.*]] = math.powf %[[X]], %[[Y]] : f64
// CHECK: arith.truncf %[[P]] : f64 to f16
func.func @pow_f16(%a: tensor<2xf16>, %b: tensor<2xf16>) -> tensor<2xf16> {
  %0 = "tc_tensor.pow"(%a, %b) : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

// Integer pow: squaring over the exponent's 32 bits, then the negative
// exponents of a signed dtype selected apart.
// CHECK-LABEL: func.func private @pow_i32__pow
// CHECK: %[[N:.*]] = arith.constant 32 : index
// CHECK: %[[P:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[BASE:.*]] = %{{.*}}, %[[E:.*]] = %{{.*}}) -> (i32, i32, i32)
// CHECK: arith.muli %[[ACC]], %[[BASE]] : i32
// CHECK: arith.muli %[[BASE]], %[[BASE]] : i32
// CHECK: arith.shrui %[[E]], %{{.*}} : i32
// CHECK: scf.yield
// CHECK: %[[NEG:.*]] = arith.cmpi slt
// CHECK: arith.select %[[NEG]], %{{.*}}, %[[P]]#0 : i32
func.func @pow_i32(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "tc_tensor.pow"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func private @max_f32__max
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
func.func @max_f32(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.max"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func private @min_ui16__min
// CHECK: arith.minui %{{.*}}, %{{.*}} : i16
func.func @min_ui16(%a: tensor<2xui16>, %b: tensor<2xui16>) -> tensor<2xui16> {
  %0 = "tc_tensor.min"(%a, %b) : (tensor<2xui16>, tensor<2xui16>) -> tensor<2xui16>
  return %0 : tensor<2xui16>
}

// -----

// Float mod from t = fmod(x, y): a zero takes y's sign, t of the other sign
// than y becomes t + y.
// CHECK-LABEL: func.func private @mod_f32__mod
// CHECK: %[[T:.*]] = arith.remf %[[X:.*]], %[[Y:.*]] : f32
// CHECK: %[[Z:.*]] = math.copysign %{{.*}}, %[[Y]] : f32
// CHECK: %[[SUM:.*]] = arith.addf %[[T]], %[[Y]] : f32
// CHECK: %[[ADJ:.*]] = arith.select %{{.*}}, %[[SUM]], %[[T]] : f32
// CHECK: %[[ZERO:.*]] = arith.cmpf oeq, %[[T]]
// CHECK: arith.select %[[ZERO]], %[[Z]], %[[ADJ]] : f32
func.func @mod_f32(%a: tensor<f32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tc_tensor.mod"(%a, %b) : (tensor<f32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func private @mod_i64__mod
// CHECK: %[[R:.*]] = arith.remsi %{{.*}}, %{{.*}} : i64
// CHECK: %[[S:.*]] = arith.addi %[[R]], %{{.*}} : i64
// CHECK: arith.select %{{.*}}, %[[S]], %[[R]] : i64
func.func @mod_i64(%a: tensor<2xi64>, %b: tensor<2xi64>) -> tensor<2xi64> {
  %0 = "tc_tensor.mod"(%a, %b) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func private @fmod_ui32__fmod
// CHECK: arith.remui %{{.*}}, %{{.*}} : i32
func.func @fmod_ui32(%a: tensor<2xui32>, %b: tensor<2xui32>) -> tensor<2xui32> {
  %0 = "tc_tensor.fmod"(%a, %b) : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xui32>
  return %0 : tensor<2xui32>
}

// -----

// CHECK-LABEL: func.func private @fmod_f64__fmod
// CHECK: arith.remf %{{.*}}, %{{.*}} : f64
func.func @fmod_f64(%a: tensor<2xf64>, %b: tensor<2xf64>) -> tensor<2xf64> {
  %0 = "tc_tensor.fmod"(%a, %b) : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// CHECK-LABEL: func.func private @and_i1__and
// CHECK: arith.andi %{{.*}}, %{{.*}} : i1
func.func @and_i1(%a: tensor<2xi1>, %b: tensor<2xi1>) -> tensor<2xi1> {
  %0 = "tc_tensor.and"(%a, %b) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func private @or_ui8__or
// CHECK: arith.ori %{{.*}}, %{{.*}} : i8
func.func @or_ui8(%a: tensor<2xui8>, %b: tensor<2xui8>) -> tensor<2xui8> {
  %0 = "tc_tensor.or"(%a, %b) : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8>
  return %0 : tensor<2xui8>
}

// -----

// CHECK-LABEL: func.func private @xor_i16__xor
// CHECK: arith.xori %{{.*}}, %{{.*}} : i16
func.func @xor_i16(%a: tensor<2xi16>, %b: tensor<2xi16>) -> tensor<2xi16> {
  %0 = "tc_tensor.xor"(%a, %b) : (tensor<2xi16>, tensor<2xi16>) -> tensor<2xi16>
  return %0 : tensor<2xi16>
}

// -----

// Comparisons store i1; float ones are ordered (false on NaN) except ne.
// CHECK-LABEL: func.func private @eq_f32__eq
// CHECK-SAME: %[[R:[^:]*]]: memref<2xi1>
// CHECK: %[[C:.*]] = arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
// CHECK: memref.store %[[C]], %[[R]]
func.func @eq_f32(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xi1> {
  %0 = "tc_tensor.eq"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func private @ne_f64__ne
// CHECK: arith.cmpf une, %{{.*}}, %{{.*}} : f64
func.func @ne_f64(%a: tensor<2xf64>, %b: tensor<2xf64>) -> tensor<2xi1> {
  %0 = "tc_tensor.ne"(%a, %b) : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func private @lt_ui8__lt
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i8
func.func @lt_ui8(%a: tensor<2xui8>, %b: tensor<2xui8>) -> tensor<2xi1> {
  %0 = "tc_tensor.lt"(%a, %b) : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func private @le_i32__le
// CHECK: arith.cmpi sle, %{{.*}}, %{{.*}} : i32
func.func @le_i32(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi1> {
  %0 = "tc_tensor.le"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func private @gt_f16__gt
// CHECK: arith.cmpf ogt, %{{.*}}, %{{.*}} : f16
func.func @gt_f16(%a: tensor<2xf16>, %b: tensor<2xf16>) -> tensor<2xi1> {
  %0 = "tc_tensor.gt"(%a, %b) : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// i1 compares unsigned: false < true.
// CHECK-LABEL: func.func private @ge_i1__ge
// CHECK: arith.cmpi uge, %{{.*}}, %{{.*}} : i1
func.func @ge_i1(%a: tensor<2xi1>, %b: tensor<2xi1>) -> tensor<2xi1> {
  %0 = "tc_tensor.ge"(%a, %b) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// where: a 3-way broadcast; the selected value is stored unchanged.
// CHECK-LABEL: func.func private @where__where
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index, %[[C:.*]]: memref<2x1xi1>, %[[A:.*]]: memref<3xf32>, %[[B:.*]]: memref<f32>, %[[R:.*]]: memref<2x3xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[CV:.*]] = memref.load %[[C]][%[[I]], %[[ZERO]]]
// CHECK: %[[AV:.*]] = memref.load %[[A]][%[[J]]]
// CHECK: %[[BV:.*]] = memref.load %[[B]][]
// CHECK: %[[V:.*]] = arith.select %[[CV]], %[[AV]], %[[BV]] : f32
// CHECK: memref.store %[[V]], %[[R]][%[[I]], %[[J]]]
// CHECK-LABEL: func.func @where
// CHECK: "tc_loop.nest"
// CHECK-SAME: body = @where__where, bounds = array<i64: 2, 3>
// CHECK-SAME: parallel = array<i1: true, true>
func.func @where(%c: tensor<2x1xi1>, %a: tensor<3xf32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "tc_tensor.where"(%c, %a, %b) : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
