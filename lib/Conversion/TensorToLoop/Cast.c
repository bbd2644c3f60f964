//===- Cast.c - lowering of cast and clip (docs/dialects.md §2.2.5-2.2.6) ===//
//
// `cast` is an elementwise op whose scalar function dispatches on the
// classes of the source and target dtypes (float, int, i1), exactly as the
// table of §2.2.6 reads. `clip` has attributes, which a TcScalarFn does not
// see, so it builds its one nest itself: a plain copy nest over the shape
// whose body clamps with the rules of `max` and `min`.
//
// Two conversions need care beyond the arith op of the same name:
//  - float → int: arith.fptosi/fptoui is poison out of range, so the value
//    is truncated (math.trunc), compared with the target's bounds (powers of
//    two, exact in f32 and f64) and only an in-range value is converted;
//    NaN → 0 and out-of-range values saturate.
//  - anything → bf16 or f16 from more than 24 bits of precision (f64, i32 and
//    wider integers): rounding through f32 with round-to-nearest would round
//    twice. The value is rounded to f32 *to odd* (truncated, with the lowest
//    bit set if inexact), which keeps enough information that the final
//    f32 → 16-bit rounding is the one correct rounding. 64-bit integers
//    first have their bits below the 53 significant ones folded into a
//    sticky bit, so their conversion to f64 is exact.
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

#include <math.h>

static bool isHalf(MlirType t) { return mlirTypeIsAF16(t) || mlirTypeIsABF16(t); }
static bool isBool(MlirType t) { return tcIntWidth(t) == 1; }

/// The constant `v` of integer type `t`, its low bits taken (ui8 255 and
/// i8 -1 are the same constant).
static MlirValue intConst(TcBuilder *b, MlirType t, int64_t v) { return tcBConstInt(b, tcSignlessType(t), v); }

//===-- Rounding to 16-bit floats ---------------------------------------------===//

/// f64 `x` rounded to f32 to odd: exact values unchanged, others truncated
/// toward zero with the lowest significand bit set.
static MlirValue roundToOddF32(TcBuilder *b, MlirValue x) {
  MlirType f32 = mlirF32TypeGet(b->ctx), i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue r = tcBConvert(b, "arith.truncf", x, f32);
  MlirValue back = tcBConvert(b, "arith.extf", r, mlirValueGetType(x));
  MlirValue exact = tcBBinary(b, "arith.ori", tcBCmpF(b, TC_CMPF_OEQ, back, x), tcBCmpF(b, TC_CMPF_UNO, x, x));
  // r rounded away from zero: step back one in magnitude (inf → FLT_MAX).
  MlirValue awayFromZero =
      tcBCmpF(b, TC_CMPF_OGT, tcBUnary(b, "math.absf", back), tcBUnary(b, "math.absf", x));
  MlirValue bits = tcBConvert(b, "arith.bitcast", r, i32);
  MlirValue truncated = tcBSelect(b, awayFromZero, tcBBinary(b, "arith.subi", bits, intConst(b, i32, 1)), bits);
  MlirValue odd = tcBBinary(b, "arith.ori", truncated, intConst(b, i32, 1));
  return tcBConvert(b, "arith.bitcast", tcBSelect(b, exact, bits, odd), f32);
}

/// f64 `x` rounded once to f16 or bf16.
static MlirValue f64ToHalf(TcBuilder *b, MlirValue x, MlirType target) {
  return tcBConvert(b, "arith.truncf", roundToOddF32(b, x), target);
}

//===-- Float sources -----------------------------------------------------------===//

static MlirValue floatToFloat(TcBuilder *b, MlirValue x, MlirType from, MlirType to) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  if (mlirTypeIsAF64(from) && isHalf(to))
    return f64ToHalf(b, x, to);
  if (isHalf(from) && !mlirTypeIsAF32(to))
    x = tcBToFloat(b, x, f32); // exact; f16 <-> bf16 then rounds once from f32
  return tcBToFloat(b, x, to);
}

