//===- Certify.c - the fast mode's error bounds and its proof of exactness -===//
//
// The fast mode computes a sum-heavy element as a floating-point value
// (Blocked.c) together with a rigorous bound of how far that value can be
// from the exact one: the exact value x lies in [hi + lo - err, hi + lo +
// err] (a RefFast; lo = 0 for a plain double sum). tcRefStoreFast turns that
// into the spec's result, the exact x rounded once to the dtype:
//
//   - if every real number of the interval rounds to the same value r of
//     the dtype, r *is* the spec's result: it is stored, exactly as the
//     exact mode would have computed it. The test is on the midpoints
//     between r and its two neighbours: lo - err and lo + err must both
//     lie strictly between them (as offsets from hi), compared after
//     rounding to double, which is monotone, against the offsets, which
//     are doubles: no rounding of the test can make it pass wrongly.
//   - otherwise, where the caller allows it (a value that the function
//     only returns) and only the last rounding is in doubt (x is within
//     one ulp of r: |r - hi| + |lo| + err <= ulp), r is stored with a
//     bound b >= |r - rnd(x)| in the tensor's `bound` array: that distance
//     plus half an ulp of the largest |x| possible, at most 1.5 ulp;
//   - otherwise nothing is stored and the caller computes the element
//     exactly (Numerics.c).
//
// The bounds (docs/reference.md derives them; u = 2^-53, γ_n = n·u/(1 -
// n·u), S >= Σ|a_k·b_k| the sum of the absolute products):
//   plain dot product of n exact products (operands of f32, f16, bf16),
//   added in turn:        |s - x| <= γ_n·S
//   compensated (Dot2):   |s + c - x| <= γ_{n+1}·(n+1)·(1 + γ_n)·u·S
//                         (no product below 2^-960 but zero: the caller checks)
//   S = 0:                every product is 0 and the sum exact: no error
//   a sum of n doubles:   the same, its terms being exact products (x·1)
//   dividing by n:        err/n plus the division's exact remainder / n
//   adding or scaling:    the error carried (times |alpha|) plus the exact
//                         error of the one rounded operation (TwoSum, fma)
// Every bound is itself computed in double with a handful of operations,
// then scaled by 1 + 2^-40 (tcRefRoundUp), more than the (1 + u)^k those
// operations can lose, so it stays an upper bound.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double kU = 0x1p-53;

double tcRefRoundUp(double x) { return x * (1 + 0x1p-40); }

double tcRefGamma(int64_t n) {
  double nu = (double)n * kU;
  return nu < 0x1p-6 ? tcRefRoundUp(nu / (1 - nu)) : INFINITY;
}

double tcRefPlainDotError(int64_t n, double mag) { return mag == 0 ? 0 : tcRefRoundUp(tcRefGamma(n) * mag); }

double tcRefCompensatedDotError(int64_t n, double mag) {
  return mag == 0 ? 0 : tcRefRoundUp(tcRefGamma(n + 1) * ((double)(n + 1) * kU) * (1 + tcRefGamma(n)) * mag);
}

//===-- Exact operations on doubles ----------------------------------------===//

// s + t = a + b exactly (Knuth's TwoSum), for finite a, b whose sum does
// not overflow.
static double twoSum(double a, double b, double *t) {
  double s = a + b, z = s - a;
  *t = (a - (s - z)) + (b - z);
  return s;
}

// hi + lo renormalised by TwoSum; a zero lo leaves hi (and its zero sign)
// alone, where IEEE's -0 + +0 would give +0.
static double renormalize(double hi, double lo, double *rest) {
  if (lo == 0) {
    *rest = 0;
    return hi;
  }
  return twoSum(hi, lo, rest);
}

// a + b into *out; false if the double sum is not exact.
static bool exactAdd(double a, double b, double *out) {
  double t;
  *out = twoSum(a, b, &t);
  return t == 0;
}

// An upper bound of |a·b - p| for p = fl(a·b): the exact residual (one
// fma) where no underflow can hide it, else the standard model's.
static double mulError(double a, double b, double p) {
  if (a == 0 || b == 0)
    return 0;
  return fabs(p) >= 0x1p-960 ? fabs(fma(a, b, -p)) : 2 * kU * fabs(p) + 0x1p-1074;
}

