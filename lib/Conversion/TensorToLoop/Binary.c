//===- Binary.c - lowering of binary elementwise ops, comparisons, where ---===//
//
// The binary ops of docs/dialects.md §2.2.2, the comparisons (§2.2.3) and
// `where` (§2.2.4), one scalar function each, lowered by
// tcLowerElementwise with NumPy broadcasting. Each function computes the
// element exactly as the spec says, special values and integer corner cases
// (division by zero, MIN / -1) included.
//
// Everything is branch-free: integer division and remainder first replace
// a divisor the spec defines specially (0, and -1 for signed dtypes, where
// MIN / -1 would overflow) by 1, so that no arith.divsi/remsi is ever
// undefined, then select the defined result. Float `pow` is C99 `pow` of
// libm on f64 (the f16/bf16/f32 operands extended exactly, the result
// rounded once), whose Annex F special cases are the spec's table; integer
// `pow` is a power by squaring over the exponent's N bits in an scf.for.
// Buffers hold signless integers, so signed or unsigned ops are chosen
// from the tc_tensor dtype; i1 compares as unsigned (false < true).
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

static bool isFloat(MlirType dtype) { return mlirTypeIsAFloat(dtype); }

/// Signed for signed integer dtypes; unsigned for unsigned ones and i1.
static bool isSignedInt(MlirType dtype) { return !tcIsUnsigned(dtype) && tcIntWidth(dtype) > 1; }

static MlirValue orI(TcBuilder *b, MlirValue x, MlirValue y) { return tcBBinary(b, "arith.ori", x, y); }

static MlirValue scalarAdd(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return tcBBinary(b, isFloat(dtype) ? "arith.addf" : "arith.addi", x[0], x[1]);
}

static MlirValue scalarSub(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return tcBBinary(b, isFloat(dtype) ? "arith.subf" : "arith.subi", x[0], x[1]);
}

static MlirValue scalarMul(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return tcBBinary(b, isFloat(dtype) ? "arith.mulf" : "arith.muli", x[0], x[1]);
}

/// The divisor `y` with the values the spec defines apart (0, and -1 for
/// signed dtypes) replaced by 1, so that dividing by it is always defined.
static MlirValue safeDivisor(TcBuilder *b, MlirType dtype, MlirValue y) {
  MlirType t = mlirValueGetType(y);
  MlirValue one = tcBConstInt(b, t, 1);
  MlirValue special = tcBCmpI(b, TC_CMPI_EQ, y, tcBConstInt(b, t, 0));
  if (isSignedInt(dtype))
    special = orI(b, special, tcBCmpI(b, TC_CMPI_EQ, y, tcBConstInt(b, t, -1)));
  return tcBSelect(b, special, one, y);
}

static MlirValue scalarDiv(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  if (isFloat(dtype))
    return tcBBinary(b, "arith.divf", x[0], x[1]);
  MlirType t = mlirValueGetType(x[0]);
  MlirValue zero = tcBConstInt(b, t, 0);
  MlirValue y = safeDivisor(b, dtype, x[1]);
  bool isSigned = isSignedInt(dtype);
  MlirValue q = tcBBinary(b, isSigned ? "arith.divsi" : "arith.divui", x[0], y);
  if (isSigned) // x / -1 = -x, wrapping: MIN / -1 = MIN
    q = tcBSelect(b, tcBCmpI(b, TC_CMPI_EQ, x[1], tcBConstInt(b, t, -1)), tcBBinary(b, "arith.subi", zero, x[0]), q);
  return tcBSelect(b, tcBCmpI(b, TC_CMPI_EQ, x[1], zero), zero, q);
}

/// Integer truncated remainder; x fmod 0 = 0 and x fmod -1 = 0 both come
/// from dividing by the safe divisor 1.
static MlirValue intRem(TcBuilder *b, MlirType dtype, MlirValue x, MlirValue y) {
  return tcBBinary(b, isSignedInt(dtype) ? "arith.remsi" : "arith.remui", x, safeDivisor(b, dtype, y));
}

static MlirValue scalarFmod(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  if (isFloat(dtype)) // llvm frem: C fmod, exact; f16/bf16 through fmodf
    return tcBBinary(b, "arith.remf", x[0], x[1]);
  return intRem(b, dtype, x[0], x[1]);
}

