//===- DecisionLog.c - decisions recorded by passes, per context -----------===//
//
// Passes record decisions while they run, possibly on several threads at
// once (a func.func pass runs on each function in parallel). They reach the
// log through the MLIR context they run in: a process-wide table maps each
// context with a log to a JSON array, and one mutex guards the table and
// every jansson call on it. Contexts are few (one per tool run), so the
// table is a short array searched linearly.
//
// Draining sorts the decisions by their JSON text: threads finish in any
// order, but the manifest of two runs of one input must be byte-identical.
//
// Why a table and not the pass instance's userData: the same as for the
// active contract (lib/Contract/ContractActive.c): passes built from
// pipeline text by upstream's registry get no host data, and a context has
// no user-data slot in the C API, so the log is found from the context.
// Each entry is one context's; two contexts never share one.
//
// The same entry holds the context's refusals (tensor-opt --tc-refuse):
// which decisions the passes must not take. tcDecisionRefused matches a
// site's (pass, kind, subject) against them under the same lock and records
// the refusal as a decision of its own, so the manifest says what was
// refused. kRefusable lists the kinds that have a conservative path.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "tensorc/Manifest.h"

#include "ManifestInternal.h"

#include "tensorc/Diagnostics.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Refusal {
  char *pass, *what, *subject; ///< subject "*": every decision of the kind
  bool used;                   ///< some decision matched it
} Refusal;

typedef struct LogEntry {
  const void *ctx;
  json_t *decisions;
  Refusal *refusals;
  size_t numRefusals;
} LogEntry;

/// The decisions a pass can refuse, each with the conservative path it
/// takes instead (docs/bisect.md §8 lists them and the ones that cannot).
static const struct {
  const char *pass, *what;
} kRefusable[] = {
    {"tc-plan-vector-math", "vector-math"}, // scalar libm instead of libmvec
    {"tc-select-kernels", "kernel"},        // matmul and gemm on the loops instead of BLIS
    {"tc-fuse-elementwise", "fuse"},        // the nests stay apart, each with its own buffers
    {"tc-fuse-producers", "fuse"},          // the producer keeps its own nest and buffer
    {"tc-plan-memory", "in-place"},         // the output gets a buffer of its own
    {"tc-lower-loops", "loops"},            // sequential scf.for instead of OpenMP threads
    {"tc-lower-loops", "outline"},          // the nests stay in their function
};

bool tcDecisionKindRefusable(const char *pass, const char *what) {
  for (size_t i = 0; i < sizeof kRefusable / sizeof kRefusable[0]; ++i)
    if (strcmp(kRefusable[i].pass, pass) == 0 && strcmp(kRefusable[i].what, what) == 0)
      return true;
  return false;
}

static pthread_mutex_t gLock = PTHREAD_MUTEX_INITIALIZER;
static LogEntry *gLogs;
static size_t gNumLogs;

// Returns the entry of `ctx` or NULL. Call with gLock held.
static LogEntry *findLog(MlirContext ctx) {
  for (size_t i = 0; i < gNumLogs; ++i)
    if (gLogs[i].ctx == ctx.ptr)
      return &gLogs[i];
  return NULL;
}

void tcDecisionLogAttach(MlirContext ctx) {
  pthread_mutex_lock(&gLock);
  if (!findLog(ctx)) {
    LogEntry *grown = realloc(gLogs, (gNumLogs + 1) * sizeof *grown);
    if (!grown)
      tcFatal("out of memory attaching a decision log");
    gLogs = grown;
    gLogs[gNumLogs++] = (LogEntry){ctx.ptr, json_array(), NULL, 0};
  }
  pthread_mutex_unlock(&gLock);
}

void tcDecisionLogDetach(MlirContext ctx) {
  pthread_mutex_lock(&gLock);
  LogEntry *entry = findLog(ctx);
  if (entry) {
    json_decref(entry->decisions);
    for (size_t i = 0; i < entry->numRefusals; ++i)
      free(entry->refusals[i].pass), free(entry->refusals[i].what), free(entry->refusals[i].subject);
    free(entry->refusals);
    *entry = gLogs[--gNumLogs];
    if (gNumLogs == 0) {
      free(gLogs);
      gLogs = NULL;
    }
  }
  pthread_mutex_unlock(&gLock);
}

json_t *tcJsonStringLossy(const char *text) {
  text = text ? text : "";
  json_t *s = json_string(text);
  if (s)
    return s;
  char *ascii = strdup(text);
  for (char *p = ascii; *p; ++p)
    if ((unsigned char)*p >= 0x80)
      *p = '?';
  s = json_string(ascii);
  free(ascii);
  return s;
}

static void setString(json_t *object, const char *key, const char *value) {
  json_object_set_new(object, key, tcJsonStringLossy(value));
}

void tcManifestRecordDecision(MlirContext ctx, const TcDecision *decision) {
  pthread_mutex_lock(&gLock);
  LogEntry *entry = findLog(ctx);
  if (entry) {
    json_t *record = json_object();
    setString(record, "what", decision->what);
    setString(record, "subject", decision->subject);
    setString(record, "detail", decision->detail);
    if (decision->clause)
      setString(record, "clause", decision->clause);
    json_array_append_new(entry->decisions, record);
  }
  pthread_mutex_unlock(&gLock);
}

//===-- Refusals ----------------------------------------------------------------===//