//===-- Composing values ------------------------------------------------------===//

// Each step adds the exact (or, for an underflowing product, the standard
// model's) error of the one operation it rounds; the other operations are
// exact transformations (TwoSum, an fma residual).
RefFast tcRefFastAdd(RefFast v, double t, bool compensated) {
  double e1, s1 = twoSum(v.hi, t, &e1);
  if (!compensated)
    return (RefFast){s1, 0, e1 == 0 ? v.err : tcRefRoundUp(v.err + fabs(e1))};
  double e2, l = twoSum(v.lo, e1, &e2), lo;
  double hi = renormalize(s1, l, &lo);
  return (RefFast){hi, lo, e2 == 0 ? v.err : tcRefRoundUp(v.err + fabs(e2))};
}

RefFast tcRefFastScale(RefFast v, double alpha, bool compensated) {
  double p1 = alpha * v.hi, scaled = fabs(alpha) * v.err;
  if (!compensated)
    return (RefFast){p1, 0, tcRefRoundUp(scaled + mulError(alpha, v.hi, p1))};
  if (p1 != 0 && fabs(p1) < 0x1p-960) // the residual of alpha·hi may be lost
    return (RefFast){p1, 0, INFINITY};
  double p2 = v.hi == 0 || alpha == 0 ? 0 : fma(alpha, v.hi, -p1), la = alpha * v.lo, e, lo;
  double t2 = twoSum(p2, la, &e);
  double hi = renormalize(p1, t2, &lo);
  return (RefFast){hi, lo, tcRefRoundUp(scaled + mulError(alpha, v.lo, la) + fabs(e))};
}

RefFast tcRefFastSumValue(const RefFastSum *f) {
  if (!f->rounded) // every partial sum exact (an infinity or NaN leaves s non-finite)
    return (RefFast){f->s, 0, 0};
  double mag = tcRefRoundUp(f->mag * (1 + 2 * tcRefGamma(f->n))); // >= Σ|x| (a double sum of n >= 0 values)
  double lo, hi = renormalize(f->s, f->c, &lo);
  return (RefFast){hi, lo, tcRefCompensatedDotError(f->n, mag)};
}

RefFast tcRefFastDivide(RefFast v, int64_t count, bool compensated) {
  double n = (double)count, q1 = v.hi / n, r1 = fma(-q1, n, v.hi); // hi = q1·n + r1 exactly (no underflow below)
  if (q1 != 0 && fabs(q1) < 0x1p-960)
    return (RefFast){q1, 0, INFINITY};
  double scaled = v.err / n;
  if (!compensated) // x/n - q1 = (x - hi)/n + r1/n
    return (RefFast){q1, 0, scaled + fabs(r1) == 0 ? 0 : tcRefRoundUp(scaled + fabs(r1) / n)};
  double e, t = twoSum(r1, v.lo, &e), q2 = t / n, lo; // (r1 + lo)/n = q2 + (the rest)
  double rest = fabs(fma(-q2, n, t)) / n + fabs(e) / n;
  if (t != 0 && fabs(q2) < 0x1p-960) // q2 may have underflowed, its residual with it
    rest += 0x1p-1073;
  double hi = renormalize(q1, q2, &lo);
  double err = scaled + rest;
  return (RefFast){hi, lo, err == 0 ? 0 : tcRefRoundUp(err)};
}

RefFast tcRefFastAddProduct(RefFast v, double a, double b, bool compensated) {
  double p = a * b;
  RefFast w = tcRefFastAdd(v, p, compensated);
  if (a == 0 || b == 0)
    return w;
  if (compensated && fabs(p) >= 0x1p-960)
    return tcRefFastAdd(w, fma(a, b, -p), true); // the exact residual
  w.err = tcRefRoundUp(w.err + mulError(a, b, p));
  return w;
}

//===-- Storing -----------------------------------------------------------===//

static double maxFinite(TcRefDtype d) {
  static const double largest[] = {[TC_REF_F16] = 0x1.ffcp15, [TC_REF_BF16] = 0x1.fep127,
                                   [TC_REF_F32] = 0x1.fffffep127, [TC_REF_F64] = 0x1.fffffffffffffp1023};
  return largest[d];
}

