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
//===----------------------------------------------------------------------===//
#include "tensorc/Manifest.h"

#include "ManifestInternal.h"

#include "tensorc/Diagnostics.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct LogEntry {
  const void *ctx;
  json_t *decisions;
} LogEntry;

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
    gLogs[gNumLogs++] = (LogEntry){ctx.ptr, json_array()};
  }
  pthread_mutex_unlock(&gLock);
}

void tcDecisionLogDetach(MlirContext ctx) {
  pthread_mutex_lock(&gLock);
  LogEntry *entry = findLog(ctx);
  if (entry) {
    json_decref(entry->decisions);
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
