//===- Unary.c - lowering of unary elementwise tc_tensor ops ---------------===//
//
// The unary ops of docs/dialects.md §2.2.1, one scalar function each,
// lowered by tcLowerElementwise (one nest over the shape, all loops
// parallel). Each function computes the element exactly as the spec says,
// special values included; buffers hold the signless form of the dtype, so
// the functions pick signed or unsigned ops from `dtype`.
//
// Where the math is done:
//  - exact ops (neg, abs, floor, ceil, round, sign, not, identity, relu)
//    compute in the dtype itself, except that floor/ceil/round of f16 and
//    bf16 go through f32 (exact both ways: the results are integers or the
//    input);
//  - single correctly rounded or libm functions (sqrt, reciprocal, exp,
//    log, tanh, erf, sin, cos) compute in f32 for f16/bf16 (libm has no
//    half functions; f32 has more than twice their precision plus two bits,
//    so sqrt and 1/x round once in effect) and in the dtype otherwise;
//  - composites (rsqrt, sigmoid, gelu) compute in f64 and round once to the
//    dtype, so that an f32 result stays within a few ulp of the exact value.
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

#include <math.h>

//===-- Float helpers ---------------------------------------------------------===//

static bool isHalf(MlirType t) { return mlirTypeIsAF16(t) || mlirTypeIsABF16(t); }

/// The type single functions of a `dtype` value are computed in.
static MlirType libmType(TcBuilder *b, MlirType dtype) { return isHalf(dtype) ? mlirF32TypeGet(b->ctx) : dtype; }

/// Applies the unary op `name` in the libm type of `x` and rounds back.
static MlirValue floatFn(TcBuilder *b, const char *name, MlirValue x) {
  MlirType t = mlirValueGetType(x);
  return tcBToFloat(b, tcBUnary(b, name, tcBToFloat(b, x, libmType(b, t))), t);
}

static MlirValue isNan(TcBuilder *b, MlirValue x) { return tcBCmpF(b, TC_CMPF_UNO, x, x); }

//===-- Exact ops -------------------------------------------------------------===//

static MlirValue scalarNeg(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  if (mlirTypeIsAFloat(dtype))
    return tcBUnary(b, "arith.negf", x[0]); // flips the sign bit: -(+0) = -0
  return tcBBinary(b, "arith.subi", tcBConstInt(b, mlirValueGetType(x[0]), 0), x[0]); // wraps
}

static MlirValue scalarAbs(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  if (mlirTypeIsAFloat(dtype))
    return tcBUnary(b, "math.absf", x[0]); // clears the sign bit
  if (tcIsUnsigned(dtype))
    return x[0];
  // Select rather than math.absi: |MIN| must wrap to MIN, never be poison.
  MlirValue zero = tcBConstInt(b, mlirValueGetType(x[0]), 0);
  MlirValue negative = tcBCmpI(b, TC_CMPI_SLT, x[0], zero);
  return tcBSelect(b, negative, tcBBinary(b, "arith.subi", zero, x[0]), x[0]);
}

static MlirValue scalarRelu(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  MlirType t = mlirValueGetType(x[0]);
  if (mlirTypeIsAFloat(dtype)) {
    // x > 0 ? x : +0; NaN is not > 0 but must stay NaN.
    MlirValue zero = tcBConstFloat(b, t, 0.0);
    MlirValue positive = tcBCmpF(b, TC_CMPF_OGT, x[0], zero);
    return tcBSelect(b, tcBBinary(b, "arith.ori", positive, isNan(b, x[0])), x[0], zero);
  }
  if (tcIsUnsigned(dtype))
    return x[0];
  return tcBBinary(b, "arith.maxsi", x[0], tcBConstInt(b, t, 0));
}

static MlirValue scalarFloor(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return floatFn(b, "math.floor", x[0]);
}

static MlirValue scalarCeil(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return floatFn(b, "math.ceil", x[0]);
}

static MlirValue scalarRound(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return floatFn(b, "math.roundeven", x[0]); // ties to even, sign of x kept
}

static MlirValue scalarSign(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  MlirType t = mlirValueGetType(x[0]);
  if (mlirTypeIsAFloat(dtype)) {
    // x > 0 → 1, x < 0 → -1, NaN → x, ±0 → +0.
    MlirValue zero = tcBConstFloat(b, t, 0.0);
    MlirValue v = tcBSelect(b, isNan(b, x[0]), x[0], zero);
    v = tcBSelect(b, tcBCmpF(b, TC_CMPF_OLT, x[0], zero), tcBConstFloat(b, t, -1.0), v);
    return tcBSelect(b, tcBCmpF(b, TC_CMPF_OGT, x[0], zero), tcBConstFloat(b, t, 1.0), v);
  }
  MlirValue zero = tcBConstInt(b, t, 0);
  MlirValue nonzero = tcBConvert(b, "arith.extui", tcBCmpI(b, TC_CMPI_NE, x[0], zero), t);
  if (tcIsUnsigned(dtype))
    return nonzero;
  return tcBSelect(b, tcBCmpI(b, TC_CMPI_SLT, x[0], zero), tcBConstInt(b, t, -1), nonzero);
}

static MlirValue scalarNot(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  // All ones: `true` for i1, the complement of every bit otherwise.
  return tcBBinary(b, "arith.xori", x[0], tcBConstInt(b, mlirValueGetType(x[0]), -1));
}

static MlirValue scalarIdentity(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return x[0];
}

//===-- Single functions ------------------------------------------------------===//

