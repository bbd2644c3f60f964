//===- Report.c - the gate's report, for people and for programs -----------===//
//
// The report is one JSON document (format tensorc-conformance/1,
// docs/conformance.md §4). It holds no paths, times or other facts of the
// run unless timing was asked for, so checking the same artifact twice gives
// the same bytes: the artifact cache stores it next to the artifact. The
// human form prints one line per check and ends with the verdict and the
// worst finding: which function, seed, variant, output and element, what
// was expected and observed, and the budget it broke.
//
//===----------------------------------------------------------------------===//
#include "ConformanceInternal.h"

#include "tensorc/OutputFile.h"

#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *text(json_t *o, const char *key) {
  json_t *v = json_object_get(o, key);
  return json_is_string(v) ? json_string_value(v) : "?";
}

static void printShape(json_t *shape, FILE *out) {
  fputc('[', out);
  for (size_t i = 0; i < json_array_size(shape); ++i)
    fprintf(out, i ? ", %lld" : "%lld", (long long)json_integer_value(json_array_get(shape, i)));
  fputc(']', out);
}

static void printTolerance(json_t *b, FILE *out) {
  fprintf(out, "%s", text(b, "clause"));
  if (strcmp(text(b, "clause"), "exact") != 0) {
    fprintf(out, " (atol %g, rtol %g", json_real_value(json_object_get(b, "atol")),
            json_real_value(json_object_get(b, "rtol")));
    if (json_is_integer(json_object_get(b, "ulp")))
      fprintf(out, ", ulp %lld", (long long)json_integer_value(json_object_get(b, "ulp")));
    if (json_is_real(json_object_get(b, "gamma")))
      fprintf(out, ", gamma %g", json_real_value(json_object_get(b, "gamma")));
    if (json_is_integer(json_object_get(b, "gamma_n")))
      fprintf(out, " of γ_%lld·m", (long long)json_integer_value(json_object_get(b, "gamma_n")));
    fputc(')', out);
  }
}

// A composed budget (docs/conformance.md §2.2): its largest bound, and the
// flat tolerance that also holds.
static void printBudget(json_t *b, FILE *out) {
  json_t *composed = json_object_get(b, "composed");
  fprintf(out, "%s, ", text(b, "rule"));
  if (json_is_object(composed)) {
    double largest = json_real_value(json_object_get(composed, "largest"));
    long long fallback = (long long)json_integer_value(json_object_get(composed, "fallback"));
    long long flatOnly = (long long)json_integer_value(json_object_get(composed, "outside_flat_only"));
    long long constrained = (long long)json_integer_value(json_object_get(composed, "elements"));
    if (largest > 0)
      fprintf(out, "its producers' budgets composed up to %.3g", largest);
    else if (!constrained)
      fputs("its producers' budgets composed: no element bounded", out);
    else
      fputs("its producers' budgets composed: exact", out);
    if (fallback)
      fprintf(out, " (none for %lld element(s))", fallback);
    bool alone = json_is_true(json_object_get(composed, "alone"));
    fputs(alone ? ", alone where it composes (the wide draw); else " : ", and ", out);
    printTolerance(b, out);
    if (flatOnly)
      fprintf(out, "; %lld element(s) outside %s%s, within the composed budget", flatOnly, text(b, "clause"),
              alone ? "" : " only");
    long long unconstrained = (long long)json_integer_value(json_object_get(composed, "unconstrained"));
    if (unconstrained)
      fprintf(out, "; %lld element(s) %s: an accumulation the contract lets overflow, or computed from one",
              unconstrained, alone ? "not judged" : "judged by the flat budget alone");
    return;
  }
  printTolerance(b, out);
}

static void printElement(json_t *e, FILE *out) {
  fputs("element ", out);
  printShape(json_object_get(e, "index"), out);
  fprintf(out, ": expected %s, observed %s", text(e, "expected"), text(e, "observed"));
  json_t *abs = json_object_get(e, "abs_error"), *ulp = json_object_get(e, "ulp_error");
  json_t *ratio = json_object_get(e, "ratio");
  if (json_is_real(abs))
    fprintf(out, " (|error| %.3g, %.6g ulp", json_real_value(abs), json_real_value(ulp));
  if (json_is_real(abs) && json_is_real(ratio))
    fprintf(out, ", %.3g x budget", json_real_value(ratio));
  if (json_is_real(json_object_get(e, "reference_bound")))
    fprintf(out, "%sreference bound %.3g", json_is_real(abs) ? ", " : " (",
            json_real_value(json_object_get(e, "reference_bound")));
  if (json_is_real(abs) || json_is_real(json_object_get(e, "reference_bound")))
    fputc(')', out);
}

