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

#include "tensorc/TextBuffer.h"

#include <stdio.h>

static void construct(void *userData) {}
static void destruct(void *userData) {}
static void *clonePass(void *userData) { return userData; }

MlirPass tcCreateStatelessPassWithDialects(const void *id, const char *name, const char *argument,
                                           const char *description, const char *anchor, TcPassRunFn run,
                                           intptr_t n, MlirDialectHandle *dependentDialects) {
  MlirExternalPassCallbacks callbacks = {construct, destruct, NULL, clonePass, run};
  return mlirCreateExternalPass(mlirTypeIDCreate(id), mlirStringRefCreateFromCString(name),
                                mlirStringRefCreateFromCString(argument), mlirStringRefCreateFromCString(description),
                                mlirStringRefCreateFromCString(anchor), n, dependentDialects, callbacks, NULL);
}

MlirPass tcCreateStatelessPass(const void *id, const char *name, const char *argument, const char *description,
                               const char *anchor, TcPassRunFn run) {
  return tcCreateStatelessPassWithDialects(id, name, argument, description, anchor, run, 0, NULL);
}

const char *tcDecisionSubject(MlirOperation op, char *buf, size_t size) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  MlirLocation loc = mlirOperationGetLocation(op);
  int n = snprintf(buf, size, "%.*s at ", (int)name.length, name.data);
  TcFixedText sink = {buf, size, n > 0 && (size_t)n < size ? (size_t)n : 0};
  if (mlirLocationIsAFileLineColRange(loc)) {
    MlirStringRef file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    snprintf(buf + sink.used, size - sink.used, "%.*s:%d:%d", (int)file.length, file.data,
             mlirLocationFileLineColRangeGetStartLine(loc), mlirLocationFileLineColRangeGetStartColumn(loc));
  } else {
    mlirLocationPrint(loc, tcFixedTextAppend, &sink);
  }
  return buf;
}
