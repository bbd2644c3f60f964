//===- test_source.c - unit tests of input splitting -----------------------===//
//
// Chunks must keep the whole file's line numbers (leading newlines), and only
// lines that are exactly `// -----` (more dashes, surrounding blanks) split.
//
//===----------------------------------------------------------------------===//
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tensorc/Tool.h"

#include <stdlib.h>
#include <string.h>

static TcSourceFile fileOf(const char *text) {
  TcSourceFile f = {strdup("t.mlir"), strdup(text), strlen(text)};
  return f;
}

static void splits_keeping_line_numbers(void **state) {
  TcSourceFile f = fileOf("a\nb\n// -----\nc\n  // ------  \nd\ne");
  size_t n;
  TcSourceChunk *chunks = tcSourceSplit(&f, true, &n);
  assert_int_equal(n, 3);
  assert_string_equal(chunks[0].text, "a\nb\n");
  assert_int_equal(chunks[0].firstLine, 1);
  assert_string_equal(chunks[1].text, "\n\n\nc\n");
  assert_int_equal(chunks[1].firstLine, 4);
  assert_string_equal(chunks[2].text, "\n\n\n\n\nd\ne");
  assert_int_equal(chunks[2].firstLine, 6);
  tcSourceChunksDestroy(chunks, n);
  tcSourceFileDestroy(&f);
}

static void ignores_lookalike_separators(void **state) {
  TcSourceFile f = fileOf("a\n// ---- four\n// ----- x\n//-----\nb\n");
  size_t n;
  TcSourceChunk *chunks = tcSourceSplit(&f, true, &n);
  assert_int_equal(n, 1);
  assert_string_equal(chunks[0].text, f.text);
  tcSourceChunksDestroy(chunks, n);
  tcSourceFileDestroy(&f);
}

static void no_split_is_one_chunk(void **state) {
  TcSourceFile f = fileOf("a\n// -----\nb\n");
  size_t n;
  TcSourceChunk *chunks = tcSourceSplit(&f, false, &n);
  assert_int_equal(n, 1);
  assert_string_equal(chunks[0].text, f.text);
  tcSourceChunksDestroy(chunks, n);
  tcSourceFileDestroy(&f);
}

static void detects_blank_input(void **state) {
  assert_true(tcSourceIsBlank("", 0));
  assert_true(tcSourceIsBlank(" \n\t// only a comment\n  // another", 32));
  assert_false(tcSourceIsBlank("// c\nmodule {}", 15));
  assert_false(tcSourceIsBlank("/", 1));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(splits_keeping_line_numbers),
      cmocka_unit_test(ignores_lookalike_separators),
      cmocka_unit_test(no_split_is_one_chunk),
      cmocka_unit_test(detects_blank_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
