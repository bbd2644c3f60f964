//===- test_shape.c - unit tests of tc-verify's shape arithmetic -----------===//
//
// NumPy broadcasting (both directions and unidirectional), element counts
// with zero and overflowing dims, and shape formatting used in diagnostics.
//
//===----------------------------------------------------------------------===//
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "Transforms/Verify/VerifyInternal.h"

static TcvShape shape(intptr_t rank, const int64_t *dims) {
  TcvShape s = {rank, {0}};
  for (intptr_t i = 0; i < rank; ++i)
    s.dims[i] = dims[i];
  return s;
}

static void broadcasts_like_numpy(void **state) {
  TcvShape a = shape(3, (int64_t[]){4, 1, 3}), b = shape(2, (int64_t[]){5, 1}), out;
  assert_true(tcvBroadcast(&a, &b, &out));
  assert_int_equal(out.rank, 3);
  assert_int_equal(out.dims[0], 4);
  assert_int_equal(out.dims[1], 5);
  assert_int_equal(out.dims[2], 3);
  TcvShape scalar = shape(0, NULL);
  assert_true(tcvBroadcast(&scalar, &a, &out));
  assert_true(tcvShapeEqual(&out, &a));
  TcvShape zero = shape(2, (int64_t[]){0, 3}), one = shape(2, (int64_t[]){1, 3});
  assert_true(tcvBroadcast(&zero, &one, &out));
  assert_int_equal(out.dims[0], 0);
  TcvShape c = shape(1, (int64_t[]){4});
  assert_false(tcvBroadcast(&a, &c, &out));
  TcvShape two = shape(1, (int64_t[]){2});
  assert_false(tcvBroadcast(&zero, &two, &out));
}

static void broadcasts_unidirectionally(void **state) {
  TcvShape to = shape(3, (int64_t[]){2, 3, 4});
  assert_true(tcvBroadcastsTo(&(TcvShape){1, {4}}, &to));
  assert_true(tcvBroadcastsTo(&(TcvShape){2, {1, 4}}, &to));
  assert_true(tcvBroadcastsTo(&(TcvShape){0, {0}}, &to));
  assert_false(tcvBroadcastsTo(&(TcvShape){1, {3}}, &to));
  assert_false(tcvBroadcastsTo(&(TcvShape){4, {1, 2, 3, 4}}, &to));
  // Only the operand stretches: a target dim of 1 does not grow to 4.
  assert_false(tcvBroadcastsTo(&to, &(TcvShape){3, {2, 3, 1}}));
}

static void counts_elements(void **state) {
  assert_int_equal(tcvNumElements(&(TcvShape){0, {0}}), 1);
  assert_int_equal(tcvNumElements(&(TcvShape){3, {2, 3, 4}}), 24);
  assert_int_equal(tcvNumElements(&(TcvShape){3, {INT64_MAX, 0, 5}}), 0);
  assert_int_equal(tcvNumElements(&(TcvShape){2, {INT64_MAX / 2, 3}}), INT64_MAX);
}

static void formats_shapes(void **state) {
  char buf[64];
  assert_string_equal(tcvFormatShape(&(TcvShape){3, {2, 0, 7}}, buf, sizeof buf), "2x0x7");
  assert_string_equal(tcvFormatShape(&(TcvShape){0, {0}}, buf, sizeof buf), "scalar");
  char tiny[4];
  tcvFormatShape(&(TcvShape){3, {1000, 2000, 3000}}, tiny, sizeof tiny);
  assert_int_equal(tiny[3], '\0');
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(broadcasts_like_numpy),
      cmocka_unit_test(broadcasts_unidirectionally),
      cmocka_unit_test(counts_elements),
      cmocka_unit_test(formats_shapes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
