//===- Numerics.c - the evaluator's exact sums and once-only rounding -------===//
//
// Every op built from a sum (matmul, gemm, conv2d, avg pooling, norms,
// softmax, reduce_sum, reduce_mean) is defined as the exact value rounded
// once (docs/dialects.md §2.2.0). Sums of doubles and of products of doubles
// are therefore kept *exactly* here, in a fixed-point superaccumulator: a
// two's-complement integer of REF_ACC_LIMBS 64-bit limbs whose bit 0 weighs
// 2^REF_ACC_LSB. It spans every product of three doubles (down to
// 2^-1074 · 2^-2148 = 2^-3222, up to 2^3072) with more than 200 bits of
// headroom for carries, so no addend is ever rounded and no partial sum
// overflows. A product a·b of doubles is formed exactly from the two 53-bit
// integer significands (a 106-bit integer), a·b·c likewise (159 bits).
//
// Reading the sum rounds the exact integer (optionally divided by an integer
// n, exactly: the remainder becomes the sticky bit) straight to the target
// format's precision and subnormal floor, so no double rounding happens for
// narrow dtypes either. NaN and ±inf addends are only counted and combined by
// IEEE 754 at the end; the sign of a zero sum follows the spec's rule (-0
// iff every addend is -0, the empty sum +0).
//
// Composite values (norms, softmax, gelu, sigmoid, f64 rsqrt) are computed in
// binary128 (_Float128, 113 bits) and stored with tcRefStoreQuad, which rounds
// a binary128 value (plus an optional residual carrying the sign of what was
// lost) to the target dtype once: directly for f64, and through
// round-to-odd to double for narrower dtypes (round-to-odd at >= p+2 bits
// followed by round-to-nearest at p bits equals one rounding).
//
//===----------------------------------------------------------------------===//
#define __STDC_WANT_IEC_60559_TYPES_EXT__ 1
#include "RefInternal.h"

#include <math.h>
#include <string.h>

typedef unsigned __int128 U128;

//===-- Adding integers at a bit offset ---------------------------------------===//

// Adds (or subtracts, if `negative`) the n-limb integer m times 2^exp.
static void accAddInt(RefSum *s, bool negative, const uint64_t *m, int n, int exp) {
  int off = exp - REF_ACC_LSB, at = off / 64, sh = off % 64;
  uint64_t shifted[5] = {0};
  for (int i = 0; i < n; ++i) {
    shifted[i] |= m[i] << sh;
    shifted[i + 1] = sh ? m[i] >> (64 - sh) : 0;
  }
  unsigned carry = 0; // a carry when adding, a borrow when subtracting
  for (int i = at; i < REF_ACC_LIMBS; ++i) {
    uint64_t v = i - at <= n ? shifted[i - at] : 0;
    if (i - at > n && !carry)
      break;
    uint64_t old = s->limb[i];
    if (!negative) {
      uint64_t t = old + v;
      unsigned c1 = t < old;
      s->limb[i] = t + carry;
      carry = c1 | (s->limb[i] < t);
    } else {
      uint64_t t = old - v;
      unsigned b1 = old < v;
      s->limb[i] = t - carry;
      carry = b1 | (t < (uint64_t)carry);
    }
  }
}

// x = m · 2^e with m a 53-bit (or smaller) integer; x finite and non-zero.
static uint64_t significand(double x, int *e) {
  double f = frexp(fabs(x), e);
  *e -= 53;
  return (uint64_t)ldexp(f, 53);
}

// Records a non-finite addend (or a zero one) and reports whether the value
// is done with; `v` is its IEEE value.
static bool addSpecial(RefSum *s, double v) {
  s->count++;
  if (isnan(v) || isinf(v)) {
    s->nan |= isnan(v);
    s->posInf |= v == INFINITY;
    s->negInf |= v == -INFINITY;
    s->nonNegZero = true;
    return true;
  }
  s->nonNegZero |= !(v == 0 && signbit(v));
  return v == 0;
}