// A run-to-run or variant-agreement check.
static void printComparison(json_t *c, const char *kind, FILE *out) {
  json_t *between = json_object_get(c, "between"), *differs = json_object_get(c, "differs_in");
  long long differing = (long long)json_integer_value(json_object_get(c, "differing"));
  bool strict = strcmp(text(c, "mode"), "within-contract") != 0;
  fprintf(out, "output #%lld: %s %s vs %s: ", (long long)json_integer_value(json_object_get(c, "output")), kind,
          json_string_value(json_array_get(between, 0)), json_string_value(json_array_get(between, 1)));
  if (!differing)
    fputs("bit-identical", out);
  else if (strict)
    fprintf(out, "DIFFER in %lld of %lld elements (%s), first at flat index %lld", differing,
            (long long)json_integer_value(json_object_get(c, "elements")), text(c, "severity"),
            (long long)json_integer_value(json_object_get(json_object_get(c, "first"), "flat_index")));
  else
    fprintf(out, "%lld of %lld elements differ (largest difference %.3g)", differing,
            (long long)json_integer_value(json_object_get(c, "elements")),
            json_real_value(json_object_get(c, "largest_difference")));
  fprintf(out, " (%s", strict ? "bit for bit required" : "within the contract");
  for (size_t i = 0; i < json_array_size(differs); ++i)
    fprintf(out, i ? ", %s" : "; differs in %s", json_string_value(json_array_get(differs, i)));
  fputc(')', out);
}

// A dynamic function's draw: "sizes in0.d0=13 in1.d0=14 ".
static void printSizes(json_t *sizes, FILE *out) {
  const char *key;
  json_t *v;
  fputs("sizes", out);
  json_object_foreach(sizes, key, v) fprintf(out, " %s=%lld", key, (long long)json_integer_value(v));
  fputc(' ', out);
}

// A shape the reference rejects: the codes the artifact returned, the
// outputs it wrote.
static void printRejected(json_t *c, FILE *out) {
  fprintf(out, "rejected shape: the reference names '%s' (code %lld); ", text(c, "constraint"),
          (long long)json_integer_value(json_object_get(c, "expected_code")));
  if (json_is_string(json_object_get(c, "status"))) {
    fprintf(out, "FAIL (%s): the artifact %s: %s", text(c, "severity"), text(c, "status"), text(c, "message"));
    return;
  }
  json_t *written = json_object_get(c, "outputs_written");
  bool bad = strcmp(text(c, "severity"), "none") != 0;
  fprintf(out, "shape function code %lld, entry point code %lld, ",
          (long long)json_integer_value(json_object_get(c, "shapes_code")),
          (long long)json_integer_value(json_object_get(c, "code")));
  if (json_array_size(written))
    for (size_t i = 0; i < json_array_size(written); ++i)
      fprintf(out, i ? ", #%lld" : "WROTE output #%lld", (long long)json_integer_value(json_array_get(written, i)));
  else
    fputs("outputs untouched", out);
  fprintf(out, ": %s", bad ? "FAIL (" : "pass");
  if (bad)
    fprintf(out, "%s)", text(c, "severity"));
}

void tcConfPrintOutputCheck(json_t *c, FILE *out) {
  long long failing = (long long)json_integer_value(json_object_get(c, "failing"));
  fprintf(out, "output #%lld %s ", (long long)json_integer_value(json_object_get(c, "output")), text(c, "dtype"));
  printShape(json_object_get(c, "shape"), out);
  fprintf(out, ": %s", failing ? "FAIL" : "pass");
  if (failing)
    fprintf(out, " (%s), %lld of %lld elements outside", text(c, "severity"), failing,
            (long long)json_integer_value(json_object_get(c, "elements")));
  fputs("; budget ", out);
  printBudget(json_object_get(c, "budget"), out);
  json_t *bound = json_object_get(c, "reference_bound");
  if (json_is_object(bound))
    fprintf(out, "; %lld element(s) within the reference's own error bound (largest %.3g)",
            (long long)json_integer_value(json_object_get(bound, "elements")),
            json_real_value(json_object_get(bound, "largest")));
  if (json_is_object(json_object_get(c, "worst"))) {
    fputs(failing ? "; worst " : "; closest ", out);
    printElement(json_object_get(c, "worst"), out);
  }
}

