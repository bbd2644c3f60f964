//===- PassSupport.c - stateless external passes ---------------------------===//
//
// mlirCreateExternalPass wants five callbacks; a pass that keeps no state
// needs only `run`. The others are the same for every such pass and live
// here, so a pass file holds its logic and nothing else. The pass instance's
// `userData` holds its run function, so each clone is its own object.
//
// Every run goes through runWithContract: a pass run by tensorc's drivers
// sees the contract the driver activated for the context; run anywhere else
// (an embedder's pass manager, a C++ host's MlirOptMain) it sees the
// module's `tc.contract`, or the default contract, on its own thread for the
// length of the run (docs/contract.md, docs/embedding.md). Also here: how a
// decision names the op it is about (its name and source location, which
// stay the same across runs of one input).
//
//===----------------------------------------------------------------------===//
#include "TransformsInternal.h"

#include "tensorc/Contract.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/TextBuffer.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct PassInstance {
  TcPassRunFn run;
} PassInstance;

static PassInstance *createInstance(TcPassRunFn run) {
  PassInstance *p = malloc(sizeof *p);
  if (!p)
    tcFatal("out of memory creating a pass");
  p->run = run;
  return p;
}

static void construct(void *userData) {}
static void destruct(void *userData) { free(userData); }
static void *clonePass(void *userData) { return createInstance(((PassInstance *)userData)->run); }

// The outermost op above `op`: the module whose `tc.contract` applies.
static MlirOperation outermost(MlirOperation op) {
  for (MlirOperation parent = mlirOperationGetParentOperation(op); !mlirOperationIsNull(parent);
       parent = mlirOperationGetParentOperation(parent))
    op = parent;
  return op;
}

static void runWithContract(MlirOperation op, MlirExternalPass pass, void *userData) {
  TcPassRunFn run = ((PassInstance *)userData)->run;
  MlirContext ctx = mlirOperationGetContext(op);
  if (tcContractGetActive(ctx)) {
    run(op, pass, NULL);
    return;
  }
  TcContract *own = NULL;
  if (mlirLogicalResultIsFailure(tcContractFromModule(outermost(op), &own))) {
    mlirExternalPassSignalFailure(pass); // the error is at the module
    return;
  }
  tcContractActivateOnThread(ctx, own ? own : tcContractGetDefault());
  run(op, pass, NULL);
  tcContractActivateOnThread(ctx, NULL);
  tcContractDestroy(own);
}

MlirPass tcCreateStatelessPassWithDialects(const void *id, const char *name, const char *argument,
                                           const char *description, const char *anchor, TcPassRunFn run,
                                           intptr_t n, MlirDialectHandle *dependentDialects) {
  MlirExternalPassCallbacks callbacks = {construct, destruct, NULL, clonePass, runWithContract};
  return mlirCreateExternalPass(mlirTypeIDCreate(id), mlirStringRefCreateFromCString(name),
                                mlirStringRefCreateFromCString(argument), mlirStringRefCreateFromCString(description),
                                mlirStringRefCreateFromCString(anchor), n, dependentDialects, callbacks,
                                createInstance(run));
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