/// Truncates toward zero and saturates to the range of integer `to`; NaN → 0.
static MlirValue floatToInt(TcBuilder *b, MlirValue x, MlirType to) {
  if (isHalf(mlirValueGetType(x)))
    x = tcBToFloat(b, x, mlirF32TypeGet(b->ctx));
  MlirType ft = mlirValueGetType(x), it = tcSignlessType(to);
  unsigned n = tcIntWidth(to);
  bool isUnsigned = tcIsUnsigned(to);
  MlirValue t = tcBUnary(b, "math.trunc", x);
  MlirValue lo = tcBConstFloat(b, ft, isUnsigned ? 0.0 : -ldexp(1.0, (int)n - 1));
  MlirValue hiExcl = tcBConstFloat(b, ft, ldexp(1.0, isUnsigned ? (int)n : (int)n - 1));
  MlirValue below = tcBCmpF(b, TC_CMPF_OLT, t, lo), above = tcBCmpF(b, TC_CMPF_OGE, t, hiExcl);
  // Only a value in [lo, hiExcl) reaches the conversion; NaN converts 0.
  MlirValue inRange = tcBBinary(b, "arith.andi", tcBCmpF(b, TC_CMPF_OGE, t, lo), tcBCmpF(b, TC_CMPF_OLT, t, hiExcl));
  MlirValue safe = tcBSelect(b, inRange, t, tcBConstFloat(b, ft, 0.0));
  MlirValue v = tcBConvert(b, isUnsigned ? "arith.fptoui" : "arith.fptosi", safe, it);
  int64_t min = isUnsigned ? 0 : (int64_t)(UINT64_MAX << (n - 1));
  int64_t max = isUnsigned ? (int64_t)(UINT64_MAX >> (64 - n)) : (int64_t)(UINT64_MAX >> (65 - n));
  v = tcBSelect(b, below, intConst(b, it, min), v);
  return tcBSelect(b, above, intConst(b, it, max), v);
}

//===-- Integer sources ---------------------------------------------------------===//

static MlirValue intToInt(TcBuilder *b, MlirValue x, MlirType from, MlirType to) {
  unsigned m = tcIntWidth(from), n = tcIntWidth(to);
  if (m == n)
    return x; // same bits, signless
  if (m > n)
    return tcBConvert(b, "arith.trunci", x, tcSignlessType(to));
  return tcBConvert(b, tcIsUnsigned(from) ? "arith.extui" : "arith.extsi", x, tcSignlessType(to));
}

/// 64-bit integer `x` to f64 such that the later rounding to 16 bits is
/// the only one: bits below the 53 significant ones of a magnitude ≥ 2^53
/// are folded into bit 11 (a sticky bit), so the f64 conversion is exact.
static MlirValue int64ToStickyF64(TcBuilder *b, MlirValue x, bool isUnsigned) {
  MlirType i64 = mlirValueGetType(x), f64 = mlirF64TypeGet(b->ctx);
  MlirValue zero = intConst(b, i64, 0), negative = {NULL}, mag = x;
  if (!isUnsigned) {
    negative = tcBCmpI(b, TC_CMPI_SLT, x, zero);
    mag = tcBSelect(b, negative, tcBBinary(b, "arith.subi", zero, x), x); // |MIN| = 2^63, unsigned
  }
  MlirValue low = intConst(b, i64, 0x7ff);
  MlirValue sticky = tcBBinary(b, "arith.addi", tcBBinary(b, "arith.andi", mag, low), low);
  MlirValue folded = tcBBinary(b, "arith.andi", tcBBinary(b, "arith.ori", mag, sticky), intConst(b, i64, ~0x7ffll));
  MlirValue big = tcBCmpI(b, TC_CMPI_UGE, mag, intConst(b, i64, 1ll << 53));
  MlirValue f = tcBConvert(b, "arith.uitofp", tcBSelect(b, big, folded, mag), f64);
  return isUnsigned ? f : tcBSelect(b, negative, tcBUnary(b, "arith.negf", f), f);
}

static MlirValue intToFloat(TcBuilder *b, MlirValue x, MlirType from, MlirType to) {
  const char *convert = tcIsUnsigned(from) ? "arith.uitofp" : "arith.sitofp";
  unsigned m = tcIntWidth(from);
  if (!isHalf(to))
    return tcBConvert(b, convert, x, to); // one rounding
  MlirType f32 = mlirF32TypeGet(b->ctx), f64 = mlirF64TypeGet(b->ctx);
  // f16: |x| < 65520 is exact in f32, and every larger |x| gives ±inf either way.
  if (m <= 24 || mlirTypeIsAF16(to))
    return tcBConvert(b, "arith.truncf", tcBConvert(b, convert, x, f32), to);
  if (m <= 32)
    return f64ToHalf(b, tcBConvert(b, convert, x, f64), to);
  return f64ToHalf(b, int64ToStickyF64(b, x, tcIsUnsigned(from)), to);
}

//===-- cast ------------------------------------------------------------------===//

static MlirValue boolToNumber(TcBuilder *b, MlirValue x, MlirType to) {
  if (mlirTypeIsAFloat(to))
    return tcBSelect(b, x, tcBConstFloat(b, to, 1.0), tcBConstFloat(b, to, 0.0));
  return tcBConvert(b, "arith.extui", x, tcSignlessType(to)); // true → 1, never -1
}