static MlirValue scalarExp(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return floatFn(b, "math.exp", x[0]);
}

static MlirValue scalarLog(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return floatFn(b, "math.log", x[0]); // ±0 → -inf, x < 0 → NaN
}

static MlirValue scalarSqrt(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return floatFn(b, "math.sqrt", x[0]); // √-0 = -0, x < 0 → NaN
}

static MlirValue scalarTanh(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return floatFn(b, "math.tanh", x[0]);
}

static MlirValue scalarErf(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return floatFn(b, "math.erf", x[0]);
}

static MlirValue scalarSin(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return floatFn(b, "math.sin", x[0]);
}

static MlirValue scalarCos(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return floatFn(b, "math.cos", x[0]);
}

static MlirValue scalarReciprocal(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  MlirValue v = tcBToFloat(b, x[0], libmType(b, dtype));
  MlirValue q = tcBBinary(b, "arith.divf", tcBConstFloat(b, mlirValueGetType(v), 1.0), v); // ±0 → ±inf
  return tcBToFloat(b, q, dtype);
}

//===-- Composites, in f64 ----------------------------------------------------===//

static MlirValue scalarRsqrt(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  MlirType f64 = mlirF64TypeGet(b->ctx);
  MlirValue v = tcBToFloat(b, x[0], f64);
  // 1/√x: +0 → +inf, -0 → 1/(-0) = -inf, +inf → +0, x < 0 → NaN.
  MlirValue r = tcBBinary(b, "arith.divf", tcBConstFloat(b, f64, 1.0), tcBUnary(b, "math.sqrt", v));
  return tcBToFloat(b, r, dtype);
}

static MlirValue scalarSigmoid(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  // With e = e^-|x|: 1/(1+e) for x ≥ 0 and e/(1+e) for x < 0, so e never
  // overflows and tiny results for x ≪ 0 keep their precision. NaN stays
  // NaN, ±0 → 0.5, +inf → 1, -inf → +0.
  MlirType f64 = mlirF64TypeGet(b->ctx);
  MlirValue v = tcBToFloat(b, x[0], f64);
  MlirValue one = tcBConstFloat(b, f64, 1.0);
  MlirValue e = tcBUnary(b, "math.exp", tcBUnary(b, "arith.negf", tcBUnary(b, "math.absf", v)));
  MlirValue numerator = tcBSelect(b, tcBCmpF(b, TC_CMPF_OLT, v, tcBConstFloat(b, f64, 0.0)), e, one);
  MlirValue r = tcBBinary(b, "arith.divf", numerator, tcBBinary(b, "arith.addf", one, e));
  return tcBToFloat(b, r, dtype);
}

static MlirValue scalarGelu(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  // x·Φ(x) with Φ(x) = erfc(-x/√2)/2, which unlike (1 + erf(x/√2))/2 does
  // not cancel for x < 0. -inf·erfc(+inf) would be NaN: gelu(-inf) = -0.
  MlirType f64 = mlirF64TypeGet(b->ctx);
  MlirValue v = tcBToFloat(b, x[0], f64);
  MlirValue z = tcBBinary(b, "arith.divf", tcBUnary(b, "arith.negf", v), tcBConstFloat(b, f64, sqrt(2.0)));
  // Φ first: x·erfc would overflow for x near the f64 maximum.
  MlirValue phi = tcBBinary(b, "arith.mulf", tcBUnary(b, "math.erfc", z), tcBConstFloat(b, f64, 0.5));
  MlirValue r = tcBBinary(b, "arith.mulf", v, phi);
  MlirValue minusInf = tcBConstFloat(b, f64, -INFINITY);
  r = tcBSelect(b, tcBCmpF(b, TC_CMPF_OEQ, v, minusInf), tcBConstFloat(b, f64, -0.0), r);
  return tcBToFloat(b, r, dtype);
}

static const TcLoweringPattern kPatterns[] = {
    TC_ELEMENTWISE("neg", 1, scalarNeg),
    TC_ELEMENTWISE("abs", 1, scalarAbs),
    TC_ELEMENTWISE("exp", 1, scalarExp),
    TC_ELEMENTWISE("log", 1, scalarLog),
    TC_ELEMENTWISE("sqrt", 1, scalarSqrt),
    TC_ELEMENTWISE("rsqrt", 1, scalarRsqrt),
    TC_ELEMENTWISE("tanh", 1, scalarTanh),
    TC_ELEMENTWISE("sigmoid", 1, scalarSigmoid),
    TC_ELEMENTWISE("relu", 1, scalarRelu),
    TC_ELEMENTWISE("gelu", 1, scalarGelu),
    TC_ELEMENTWISE("erf", 1, scalarErf),
    TC_ELEMENTWISE("sin", 1, scalarSin),
    TC_ELEMENTWISE("cos", 1, scalarCos),
    TC_ELEMENTWISE("floor", 1, scalarFloor),
    TC_ELEMENTWISE("ceil", 1, scalarCeil),
    TC_ELEMENTWISE("round", 1, scalarRound),
    TC_ELEMENTWISE("sign", 1, scalarSign),
    TC_ELEMENTWISE("reciprocal", 1, scalarReciprocal),
    TC_ELEMENTWISE("not", 1, scalarNot),
    TC_ELEMENTWISE("identity", 1, scalarIdentity),
};

const TcLoweringPattern *tcUnaryLowerings(intptr_t *count) {
  *count = (intptr_t)(sizeof kPatterns / sizeof kPatterns[0]);
  return kPatterns;
}
