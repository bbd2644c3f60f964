//===- Numerics.c - the evaluator's one summation rule ----------------------===//
//
// Every op built from a sum (matmul, gemm, conv2d, avg pooling, norms,
// softmax, reduce_sum, reduce_mean) is defined as the exact sum rounded once
// (docs/dialects.md §2.2.0). The evaluator approximates "exact" with
// Neumaier's compensated summation in double: the running sum `hi` carries
// the low-order bits it loses in `lo`, so the result is within about one
// double rounding of the exact sum, far below the ulp of every narrower dtype.
// The parts IEEE double arithmetic would get wrong are kept apart:
//   - overflow: the spec's intermediate values never overflow, so when a
//     finite partial sum would pass DBL_MAX, `hi`, `lo` and later addends are
//     scaled by 2^-64 (exact) and the scale is restored at the end, where a
//     total beyond the range becomes ±inf as it should;
//   - NaN and ±inf addends are only counted (adding them to `hi` would poison
//     `lo` with inf - inf), and combined by IEEE 754 at the end;
//   - the sign of a zero sum follows the spec's rule (-0 iff every addend is
//     -0, the empty sum +0), written out rather than left to evaluation order.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <math.h>

void refSumAdd(RefSum *s, double x) {
  s->count++;
  if (isnan(x) || isinf(x)) {
    s->nan |= isnan(x);
    s->posInf |= x == INFINITY;
    s->negInf |= x == -INFINITY;
    s->nonNegZero = true;
    return;
  }
  s->nonNegZero |= !(x == 0 && signbit(x));
  x = ldexp(x, -s->scale);
  double t = s->hi + x;
  while (isinf(t)) { // a finite partial sum past DBL_MAX: rescale, exactly
    s->hi = ldexp(s->hi, -64);
    s->lo = ldexp(s->lo, -64);
    x = ldexp(x, -64);
    s->scale += 64;
    t = s->hi + x;
  }
  // Neumaier: the rounding error of hi + x is exactly recoverable from the
  // larger operand.
  s->lo += fabs(s->hi) >= fabs(x) ? (s->hi - t) + x : (x - t) + s->hi;
  s->hi = t;
}

double refSumValue(const RefSum *s) {
  if (s->nan || (s->posInf && s->negInf))
    return NAN;
  if (s->posInf || s->negInf)
    return s->posInf ? INFINITY : -INFINITY;
  double v = ldexp(s->hi + s->lo, s->scale);
  if (v == 0)
    return s->count > 0 && !s->nonNegZero ? -0.0 : 0.0;
  return v;
}
