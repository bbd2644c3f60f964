//===- EvalElementwise.c - unary, binary, compare, where, clip, cast, constant ===//
//
// docs/dialects.md §2.2.1-2.2.7. Float elements are computed in double with
// libm and rounded once into the result (tcRefSetDouble); +, -, *, / and sqrt of
// values of a narrower float dtype are exact in double before that rounding,
// since double has more than twice their precision plus two bits. Integer
// elements are computed on 64-bit patterns with wrapping uint64_t arithmetic
// and cut to the result's width (tcRefSetBits). Every special case the spec
// names is written out where the C library does not already give it.
// gelu, sigmoid and f64 rsqrt are the exceptions: they are computed in
// binary128 and rounded once (quadUnary; docs/reference.md, "Decisions").
// Each op's function is looked up once, then applied to every element.
//
//===----------------------------------------------------------------------===//
#define __STDC_WANT_IEC_60559_TYPES_EXT__ 1
#include "RefInternal.h"

#include <float.h>
#include <math.h>
#include <string.h>

//===-- Unary -----------------------------------------------------------------===//

static double negF(double x) { return -x; }
static double rsqrtF(double x) { return 1.0 / sqrt(x); } // f16/bf16/f32 only: see quadUnary for f64
static double reluF(double x) { return isnan(x) ? x : x > 0 ? x : 0.0; } // -0 -> +0
static double roundF(double x) { return nearbyint(x); } // ties to even in the default rounding mode
static double signF(double x) { return isnan(x) ? x : x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; } // ±0 -> +0
static double reciprocalF(double x) { return 1.0 / x; }
static double identityF(double x) { return x; }

typedef double (*FloatUnaryFn)(double);

// The op's float function, looked up once per op (not per element).
static FloatUnaryFn unaryFloatFn(RefOp *r) {
  static const struct {
    const char *kind;
    FloatUnaryFn fn;
  } table[] = {{"neg", negF},   {"abs", fabs},     {"exp", exp},     {"log", log},         {"sqrt", sqrt},
               {"rsqrt", rsqrtF}, {"tanh", tanh},  {"relu", reluF},  {"erf", erf},         {"sin", sin},
               {"cos", cos},    {"floor", floor},  {"ceil", ceil},   {"round", roundF},    {"sign", signF},
               {"reciprocal", reciprocalF}};
  for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i)
    if (tcRefOpIs(r, table[i].kind))
      return table[i].fn;
  return identityF;
}

// f64 rsqrt, correctly rounded: a binary128 estimate rounded to double is
// at most one ulp off, and the midpoint between it and each neighbour
// decides exactly: 1/sqrt(x) > mid iff mid^2 · x < 1, where mid has 54 bits,
// so mid^2 is exact in binary128 and fma gives the sign of mid^2 · x - 1
// exactly. (1/sqrt(x) is never a midpoint m: x = 1/m^2 is a double only if
// m, which has 54 significant bits, is a power of two.)
static double rsqrtF64(double x) {
  double y = (double)(1 / sqrtf128(x));
  if (!(x > 0) || !isfinite(x))
    return y; // NaN, -x, ±0 and +inf are exact already
  for (int step = 0; step < 4; ++step) {
    double up = nextafter(y, INFINITY), down = nextafter(y, 0);
    _Float128 midUp = ((_Float128)y + up) / 2, midDown = ((_Float128)y + down) / 2;
    if (fmaf128(midUp * midUp, x, -1) < 0)
      y = up; // the exact value is above the midpoint with the next double
    else if (fmaf128(midDown * midDown, x, -1) > 0)
      y = down;
    else
      break;
  }
  return y;
}

// gelu(x) = x·Phi(x) with Phi(x) = erfc(-x/sqrt 2)/2, which unlike
// (1 + erf(x/sqrt 2))/2 does not cancel for negative x; gelu(-inf) = -0.
static _Float128 geluQuad(double x) {
  if (x == -INFINITY)
    return -0.0;
  return x * erfcf128(-x / sqrtf128(2)) / 2;
}

