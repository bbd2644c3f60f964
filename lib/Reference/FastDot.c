//===- FastDot.c - fast dot products with a bound for every element --------===//
//
// matmul, gemm and conv2d all reduce to the dot products of a matrix
// product a·b. In the fast mode they are computed by Blocked.c (plainly
// for f16, bf16 and f32 operands, whose products are exact in double;
// compensated for f64, whose are not) and each element (i, j) gets a
// bound (Certify.c) from S >= Σ_k |a_ik·b_kj|. Two bounds of S, from the
// cheap to the precise:
//
//   cheap     min(max_k |a_ik| · Σ_k |b_kj|, Σ_k |a_ik| · max_k |b_kj|),
//             from row and column statistics computed once (O(MK + KN));
//             usually within a small factor of S, enough to prove almost
//             every element (the bound is about 2^-40 of the element, the
//             dtype's rounding interval 2^-24 of it for f32);
//   precise   Σ_k |a_ik·b_kj| itself, in double, for the few elements the
//             cheap bound could not prove (O(K) each).
//
// tcRefStoreBlock then stores a block of results row by row, in parallel:
// each element from the cheap bound, else from the precise one, else by
// the op's exact evaluation of that one element (Numerics.c).
//
// A double sum of non-negative values is low by at most γ_{n-1}·S, so
// each computed sum is raised to ŝ·(1 + 2·γ_n) >= S (and S's own rounded
// products, for f64, by the same factor), then tcRefRoundUp'd.
//
// The compensated sum's bound holds only if no non-zero product underflows
// (below 2^-960) and no sum overflows: tcRefDotsCompute checks both from the
// operands' smallest and largest magnitudes and refuses the fast mode for
// the whole product otherwise (the caller evaluates it exactly). NaN and
// infinities make those statistics non-finite, with the same effect for
// f64; for the plain sums they make the element's value or bound
// non-finite, which tcRefStoreFast never accepts.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <math.h>
#include <stdlib.h>

static void *allocOrDie(int64_t n) {
  void *p = malloc((size_t)(n > 0 ? n : 1) * sizeof(double));
  if (!p)
    tcFatal("out of memory in the reference evaluator");
  return p;
}

static double element(const RefMatrix *m, int64_t i, int64_t j) {
  return m->data[i * m->rowStride + j * m->colStride];
}

// An upper bound of a sum of n non-negative values computed as `sum`.
static double sumUp(double sum, int64_t n) { return tcRefRoundUp(sum * (1 + 2 * tcRefGamma(n))); }

// Max and (upper) sum of |m| along each row (byRow) or each column. The
// matrix is walked in memory order, one contiguous line at a time, in
// loops the compiler vectorises. A NaN is ignored by the max but not by
// the sum, and makes every element it enters NaN, which tcRefStoreFast
// refuses; an infinity makes both infinite.
static void statistics(const RefMatrix *m, bool byRow, double *restrict max, double *restrict sum) {
  int64_t count = byRow ? m->rows : m->cols, length = byRow ? m->cols : m->rows;
  bool lines = byRow ? m->colStride == 1 : m->rowStride == 1; // a row (column) is contiguous
  for (int64_t o = 0; o < count; ++o)
    max[o] = sum[o] = 0;
  if (lines) // one line per slot: reduce each line
    for (int64_t o = 0; o < count; ++o) {
      const double *line = m->data + o * (byRow ? m->rowStride : m->colStride);
      double mx = 0, s = 0;
      for (int64_t q = 0; q < length; ++q) {
        double v = fabs(line[q]);
        mx = v > mx ? v : mx;
        s += v;
      }
      max[o] = mx, sum[o] = s;
    }
  else // the slots run along each contiguous line: update them all per line
    for (int64_t q = 0; q < length; ++q) {
      const double *restrict line = m->data + q * (byRow ? m->colStride : m->rowStride);
      for (int64_t o = 0; o < count; ++o) {
        double v = fabs(line[o]);
        max[o] = v > max[o] ? v : max[o];
        sum[o] += v;
      }
    }
  for (int64_t o = 0; o < count; ++o)
    sum[o] = sumUp(sum[o], length);
}

// The smallest non-zero |m| (INFINITY if none).
static double leastNonZero(const RefMatrix *m) {
  double least = INFINITY;
  for (int64_t i = 0; i < m->rows; ++i)
    for (int64_t j = 0; j < m->cols; ++j) {
      double v = fabs(element(m, i, j));
      least = v != 0 && v < least ? v : least;
    }
  return least;
}

