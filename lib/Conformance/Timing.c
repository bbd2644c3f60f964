//===- Timing.c - how long each stage of the gate took, and progress -------===//
//
// The report's `timings` member (docs/conformance.md §4) lists every stage
// of every input set — drawing the inputs, the reference (evaluation and
// composed budgets), each run of each variant, judging — with its seconds,
// and totals per stage. It is the one member that changes from one run to
// the next: reproducibility checks strip it (utils/manifest-check.py
// strip-timings), as they strip the manifest's. With `progress`, a line per
// function, input set and variant goes to stderr while the gate runs.
//
//===----------------------------------------------------------------------===//
#include "ConformanceInternal.h"

#include <stdarg.h>
#include <time.h>

double tcConfNow(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void tcConfTimed(ConfGate *g, const char *fn, int64_t seed, TcRefDraw draw, const char *stage, const char *variant,
                 double seconds) {
  json_t *t = json_pack("{s:s, s:o, s:o, s:s, s:f}", "function", fn, "seed",
                        seed == CONF_GIVEN_INPUTS ? json_null() : json_integer((json_int_t)seed), "draw",
                        seed == CONF_GIVEN_INPUTS ? json_null() : json_string(tcRefDrawName(draw)), "stage", stage,
                        "seconds", seconds);
  if (variant)
    json_object_set_new(t, "variant", json_string(variant));
  json_array_append_new(g->timings, t);
}

void tcConfProgress(ConfGate *g, const char *fmt, ...) {
  if (!g->o->progress)
    return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "tensor-conform: [%6.2fs] ", tcConfNow() - g->start);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

json_t *tcConfTimingsJson(const ConfGate *g) {
  json_t *totals = json_object(), *t;
  size_t i;
  json_array_foreach(g->timings, i, t) {
    const char *stage = json_string_value(json_object_get(t, "stage"));
    double sum = json_real_value(json_object_get(totals, stage)) + json_real_value(json_object_get(t, "seconds"));
    json_object_set_new(totals, stage, json_real(sum));
  }
  return json_pack("{s:f, s:o, s:O}", "total_seconds", tcConfNow() - g->start, "by_stage", totals, "stages",
                   g->timings);
}
