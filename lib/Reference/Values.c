//===- Values.c - reading, writing and indexing reference values -----------===//
//
// Integers are kept as 64-bit patterns: signed dtypes sign-extended, unsigned
// zero-extended, so integer arithmetic can be done on uint64_t (which wraps
// without undefined behaviour) and cut back to the dtype's width here.
// Storing a double follows the cast rules of docs/dialects.md §2.2.6.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <math.h>

double tcRefGetDouble(const TcRefTensor *t, int64_t k) {
  if (tcRefDtypeIsFloat(t->dtype))
    return t->data[k].f;
  return tcRefIsUnsigned(t->dtype) ? (double)t->data[k].u : (double)t->data[k].i;
}

uint64_t tcRefGetBits(const TcRefTensor *t, int64_t k) {
  return tcRefIsUnsigned(t->dtype) ? t->data[k].u : (uint64_t)t->data[k].i;
}

void tcRefSetBits(TcRefTensor *t, int64_t k, uint64_t bits) {
  unsigned w = tcRefIntWidth(t->dtype);
  uint64_t low = w == 64 ? bits : bits & ((UINT64_C(1) << w) - 1);
  if (tcRefIsUnsigned(t->dtype)) {
    t->data[k].u = low;
  } else if (w == 1 || w == 64 || !(low >> (w - 1))) {
    t->data[k].i = (int64_t)low;
  } else {
    t->data[k].i = (int64_t)(low | ~((UINT64_C(1) << w) - 1)); // sign-extend
  }
}

// Float to integer: truncate toward zero, saturate, NaN -> 0.
static void setIntFromDouble(TcRefTensor *t, int64_t k, double x) {
  unsigned w = tcRefIntWidth(t->dtype);
  double v = isnan(x) ? 0.0 : trunc(x);
  if (tcRefIsUnsigned(t->dtype)) {
    double limit = ldexp(1.0, (int)w); // 2^w, exact
    t->data[k].u = v <= 0 ? 0 : v >= limit ? (w == 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1) : (uint64_t)v;
    return;
  }
  double lo = -ldexp(1.0, (int)w - 1), hi = ldexp(1.0, (int)w - 1); // [-2^(w-1), 2^(w-1))
  if (v < lo)
    t->data[k].i = w == 64 ? INT64_MIN : -(INT64_C(1) << (w - 1));
  else if (v >= hi)
    t->data[k].i = w == 64 ? INT64_MAX : (INT64_C(1) << (w - 1)) - 1;
  else
    t->data[k].i = (int64_t)v;
}

void tcRefSetDouble(TcRefTensor *t, int64_t k, double x) {
  if (tcRefDtypeIsFloat(t->dtype))
    t->data[k].f = tcRefRoundToFloat(x, t->dtype);
  else if (t->dtype == TC_REF_I1)
    t->data[k].i = x != 0; // NaN != 0 holds: NaN -> true
  else
    setIntFromDouble(t, k, x);
}

void tcRefUnravel(int64_t k, const RefShape *shape, int64_t *idx) {
  for (intptr_t d = shape->rank - 1; d >= 0; --d) {
    int64_t n = shape->dims[d];
    idx[d] = n ? k % n : 0;
    k = n ? k / n : 0;
  }
}

int64_t tcRefBroadcastIndex(const TcRefTensor *t, const int64_t *idx, intptr_t rank) {
  int64_t linear = 0;
  for (intptr_t d = 0; d < t->rank; ++d) {
    int64_t n = t->dims[d];
    int64_t i = n == 1 ? 0 : idx[rank - t->rank + d];
    linear = linear * n + i;
  }
  return linear;
}

bool tcRefBroadcastShapes(const RefShape *a, const RefShape *b, RefShape *out) {
  intptr_t rank = a->rank > b->rank ? a->rank : b->rank;
  out->rank = rank;
  for (intptr_t i = 0; i < rank; ++i) {
    intptr_t ia = a->rank - rank + i, ib = b->rank - rank + i;
    int64_t da = ia >= 0 ? a->dims[ia] : 1, db = ib >= 0 ? b->dims[ib] : 1;
    if (da != db && da != 1 && db != 1)
      return false;
    out->dims[i] = da == 1 ? db : da;
  }
  return true;
}