/// Floored float remainder from t = fmod(x, y) (§2.2.2 `mod`): NaN stays,
/// a zero takes y's sign, a t of the other sign than y becomes rnd(t + y).
static MlirValue floatMod(TcBuilder *b, MlirValue x, MlirValue y) {
  MlirValue t = tcBBinary(b, "arith.remf", x, y);
  MlirValue zero = tcBConstFloat(b, mlirValueGetType(x), 0.0);
  MlirValue signedZero = tcBBinary(b, "math.copysign", zero, y);
  MlirValue tNeg = tcBCmpF(b, TC_CMPF_OLT, t, zero);
  MlirValue yNeg = tcBCmpF(b, TC_CMPF_OLT, y, zero);
  MlirValue differ = tcBBinary(b, "arith.xori", tNeg, yNeg);
  MlirValue adjusted = tcBSelect(b, differ, tcBBinary(b, "arith.addf", t, y), t);
  // t == 0 is false for a NaN t, which then passes through `adjusted`.
  return tcBSelect(b, tcBCmpF(b, TC_CMPF_OEQ, t, zero), signedZero, adjusted);
}

static MlirValue scalarMod(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  if (isFloat(dtype))
    return floatMod(b, x[0], x[1]);
  MlirValue r = intRem(b, dtype, x[0], x[1]);
  if (!isSignedInt(dtype))
    return r;
  // Floored: a nonzero remainder of the other sign than y moves by y. For
  // y = 0 and y = -1 the remainder is 0, so nothing moves.
  MlirValue zero = tcBConstInt(b, mlirValueGetType(r), 0);
  MlirValue differ = tcBBinary(b, "arith.xori", tcBCmpI(b, TC_CMPI_SLT, r, zero), tcBCmpI(b, TC_CMPI_SLT, x[1], zero));
  MlirValue move = tcBBinary(b, "arith.andi", differ, tcBCmpI(b, TC_CMPI_NE, r, zero));
  return tcBSelect(b, move, tcBBinary(b, "arith.addi", r, x[1]), r);
}

/// Float pow: libm `pow` on the exact f64 values, rounded once to the
/// dtype. glibc's pow follows C99 Annex F, which is the spec's table of
/// special cases (pow(NaN, ±0) = 1, pow(1, NaN) = 1, pow(-1, ±inf) = 1, the
/// signed zeros and infinities of ±0 and -inf bases), so none needs a fix-up.
static MlirValue floatPow(TcBuilder *b, MlirType dtype, MlirValue x, MlirValue y) {
  if (mlirTypeIsAF64(dtype))
    return tcBBinary(b, "math.powf", x, y);
  MlirType f64 = mlirF64TypeGet(b->ctx);
  MlirValue p = tcBBinary(b, "math.powf", tcBConvert(b, "arith.extf", x, f64), tcBConvert(b, "arith.extf", y, f64));
  return tcBConvert(b, "arith.truncf", p, dtype);
}

/// x^y for y read as N unsigned bits, wrapping: power by squaring over the
/// N bits of y in an scf.for carrying (result, base, remaining bits).
static MlirValue intPowBits(TcBuilder *b, MlirValue x, MlirValue y) {
  MlirType t = mlirValueGetType(x);
  MlirValue one = tcBConstInt(b, t, 1);
  MlirValue init[3] = {one, x, y};
  TcFor loop;
  tcBForRange(b, (int64_t)tcIntWidth(t), 3, init, &loop);
  TcBuilder *lb = &loop.body;
  MlirValue bit = tcBCmpI(lb, TC_CMPI_NE, tcBBinary(lb, "arith.andi", loop.iter[2], one), tcBConstInt(lb, t, 0));
  MlirValue result = tcBSelect(lb, bit, tcBBinary(lb, "arith.muli", loop.iter[0], loop.iter[1]), loop.iter[0]);
  MlirValue yields[3] = {result, tcBBinary(lb, "arith.muli", loop.iter[1], loop.iter[1]),
                         tcBBinary(lb, "arith.shrui", loop.iter[2], one)};
  return mlirOperationGetResult(tcBForEnd(&loop, yields), 0);
}

/// Signed x^y for y < 0: 1 if x = 1; ±1 for x = -1 by y's parity; else 0.
static MlirValue intPowNegative(TcBuilder *b, MlirValue x, MlirValue y) {
  MlirType t = mlirValueGetType(x);
  MlirValue one = tcBConstInt(b, t, 1), minusOne = tcBConstInt(b, t, -1), zero = tcBConstInt(b, t, 0);
  MlirValue odd = tcBCmpI(b, TC_CMPI_NE, tcBBinary(b, "arith.andi", y, one), zero);
  MlirValue ofMinusOne = tcBSelect(b, odd, minusOne, one);
  MlirValue r = tcBSelect(b, tcBCmpI(b, TC_CMPI_EQ, x, minusOne), ofMinusOne, zero);
  return tcBSelect(b, tcBCmpI(b, TC_CMPI_EQ, x, one), one, r);
}