static void printCheck(json_t *c, FILE *out) {
  const char *kind = text(c, "kind");
  json_t *seed = json_object_get(c, "seed");
  json_t *draw = json_object_get(c, "draw");
  if (json_is_integer(seed) && json_is_string(draw) && strcmp(json_string_value(draw), "standard") != 0)
    fprintf(out, "@%s seed %lld draw %s [%s] ", text(c, "function"), (long long)json_integer_value(seed),
            json_string_value(draw), text(c, "variant"));
  else if (json_is_integer(seed))
    fprintf(out, "@%s seed %lld [%s] ", text(c, "function"), (long long)json_integer_value(seed), text(c, "variant"));
  else
    fprintf(out, "@%s inputs [%s] ", text(c, "function"), text(c, "variant"));
  if (json_is_object(json_object_get(c, "sizes")))
    printSizes(json_object_get(c, "sizes"), out);
  if (strcmp(kind, "rejected-shape") == 0) {
    printRejected(c, out);
  } else if (strcmp(kind, "run") == 0) {
    fprintf(out, "the artifact %s: %s", text(c, "status"), text(c, "message"));
  } else if (strcmp(kind, "time") == 0) {
    fprintf(out, "median %.3g s per call over %lld calls, budget %.3g s: %s",
            json_real_value(json_object_get(c, "median_seconds")),
            (long long)json_integer_value(json_object_get(c, "calls")),
            json_real_value(json_object_get(c, "budget_seconds")),
            json_is_true(json_object_get(c, "over_budget")) ? "OVER BUDGET" : "ok");
  } else if (strcmp(kind, "output") == 0) {
    tcConfPrintOutputCheck(c, out);
  } else {
    printComparison(c, kind, out);
  }
  fputc('\n', out);
}

void tcConformancePrintReport(const void *report, bool details, FILE *out) {
  json_t *r = (json_t *)report, *contract = json_object_get(r, "contract");
  size_t seeds = json_array_size(json_object_get(r, "seeds"));
  fprintf(out, "contract '%s' (%s); %zu function(s), ", text(contract, "name"), text(contract, "hash"),
          json_array_size(json_object_get(r, "functions")));
  json_t *draws = json_object_get(r, "draws");
  if (seeds) {
    fprintf(out, "%zu seed(s)", seeds);
    for (size_t k = 0; k < json_array_size(draws); ++k)
      fprintf(out, k ? ", %s" : " (draws %s", json_string_value(json_array_get(draws, k)));
    if (json_array_size(draws) > 1)
      fputs(" on the first seed", out);
    if (json_array_size(draws))
      fputc(')', out);
  } else
    fprintf(out, "given inputs");
  fprintf(out, ", %zu variant(s), %s reference\n", json_array_size(json_object_get(r, "variants")),
          text(r, "reference"));
  size_t i;
  json_t *c;
  if (details)
    json_array_foreach(json_object_get(r, "checks"), i, c) printCheck(c, out);
  json_array_foreach(json_object_get(r, "errors"), i, c) fprintf(out, "error: %s\n", json_string_value(c));
  json_t *cls = json_object_get(r, "class");
  fprintf(out, "verdict: %s", text(r, "verdict"));
  if (json_is_string(cls))
    fprintf(out, " (%s), severity %s", json_string_value(cls), text(r, "severity"));
  fputc('\n', out);
  json_t *worst = json_object_get(r, "worst");
  if (json_is_string(cls) && json_is_object(worst) && strcmp(text(r, "severity"), "none") != 0) {
    fputs("worst: ", out);
    printCheck(worst, out);
  }
}

bool tcConformanceWriteReport(const void *report, const char *path, char *err, size_t errSize) {
  char *text = json_dumps((const json_t *)report, JSON_SORT_KEYS | JSON_INDENT(2) | JSON_REAL_PRECISION(17));
  if (!text) {
    snprintf(err, errSize, "cannot write '%s': out of memory", path);
    return false;
  }
  bool ok = tcWriteFile(path, text, strlen(text), 0, err, errSize);
  free(text);
  return ok;
}

void tcConformanceReportDestroy(void *report) { json_decref((json_t *)report); }
