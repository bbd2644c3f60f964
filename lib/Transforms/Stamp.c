//===- Stamp.c - the tc-stamp pass -----------------------------------------===//
//
// Requires: a builtin.module (a tc_tensor program, normally straight from its
// producer). Guarantees: the module carries `tc.semantic_hash` and, if it
// declares a contract (`tc.contract`), `tc.contract_stamp`, the contract's
// hash, which binds that contract to the stamp (docs/ir-contract.md §2.4);
// nothing else changes. A module without a stamp gets the hash of its
// canonical form (SemanticHash.h). A module that has one keeps it, and its
// contract stamp, untouched: the driver checked both against the input
// before any pass ran, and after a lowering the content no longer hashes to
// the program's identity, so re-stamping would erase exactly what the stamp
// protects (and stamping a contract onto an existing stamp would bind a
// contract added afterwards).
//
// Records one decision, `stamp`: the stamps set, or the one kept. Fails with
// a located error if the module cannot be hashed (a dense_resource constant
// without data), its stamp is not a string or its contract is invalid.
//
// Anchored on builtin.module: the stamp is a module attribute over the whole
// module.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "TransformsInternal.h"
#include "tensorc/Contract.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"
#include "tensorc/SemanticHash.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <string.h>

static void recordStamp(MlirOperation module, const char *detail) {
  char subject[512];
  TcDecision decision = {"stamp", tcDecisionSubject(module, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(module), &decision);
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirStringRef name = mlirStringRefCreateFromCString(TC_SEMANTIC_HASH_ATTR);
  MlirAttribute existing = mlirOperationGetDiscardableAttributeByName(module, name);
  char detail[192];
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
  TcContract *contract = NULL;
  if (mlirLogicalResultIsFailure(tcComputeSemanticHash(module, &hash)) ||
      mlirLogicalResultIsFailure(tcContractFromModule(module, &contract))) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  char text[TC_HASH_TEXT_SIZE], bound[TC_HASH_TEXT_SIZE];
  MlirContext ctx = mlirOperationGetContext(module);
  tcFormatHash(hash, text);
  mlirOperationSetDiscardableAttributeByName(module, name, mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(text)));
  snprintf(detail, sizeof detail, "set the stamp to %s", text);
  if (contract) {
    tcFormatHash(tcContractGetHash(contract), bound);
    mlirOperationSetDiscardableAttributeByName(module, mlirStringRefCreateFromCString(TC_CONTRACT_STAMP_ATTR),
                                               mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(bound)));
    snprintf(detail + strlen(detail), sizeof detail - strlen(detail), " and the contract stamp to %s", bound);
    tcContractDestroy(contract);
  }
  recordStamp(module, detail);
}

MlirPass tcCreateStampPass(void) {
  static _Alignas(8) const char passId = 0;
  return tcCreateStatelessPass(&passId, "TcStamp", "tc-stamp", "Stamp the module with its semantic hash",
                               "builtin.module", run);
}