static MlirValue scalarPow(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  if (isFloat(dtype))
    return floatPow(b, dtype, x[0], x[1]);
  MlirValue power = intPowBits(b, x[0], x[1]);
  if (!isSignedInt(dtype))
    return power;
  MlirValue negative = tcBCmpI(b, TC_CMPI_SLT, x[1], tcBConstInt(b, mlirValueGetType(x[1]), 0));
  return tcBSelect(b, negative, intPowNegative(b, x[0], x[1]), power);
}

// arith.maximumf/minimumf are IEEE 754-2019 maximum/minimum: NaN-propagating,
// -0 < +0, exactly the spec's max/min.
static MlirValue scalarMax(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  const char *name = isFloat(dtype) ? "arith.maximumf" : isSignedInt(dtype) ? "arith.maxsi" : "arith.maxui";
  return tcBBinary(b, name, x[0], x[1]);
}

static MlirValue scalarMin(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  const char *name = isFloat(dtype) ? "arith.minimumf" : isSignedInt(dtype) ? "arith.minsi" : "arith.minui";
  return tcBBinary(b, name, x[0], x[1]);
}

static MlirValue scalarAnd(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return tcBBinary(b, "arith.andi", x[0], x[1]);
}

static MlirValue scalarOr(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return tcBBinary(b, "arith.ori", x[0], x[1]);
}

static MlirValue scalarXor(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return tcBBinary(b, "arith.xori", x[0], x[1]);
}

/// A comparison: ordered float predicates (false on NaN) except `ne`, which
/// is unordered (true on NaN); signed or unsigned integer predicates.
static MlirValue compare(TcBuilder *b, MlirType dtype, const MlirValue *x, TcCmpFPredicate f, TcCmpIPredicate s,
                         TcCmpIPredicate u) {
  if (isFloat(dtype))
    return tcBCmpF(b, f, x[0], x[1]);
  return tcBCmpI(b, isSignedInt(dtype) ? s : u, x[0], x[1]);
}

static MlirValue scalarEq(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return compare(b, dtype, x, TC_CMPF_OEQ, TC_CMPI_EQ, TC_CMPI_EQ);
}

static MlirValue scalarNe(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return compare(b, dtype, x, TC_CMPF_UNE, TC_CMPI_NE, TC_CMPI_NE);
}

static MlirValue scalarLt(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return compare(b, dtype, x, TC_CMPF_OLT, TC_CMPI_SLT, TC_CMPI_ULT);
}

static MlirValue scalarLe(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return compare(b, dtype, x, TC_CMPF_OLE, TC_CMPI_SLE, TC_CMPI_ULE);
}

static MlirValue scalarGt(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return compare(b, dtype, x, TC_CMPF_OGT, TC_CMPI_SGT, TC_CMPI_UGT);
}

static MlirValue scalarGe(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return compare(b, dtype, x, TC_CMPF_OGE, TC_CMPI_SGE, TC_CMPI_UGE);
}

/// `where`: x = (cond, lhs, rhs); the selected value passes unchanged.
static MlirValue scalarWhere(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return tcBSelect(b, x[0], x[1], x[2]);
}

static const TcLoweringPattern kPatterns[] = {
    TC_ELEMENTWISE("add", 2, scalarAdd),   TC_ELEMENTWISE("sub", 2, scalarSub),
    TC_ELEMENTWISE("mul", 2, scalarMul),   TC_ELEMENTWISE("div", 2, scalarDiv),
    TC_ELEMENTWISE("pow", 2, scalarPow),   TC_ELEMENTWISE("max", 2, scalarMax),
    TC_ELEMENTWISE("min", 2, scalarMin),   TC_ELEMENTWISE("mod", 2, scalarMod),
    TC_ELEMENTWISE("fmod", 2, scalarFmod), TC_ELEMENTWISE("and", 2, scalarAnd),
    TC_ELEMENTWISE("or", 2, scalarOr),     TC_ELEMENTWISE("xor", 2, scalarXor),
    TC_ELEMENTWISE("eq", 2, scalarEq),     TC_ELEMENTWISE("ne", 2, scalarNe),
    TC_ELEMENTWISE("lt", 2, scalarLt),     TC_ELEMENTWISE("le", 2, scalarLe),
    TC_ELEMENTWISE("gt", 2, scalarGt),     TC_ELEMENTWISE("ge", 2, scalarGe),
    TC_ELEMENTWISE("where", 3, scalarWhere),
};

const TcLoweringPattern *tcBinaryLowerings(intptr_t *count) {
  *count = (intptr_t)(sizeof kPatterns / sizeof kPatterns[0]);
  return kPatterns;
}