// The IEEE value of the product of n doubles when one of them is zero or not
// finite (only its class and sign matter: NaN, ±inf, ±0).
static double specialProduct(const double *v, int n) {
  bool neg = false, zero = false, inf = false;
  for (int i = 0; i < n; ++i) {
    if (isnan(v[i]))
      return NAN;
    neg ^= signbit(v[i]) != 0;
    zero |= v[i] == 0;
    inf |= isinf(v[i]);
  }
  if (zero && inf)
    return NAN;
  return copysign(inf ? INFINITY : 0.0, neg ? -1.0 : 1.0);
}

void tcRefSumAdd(RefSum *s, double x) {
  if (addSpecial(s, x))
    return;
  int e;
  uint64_t m = significand(x, &e);
  accAddInt(s, signbit(x), &m, 1, e);
}

// Adds the exact product of v[0..n), n = 2 or 3.
static void addProduct(RefSum *s, const double *v, int n) {
  for (int i = 0; i < n; ++i)
    if (v[i] == 0 || !isfinite(v[i])) {
      addSpecial(s, specialProduct(v, n));
      return;
    }
  addSpecial(s, 1.0); // counts a finite non-zero addend
  int e0, e1, e2 = 0;
  bool neg = (signbit(v[0]) != 0) ^ (signbit(v[1]) != 0);
  U128 p = (U128)significand(v[0], &e0) * significand(v[1], &e1);
  uint64_t m[3] = {(uint64_t)p, (uint64_t)(p >> 64), 0};
  if (n == 3) {
    uint64_t c = significand(v[2], &e2);
    neg ^= signbit(v[2]) != 0;
    U128 lo = (U128)m[0] * c, hi = (U128)m[1] * c + (uint64_t)(lo >> 64);
    m[0] = (uint64_t)lo, m[1] = (uint64_t)hi, m[2] = (uint64_t)(hi >> 64);
  }
  accAddInt(s, neg, m, 3, e0 + e1 + e2);
}

void tcRefSumAddProduct(RefSum *s, double a, double b) {
  double v[2] = {a, b};
  addProduct(s, v, 2);
}

void tcRefSumAddProduct3(RefSum *s, double a, double b, double c) {
  double v[3] = {a, b, c};
  addProduct(s, v, 3);
}

//===-- Rounding the exact value ------------------------------------------===//

static bool bitAt(const uint64_t *mag, int64_t b) { return (mag[b / 64] >> (b % 64)) & 1; }

_Float128 tcRefRoundBits(const uint64_t *mag, int n, int64_t lsbExp, bool sticky, int prec, int qmin) {
  int top = n - 1;
  while (top >= 0 && mag[top] == 0)
    --top;
  if (top < 0)
    return 0;
  int64_t t = (int64_t)top * 64 + 63 - __builtin_clzll(mag[top]); // the leading bit's index
  if (t + lsbExp > 20000)
    return INFINITY; // past every format, binary128 included
  int64_t q = t + lsbExp - prec + 1;
  q = q < qmin ? qmin : q;
  int64_t bq = q - lsbExp < 0 ? 0 : q - lsbExp; // bits [bq, t] are kept
  U128 m = 0;
  for (int64_t b = t; b >= bq; --b)
    m = m << 1 | bitAt(mag, b);
  bool half = bq > 0 && bq - 1 <= t && bitAt(mag, bq - 1);
  for (int64_t b = 0; !sticky && b < bq - 1 && b <= t; ++b)
    sticky = bitAt(mag, b);
  if (half && (sticky || (m & 1)))
    ++m;
  return bq > t + 1 ? 0 : ldexpf128((_Float128)m, (int)(bq + lsbExp));
}

// |S| / divisor rounded once; `mag` holds |S| and is consumed. Bits below
// 2^REF_ACC_LSB do not exist (only a quotient reaches there, and only
// binary128 reads that far down).
static _Float128 roundMagnitude(uint64_t *mag, int64_t divisor, int prec, int qmin) {
  bool sticky = false;
  if (divisor > 1) {
    U128 rem = 0;
    for (int i = REF_ACC_LIMBS - 1; i >= 0; --i) {
      U128 cur = rem << 64 | mag[i];
      mag[i] = (uint64_t)(cur / (uint64_t)divisor);
      rem = cur % (uint64_t)divisor;
    }
    sticky = rem != 0;
  }
  return tcRefRoundBits(mag, REF_ACC_LIMBS, REF_ACC_LSB, sticky, prec, qmin);
}