// 2^e from its bits for a normal double exponent, else by ldexp (a libm call).
static double powerOfTwo(int e) {
  if (e < -1022 || e > 1023)
    return ldexp(1, e);
  uint64_t bits = (uint64_t)(e + 1023) << 52;
  double p;
  memcpy(&p, &bits, sizeof p);
  return p;
}

// The exponent of the unit in the last place of dtype d at magnitude a > 0.
static int ulpExponent(TcRefDtype d, double a) {
  int prec, qmin;
  tcRefFloatFormat(d, &prec, &qmin);
  int q = ilogb(a) - prec + 1;
  return q < qmin ? qmin : q;
}

// The midpoints between r (finite, non-zero, below the largest finite value
// in magnitude) and its neighbours in d, as offsets below < 0 < above from
// r. They are doubles except for f64 values near the subnormals.
static bool midpointOffsets(TcRefDtype d, double r, double *below, double *above) {
  if (r == 0 || !(fabs(r) < maxFinite(d)) || (d == TC_REF_F64 && ilogb(r) < -1020))
    return false;
  int prec, qmin, q = ulpExponent(d, fabs(r));
  tcRefFloatFormat(d, &prec, &qmin);
  double ulp = powerOfTwo(q);
  bool power = fabs(r) == powerOfTwo(ilogb(r));
  double inward = power && q > qmin ? ulp / 2 : ulp; // the gap to the neighbour nearer zero
  *below = r > 0 ? -inward / 2 : -ulp / 2;
  *above = r > 0 ? ulp / 2 : inward / 2;
  return true;
}

// True if every value of [hi + lo - err, hi + lo + err] rounds to r in d.
static bool certain(TcRefDtype d, double r, const RefFast *v) {
  double below, above, shift, lower, upper;
  if (!midpointOffsets(d, r, &below, &above) || !exactAdd(r, -v->hi, &shift) || !exactAdd(shift, below, &lower) ||
      !exactAdd(shift, above, &upper))
    return false;
  return v->lo - v->err > lower && v->lo + v->err < upper;
}

bool tcRefStoreFast(TcRefTensor *t, int64_t k, RefFast v, bool mayBound) {
  if (!isfinite(v.hi) || !isfinite(v.lo) || !(v.err >= 0 && v.err < INFINITY))
    return false;
  if (v.err == 0 && v.lo == 0) { // the value is exactly hi (its zero sign included)
    tcRefSetDouble(t, k, v.hi);
    return true;
  }
  double r = tcRefRoundToFloat(v.hi, t->dtype);
  if (certain(t->dtype, r, &v)) {
    t->data[k].f = r; // a value of the dtype already
    return true;
  }
  double largest = fabs(v.hi) + fabs(v.lo) + v.err;
  if (!mayBound || !t->bound || !isfinite(r) || !(largest < maxFinite(t->dtype)))
    return false;
  int q = largest > 0 ? ulpExponent(t->dtype, largest) : -1074;
  double halfUlp = powerOfTwo(q - 1 < -1074 ? -1074 : q - 1);
  double distance = fabs(r - v.hi) + fabs(v.lo) + v.err; // >= |r - x|
  if (!(distance <= 2 * halfUlp)) // more than the last rounding is in doubt: compute it exactly
    return false;
  t->data[k].f = r;
  t->bound[k] = tcRefRoundUp(distance + halfUlp);
  return true;
}

bool tcRefPrepareBound(RefOp *r, TcRefTensor *t) {
  if (!r->mayBound || !tcRefDtypeIsFloat(t->dtype))
    return false;
  if (!(t->bound = calloc((size_t)(t->numel ? t->numel : 1), sizeof *t->bound)))
    tcFatal("out of memory in the reference evaluator");
  return true;
}

void tcRefFinishBound(TcRefTensor *t) {
  for (int64_t k = 0; t->bound && k < t->numel; ++k)
    if (t->bound[k] != 0)
      return;
  free(t->bound);
  t->bound = NULL;
}
