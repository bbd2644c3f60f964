//===- TestFaults.c - the test-only fault switches --------------------------===//
//
// A table of (name, description) indexed by TcTestFault, and one flag per
// fault. The flags are plain bools: drivers set them before any pass runs
// (TestFaults.h), after which they are only read. Applying a fault records a
// manifest decision, so the manifest of a faulted build says which spots
// were miscompiled on purpose.
//
//===----------------------------------------------------------------------===//
#include "tensorc/TestFaults.h"

#include "TransformsInternal.h"
#include "tensorc/Manifest.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

typedef struct FaultInfo {
  const char *name;
  const char *description;
} FaultInfo;

static const FaultInfo kFaults[TC_TEST_FAULT_COUNT] = {
    [TC_TEST_FAULT_BUFFERIZE_ALIAS] = {"bufferize-alias",
                                       "tc-bufferize computes a temporary into an input buffer that is still read"},
};

static bool gActive[TC_TEST_FAULT_COUNT];

const char *tcTestFaultName(TcTestFault fault) {
  assert((unsigned)fault < TC_TEST_FAULT_COUNT);
  return kFaults[fault].name;
}

const char *tcTestFaultDescription(TcTestFault fault) {
  assert((unsigned)fault < TC_TEST_FAULT_COUNT);
  return kFaults[fault].description;
}

void tcTestFaultNameList(char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < TC_TEST_FAULT_COUNT && used < size; ++i) {
    int n = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", kFaults[i].name);
    used += n > 0 ? (size_t)n : 0;
  }
}

bool tcTestFaultParse(const char *name, TcTestFault *out) {
  for (int i = 0; i < TC_TEST_FAULT_COUNT; ++i)
    if (strcmp(name, kFaults[i].name) == 0) {
      *out = (TcTestFault)i;
      return true;
    }
  return false;
}

void tcTestFaultEnable(TcTestFault fault) {
  assert((unsigned)fault < TC_TEST_FAULT_COUNT);
  gActive[fault] = true;
}

void tcTestFaultDisableAll(void) { memset(gActive, 0, sizeof gActive); }

bool tcTestFaultActive(TcTestFault fault) {
  assert((unsigned)fault < TC_TEST_FAULT_COUNT);
  return gActive[fault];
}

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

bool tcTestFaultApply(TcTestFault fault, MlirOperation op) {
  if (!tcTestFaultActive(fault))
    return false;
  tcTestFaultRecord(kFaults[fault].name, kFaults[fault].description, op);
  return true;
}
