//===- TestFaults.c - the table of test-only fault passes -------------------===//
//
// What production code knows of the test-only faults: the table of fault
// passes a tool registered (test/lib/Faults registers its own in tensor-opt
// and tensorc), through which tcLookupPass and the CPU pipeline find them,
// and the one way their `test-fault` decisions are recorded. There are no
// fault switches: every kind is a pass (TestFaults.h).
//
//===----------------------------------------------------------------------===//
#include "tensorc/TestFaults.h"

#include "TransformsInternal.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <string.h>

static void recordSubject(const char *kind, const char *description, const char *subject, MlirContext ctx) {
  char detail[256];
  snprintf(detail, sizeof detail, "%s: %s (test-only miscompile)", kind, description);
  TcDecision decision = {"test-fault", subject, detail, NULL};
  tcManifestRecordDecision(ctx, &decision);
}

void tcTestFaultRecord(const char *kind, const char *description, MlirOperation op) {
  char subject[512];
  recordSubject(kind, description, tcDecisionSubject(op, subject, sizeof subject), mlirOperationGetContext(op));
}

void tcTestFaultRecordAs(const char *kind, const char *description, const char *opName, MlirOperation at) {
  char located[512], subject[640];
  // "<at's name> at <loc>": keep " at <loc>", put opName before it.
  const char *where = strstr(tcDecisionSubject(at, located, sizeof located), " at ");
  snprintf(subject, sizeof subject, "%s%s", opName, where ? where : "");
  recordSubject(kind, description, subject, mlirOperationGetContext(at));
}

// The fault passes of the tool (test/lib/Faults): set once at start.
static const TcTestFaultPass *gPasses;
static intptr_t gNumPasses;

void tcTestFaultPassesRegister(const TcTestFaultPass *passes, intptr_t count) {
  gPasses = passes;
  gNumPasses = count;
}

const TcTestFaultPass *tcTestFaultPassFind(const char *kind) {
  for (intptr_t i = 0; i < gNumPasses; ++i)
    if (strcmp(gPasses[i].kind, kind) == 0)
      return &gPasses[i];
  return NULL;
}

const TcTestFaultPass *tcTestFaultPasses(intptr_t *count) {
  *count = gNumPasses;
  return gPasses;
}
