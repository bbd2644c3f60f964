//===- Stamp.c - the tc-stamp pass -----------------------------------------===//
//
// Requires: a builtin.module (a tc_tensor program, normally straight from its
// producer). Guarantees: the module carries `tc.semantic_hash`; nothing else
// changes. A module without a stamp gets the hash of its canonical form
// (SemanticHash.h). A module that has one keeps it untouched: the driver
// checked it against the input before any pass ran, and after a lowering
// the content no longer hashes to the program's identity, so re-stamping
// would erase exactly what the stamp protects.
//
// Records one decision, `stamp`: the stamp set, or the one kept. Fails with a
// located error if the module cannot be hashed (a dense_resource constant
// without data) or its stamp is not a string.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "TransformsInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"
#include "tensorc/SemanticHash.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>

static void recordStamp(MlirOperation module, const char *detail) {
  char subject[512];
  TcDecision decision = {"stamp", tcDecisionSubject(module, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(module), &decision);
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirStringRef name = mlirStringRefCreateFromCString(TC_SEMANTIC_HASH_ATTR);
  MlirAttribute existing = mlirOperationGetDiscardableAttributeByName(module, name);
  char detail[128];
  if (!mlirAttributeIsNull(existing)) {
    if (!mlirAttributeIsAString(existing)) {
      tcEmitError(mlirOperationGetLocation(module), "tc.semantic_hash must be a string of the form "
                                                    "xxh3-128:<32 hex digits>");
      mlirExternalPassSignalFailure(pass);
      return;
    }
    MlirStringRef stamp = mlirStringAttrGetValue(existing);
    snprintf(detail, sizeof detail, "kept the existing stamp %.*s", (int)stamp.length, stamp.data);
    recordStamp(module, detail);
    return;
  }
  TcHash128 hash;
  if (mlirLogicalResultIsFailure(tcComputeSemanticHash(module, &hash))) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  char text[TC_HASH_TEXT_SIZE];
  tcFormatHash(hash, text);
  mlirOperationSetDiscardableAttributeByName(
      module, name, mlirStringAttrGet(mlirOperationGetContext(module), mlirStringRefCreateFromCString(text)));
  snprintf(detail, sizeof detail, "set the stamp to %s", text);
  recordStamp(module, detail);
}

MlirPass tcCreateStampPass(void) {
  static _Alignas(8) const char passId = 0;
  return tcCreateStatelessPass(&passId, "TcStamp", "tc-stamp", "Stamp the module with its semantic hash",
                               "builtin.module", run);
}
