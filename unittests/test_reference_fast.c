//===- test_reference_fast.c - unit tests of the evaluator's fast mode -----===//
//
// The numerics the fast mode's proof rests on (lib/Reference/Certify.c,
// Blocked.c; docs/reference.md, "Fast and exact modes"): an element is
// stored only when every value within its bound rounds the same way (ties,
// binade edges, zero signs, the largest finite value and non-finite values
// are refused), a bounded element gets a bound that covers the spec's
// value, the compositions keep exact values exact, the neighbours of
// tcRefNextFloat, and the blocked kernels' promise that every element is
// summed in the plain order k = 0, 1, ... from -0, bit for bit, whatever
// the thread count and the edges of the blocking.
//
//===----------------------------------------------------------------------===//
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "Reference/RefInternal.h"

static TcRefTensor scalarTensor(TcRefDtype d) {
  TcRefTensor t;
  int64_t one = 1;
  assert_true(tcRefTensorCreate(&t, d, 1, &one));
  return t;
}

static bool store(TcRefTensor *t, double hi, double lo, double err, bool mayBound) {
  return tcRefStoreFast(t, 0, (RefFast){hi, lo, err}, mayBound);
}

static void proves_only_away_from_midpoints(void **state) {
  TcRefTensor t = scalarTensor(TC_REF_F32);
  assert_true(store(&t, 1 + 0x1p-30, 0, 1e-20, false)); // far below the midpoint 1 + 2^-24
  assert_true(t.data[0].f == 1);
  assert_true(store(&t, 1 + 0x1p-24 + 0x1p-40, 0, 0x1p-50, false)); // just above it, and provably
  assert_true(t.data[0].f == 1 + 0x1p-23);
  assert_false(store(&t, 1 + 0x1p-24, 0, 0x1p-60, false)); // on it: either way within the bound
  assert_false(store(&t, 1 + 0x1p-24 + 0x1p-50, 0, 0x1p-49, false)); // the bound reaches below it
  // Below a power of two the neighbour is half as far: the midpoint under
  // 2 is 2 - 2^-24, not 2 - 2^-23.
  assert_true(store(&t, 2 - 0x1p-25, 0, 0x1p-40, false));
  assert_true(t.data[0].f == 2);
  assert_true(store(&t, 2 - 0x1p-24 - 0x1p-30, 0, 0x1p-40, false));
  assert_true(t.data[0].f == 2 - 0x1p-23);
  tcRefTensorDestroy(&t);
}

static void stores_exact_values_as_they_are(void **state) {
  TcRefTensor t = scalarTensor(TC_REF_F32);
  assert_true(store(&t, 1 + 0x1p-24, 0, 0, false)); // an exact tie: to even
  assert_true(t.data[0].f == 1);
  assert_true(store(&t, -0.0, 0, 0, false)); // an exact -0 sum keeps its sign
  assert_true(t.data[0].f == 0 && signbit(t.data[0].f));
  assert_false(store(&t, 0.0, 0, 1e-30, false)); // a zero in doubt: its sign is not known
  assert_false(store(&t, 1e-50, 0, 1e-40, false)); // rounds to 0 in f32: likewise
  tcRefTensorDestroy(&t);
}

static void refuses_specials_and_edges(void **state) {
  TcRefTensor h = scalarTensor(TC_REF_F16), d = scalarTensor(TC_REF_F64);
  assert_false(store(&h, NAN, 0, 0.5, false));
  assert_false(store(&h, 1, 0, INFINITY, false));
  assert_false(store(&h, 1, 0, NAN, false));
  assert_false(store(&h, 65504, 0, 1e-9, false)); // the largest finite f16: refused, not reasoned about
  assert_true(store(&h, 1000.1, 0, 1e-9, false)); // f16 spacing 0.5 at 1000
  assert_false(store(&h, 1000.25, 0, 1e-9, false)); // its midpoint
  assert_true(h.data[0].f == 1000);
  assert_true(store(&d, 1, 0x1p-60, 1e-30, false)); // compensated: hi + lo well inside
  assert_true(d.data[0].f == 1);
  assert_false(store(&d, 1, 0x1p-53, 1e-30, false)); // hi + lo on the f64 midpoint
  assert_false(store(&d, 0x1p-1030, 0, 0x1p-1070, false)); // near the subnormals: refused
  tcRefTensorDestroy(&h);
  tcRefTensorDestroy(&d);
}

static void bounds_cover_the_exact_value(void **state) {
  TcRefTensor t = scalarTensor(TC_REF_F32);
  assert_true(tcRefPrepareBound(&(RefOp){.mayBound = true}, &t));
  // x in [1 + 2^-24 - 2^-60, 1 + 2^-24 + 2^-60]: r = 1, the spec's value 1
  // or 1 + 2^-23; the bound covers both, and is about one ulp.
  assert_true(store(&t, 1 + 0x1p-24, 0, 0x1p-60, true));
  assert_true(t.data[0].f == 1);
  assert_true(t.bound[0] >= 0x1p-23 && t.bound[0] < 1.01 * 0x1p-23);
  // More than the last rounding in doubt: no bound, the caller computes it.
  assert_false(store(&t, 1 + 0x1p-24, 0, 0x1p-20, true));
  tcRefFinishBound(&t);
  assert_non_null(t.bound); // one bound is non-zero: kept
  tcRefTensorDestroy(&t);
  TcRefTensor u = scalarTensor(TC_REF_F32);
  assert_true(tcRefPrepareBound(&(RefOp){.mayBound = true}, &u));
  assert_true(store(&u, 1.5, 0, 0, true));
  tcRefFinishBound(&u);
  assert_null(u.bound); // every element exact: no bound array
  tcRefTensorDestroy(&u);
  assert_false(tcRefPrepareBound(&(RefOp){.mayBound = false}, &u));
}

