//===- BisectDecision.c - tensorc bisect: the decision behind the pass ------===//
//
// After pass bisection names pass k, the faulted build's manifest says
// which decisions the pipeline took up to it. The candidates are the
// refusable ones (tcDecisionKindRefusable: fusion groups, vector math,
// in-place reuse, threaded nests): first those of pass k itself, then those
// of the passes before it, the nearest first, each in the record's order.
// A fault pass takes no decision of its own, but it may corrupt what an
// earlier decision built (fused-operand breaks the nest a `fuse` decision
// made): those are the earlier candidates. Nearest first because refusing
// an early decision changes what later passes see: a refused fusion leaves
// nests whose later decisions have other subjects, so a prefix that
// refuses both may refuse less than it names.
//
// Each probe is the whole faulted pipeline with a set of decisions refused
// (tensor-opt --tc-refuse, BisectProbe.c), emitted and gated:
//
//   1. prefixes that end at a pass's last candidate are refused, one pass
//      more each time (the named pass's decisions, then the pass before
//      it's too, ...), until one conforms; if none does, no refusable
//      decision explains the failure (the fault breaks the conservative
//      lowering too), and that is the answer. Whole passes first because
//      a fault may break every decision of one pass (parallel-race breaks
//      every threaded nest), and mixing in an earlier pass's refusals
//      changes the subjects later decisions have;
//   2. binary search between the last failing prefix and the first
//      conforming one for the shortest that conforms;
//   3. the prefix's last decision refused alone: if that conforms, it is the
//      decision; if not, the failure needs the whole prefix refused, which
//      the report says instead of naming one.
//
// A probe's manifest must record `refused` for its refusals; one that does
// not took none (an earlier refusal changed the subjects), so it is the
// failing build itself and counts as failing without being judged.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Bisect.h"
#include "BisectReport.h"

#include "tensorc/Manifest.h"
#include "tensorc/Pipelines.h"
#include "tensorc/Tool.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxCandidates = 64 };

typedef struct Candidates {
  json_t *list; ///< objects {pass, what, subject, detail, spec}
  size_t ownCount; ///< how many are the named pass's own
  size_t ends[kMaxCandidates]; ///< where each pass's candidates end, in list order
  size_t numEnds;
} Candidates;

static void addCandidates(Candidates *c, json_t *record) {
  const char *pass = json_string_value(json_object_get(record, "pass"));
  size_t i;
  json_t *d;
  json_array_foreach(json_object_get(record, "decisions"), i, d) {
    const char *what = json_string_value(json_object_get(d, "what"));
    const char *subject = json_string_value(json_object_get(d, "subject"));
    if (!pass || !what || !subject || !tcDecisionKindRefusable(pass, what) || strchr(subject, ';') ||
        json_array_size(c->list) >= kMaxCandidates)
      continue;
    char *spec = NULL;
    if (asprintf(&spec, "%s:%s:%s", pass, what, subject) < 0)
      abort();
    json_array_append_new(c->list, json_pack("{s:s, s:s, s:s, s:O, s:s}", "pass", pass, "what", what, "subject",
                                             subject, "detail", json_object_get(d, "detail"), "spec", spec));
    free(spec);
  }
  size_t n = json_array_size(c->list);
  if (n > (c->numEnds ? c->ends[c->numEnds - 1] : 0))
    c->ends[c->numEnds++] = n;
}

// The candidates from the faulted build's manifest: its last `numSteps`
// records are the pipeline's, the one at `pass` is the named pass's.
static bool readCandidates(const Bisect *b, const char *manifest, size_t numSteps, size_t pass, Candidates *c) {
  char path[4300];
  snprintf(path, sizeof path, "%s/%s", b->work, manifest);
  json_t *doc = json_load_file(path, 0, NULL);
  json_t *records = json_object_get(json_array_get(json_object_get(doc, "modules"), 0), "records");
  size_t n = json_array_size(records);
  c->list = json_array();
  c->ownCount = 0;
  c->numEnds = 0;
  if (!doc || n < numSteps || pass >= numSteps) {
    json_decref(doc);
    return false;
  }
  size_t first = n - numSteps;
  addCandidates(c, json_array_get(records, first + pass));
  c->ownCount = json_array_size(c->list);
  for (size_t i = pass; i-- > 0;) // the nearest pass first (file comment)
    addCandidates(c, json_array_get(records, first + i));
  json_decref(doc);
  return true;
}

// The ';'-separated refusals of candidates [from, to).
static char *refusals(const Candidates *c, size_t from, size_t to) {
  size_t cap = 1, len = 0;
  for (size_t i = from; i < to; ++i)
    cap += strlen(json_string_value(json_object_get(json_array_get(c->list, i), "spec"))) + 1;
  char *text = calloc(cap, 1);
  for (size_t i = from; i < to; ++i)
    len += (size_t)sprintf(text + len, "%s%s", len ? ";" : "",
                           json_string_value(json_object_get(json_array_get(c->list, i), "spec")));
  return text;
}

