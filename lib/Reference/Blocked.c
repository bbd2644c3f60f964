//===- Blocked.c - the fast mode's blocked double-precision products -------===//
//
// tcRefBlockedProduct computes every element of a matrix product A·B as a
// sum in double precision, in one fixed order: k = 0, 1, ..., K - 1,
// starting from -0 (the identity of IEEE addition, so a sum of -0 products
// stays -0 as the spec's zero-sign rule says). Two ways of summing:
//
//   plain        s <- s + fl(a·b)
//   compensated  Dot2 (Ogita, Rump, Oishi 2005): (h, e) = TwoProduct(a, b)
//                (h = fl(a·b), e = a·b - h exactly, by one fma);
//                (s, q) = TwoSum(s, h) (q = s + h - fl(s + h) exactly);
//                c <- c + fl(q + e). The result is s + c, nearly as if
//                summed in twice the precision.
//
// Certify.c bounds the error of either sum and decides, element by
// element, whether the result is provably the exact one rounded once.
// Nothing here is contracted into an fma by the compiler (the build uses
// ISO C, -ffp-contract=off) and no sum is reassociated: the vector lanes
// run over output columns, never over k, and K is blocked only by storing
// and reloading the partial sums. So every element is summed in the same
// order whatever the block sizes, the vector width the host's clone uses,
// or the thread that ran it: results are the same on every x86-64 host
// and at every thread count.
//
// The structure is the classical one (Goto and van de Geijn): the output
// is cut into blocks of at most BLOCK_M x BLOCK_N elements, one work item
// each (Parallel.c runs them); an item packs KC rows of B into column
// panels of NR and MC rows of A into row panels of MR, and a register
// kernel updates an MR x NR tile of accumulators over the KC values of k.
// The kernels are written with GCC vector extensions and cloned for
// AVX-512, AVX2 + FMA and baseline x86-64 (target_clones), which pick
// the instructions but never the order. Packing pads partial panels with
// zeros; padded lanes are computed and discarded.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MR = 4, NR = 16, KC = 256, MC = 64, BLOCK_M = 256, BLOCK_N = 256 };

typedef double Vec __attribute__((vector_size(64)));                 // 8 doubles, aligned
typedef double VecU __attribute__((vector_size(64), aligned(8)));    // the same, unaligned

//===-- Register kernels ------------------------------------------------------===//

// An MR x NR tile of sums: c (ldc) holds the partial sums on entry unless
// `first`, and the updated sums on exit; ap is KC x MR (k-major), bp KC x NR.
#define TC_CLONES __attribute__((target_clones("avx512f", "arch=x86-64-v3", "default")))

TC_CLONES static void plainKernel(int64_t kc, const double *ap, const double *bp, double *c, int64_t ldc,
                                  bool first) {
  Vec acc[MR][2];
  for (int r = 0; r < MR; ++r)
    for (int h = 0; h < 2; ++h)
      acc[r][h] = first ? -(Vec){} : *(const VecU *)(c + r * ldc + 8 * h);
  for (int64_t p = 0; p < kc; ++p) {
    Vec b0 = *(const Vec *)(bp + p * NR), b1 = *(const Vec *)(bp + p * NR + 8);
    for (int r = 0; r < MR; ++r) {
      double a = ap[p * MR + r];
      acc[r][0] += a * b0;
      acc[r][1] += a * b1;
    }
  }
  for (int r = 0; r < MR; ++r)
    for (int h = 0; h < 2; ++h)
      *(VecU *)(c + r * ldc + 8 * h) = acc[r][h];
}

// The compensated tile: hi and lo (both ldc) are s and c of the file comment.
TC_CLONES static void compensatedKernel(int64_t kc, const double *ap, const double *bp, double *hi, double *lo,
                                        int64_t ldc, bool first) {
  Vec s[MR][2], c[MR][2];
  for (int r = 0; r < MR; ++r)
    for (int h = 0; h < 2; ++h) {
      s[r][h] = first ? -(Vec){} : *(const VecU *)(hi + r * ldc + 8 * h);
      c[r][h] = first ? (Vec){} : *(const VecU *)(lo + r * ldc + 8 * h);
    }
  for (int64_t p = 0; p < kc; ++p) {
    Vec b[2] = {*(const Vec *)(bp + p * NR), *(const Vec *)(bp + p * NR + 8)};
    for (int r = 0; r < MR; ++r) {
      double a = ap[p * MR + r];
      for (int h = 0; h < 2; ++h) {
        Vec prod = a * b[h], perr, sum, z;
        for (int l = 0; l < 8; ++l) // TwoProduct: the exact error of a·b, lane by lane
          perr[l] = __builtin_fma(a, b[h][l], -prod[l]);
        sum = s[r][h] + prod; // TwoSum(s, prod)
        z = sum - s[r][h];
        c[r][h] += ((s[r][h] - (sum - z)) + (prod - z)) + perr;
        s[r][h] = sum;
      }
    }
  }
  for (int r = 0; r < MR; ++r)
    for (int h = 0; h < 2; ++h) {
      *(VecU *)(hi + r * ldc + 8 * h) = s[r][h];
      *(VecU *)(lo + r * ldc + 8 * h) = c[r][h];
    }
}

//===-- Packing ---------------------------------------------------------------===//

static double at(const RefMatrix *m, int64_t i, int64_t j) { return m->data[i * m->rowStride + j * m->colStride]; }