static void compositions_keep_exact_values_exact(void **state) {
  RefFast three = {3, 0, 0};
  RefFast q = tcRefFastDivide(three, 3, false);
  assert_true(q.hi == 1 && q.err == 0);
  q = tcRefFastDivide(three, 3, true);
  assert_true(q.hi == 1 && q.lo == 0 && q.err == 0);
  RefFast third = tcRefFastDivide((RefFast){1, 0, 0}, 3, false); // rounded: its remainder is the bound
  assert_true(third.err > 0 && third.err < 1e-16);
  RefFast sum = tcRefFastAdd((RefFast){-0.0, 0, 0}, -0.0, true);
  assert_true(sum.hi == 0 && signbit(sum.hi) && sum.err == 0);
  RefFast scaled = tcRefFastScale((RefFast){1.5, 0, 0}, 0.25, false);
  assert_true(scaled.hi == 0.375 && scaled.err == 0);
  RefFast sumTie = tcRefFastAdd((RefFast){1, 0, 0}, 0x1p-60, false); // the addition rounds: its error is kept
  assert_true(sumTie.hi == 1 && sumTie.err >= 0x1p-60);
  assert_true(tcRefPlainDotError(100, 0) == 0 && tcRefCompensatedDotError(100, 0) == 0);
  assert_true(tcRefGamma(10) > 10 * 0x1p-53 && tcRefGamma(10) < tcRefGamma(11));
}

static void steps_to_neighbours(void **state) {
  assert_true(tcRefNextFloat(1, TC_REF_F32, true) == 1 + 0x1p-23);
  assert_true(tcRefNextFloat(1, TC_REF_F32, false) == 1 - 0x1p-24);
  assert_true(tcRefNextFloat(-1, TC_REF_F32, true) == -1 + 0x1p-24);
  assert_true(tcRefNextFloat(65504, TC_REF_F16, true) == INFINITY);
  assert_true(tcRefNextFloat(INFINITY, TC_REF_F16, false) == 65504);
  assert_true(tcRefNextFloat(-0.0, TC_REF_F16, true) == 0x1p-24);
  assert_true(tcRefNextFloat(0x1p-133, TC_REF_BF16, false) == 0);
  assert_true(tcRefNextFloat(1, TC_REF_F64, true) == 1 + 0x1p-52);
}

// The plain order a reader can check: s = -0, then s + a·b for k = 0, 1, ...
static void naive(const double *a, const double *b, int64_t m, int64_t n, int64_t k, double *hi, double *lo) {
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double s = -0.0, c = 0;
      for (int64_t q = 0; q < k; ++q) {
        double x = a[i * k + q], y = b[q * n + j], p = x * y;
        if (lo) {
          double e = fma(x, y, -p), t = s + p, z = t - s;
          c += ((s - (t - z)) + (p - z)) + e;
          s = t;
        } else {
          s += p;
        }
      }
      hi[i * n + j] = s;
      if (lo)
        lo[i * n + j] = c;
    }
}

static void kernels_sum_in_the_plain_order(void **state) {
  // Sizes that cut every block and tile (MR 4, NR 16, KC 256, blocks of
  // 256), and values of many magnitudes, so that any reordering shows.
  const int64_t m = 261, n = 37, k = 517;
  double *a = malloc(sizeof(double) * m * k), *b = malloc(sizeof(double) * k * n);
  uint64_t state64 = 16;
  for (int64_t i = 0; i < m * k + k * n; ++i) {
    state64 = state64 * 6364136223846793005ull + 1442695040888963407ull;
    double v = ldexp((double)(state64 >> 11) / 0x1p53 - 0.5, (int)(state64 % 40) - 20);
    if (i < m * k)
      a[i] = v;
    else
      b[i - m * k] = v;
  }
  RefMatrix ma = {a, m, k, k, 1}, mb = {b, k, n, n, 1};
  size_t bytes = sizeof(double) * m * n;
  double *want = malloc(bytes), *wantLo = malloc(bytes), *hi = malloc(bytes), *lo = malloc(bytes);
  for (int compensated = 0; compensated < 2; ++compensated) {
    naive(a, b, m, n, k, want, compensated ? wantLo : NULL);
    for (int threads = 1; threads <= 3; threads += 2) {
      memset(hi, 0, bytes);
      memset(lo, 0, bytes);
      tcRefBlockedProduct(&ma, &mb, hi, compensated ? lo : NULL, n, threads);
      assert_memory_equal(hi, want, bytes);
      if (compensated)
        assert_memory_equal(lo, wantLo, bytes);
    }
  }
  free(a), free(b), free(want), free(wantLo), free(hi), free(lo);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(proves_only_away_from_midpoints),
      cmocka_unit_test(stores_exact_values_as_they_are),
      cmocka_unit_test(refuses_specials_and_edges),
      cmocka_unit_test(bounds_cover_the_exact_value),
      cmocka_unit_test(compositions_keep_exact_values_exact),
      cmocka_unit_test(steps_to_neighbours),
      cmocka_unit_test(kernels_sum_in_the_plain_order),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
