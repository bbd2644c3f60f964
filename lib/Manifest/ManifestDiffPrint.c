//===- ManifestDiffPrint.c - a manifest diff for people --------------------===//
//
// Prints what tcManifestDiff found, one section per heading and one line
// per difference (`path: A | B`, or for sets `path: only in A ... ; only in
// B ...`), then the passes: where the pipelines stop naming the same pass,
// the first pass whose output differs, and for every pass whose record
// differs the fields and the first decision only in A (`-`) and only in B
// (`+`). Long values (feature lists, link lines) are printed whole: the
// difference is the point.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Manifest.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printValue(const json_t *v, FILE *out) {
  if (json_is_string(v)) {
    fputs(json_string_value(v), out);
    return;
  }
  char *text = json_dumps(v, JSON_SORT_KEYS | JSON_COMPACT | JSON_ENCODE_ANY);
  fputs(text ? text : "?", out);
  free(text);
}

static void printStrings(const json_t *array, FILE *out) {
  size_t i;
  json_t *v;
  json_array_foreach(array, i, v) fprintf(out, "%s%s", i ? ", " : "", json_string_value(v));
  if (!json_array_size(array))
    fputs("nothing", out);
}

static void printLeaf(const char *prefix, const json_t *d, FILE *out) {
  const char *path = json_string_value(json_object_get(d, "path"));
  fprintf(out, "  %s%s%s: ", prefix, *prefix && *path ? "." : "", path);
  if (json_object_get(d, "only_a")) {
    fputs("only in A: ", out);
    printStrings(json_object_get(d, "only_a"), out);
    fputs("; only in B: ", out);
    printStrings(json_object_get(d, "only_b"), out);
  } else {
    printValue(json_object_get(d, "a"), out);
    fputs(" | ", out);
    printValue(json_object_get(d, "b"), out);
  }
  fputc('\n', out);
}

static void printSection(const char *title, const char *prefix, const json_t *list, FILE *out) {
  if (!json_array_size(list))
    return;
  fprintf(out, "%s:\n", title);
  size_t i;
  json_t *d;
  json_array_foreach(list, i, d) printLeaf(prefix, d, out);
}

static void printDecision(char sign, const json_t *d, FILE *out) {
  if (!json_is_object(d))
    return;
  fprintf(out, "      %c %s %s: %s", sign, json_string_value(json_object_get(d, "what")),
          json_string_value(json_object_get(d, "subject")), json_string_value(json_object_get(d, "detail")));
  if (json_is_string(json_object_get(d, "clause")))
    fprintf(out, " [%s]", json_string_value(json_object_get(d, "clause")));
  fputc('\n', out);
}

static void printRecord(const json_t *r, FILE *out) {
  fprintf(out, "  %s (position %lld):\n", json_string_value(json_object_get(r, "pass")),
          (long long)json_integer_value(json_object_get(r, "position")));
  size_t i;
  json_t *f;
  json_array_foreach(json_object_get(r, "fields"), i, f) {
    fputs("  ", out);
    printLeaf("", f, out);
  }
  json_t *d = json_object_get(r, "decisions");
  if (!json_is_object(d))
    return;
  fprintf(out, "    decisions: %lld only in A, %lld only in B; the first of each:\n",
          (long long)json_integer_value(json_object_get(d, "only_a")),
          (long long)json_integer_value(json_object_get(d, "only_b")));
  printDecision('-', json_object_get(d, "first_a"), out);
  printDecision('+', json_object_get(d, "first_b"), out);
}

static void printPasses(const json_t *p, FILE *out) {
  json_t *diverge = json_object_get(p, "pipelines_diverge"), *first = json_object_get(p, "first_output_difference");
  json_t *records = json_object_get(p, "records");
  if (!json_array_size(records) && json_is_null(diverge))
    return;
  fputs("passes:\n", out);
  if (json_is_object(diverge)) {
    fprintf(out, "  the pipelines diverge at position %lld: ", (long long)json_integer_value(json_object_get(diverge, "position")));
    printValue(json_object_get(diverge, "a"), out);
    fputs(" | ", out);
    printValue(json_object_get(diverge, "b"), out);
    fputc('\n', out);
  }
  if (json_is_object(first))
    fprintf(out, "  the first pass whose output differs: %s (position %lld)\n",
            json_string_value(json_object_get(first, "pass")), (long long)json_integer_value(json_object_get(first, "position")));
  size_t i;
  json_t *r;
  json_array_foreach(records, i, r) printRecord(r, out);
}

void tcManifestDiffPrint(const json_t *diff, FILE *out) {
  if (json_is_true(json_object_get(diff, "same"))) {
    fputs("the manifests describe the same build: no difference but timings\n", out);
    return;
  }
  printSection("document", "", json_object_get(diff, "format_and_tool"), out);
  json_t *modules = json_object_get(diff, "modules");
  size_t i;
  json_t *m;
  json_array_foreach(modules, i, m) {
    if (json_array_size(modules) > 1)
      fprintf(out, "module %zu:\n", i);
    printSection("identity", "", json_object_get(m, "identity"), out);
    printSection("contract", "contract", json_object_get(m, "contract"), out);
  }
  printSection("toolchain", "toolchain", json_object_get(diff, "toolchain"), out);
  printSection("invocation", "invocation", json_object_get(diff, "invocation"), out);
  json_array_foreach(modules, i, m) {
    printSection("emission", "emission", json_object_get(m, "emission"), out);
    printPasses(json_object_get(m, "passes"), out);
  }
  if (json_integer_value(json_object_get(diff, "modules_a")) != json_integer_value(json_object_get(diff, "modules_b")))
    fprintf(out, "modules: %lld | %lld\n", (long long)json_integer_value(json_object_get(diff, "modules_a")),
            (long long)json_integer_value(json_object_get(diff, "modules_b")));
}