// sigmoid without overflow: for x < 0, e^x / (1 + e^x), which keeps the
// subnormal results of x in (-745.1, -709.78) that e^-x would overflow.
static _Float128 sigmoidQuad(double x) {
  if (x < 0) {
    _Float128 e = expf128(x);
    return e / (1 + e);
  }
  return 1 / (1 + expf128(-x));
}

// gelu, sigmoid and f64 rsqrt: computed in binary128 and rounded once to
// y's dtype. gelu(x) > x/2 for every finite x != 0, but for tiny x the
// binary128 value is exactly x/2 (the x^2/sqrt(2 pi) term is below 2^-113
// relative), which for the least subnormals is a rounding midpoint: a
// positive residual then resolves it toward +inf, as the exact value lies.
typedef enum QuadKind { QUAD_NONE, QUAD_GELU, QUAD_SIGMOID, QUAD_RSQRT } QuadKind;

static QuadKind quadKind(RefOp *r, TcRefDtype d) {
  return tcRefOpIs(r, "gelu")                       ? QUAD_GELU
         : tcRefOpIs(r, "sigmoid")                  ? QUAD_SIGMOID
         : tcRefOpIs(r, "rsqrt") && d == TC_REF_F64 ? QUAD_RSQRT
                                                    : QUAD_NONE;
}

static void quadUnary(QuadKind kind, double x, TcRefTensor *y, int64_t k) {
  if (kind == QUAD_GELU) {
    _Float128 v = geluQuad(x);
    tcRefStoreQuad(y, k, v, isfinite(x) && x != 0 && v == (_Float128)x / 2 ? FLT128_TRUE_MIN : 0);
  } else if (kind == QUAD_SIGMOID)
    tcRefStoreQuad(y, k, sigmoidQuad(x), 0);
  else
    tcRefSetDouble(y, k, rsqrtF64(x));
}

static uint64_t unaryInt(RefOp *r, TcRefDtype d, uint64_t bits) {
  bool negative = tcRefIsSigned(d) && (int64_t)bits < 0;
  if (tcRefOpIs(r, "neg"))
    return 0 - bits;
  if (tcRefOpIs(r, "abs"))
    return negative ? 0 - bits : bits; // int min stays int min after wrapping
  if (tcRefOpIs(r, "relu"))
    return negative ? 0 : bits;
  if (tcRefOpIs(r, "sign"))
    return negative ? (uint64_t)-1 : bits != 0;
  if (tcRefOpIs(r, "not"))
    return d == TC_REF_I1 ? !bits : ~bits;
  return bits; // identity
}

// Float-only and numeric classes are enforced by the spec's dtype rule.
static bool checkUnaryClass(RefOp *r, TcRefDtype d) {
  static const char *const floatOnly[] = {"exp",  "log",   "sqrt", "rsqrt", "tanh", "sigmoid",    "gelu",
                                          "erf",  "sin",   "cos",  "floor", "ceil", "round", "reciprocal"};
  bool isFloatOnly = false;
  for (size_t i = 0; i < sizeof floatOnly / sizeof floatOnly[0]; ++i)
    isFloatOnly |= tcRefOpIs(r, floatOnly[i]);
  if (isFloatOnly && !tcRefDtypeIsFloat(d))
    return tcRefError(r, "operand must have float elements, got %s", tcRefDtypeName(d));
  if (tcRefOpIs(r, "not") && tcRefDtypeIsFloat(d))
    return tcRefError(r, "operand must have bool or integer elements, got %s", tcRefDtypeName(d));
  if (!tcRefOpIs(r, "not") && !tcRefOpIs(r, "identity") && d == TC_REF_I1)
    return tcRefError(r, "operand must have numeric elements, got i1");
  return true;
}

