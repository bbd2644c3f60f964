//===- PassSupport.c - stateless external passes ---------------------------===//
//
// mlirCreateExternalPass wants five callbacks; a pass that keeps no state
// needs only `run`. The others are the same for every such pass and live
// here, so a pass file holds its logic and nothing else. Also here: how a
// decision names the op it is about (its name and source location, which
// stay the same across runs of one input).
//
//===----------------------------------------------------------------------===//
#include "TransformsInternal.h"

#include <stdio.h>

static void construct(void *userData) {}
static void destruct(void *userData) {}
static void *clonePass(void *userData) { return userData; }

MlirPass tcCreateStatelessPass(const void *id, const char *name, const char *argument, const char *description,
                               const char *anchor, TcPassRunFn run) {
  MlirExternalPassCallbacks callbacks = {construct, destruct, NULL, clonePass, run};
  return mlirCreateExternalPass(mlirTypeIDCreate(id), mlirStringRefCreateFromCString(name),
                                mlirStringRefCreateFromCString(argument), mlirStringRefCreateFromCString(description),
                                mlirStringRefCreateFromCString(anchor), 0, NULL, callbacks, NULL);
}

typedef struct Sink {
  char *buf;
  size_t size, used;
} Sink;

static void append(MlirStringRef s, void *userData) {
  Sink *sink = userData;
  for (size_t i = 0; i < s.length && sink->used + 1 < sink->size; ++i)
    sink->buf[sink->used++] = s.data[i];
  sink->buf[sink->used] = '\0';
}

const char *tcDecisionSubject(MlirOperation op, char *buf, size_t size) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  MlirLocation loc = mlirOperationGetLocation(op);
  int n = snprintf(buf, size, "%.*s at ", (int)name.length, name.data);
  Sink sink = {buf, size, n > 0 && (size_t)n < size ? (size_t)n : 0};
  if (mlirLocationIsAFileLineColRange(loc)) {
    MlirStringRef file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    snprintf(buf + sink.used, size - sink.used, "%.*s:%d:%d", (int)file.length, file.data,
             mlirLocationFileLineColRangeGetStartLine(loc), mlirLocationFileLineColRangeGetStartColumn(loc));
  } else {
    mlirLocationPrint(loc, append, &sink);
  }
  return buf;
}