// The exact sum divided by `divisor` (>= 0; 0 only for an empty mean, NaN)
// rounded once with `prec` bits and subnormal floor 2^qmin.
static _Float128 sumRounded(const RefSum *s, int64_t divisor, int prec, int qmin) {
  if (s->nan || (s->posInf && s->negInf))
    return NAN;
  if (s->posInf || s->negInf)
    return s->posInf ? INFINITY : -INFINITY;
  if (divisor == 0) // the mean of nothing: 0/0
    return NAN;
  uint64_t mag[REF_ACC_LIMBS];
  memcpy(mag, s->limb, sizeof mag);
  bool negative = mag[REF_ACC_LIMBS - 1] >> 63, zero = true;
  for (int i = 0; i < REF_ACC_LIMBS; ++i) { // |S| = ~S + 1 when negative
    mag[i] = negative ? ~mag[i] : mag[i];
    zero &= s->limb[i] == 0;
  }
  for (int i = 0; negative && i < REF_ACC_LIMBS && ++mag[i] == 0; ++i)
    ;
  if (zero)
    return s->count > 0 && !s->nonNegZero ? -0.0 : 0.0; // the spec's zero-sign rule
  _Float128 v = roundMagnitude(mag, divisor, prec, qmin);
  return negative ? -v : v; // a nonzero value that underflows keeps its sign
}

bool tcRefSumIsFiniteNonZero(const RefSum *s) {
  if (s->nan || s->posInf || s->negInf)
    return false;
  for (int i = 0; i < REF_ACC_LIMBS; ++i)
    if (s->limb[i])
      return true;
  return false;
}

double tcRefSumValue(const RefSum *s) { return (double)sumRounded(s, 1, 53, -1074); }

_Float128 tcRefSumQuad(const RefSum *s) { return sumRounded(s, 1, 113, -16494); }

void tcRefFloatFormat(TcRefDtype d, int *prec, int *qmin) {
  static const int p[] = {[TC_REF_F16] = 11, [TC_REF_BF16] = 8, [TC_REF_F32] = 24, [TC_REF_F64] = 53};
  static const int q[] = {[TC_REF_F16] = -24, [TC_REF_BF16] = -133, [TC_REF_F32] = -149, [TC_REF_F64] = -1074};
  *prec = p[d];
  *qmin = q[d];
}

void tcRefSumStore(const RefSum *s, int64_t divisor, TcRefTensor *t, int64_t k) {
  int prec, qmin;
  tcRefFloatFormat(t->dtype, &prec, &qmin);
  // Exact in double (or beyond its range, which tcRefSetDouble makes ±inf).
  tcRefSetDouble(t, k, (double)sumRounded(s, divisor, prec, qmin));
}

//===-- Storing binary128 values --------------------------------------------===//

// hi + lo rounded to nearest double, where only lo's sign is trusted beyond
// hi: the conversion's tie is broken toward lo.
static double nearestDouble(_Float128 hi, _Float128 lo) {
  double d = (double)hi;
  if (!isfinite(d) || lo == 0)
    return d;
  _Float128 rem = hi - (_Float128)d;
  if (rem == 0)
    return d;
  double e = nextafter(d, rem > 0 ? INFINITY : -INFINITY); // the other double bracketing hi
  if (fabsf128(rem) == fabsf128(((_Float128)e - d) / 2) && (rem > 0) == (lo > 0))
    return e;
  return d;
}

// hi + lo rounded to double by round-to-odd: the double below or above the
// exact value, whichever has an odd significand, unless it is exact.
static double oddDouble(_Float128 hi, _Float128 lo) {
  double d = (double)hi;
  if (!isfinite(d))
    return d;
  _Float128 rem = (hi - (_Float128)d) + lo;
  if (rem == 0)
    return d;
  double e = nextafter(d, rem > 0 ? INFINITY : -INFINITY);
  int64_t bits;
  memcpy(&bits, &d, sizeof bits);
  return (bits & 1) ? d : e; // of the bracketing pair (d, e), the odd one
}

void tcRefStoreQuad(TcRefTensor *t, int64_t k, _Float128 hi, _Float128 lo) {
  tcRefSetDouble(t, k, t->dtype == TC_REF_F64 ? nearestDouble(hi, lo) : oddDouble(hi, lo));
}