// Rows [i0, i0 + mc) x k in [k0, k0 + kc) of A as panels of MR rows.
static void packA(const RefMatrix *a, int64_t i0, int64_t mc, int64_t k0, int64_t kc, double *ap) {
  for (int64_t p = 0; p < mc; p += MR, ap += kc * MR)
    for (int64_t k = 0; k < kc; ++k)
      for (int r = 0; r < MR; ++r)
        ap[k * MR + r] = p + r < mc ? at(a, i0 + p + r, k0 + k) : 0.0;
}

// k in [k0, k0 + kc) x columns [j0, j0 + nc) of B as panels of NR columns.
static void packB(const RefMatrix *b, int64_t k0, int64_t kc, int64_t j0, int64_t nc, double *bp) {
  for (int64_t q = 0; q < nc; q += NR, bp += kc * NR)
    for (int64_t k = 0; k < kc; ++k) {
      if (b->colStride == 1 && q + NR <= nc) { // a contiguous run of a row
        memcpy(bp + k * NR, b->data + (k0 + k) * b->rowStride + j0 + q, NR * sizeof *bp);
        continue;
      }
      for (int j = 0; j < NR; ++j)
        bp[k * NR + j] = q + j < nc ? at(b, k0 + k, j0 + q + j) : 0.0;
    }
}

//===-- Work items ------------------------------------------------------------===//

typedef struct Product {
  const RefMatrix *a, *b;
  double *hi, *lo; // lo NULL: plain
  int64_t ldc, itemsN;
} Product;

// One tile, through a scratch tile where it is partial (rows < MR or
// columns < NR), so that the kernels always see a full MR x NR tile.
static void tile(const Product *pr, const double *ap, const double *bp, int64_t i, int64_t j, int rows, int cols,
                 int64_t kc, bool first) {
  double *hi = pr->hi + i * pr->ldc + j, *lo = pr->lo ? pr->lo + i * pr->ldc + j : NULL;
  if (rows == MR && cols == NR) {
    if (lo)
      compensatedKernel(kc, ap, bp, hi, lo, pr->ldc, first);
    else
      plainKernel(kc, ap, bp, hi, pr->ldc, first);
    return;
  }
  double th[MR * NR] = {0}, tl[MR * NR] = {0};
  for (int r = 0; r < rows; ++r)
    for (int q = 0; q < cols; ++q) {
      th[r * NR + q] = hi[r * pr->ldc + q];
      tl[r * NR + q] = lo ? lo[r * pr->ldc + q] : 0;
    }
  if (lo)
    compensatedKernel(kc, ap, bp, th, tl, NR, first);
  else
    plainKernel(kc, ap, bp, th, NR, first);
  for (int r = 0; r < rows; ++r)
    for (int q = 0; q < cols; ++q) {
      hi[r * pr->ldc + q] = th[r * NR + q];
      if (lo)
        lo[r * pr->ldc + q] = tl[r * NR + q];
    }
}

static int64_t minI(int64_t a, int64_t b) { return a < b ? a : b; }

// Output block `item`: rows and columns of at most BLOCK_M x BLOCK_N.
static void runItem(void *ctx, int64_t item) {
  const Product *pr = ctx;
  int64_t m = pr->a->rows, n = pr->b->cols, k = pr->a->cols;
  int64_t i0 = item / pr->itemsN * BLOCK_M, j0 = item % pr->itemsN * BLOCK_N;
  int64_t mb = minI(BLOCK_M, m - i0), nb = minI(BLOCK_N, n - j0);
  double *bp = aligned_alloc(64, sizeof(double) * KC * ((nb + NR - 1) / NR * NR));
  double *ap = aligned_alloc(64, sizeof(double) * KC * MC);
  if (!bp || !ap)
    tcFatal("out of memory in the reference evaluator");
  for (int64_t k0 = 0; k0 < k; k0 += KC) {
    int64_t kc = minI(KC, k - k0);
    packB(pr->b, k0, kc, j0, nb, bp);
    for (int64_t ic = 0; ic < mb; ic += MC) {
      int64_t mc = minI(MC, mb - ic);
      packA(pr->a, i0 + ic, mc, k0, kc, ap);
      for (int64_t q = 0; q < nb; q += NR)
        for (int64_t p = 0; p < mc; p += MR)
          tile(pr, ap + p * kc, bp + q * kc, i0 + ic + p, j0 + q, (int)minI(MR, mc - p), (int)minI(NR, nb - q), kc,
               k0 == 0);
    }
  }
  free(ap);
  free(bp);
}

void tcRefBlockedProduct(const RefMatrix *a, const RefMatrix *b, double *hi, double *lo, int64_t ldc, int threads) {
  if (a->cols != b->rows)
    tcFatal("tcRefBlockedProduct: inner dimensions %lld and %lld differ", (long long)a->cols, (long long)b->rows);
  int64_t m = a->rows, n = b->cols;
  if (m == 0 || n == 0)
    return;
  if (a->cols == 0) { // the empty sum in this order: -0 (callers give K = 0 its own meaning)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        hi[i * ldc + j] = -0.0;
        if (lo)
          lo[i * ldc + j] = 0;
      }
    return;
  }
  Product pr = {a, b, hi, lo, ldc, (n + BLOCK_N - 1) / BLOCK_N};
  tcRefParallelFor(threads, (m + BLOCK_M - 1) / BLOCK_M * pr.itemsN, runItem, &pr);
}