bool tcRefEvalUnary(RefOp *r) {
  const TcRefTensor *x = r->operands[0];
  RefShape shape = tcRefShapeOf(x);
  if (tcRefResultDtype(r, 0) != x->dtype)
    return tcRefError(r, "result dtype must be the operand's, %s", tcRefDtypeName(x->dtype));
  if (!checkUnaryClass(r, x->dtype) || !tcRefCreateResult(r, 0, &shape))
    return false;
  TcRefTensor *y = &r->results[0];
  QuadKind quad = quadKind(r, x->dtype);
  FloatUnaryFn fn = unaryFloatFn(r);
  for (int64_t k = 0; k < x->numel; ++k) {
    if (!tcRefDtypeIsFloat(x->dtype))
      tcRefSetBits(y, k, unaryInt(r, x->dtype, tcRefGetBits(x, k)));
    else if (quad != QUAD_NONE)
      quadUnary(quad, x->data[k].f, y, k);
    else
      tcRefSetDouble(y, k, fn(x->data[k].f));
  }
  return true;
}

//===-- Binary ----------------------------------------------------------------===//

static double floatMax(double x, double y) {
  if (isnan(x) || isnan(y))
    return NAN;
  if (x == 0 && y == 0)
    return signbit(x) ? y : x; // max(-0, +0) = +0
  return x > y ? x : y;
}

static double floatMin(double x, double y) {
  if (isnan(x) || isnan(y))
    return NAN;
  if (x == 0 && y == 0)
    return signbit(x) ? x : y; // min(-0, +0) = -0
  return x < y ? x : y;
}

static double floatMod(double x, double y) {
  double t = fmod(x, y);
  if (isnan(t))
    return t;
  if (t == 0)
    return copysign(0.0, y);
  return (t < 0) != (y < 0) ? t + y : t;
}

static double addF(double x, double y) { return x + y; }
static double subF(double x, double y) { return x - y; }
static double mulF(double x, double y) { return x * y; }
static double divF(double x, double y) { return x / y; }

typedef double (*FloatBinaryFn)(double, double);

// The op's float function, looked up once per op (not per element).
static FloatBinaryFn binaryFloatFn(RefOp *r) {
  static const struct {
    const char *kind;
    FloatBinaryFn fn;
  } table[] = {{"add", addF}, {"sub", subF},     {"mul", mulF},     {"div", divF},
               {"pow", pow},  {"max", floatMax}, {"min", floatMin}, {"mod", floatMod}};
  for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i)
    if (tcRefOpIs(r, table[i].kind))
      return table[i].fn;
  return fmod; // fmod
}

// x^y for y >= 0 by squaring, wrapping modulo 2^64 (then cut to the width).
static uint64_t intPowNonNegative(uint64_t x, uint64_t y) {
  uint64_t result = 1;
  for (; y; y >>= 1, x *= x)
    if (y & 1)
      result *= x;
  return result;
}

static uint64_t intPow(bool isSigned, uint64_t x, uint64_t y) {
  if (!isSigned || (int64_t)y >= 0)
    return intPowNonNegative(x, y);
  if (x == 1)
    return 1;
  if ((int64_t)x == -1)
    return (y & 1) ? (uint64_t)-1 : 1;
  return 0;
}

static uint64_t signedDivMod(RefOp *r, int64_t x, int64_t y) {
  if (y == 0)
    return 0;
  if (y == -1) // avoids INT64_MIN / -1; MIN / -1 = MIN after wrapping
    return tcRefOpIs(r, "div") ? 0 - (uint64_t)x : 0;
  if (tcRefOpIs(r, "div"))
    return (uint64_t)(x / y);
  int64_t t = x % y;
  if (tcRefOpIs(r, "mod") && t != 0 && (t < 0) != (y < 0))
    t += y;
  return (uint64_t)t;
}

static uint64_t binaryInt(RefOp *r, TcRefDtype d, uint64_t x, uint64_t y) {
  bool isSigned = tcRefIsSigned(d);
  if (tcRefOpIs(r, "add"))
    return x + y;
  if (tcRefOpIs(r, "sub"))
    return x - y;
  if (tcRefOpIs(r, "mul"))
    return x * y;
  if (tcRefOpIs(r, "and"))
    return x & y;
  if (tcRefOpIs(r, "or"))
    return x | y;
  if (tcRefOpIs(r, "xor"))
    return x ^ y;
  if (tcRefOpIs(r, "pow"))
    return intPow(isSigned, x, y);
  if (tcRefOpIs(r, "max"))
    return isSigned ? ((int64_t)x > (int64_t)y ? x : y) : (x > y ? x : y);
  if (tcRefOpIs(r, "min"))
    return isSigned ? ((int64_t)x < (int64_t)y ? x : y) : (x < y ? x : y);
  if (isSigned)
    return signedDivMod(r, (int64_t)x, (int64_t)y);
  return y == 0 ? 0 : tcRefOpIs(r, "div") ? x / y : x % y; // unsigned div, mod, fmod
}