// How many `refused` decisions the probe's manifest records.
static size_t countRefused(const Bisect *b, const char *name) {
  char path[4300];
  snprintf(path, sizeof path, "%s/%s.prefix.json", b->work, name);
  json_t *doc = json_load_file(path, 0, NULL), *r, *d;
  size_t i, j, count = 0;
  json_array_foreach(json_object_get(json_array_get(json_object_get(doc, "modules"), 0), "records"), i, r)
      json_array_foreach(json_object_get(r, "decisions"), j, d) {
    const char *what = json_string_value(json_object_get(d, "what"));
    count += what && strcmp(what, "refused") == 0;
  }
  json_decref(doc);
  return count;
}

static const char *verdict(int rc) {
  return rc == 0 ? "conforms" : rc == TC_EXIT_CONFORMANCE ? "does not conform" : "did not build";
}

// The whole faulted pipeline with candidates [from, to) refused; the
// gate's class (a conformance failure if the build took none of them).
static int probeRefusing(Bisect *b, const Candidates *c, size_t from, size_t to) {
  char *pipeline = tcCreateCpuPipelineTextWithFaults(NULL, b->faults, b->numFaults), *refuse = refusals(c, from, to);
  char name[64];
  snprintf(name, sizeof name, "decision%d", b->probes);
  BisectProbe p = {"program.mlir", pipeline, NULL, NULL, name, true, refuse};
  int rc = bisectProbe(b, &p, NULL);
  bool none = rc != 3 && countRefused(b, name) == 0;
  json_t *last = json_array_get(c->list, to - 1);
  if (to - from == 1)
    bisectProgress(b, "decision bisection: %s's %s on %s refused: %s", json_string_value(json_object_get(last, "pass")),
                   json_string_value(json_object_get(last, "what")), json_string_value(json_object_get(last, "subject")),
                   none ? "no refusal took effect (the failing build)" : verdict(rc));
  else
    bisectProgress(b, "decision bisection: decisions %zu-%zu of %zu refused: %s", from + 1, to,
                   json_array_size(c->list), none ? "no refusal took effect (the failing build)" : verdict(rc));
  free(refuse);
  free(pipeline);
  return none ? TC_EXIT_CONFORMANCE : rc;
}

__attribute__((format(printf, 2, 3))) static void setNote(BisectReport *r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  free(r->decisionNote);
  if (vasprintf(&r->decisionNote, fmt, ap) < 0)
    abort();
  va_end(ap);
}

void bisectDecisions(Bisect *b, BisectReport *r, const char *manifest, size_t numSteps, size_t pass) {
  Candidates c;
  int before = b->probes;
  if (!readCandidates(b, manifest, numSteps, pass, &c)) {
    setNote(r, "the faulted build's manifest cannot be read");
    json_decref(c.list);
    return;
  }
  size_t n = json_array_size(c.list);
  if (n == 0) {
    setNote(r, "the pass and the passes before it took no refusable decision");
    json_decref(c.list);
    return;
  }
  size_t lo = 0, hi = 0; // refusing lo decisions fails; hi is the prefix tried
  int all = TC_EXIT_CONFORMANCE;
  for (size_t e = 0; e < c.numEnds && !bisectExpired(b); ++e) {
    lo = hi, hi = c.ends[e];
    all = probeRefusing(b, &c, 0, hi);
    if (all != TC_EXIT_CONFORMANCE)
      break;
  }
  if (all == TC_EXIT_CONFORMANCE && hi < n) {
    setNote(r, "the budget ran out during decision bisection");
  } else if (all == TC_EXIT_CONFORMANCE) {
    setNote(r, "refusing the %zu refusable decision(s) (%zu of the pass's own) a pass more at a time, the nearest "
               "first, does not make the build conform: no refusable decision explains the failure",
            n, c.ownCount);
  } else if (all != 0) {
    setNote(r, "a build with %zu decision(s) refused did not build", hi);
  } else {
    while (hi - lo > 1 && !bisectExpired(b)) {
      size_t mid = lo + (hi - lo) / 2;
      int v = probeRefusing(b, &c, 0, mid);
      if (v == 0)
        hi = mid;
      else if (v == TC_EXIT_CONFORMANCE)
        lo = mid;
      else
        break;
    }
    if (hi - lo != 1) {
      setNote(r, "%s", bisectExpired(b) ? "the budget ran out during decision bisection"
                                        : "a decision probe did not build");
    } else {
      int alone = hi == 1 ? 0 : probeRefusing(b, &c, hi - 1, hi);
      json_t *d = json_deep_copy(json_array_get(c.list, hi - 1));
      json_object_del(d, "spec");
      json_object_set_new(d, "alone", json_boolean(alone == 0));
      json_object_set_new(d, "refused_with", json_integer((json_int_t)hi - 1));
      json_object_set_new(d, "own", json_boolean(hi - 1 < c.ownCount));
      json_object_set_new(d, "refuse", json_string(json_string_value(json_object_get(json_array_get(c.list, hi - 1), "spec"))));
      r->decision = d;
      bisectProgress(b, "decision bisection: %s %s's %s on %s", alone == 0 ? "the build conforms with one decision refused:"
                                                                          : "the build conforms only with the decisions before it refused too, up to",
                     json_string_value(json_object_get(d, "pass")), json_string_value(json_object_get(d, "what")),
                     json_string_value(json_object_get(d, "subject")));
    }
  }
  r->decisionProbes = b->probes - before;
  r->decisionCandidates = (int)n;
  json_decref(c.list);
}
