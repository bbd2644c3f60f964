//===- TestIdentityPasses.c - passes that break identity, for tests --------===//
//
// The driver must stop any pass that changes or drops `tc.semantic_hash` or
// `tc.contract` (docs/ir-contract.md). These passes do exactly that so tests can prove it:
// tc-test-tamper-stamp flips the last hex digit of the stamp (or adds a
// made-up stamp to an unstamped module); tc-test-drop-stamp removes it;
// tc-test-drop-contract removes the module's declared contract;
// tc-test-drop-contract-stamp removes the stamp that binds it
// (`tc.contract_stamp`).
// tc-test-query-contract changes nothing: it asks the contract for every
// permission on every tc_tensor op, so tests can see the decisions and their
// clauses in the manifest. It runs on func.func, so on a module with several
// functions it asks from several threads at once. All are "Test only" in the
// registry. The others are anchored on builtin.module: the attributes they
// change are the module's.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "TransformsInternal.h"
#include "tensorc/Contract.h"
#include "tensorc/SemanticHash.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

static MlirPass createPass(const void *id, const char *name, const char *argument, TcPassRunFn run,
                           const char *anchor) {
  return tcCreateStatelessPass(id, name, argument, "test only", anchor, run);
}

static void tamperStamp(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirStringRef name = mlirStringRefCreateFromCString(TC_SEMANTIC_HASH_ATTR);
  MlirAttribute stamp = mlirOperationGetDiscardableAttributeByName(module, name);
  char text[TC_HASH_TEXT_SIZE] = "xxh3-128:00000000000000000000000000000000";
  if (!mlirAttributeIsNull(stamp) && mlirAttributeIsAString(stamp)) {
    MlirStringRef old = mlirStringAttrGetValue(stamp);
    if (old.length == TC_HASH_TEXT_SIZE - 1) {
      memcpy(text, old.data, old.length);
      text[old.length - 1] = text[old.length - 1] == '0' ? '1' : '0';
    }
  }
  mlirOperationSetDiscardableAttributeByName(
      module, name, mlirStringAttrGet(mlirOperationGetContext(module), mlirStringRefCreateFromCString(text)));
}

MlirPass tcCreateTestTamperStampPass(void) {
  static _Alignas(8) const char passId = 0;
  return createPass(&passId, "TcTestTamperStamp", "tc-test-tamper-stamp", tamperStamp, "builtin.module");
}

static void dropStamp(MlirOperation module, MlirExternalPass pass, void *userData) {
  mlirOperationRemoveDiscardableAttributeByName(module, mlirStringRefCreateFromCString(TC_SEMANTIC_HASH_ATTR));
}

MlirPass tcCreateTestDropStampPass(void) {
  static _Alignas(8) const char passId = 0;
  return createPass(&passId, "TcTestDropStamp", "tc-test-drop-stamp", dropStamp, "builtin.module");
}

static void dropContract(MlirOperation module, MlirExternalPass pass, void *userData) {
  mlirOperationRemoveDiscardableAttributeByName(module, mlirStringRefCreateFromCString(TC_CONTRACT_ATTR));
}

MlirPass tcCreateTestDropContractPass(void) {
  static _Alignas(8) const char passId = 0;
  return createPass(&passId, "TcTestDropContract", "tc-test-drop-contract", dropContract, "builtin.module");
}

static void dropContractStamp(MlirOperation module, MlirExternalPass pass, void *userData) {
  mlirOperationRemoveDiscardableAttributeByName(module, mlirStringRefCreateFromCString(TC_CONTRACT_STAMP_ATTR));
}

MlirPass tcCreateTestDropContractStampPass(void) {
  static _Alignas(8) const char passId = 0;
  return createPass(&passId, "TcTestDropContractStamp", "tc-test-drop-contract-stamp", dropContractStamp,
                    "builtin.module");
}

static MlirWalkResult queryOp(MlirOperation op, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length > 10 && memcmp(name.data, "tc_tensor.", 10) == 0) {
    tcPassCheckContract(op, TC_CONTRACT_REASSOCIATE, "test query");
    tcPassCheckContract(op, TC_CONTRACT_NONDETERMINISTIC, "test query");
    tcPassCheckContract(op, TC_CONTRACT_FAST_MATH, "test query");
  }
  return MlirWalkResultAdvance;
}

static void queryContract(MlirOperation function, MlirExternalPass pass, void *userData) {
  mlirOperationWalk(function, queryOp, NULL, MlirWalkPreOrder);
}

MlirPass tcCreateTestQueryContractPass(void) {
  static _Alignas(8) const char passId = 0;
  return createPass(&passId, "TcTestQueryContract", "tc-test-query-contract", queryContract, "func.func");
}