static bool checkBinaryClass(RefOp *r, TcRefDtype d) {
  bool logical = tcRefOpIs(r, "and") || tcRefOpIs(r, "or") || tcRefOpIs(r, "xor");
  if (logical && tcRefDtypeIsFloat(d))
    return tcRefError(r, "operands must have bool or integer elements, got %s", tcRefDtypeName(d));
  if (!logical && d == TC_REF_I1)
    return tcRefError(r, "operands must have numeric elements, got i1");
  return true;
}

// The broadcast shape of operands [0, n), or an error.
static bool broadcastOperands(RefOp *r, intptr_t n, RefShape *out) {
  *out = tcRefShapeOf(r->operands[0]);
  for (intptr_t i = 1; i < n; ++i) {
    RefShape next = tcRefShapeOf(r->operands[i]), joined;
    if (!tcRefBroadcastShapes(out, &next, &joined))
      return tcRefBroadcastError(r, out, &next);
    *out = joined;
  }
  return true;
}

static bool sameDtype(RefOp *r, const TcRefTensor *a, const TcRefTensor *b) {
  if (a->dtype == b->dtype)
    return true;
  return tcRefError(r, "operands must have the same dtype, got %s and %s", tcRefDtypeName(a->dtype),
                    tcRefDtypeName(b->dtype));
}

bool tcRefEvalBinary(RefOp *r) {
  const TcRefTensor *x = r->operands[0], *y = r->operands[1];
  RefShape shape;
  if (!sameDtype(r, x, y) || !checkBinaryClass(r, x->dtype) || !broadcastOperands(r, 2, &shape))
    return false;
  if (tcRefResultDtype(r, 0) != x->dtype)
    return tcRefError(r, "result dtype must be the operands', %s", tcRefDtypeName(x->dtype));
  if (!tcRefCreateResult(r, 0, &shape))
    return false;
  TcRefTensor *z = &r->results[0];
  int64_t idx[TC_REF_MAX_RANK];
  FloatBinaryFn fn = binaryFloatFn(r);
  bool sameShapes = x->numel == z->numel && y->numel == z->numel; // no broadcasting: index k everywhere
  for (int64_t k = 0; k < z->numel; ++k) {
    int64_t a = k, b = k;
    if (!sameShapes) {
      tcRefUnravel(k, &shape, idx);
      a = tcRefBroadcastIndex(x, idx, shape.rank), b = tcRefBroadcastIndex(y, idx, shape.rank);
    }
    if (tcRefDtypeIsFloat(x->dtype))
      tcRefSetDouble(z, k, fn(x->data[a].f, y->data[b].f));
    else
      tcRefSetBits(z, k, binaryInt(r, x->dtype, tcRefGetBits(x, a), tcRefGetBits(y, b)));
  }
  return true;
}

//===-- Comparisons and selection ---------------------------------------------===//

// -1, 0, +1 for x <, ==, > y; 2 if unordered (a NaN).
static int compareElements(const TcRefTensor *t, const TcRefTensor *u, int64_t a, int64_t b) {
  if (tcRefDtypeIsFloat(t->dtype)) {
    double x = t->data[a].f, y = u->data[b].f;
    return isnan(x) || isnan(y) ? 2 : (x > y) - (x < y); // -0 == +0
  }
  if (tcRefIsUnsigned(t->dtype)) {
    uint64_t x = t->data[a].u, y = u->data[b].u;
    return (x > y) - (x < y);
  }
  int64_t x = t->data[a].i, y = u->data[b].i;
  return (x > y) - (x < y);
}