// Parses one "PASS:WHAT:SUBJECT" of length `len` into `r`; false with a
// reason in `err` if it is malformed or not refusable.
static bool parseRefusal(const char *spec, size_t len, Refusal *r, char *err, size_t errSize) {
  const char *c1 = memchr(spec, ':', len), *c2 = c1 ? memchr(c1 + 1, ':', len - (size_t)(c1 + 1 - spec)) : NULL;
  if (!c1 || !c2 || c1 == spec || c2 == c1 + 1 || c2 + 1 == spec + len) {
    snprintf(err, errSize, "--tc-refuse takes PASS:WHAT:SUBJECT (the subject as the manifest names it, or *), got '%.*s'",
             (int)len, spec);
    return false;
  }
  r->pass = strndup(spec, (size_t)(c1 - spec));
  r->what = strndup(c1 + 1, (size_t)(c2 - c1 - 1));
  r->subject = strndup(c2 + 1, (size_t)(spec + len - c2 - 1));
  r->used = false;
  if (!tcDecisionKindRefusable(r->pass, r->what)) {
    char kinds[512];
    size_t len = 0;
    for (size_t i = 0; i < sizeof kRefusable / sizeof kRefusable[0]; ++i)
      len += (size_t)snprintf(kinds + len, sizeof kinds - len, "%s%s:%s", i ? ", " : "", kRefusable[i].pass,
                              kRefusable[i].what);
    snprintf(err, errSize, "decisions '%s' of pass '%s' cannot be refused (refusable: %s)", r->what, r->pass, kinds);
    free(r->pass), free(r->what), free(r->subject);
    return false;
  }
  return true;
}

bool tcDecisionLogRefuse(MlirContext ctx, const char *specs, char *err, size_t errSize) {
  pthread_mutex_lock(&gLock);
  LogEntry *entry = findLog(ctx);
  bool ok = entry != NULL;
  if (!ok)
    snprintf(err, errSize, "no decision log is attached to the context");
  for (const char *p = specs; ok && *p;) {
    size_t len = strcspn(p, ";");
    Refusal r;
    if (len && !(ok = parseRefusal(p, len, &r, err, errSize)))
      break;
    if (len) {
      Refusal *grown = realloc(entry->refusals, (entry->numRefusals + 1) * sizeof *grown);
      if (!grown)
        tcFatal("out of memory adding a refusal");
      entry->refusals = grown;
      entry->refusals[entry->numRefusals++] = r;
    }
    p += len + (p[len] == ';');
  }
  pthread_mutex_unlock(&gLock);
  return ok;
}

bool tcDecisionRefused(MlirContext ctx, const char *pass, const char *what, const char *subject, const char *instead) {
  pthread_mutex_lock(&gLock);
  LogEntry *entry = findLog(ctx);
  bool refused = false;
  for (size_t i = 0; entry && i < entry->numRefusals; ++i) {
    Refusal *r = &entry->refusals[i];
    if (strcmp(r->pass, pass) == 0 && strcmp(r->what, what) == 0 &&
        (strcmp(r->subject, "*") == 0 || strcmp(r->subject, subject) == 0))
      refused = r->used = true;
  }
  if (refused) {
    char detail[1024];
    snprintf(detail, sizeof detail, "%s by %s refused (--tc-refuse): %s", what, pass, instead);
    json_t *record = json_object();
    setString(record, "what", "refused");
    setString(record, "subject", subject);
    setString(record, "detail", detail);
    json_array_append_new(entry->decisions, record);
  }
  pthread_mutex_unlock(&gLock);
  return refused;
}

void tcDecisionLogUnusedRefusals(MlirContext ctx, char *buf, size_t size) {
  pthread_mutex_lock(&gLock);
  LogEntry *entry = findLog(ctx);
  size_t len = 0;
  buf[0] = '\0';
  for (size_t i = 0; entry && i < entry->numRefusals; ++i) {
    const Refusal *r = &entry->refusals[i];
    if (!r->used && len < size)
      len += (size_t)snprintf(buf + len, size - len, "%s%s:%s:%s", len ? "; " : "", r->pass, r->what, r->subject);
  }
  pthread_mutex_unlock(&gLock);
}

typedef struct Keyed {
  char *text;
  json_t *value;
} Keyed;

static int compareKeyed(const void *a, const void *b) { return strcmp(((const Keyed *)a)->text, ((const Keyed *)b)->text); }

// Returns a new array holding the elements of `array` sorted by their text.
static json_t *sortedByText(json_t *array) {
  size_t n = json_array_size(array);
  Keyed *keyed = malloc((n ? n : 1) * sizeof *keyed);
  for (size_t i = 0; i < n; ++i) {
    keyed[i].value = json_array_get(array, i);
    keyed[i].text = json_dumps(keyed[i].value, JSON_SORT_KEYS | JSON_COMPACT);
  }
  qsort(keyed, n, sizeof *keyed, compareKeyed);
  json_t *sorted = json_array();
  for (size_t i = 0; i < n; ++i) {
    json_array_append(sorted, keyed[i].value);
    free(keyed[i].text);
  }
  free(keyed);
  return sorted;
}

json_t *tcDecisionLogDrain(MlirContext ctx) {
  pthread_mutex_lock(&gLock);
  LogEntry *entry = findLog(ctx);
  json_t *sorted = json_array();
  if (entry) {
    json_decref(sorted);
    sorted = sortedByText(entry->decisions);
    json_array_clear(entry->decisions);
  }
  pthread_mutex_unlock(&gLock);
  return sorted;
}
