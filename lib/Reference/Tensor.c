//===- Tensor.c - reference tensors, dtypes and rounding -------------------===//
//
// A reference tensor is a row-major array of TcRefScalar. Rounding to a float
// dtype is written once, for every binary format, from the definition: scale
// by the unit in the last place of the value's binade (clamped at the
// smallest normal exponent, which gives subnormals), round the quotient to an
// integer with ties to even (nearbyint in the default rounding mode), scale
// back, and overflow to infinity past the largest finite value. Scaling by a
// power of two is exact in double, so the only rounding is the one we mean.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *name;
  int mantissaBits, minExp, maxExp; // floats only
  double maxFinite;                 // (2 - 2^-mantissaBits)·2^maxExp
} kDtypes[] = {
    [TC_REF_I1] = {"i1", 0, 0, 0, 0},          [TC_REF_I8] = {"i8", 0, 0, 0, 0},
    [TC_REF_I16] = {"i16", 0, 0, 0, 0},        [TC_REF_I32] = {"i32", 0, 0, 0, 0},
    [TC_REF_I64] = {"i64", 0, 0, 0, 0},        [TC_REF_UI8] = {"ui8", 0, 0, 0, 0},
    [TC_REF_UI16] = {"ui16", 0, 0, 0, 0},      [TC_REF_UI32] = {"ui32", 0, 0, 0, 0},
    [TC_REF_UI64] = {"ui64", 0, 0, 0, 0},      [TC_REF_F16] = {"f16", 10, -14, 15, 0x1.ffcp15},
    [TC_REF_BF16] = {"bf16", 7, -126, 127, 0x1.fep127}, [TC_REF_F32] = {"f32", 23, -126, 127, 0x1.fffffep127},
    [TC_REF_F64] = {"f64", 52, -1022, 1023, 0x1.fffffffffffffp1023},
};

// 2^e for a normal double exponent e, from its bits (ldexp is a libm call).
static double powerOfTwo(int e) {
  uint64_t bits = (uint64_t)(e + 1023) << 52;
  double p;
  memcpy(&p, &bits, sizeof p);
  return p;
}

const char *tcRefDtypeName(TcRefDtype d) { return kDtypes[d].name; }

bool tcRefDtypeIsFloat(TcRefDtype d) { return d >= TC_REF_F16; }
bool tcRefIsSigned(TcRefDtype d) { return d >= TC_REF_I8 && d <= TC_REF_I64; }
bool tcRefIsUnsigned(TcRefDtype d) { return d >= TC_REF_UI8 && d <= TC_REF_UI64; }

unsigned tcRefIntWidth(TcRefDtype d) {
  static const unsigned widths[] = {1, 8, 16, 32, 64, 8, 16, 32, 64};
  return d <= TC_REF_UI64 ? widths[d] : 0;
}

bool tcRefDtypeFromType(MlirType t, TcRefDtype *out) {
  if (mlirTypeIsAF16(t))
    *out = TC_REF_F16;
  else if (mlirTypeIsABF16(t))
    *out = TC_REF_BF16;
  else if (mlirTypeIsAF32(t))
    *out = TC_REF_F32;
  else if (mlirTypeIsAF64(t))
    *out = TC_REF_F64;
  else if (!mlirTypeIsAInteger(t))
    return false;
  else {
    unsigned w = mlirIntegerTypeGetWidth(t);
    int slot = w == 8 ? 0 : w == 16 ? 1 : w == 32 ? 2 : w == 64 ? 3 : -1;
    if (w == 1 && mlirIntegerTypeIsSignless(t))
      *out = TC_REF_I1;
    else if (slot >= 0 && mlirIntegerTypeIsSignless(t))
      *out = (TcRefDtype)(TC_REF_I8 + slot);
    else if (slot >= 0 && mlirIntegerTypeIsUnsigned(t))
      *out = (TcRefDtype)(TC_REF_UI8 + slot);
    else
      return false;
  }
  return true;
}

double tcRefRoundToFloat(double x, TcRefDtype d) {
  if (d == TC_REF_F64 || isnan(x) || isinf(x) || x == 0)
    return x;
  int mant = kDtypes[d].mantissaBits, exp = ilogb(x); // the binade 2^exp of |x|
  int binade = exp < kDtypes[d].minExp ? kDtypes[d].minExp : exp;
  double ulp = powerOfTwo(binade - mant); // a normal double for every narrower dtype
  double y = nearbyint(fabs(x) / ulp) * ulp;
  return copysign(y > kDtypes[d].maxFinite ? INFINITY : y, x);
}

double tcRefNextFloat(double x, TcRefDtype d, bool up) {
  if (d == TC_REF_F64 || isnan(x))
    return isnan(x) ? x : nextafter(x, up ? INFINITY : -INFINITY);
  int mant = kDtypes[d].mantissaBits, minExp = kDtypes[d].minExp;
  double maxFinite = kDtypes[d].maxFinite;
  if (isinf(x))
    return (x > 0) == up ? x : copysign(maxFinite, x);
  if (x == 0)
    return ldexp(up ? 1.0 : -1.0, minExp - mant); // the least subnormal
  double a = fabs(x);
  int e = ilogb(a), binade = e < minExp ? minExp : e;
  double ulp = ldexp(1.0, binade - mant);
  bool away = (x > 0) == up; // away from zero: one ulp; toward it, half one below a power of two
  double step = away ? ulp : (a == ldexp(1.0, e) && e > minExp ? ulp / 2 : ulp);
  double y = away ? a + step : a - step;
  return copysign(y > maxFinite ? INFINITY : y, x);
}

bool tcRefTensorCreate(TcRefTensor *t, TcRefDtype dtype, intptr_t rank, const int64_t *dims) {
  memset(t, 0, sizeof *t);
  if (rank < 0 || rank > TC_REF_MAX_RANK)
    return false;
  int64_t n = 1;
  for (intptr_t i = 0; i < rank; ++i) {
    if (dims[i] < 0 || (dims[i] != 0 && n > INT64_MAX / dims[i] / (int64_t)sizeof(TcRefScalar)))
      return false;
    n *= dims[i];
    t->dims[i] = dims[i];
  }
  t->data = calloc((size_t)(n ? n : 1), sizeof(TcRefScalar));
  if (!t->data) {
    memset(t, 0, sizeof *t);
    return false;
  }
  t->dtype = dtype;
  t->rank = rank;
  t->numel = n;
  return true;
}

void tcRefTensorDestroy(TcRefTensor *t) {
  free(t->data);
  free(t->bound);
  memset(t, 0, sizeof *t);
}

RefShape tcRefShapeOf(const TcRefTensor *t) {
  RefShape s = {t->rank, {0}};
  memcpy(s.dims, t->dims, (size_t)t->rank * sizeof s.dims[0]);
  return s;
}
