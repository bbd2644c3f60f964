//===- ContractSource.c - contracts from files, modules and the default ----===//
//
// Three sources, one validator (ContractBuild.c):
//
// - a JSON file: jansson reports syntax errors with a line and column;
//   validation errors name a member path, which is located in the text by
//   finding its keys one after the other, so the diagnostic points at the
//   offending member (`contract.json:12:7: error: invalid contract: ...`);
// - the module's `tc.contract` dictionary, read through the JSON mapping of
//   JsonAttribute.h; an attribute has no location of its own, so errors are
//   reported at the module, naming the member path;
// - the default contract, lib/Contract/default.contract.json compiled into
//   the library. It is validated like any other; if it ever fails, that is
//   a tensorc bug and aborts.
//
//===----------------------------------------------------------------------===//
#include "ContractInternal.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/JsonAttribute.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

extern const char tcContract_default[];
extern const unsigned long tcContract_default_size;

// Finds the path's keys in order in `text` and returns the position of the
// last one found (the start of the text if none is).
static void locatePath(MlirStringRef text, const TcContractError *e, unsigned *line, unsigned *col) {
  const char *end = text.data + text.length, *at = text.data, *from = text.data;
  int depth = e->depth < 8 ? e->depth : 8;
  for (int i = 0; i < depth; ++i) {
    char needle[128];
    int n = snprintf(needle, sizeof needle, "\"%s\"", e->path[i]);
    if (n < 0 || (size_t)n >= sizeof needle)
      break; // a key too long to search for: the location stays at the last one found
    const char *hit = NULL;
    for (const char *p = from; n > 0 && p + n <= end && !hit; ++p)
      if (memcmp(p, needle, (size_t)n) == 0)
        hit = p;
    if (!hit)
      break;
    at = hit;
    from = hit + n;
  }
  *line = 1;
  *col = 1;
  for (const char *p = text.data; p < at; ++p, ++*col)
    if (*p == '\n') {
      ++*line;
      *col = 0;
    }
}

TcContract *tcContractParse(MlirContext ctx, MlirStringRef text, const char *sourceName) {
  MlirStringRef file = mlirStringRefCreateFromCString(sourceName);
  json_error_t jerr;
  json_t *json = json_loadb(text.data, text.length, JSON_REJECT_DUPLICATES, &jerr);
  if (!json) {
    unsigned line = jerr.line > 0 ? (unsigned)jerr.line : 1, col = jerr.column > 0 ? (unsigned)jerr.column : 1;
    tcEmitError(mlirLocationFileLineColGet(ctx, file, line, col), "invalid contract JSON: %s", jerr.text);
    return NULL;
  }
  TcContractError e;
  TcContract *contract = tcContractBuild(json, &e);
  if (!contract) {
    unsigned line, col;
    char path[256];
    locatePath(text, &e, &line, &col);
    tcEmitError(mlirLocationFileLineColGet(ctx, file, line, col), "invalid contract: %s: %s",
                e.depth ? tcContractErrorPath(&e, path, sizeof path) : "(top level)", e.message);
  }
  json_decref(json);
  return contract;
}

MlirLogicalResult tcContractFromModule(MlirOperation module, TcContract **out) {
  *out = NULL;
  MlirAttribute attr =
      mlirOperationGetDiscardableAttributeByName(module, mlirStringRefCreateFromCString(TC_CONTRACT_ATTR));
  if (mlirAttributeIsNull(attr))
    return mlirLogicalResultSuccess();
  MlirLocation loc = mlirOperationGetLocation(module);
  const char *what = NULL;
  json_t *json = tcAttributeToJson(attr, &what);
  if (!json) {
    tcEmitError(loc, "invalid tc.contract: it holds a value with no JSON form (%s)", what ? what : "unknown");
    return mlirLogicalResultFailure();
  }
  TcContractError e;
  *out = tcContractBuild(json, &e);
  if (!*out) {
    // The error's path points into `json`: report before releasing it.
    char path[256] = "";
    tcEmitError(loc, "invalid tc.contract: %s%s%s", tcContractErrorPath(&e, path, sizeof path),
                e.depth ? ": " : "", e.message);
  }
  json_decref(json);
  return *out ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

static TcContract *gDefault;

static void buildDefault(void) {
  json_error_t jerr;
  json_t *json = json_loadb(tcContract_default, tcContract_default_size, JSON_REJECT_DUPLICATES, &jerr);
  TcContractError e;
  gDefault = json ? tcContractBuild(json, &e) : NULL;
  json_decref(json);
  if (!gDefault)
    tcFatal("the default contract (lib/Contract/default.contract.json) is invalid");
}

const TcContract *tcContractGetDefault(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, buildDefault);
  return gDefault;
}
