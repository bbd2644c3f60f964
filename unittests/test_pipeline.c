//===- test_pipeline.c - unit tests of the pass pipeline parser ------------===//
//
// tcPipelineParse turns pipeline text into one step per pass with its op
// nesting; these tests pin that structure, the text handed to upstream, and
// every syntax error the parser reports.
//
//===----------------------------------------------------------------------===//
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tensorc/Tool.h"

#include <string.h>

static void parses_nested_pipeline(void **state) {
  TcPipelineStep *steps;
  size_t n;
  char err[256];
  assert_true(tcPipelineParse("builtin.module(tc-verify, func.func(cse,canonicalize{max-iterations=2}),symbol-dce)",
                              &steps, &n, err, sizeof err));
  assert_int_equal(n, 4);
  assert_string_equal(steps[0].passName, "tc-verify");
  assert_true(steps[0].isTensorc);
  assert_null(steps[0].nesting[0]);
  assert_string_equal(steps[1].nesting[0], "func.func");
  assert_null(steps[1].nesting[1]);
  assert_string_equal(steps[1].passText, "cse");
  assert_false(steps[1].isTensorc);
  assert_string_equal(steps[2].passName, "canonicalize");
  assert_string_equal(steps[2].passText, "canonicalize{max-iterations=2}");
  assert_null(steps[3].nesting[0]);
  assert_string_equal(steps[3].passText, "symbol-dce");
  char buf[128];
  assert_string_equal(tcPipelineStepFormat(&steps[2], buf, sizeof buf), "func.func(canonicalize{max-iterations=2})");
  tcPipelineDestroy(steps, n);
}

static void parses_without_root_and_empty(void **state) {
  TcPipelineStep *steps;
  size_t n;
  char err[256];
  assert_true(tcPipelineParse("tc-verify", &steps, &n, err, sizeof err));
  assert_int_equal(n, 1);
  tcPipelineDestroy(steps, n);
  assert_true(tcPipelineParse("", &steps, &n, err, sizeof err));
  assert_int_equal(n, 0);
  tcPipelineDestroy(steps, n);
  assert_true(tcPipelineParse("builtin.module()", &steps, &n, err, sizeof err));
  assert_int_equal(n, 0);
  tcPipelineDestroy(steps, n);
}

static void keeps_deep_nesting(void **state) {
  TcPipelineStep *steps;
  size_t n;
  char err[256];
  assert_true(tcPipelineParse("builtin.module(builtin.module(func.func(cse)))", &steps, &n, err, sizeof err));
  assert_int_equal(n, 1);
  assert_string_equal(steps[0].nesting[0], "builtin.module");
  assert_string_equal(steps[0].nesting[1], "func.func");
  assert_null(steps[0].nesting[2]);
  tcPipelineDestroy(steps, n);
}

static void rejects(const char *text, const char *messagePart) {
  TcPipelineStep *steps = NULL;
  size_t n = 0;
  char err[256] = "";
  assert_false(tcPipelineParse(text, &steps, &n, err, sizeof err));
  if (!strstr(err, messagePart))
    fail_msg("for '%s' expected an error containing '%s', got '%s'", text, messagePart, err);
}

static void reports_errors(void **state) {
  rejects("func.func(cse", "expected ')'");
  rejects("canonicalize{max-iterations=2", "unbalanced");
  rejects("tc-bogus", "unknown tensorc pass 'tc-bogus'");
  rejects("tc-verify{x=1}", "takes no options");
  rejects("cse,,canonicalize", "expected a pass or op name");
  rejects("cse)", "unexpected");
  rejects("func.func{a=1}(cse)", "cannot take options");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(parses_nested_pipeline),
      cmocka_unit_test(parses_without_root_and_empty),
      cmocka_unit_test(keeps_deep_nesting),
      cmocka_unit_test(reports_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