static MlirValue numberToBool(TcBuilder *b, MlirValue x, MlirType from) {
  if (mlirTypeIsAFloat(from)) // NaN ≠ 0 is true
    return tcBCmpF(b, TC_CMPF_UNE, x, tcBConstFloat(b, mlirValueGetType(x), 0.0));
  return tcBCmpI(b, TC_CMPI_NE, x, intConst(b, from, 0));
}

static MlirValue scalarCast(TcBuilder *b, MlirType from, MlirType to, const MlirValue *x) {
  if (mlirTypeEqual(from, to))
    return x[0];
  if (isBool(from))
    return boolToNumber(b, x[0], to);
  if (isBool(to))
    return numberToBool(b, x[0], from);
  bool fromFloat = mlirTypeIsAFloat(from), toFloat = mlirTypeIsAFloat(to);
  if (fromFloat && toFloat)
    return floatToFloat(b, x[0], from, to);
  if (fromFloat)
    return floatToInt(b, x[0], to);
  if (toFloat)
    return intToFloat(b, x[0], from, to);
  return intToInt(b, x[0], from, to);
}

//===-- clip ------------------------------------------------------------------===//

/// Float bounds are the F64 attributes rounded to the dtype as `cast` from
/// f64 does (one rounding, overflow to ±inf); arith.maximumf/minimumf are
/// `max`/`min` exactly (NaN-propagating, -0 < +0). f16 and bf16 compare in
/// f32, exactly.
static MlirValue clipFloat(TcLowering *l, TcBuilder *b, MlirValue x, MlirType dtype) {
  MlirType ct = isHalf(dtype) ? mlirF32TypeGet(b->ctx) : dtype;
  double lo = tcLowerAttrFloat(l, "min"), hi = tcLowerAttrFloat(l, "max");
  MlirValue loC = tcBToFloat(b, tcBConstFloat(b, dtype, lo), ct), hiC = tcBToFloat(b, tcBConstFloat(b, dtype, hi), ct);
  MlirValue v = tcBBinary(b, "arith.maximumf", tcBToFloat(b, x, ct), loC);
  return tcBToFloat(b, tcBBinary(b, "arith.minimumf", v, hiC), dtype);
}

static MlirValue clipInt(TcLowering *l, TcBuilder *b, MlirValue x, MlirType dtype) {
  bool isUnsigned = tcIsUnsigned(dtype);
  MlirValue lo = intConst(b, dtype, tcLowerAttrInt(l, "min")), hi = intConst(b, dtype, tcLowerAttrInt(l, "max"));
  MlirValue v = tcBBinary(b, isUnsigned ? "arith.maxui" : "arith.maxsi", x, lo);
  return tcBBinary(b, isUnsigned ? "arith.minui" : "arith.minsi", v, hi);
}

/// One nest over the shape, all loops parallel (each point writes only its
/// own element). A `?` (docs/dynamic-shapes.md §4) is a run-time bound,
/// its size x's.
static MlirLogicalResult lowerClip(TcLowering *l) {
  MlirValue input = tcLowerOperand(l, 0), result = mlirOperationGetResult(l->op, 0);
  int64_t bounds[TC_MAX_RANK], sizeFrom[2 * TC_MAX_RANK];
  intptr_t rank = tcShapeOf(mlirValueGetType(result), bounds), nSizes = 0;
  for (intptr_t i = 0; i < rank; ++i)
    if (mlirShapedTypeIsDynamicDim(mlirValueGetType(result), i))
      bounds[i] = -1, sizeFrom[nSizes++] = 0, sizeFrom[nSizes++] = i;
  TcNestSpec spec = {"clip", rank, bounds, NULL, 1, &input, 1, &result, nSizes ? sizeFrom : NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);
  MlirType dtype = mlirShapedTypeGetElementType(mlirValueGetType(input));
  MlirValue x = tcBLoad(&nest.body, nest.in[0], rank, nest.iv);
  MlirValue y = mlirTypeIsAFloat(dtype) ? clipFloat(l, &nest.body, x, dtype) : clipInt(l, &nest.body, x, dtype);
  tcBStore(&nest.body, y, nest.out[0], rank, nest.iv);
  return mlirLogicalResultSuccess();
}

static const TcLoweringPattern kPatterns[] = {
    {"tc_tensor.clip", lowerClip, NULL, tcLowerAnyDynamic},
    TC_ELEMENTWISE("cast", 1, scalarCast),
};

const TcLoweringPattern *tcCastLowerings(intptr_t *count) {
  *count = (intptr_t)(sizeof kPatterns / sizeof kPatterns[0]);
  return kPatterns;
}