static bool compareHolds(RefOp *r, int c) {
  if (c == 2)
    return tcRefOpIs(r, "ne");
  if (tcRefOpIs(r, "eq"))
    return c == 0;
  if (tcRefOpIs(r, "ne"))
    return c != 0;
  if (tcRefOpIs(r, "lt"))
    return c < 0;
  if (tcRefOpIs(r, "le"))
    return c <= 0;
  if (tcRefOpIs(r, "gt"))
    return c > 0;
  return c >= 0; // ge
}

bool tcRefEvalCompare(RefOp *r) {
  const TcRefTensor *x = r->operands[0], *y = r->operands[1];
  RefShape shape;
  if (!sameDtype(r, x, y) || !broadcastOperands(r, 2, &shape))
    return false;
  if (tcRefResultDtype(r, 0) != TC_REF_I1)
    return tcRefError(r, "result dtype must be i1");
  if (!tcRefCreateResult(r, 0, &shape))
    return false;
  int64_t idx[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < r->results[0].numel; ++k) {
    tcRefUnravel(k, &shape, idx);
    int c = compareElements(x, y, tcRefBroadcastIndex(x, idx, shape.rank), tcRefBroadcastIndex(y, idx, shape.rank));
    r->results[0].data[k].i = compareHolds(r, c);
  }
  return true;
}

bool tcRefEvalWhere(RefOp *r) {
  const TcRefTensor *c = r->operands[0], *x = r->operands[1], *y = r->operands[2];
  RefShape shape;
  if (c->dtype != TC_REF_I1)
    return tcRefError(r, "condition must have i1 elements, got %s", tcRefDtypeName(c->dtype));
  if (!sameDtype(r, x, y) || !broadcastOperands(r, 3, &shape))
    return false;
  if (tcRefResultDtype(r, 0) != x->dtype)
    return tcRefError(r, "result dtype must be the selected operands', %s", tcRefDtypeName(x->dtype));
  if (!tcRefCreateResult(r, 0, &shape))
    return false;
  int64_t idx[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < r->results[0].numel; ++k) {
    tcRefUnravel(k, &shape, idx);
    bool pick = c->data[tcRefBroadcastIndex(c, idx, shape.rank)].i != 0;
    const TcRefTensor *from = pick ? x : y;
    r->results[0].data[k] = from->data[tcRefBroadcastIndex(from, idx, shape.rank)];
  }
  return true;
}

//===-- clip ------------------------------------------------------------------===//

static bool clipFloat(RefOp *r, const TcRefTensor *x, TcRefTensor *y) {
  double lo, hi;
  if (!tcRefGetF64Attr(r, "min", &lo) || !tcRefGetF64Attr(r, "max", &hi))
    return false;
  if (isnan(lo) || isnan(hi))
    return tcRefError(r, "clip bounds must not be NaN");
  lo = tcRefRoundToFloat(lo, x->dtype);
  hi = tcRefRoundToFloat(hi, x->dtype);
  for (int64_t k = 0; k < x->numel; ++k)
    y->data[k].f = floatMin(floatMax(x->data[k].f, lo), hi);
  return true;
}

static bool clipInt(RefOp *r, const TcRefTensor *x, TcRefTensor *y) {
  int64_t lo, hi;
  if (!tcRefGetI64Attr(r, "min", &lo) || !tcRefGetI64Attr(r, "max", &hi))
    return false;
  for (int64_t k = 0; k < x->numel; ++k) {
    uint64_t v = tcRefGetBits(x, k);
    if (tcRefIsUnsigned(x->dtype)) {
      v = v < (uint64_t)lo ? (uint64_t)lo : v;
      v = v > (uint64_t)hi ? (uint64_t)hi : v;
    } else {
      v = (int64_t)v < lo ? (uint64_t)lo : v;
      v = (int64_t)v > hi ? (uint64_t)hi : v;
    }
    tcRefSetBits(y, k, v);
  }
  return true;
}