bool tcRefDotsCompute(RefDots *d, int threads) {
  int64_t m = d->a.rows, n = d->b.cols, k = d->a.cols;
  d->hi = allocOrDie(m * n);
  d->lo = d->compensated ? allocOrDie(m * n) : NULL;
  d->rowMax = allocOrDie(m), d->rowSum = allocOrDie(m);
  d->colMax = allocOrDie(n), d->colSum = allocOrDie(n);
  double maxA = 0, maxB = 0;
  statistics(&d->a, true, d->rowMax, d->rowSum);
  statistics(&d->b, false, d->colMax, d->colSum);
  for (int64_t i = 0; i < m; ++i)
    maxA = d->rowMax[i] > maxA ? d->rowMax[i] : maxA;
  for (int64_t j = 0; j < n; ++j)
    maxB = d->colMax[j] > maxB ? d->colMax[j] : maxB;
  // Dot2's bound needs every non-zero product >= 2^-960 and no sum past
  // 2^1000 (among finite operands: a NaN makes its elements NaN).
  if (d->compensated) {
    double minA = leastNonZero(&d->a), minB = leastNonZero(&d->b);
    if (!(minA * minB >= 0x1p-960 || minA == INFINITY || minB == INFINITY) ||
        !(maxA * maxB * (double)(k + 1) <= 0x1p1000))
      return false;
  }
  tcRefBlockedProduct(&d->a, &d->b, d->hi, d->lo, n, threads);
  return true;
}

// Σ_k |a_ik·b_kj|, raised to an upper bound.
static double preciseMagnitude(const RefDots *d, int64_t i, int64_t j) {
  double s = 0;
  int64_t k = d->a.cols;
  for (int64_t q = 0; q < k; ++q)
    s += fabs(element(&d->a, i, q) * element(&d->b, q, j));
  if (!d->compensated) // exact products
    return sumUp(s, k);
  return tcRefRoundUp(sumUp(s, k) * (1 + 2 * tcRefGamma(1)) + (double)k * 0x1p-1074); // rounded, maybe underflowed

}

RefFast tcRefDotsValue(const RefDots *d, int64_t i, int64_t j, bool precise) {
  int64_t n = d->b.cols, k = d->a.cols;
  double byRow = tcRefRoundUp(d->rowMax[i] * d->colSum[j]), byColumn = tcRefRoundUp(d->rowSum[i] * d->colMax[j]);
  double mag = precise ? preciseMagnitude(d, i, j) : byRow < byColumn ? byRow : byColumn;
  if (isnan(mag) || isnan(byRow) || isnan(byColumn)) // a NaN operand: no bound (its value is NaN anyway)
    mag = INFINITY;
  double err = d->compensated ? tcRefCompensatedDotError(k, mag) : tcRefPlainDotError(k, mag);
  if (!d->compensated)
    return (RefFast){d->hi[i * n + j], 0, err};
  // s + c renormalised (TwoSum: the same value exactly, hi the nearest
  // double); c = 0 leaves s alone, whose zero sign is the sum's.
  double s = d->hi[i * n + j], c = d->lo[i * n + j], hi = s + c, z = hi - s;
  return c == 0 ? (RefFast){s, 0, err} : (RefFast){hi, (s - (hi - z)) + (c - z), err};
}

void tcRefDotsFree(RefDots *d) {
  free(d->hi);
  free(d->lo);
  free(d->rowMax);
  free(d->rowSum);
  free(d->colMax);
  free(d->colSum);
  d->hi = d->lo = d->rowMax = d->rowSum = d->colMax = d->colSum = NULL;
}

//===-- Storing a block of results --------------------------------------------===//

// Row i: each element proved from the cheap bound, else from the precise
// one (or bounded), else computed exactly.
static void storeRow(void *ctx, int64_t i) {
  const RefFastBlock *b = ctx;
  for (int64_t j = 0; j < b->cols; ++j) {
    int64_t k = b->index(b->ctx, i, j);
    if (tcRefStoreFast(b->t, k, b->value(b->ctx, i, j, false), false))
      continue;
    if (!tcRefStoreFast(b->t, k, b->value(b->ctx, i, j, true), b->mayBound))
      b->exact(b->ctx, i, j, k);
  }
}

void tcRefStoreBlock(const RefFastBlock *block, int threads) {
  tcRefParallelFor(threads, block->rows, storeRow, (void *)block);
}