bool tcRefEvalClip(RefOp *r) {
  const TcRefTensor *x = r->operands[0];
  RefShape shape = tcRefShapeOf(x);
  if (x->dtype == TC_REF_I1)
    return tcRefError(r, "operand must have numeric elements, got i1");
  if (tcRefResultDtype(r, 0) != x->dtype)
    return tcRefError(r, "result dtype must be the operand's, %s", tcRefDtypeName(x->dtype));
  if (!tcRefCreateResult(r, 0, &shape))
    return false;
  return tcRefDtypeIsFloat(x->dtype) ? clipFloat(r, x, &r->results[0]) : clipInt(r, x, &r->results[0]);
}

//===-- cast ------------------------------------------------------------------===//

// Rounds the exact integer `v` (any int64 or uint64 value, held exactly in a
// long double's 64-bit significand) to float dtype `d` in one step.
static double roundIntegerToFloat(long double v, TcRefDtype d) {
  static const int mantissa[] = {[TC_REF_F16] = 10, [TC_REF_BF16] = 7, [TC_REF_F32] = 23, [TC_REF_F64] = 52};
  if (v == 0)
    return 0.0;
  int exp;
  frexpl(fabsl(v), &exp);
  long double ulp = exp - 1 - mantissa[d] > 0 ? ldexpl(1.0L, exp - 1 - mantissa[d]) : 1.0L;
  long double rounded = nearbyintl(fabsl(v) / ulp) * ulp; // exact scaling by a power of two
  return tcRefRoundToFloat(copysign((double)rounded, (double)v), d); // exact, or overflow to inf
}

static void castElement(const TcRefTensor *x, int64_t k, TcRefTensor *y) {
  if (tcRefDtypeIsFloat(x->dtype)) {
    tcRefSetDouble(y, k, x->data[k].f); // rounds, or truncates and saturates
  } else if (y->dtype == TC_REF_I1) {
    y->data[k].i = tcRefGetBits(x, k) != 0;
  } else if (!tcRefDtypeIsFloat(y->dtype)) {
    tcRefSetBits(y, k, tcRefGetBits(x, k)); // wrap, extending by the source's signedness
  } else {
    long double v = tcRefIsUnsigned(x->dtype) ? (long double)x->data[k].u : (long double)x->data[k].i;
    y->data[k].f = roundIntegerToFloat(v, y->dtype);
  }
}

bool tcRefEvalCast(RefOp *r) {
  const TcRefTensor *x = r->operands[0];
  RefShape shape = tcRefShapeOf(x);
  if (!tcRefCreateResult(r, 0, &shape))
    return false;
  for (int64_t k = 0; k < x->numel; ++k)
    castElement(x, k, &r->results[0]);
  return true;
}

//===-- constant --------------------------------------------------------------===//

// IEEE binary16 and bfloat16 bit patterns to double (exact).
static double halfToDouble(uint16_t h) {
  int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  double v = exp == 0 ? ldexp(mant, -24) : exp == 31 ? (mant ? NAN : INFINITY) : ldexp(mant | 0x400, exp - 25);
  return (h & 0x8000) ? -v : v;
}

static double bf16ToDouble(uint16_t b) {
  uint32_t bits = (uint32_t)b << 16;
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

static void readDenseElement(MlirAttribute a, intptr_t pos, TcRefTensor *y, int64_t k) {
  switch (y->dtype) {
  case TC_REF_I1: y->data[k].i = mlirDenseElementsAttrGetBoolValue(a, pos); break;
  case TC_REF_I8: y->data[k].i = mlirDenseElementsAttrGetInt8Value(a, pos); break;
  case TC_REF_I16: y->data[k].i = mlirDenseElementsAttrGetInt16Value(a, pos); break;
  case TC_REF_I32: y->data[k].i = mlirDenseElementsAttrGetInt32Value(a, pos); break;
  case TC_REF_I64: y->data[k].i = mlirDenseElementsAttrGetInt64Value(a, pos); break;
  case TC_REF_UI8: y->data[k].u = mlirDenseElementsAttrGetUInt8Value(a, pos); break;
  case TC_REF_UI16: y->data[k].u = mlirDenseElementsAttrGetUInt16Value(a, pos); break;
  case TC_REF_UI32: y->data[k].u = mlirDenseElementsAttrGetUInt32Value(a, pos); break;
  case TC_REF_UI64: y->data[k].u = mlirDenseElementsAttrGetUInt64Value(a, pos); break;
  case TC_REF_F32: y->data[k].f = mlirDenseElementsAttrGetFloatValue(a, pos); break;
  case TC_REF_F64: y->data[k].f = mlirDenseElementsAttrGetDoubleValue(a, pos); break;
  case TC_REF_F16:
  case TC_REF_BF16: {
    const uint16_t *raw = mlirDenseElementsAttrGetRawData(a);
    uint16_t bits = raw[mlirDenseElementsAttrIsSplat(a) ? 0 : pos];
    y->data[k].f = y->dtype == TC_REF_F16 ? halfToDouble(bits) : bf16ToDouble(bits);
    break;
  }
  }
}

static bool readResourceElement(RefOp *r, MlirAttribute a, intptr_t pos, TcRefTensor *y, int64_t k) {
  switch (y->dtype) {
  case TC_REF_I1: y->data[k].i = mlirDenseBoolResourceElementsAttrGetValue(a, pos); return true;
  case TC_REF_I8: y->data[k].i = mlirDenseInt8ResourceElementsAttrGetValue(a, pos); return true;
  case TC_REF_I16: y->data[k].i = mlirDenseInt16ResourceElementsAttrGetValue(a, pos); return true;
  case TC_REF_I32: y->data[k].i = mlirDenseInt32ResourceElementsAttrGetValue(a, pos); return true;
  case TC_REF_I64: y->data[k].i = mlirDenseInt64ResourceElementsAttrGetValue(a, pos); return true;
  case TC_REF_UI8: y->data[k].u = mlirDenseUInt8ResourceElementsAttrGetValue(a, pos); return true;
  case TC_REF_UI16: y->data[k].u = mlirDenseUInt16ResourceElementsAttrGetValue(a, pos); return true;
  case TC_REF_UI32: y->data[k].u = mlirDenseUInt32ResourceElementsAttrGetValue(a, pos); return true;
  case TC_REF_UI64: y->data[k].u = mlirDenseUInt64ResourceElementsAttrGetValue(a, pos); return true;
  case TC_REF_F32: y->data[k].f = mlirDenseFloatResourceElementsAttrGetValue(a, pos); return true;
  case TC_REF_F64: y->data[k].f = mlirDenseDoubleResourceElementsAttrGetValue(a, pos); return true;
  default: return tcRefUnsupported(r, "dense_resource constants of %s are not supported", tcRefDtypeName(y->dtype));
  }
}

bool tcRefEvalConstant(RefOp *r) {
  MlirAttribute value = mlirOperationGetDiscardableAttributeByName(r->op, mlirStringRefCreateFromCString("value"));
  MlirType resultType = mlirValueGetType(mlirOperationGetResult(r->op, 0));
  bool dense = !mlirAttributeIsNull(value) && mlirAttributeIsADenseElements(value);
  bool resource = !mlirAttributeIsNull(value) && mlirAttributeIsADenseResourceElements(value);
  if (!dense && !resource)
    return tcRefError(r, "attribute 'value' must be a dense or dense_resource elements attribute");
  if (!mlirTypeEqual(mlirAttributeGetType(value), resultType))
    return tcRefError(r, "attribute 'value' must have the result's type");
  RefShape shape = {mlirShapedTypeGetRank(resultType), {0}};
  for (intptr_t d = 0; d < shape.rank; ++d)
    shape.dims[d] = mlirShapedTypeGetDimSize(resultType, d);
  if (!tcRefCreateResult(r, 0, &shape))
    return false;
  TcRefTensor *y = &r->results[0];
  bool splat = dense && mlirDenseElementsAttrIsSplat(value);
  for (int64_t k = 0; k < y->numel; ++k) {
    if (dense)
      readDenseElement(value, splat ? 0 : (intptr_t)k, y, k);
    else if (!readResourceElement(r, value, (intptr_t)k, y, k))
      return false;
  }
  return true;
}
