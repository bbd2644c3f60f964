//===- TestPasses.c - passes that misbehave on purpose, for tests ----------===//
//
// The driver must turn a misbehaving pass into the right diagnostic and exit
// code. These passes misbehave in known ways so tests can prove it does:
// tc-test-fail-silently fails without saying why; tc-test-break-verifier
// leaves IR that tc-verify rejects (an unknown attribute on every tc_tensor
// op). Both are in the registry, marked "Test only", and record nothing.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

static void construct(void *userData) {}
static void destruct(void *userData) {}
static void *clonePass(void *userData) { return userData; }

static MlirPass createPass(const void *id, const char *name, const char *argument,
                           void (*run)(MlirOperation, MlirExternalPass, void *)) {
  MlirExternalPassCallbacks callbacks = {construct, destruct, NULL, clonePass, run};
  return mlirCreateExternalPass(mlirTypeIDCreate(id), mlirStringRefCreateFromCString(name),
                                mlirStringRefCreateFromCString(argument), mlirStringRefCreateFromCString("test only"),
                                mlirStringRefCreateFromCString("builtin.module"), 0, NULL, callbacks, NULL);
}

static void failSilently(MlirOperation op, MlirExternalPass pass, void *userData) {
  mlirExternalPassSignalFailure(pass);
}

MlirPass tcCreateTestFailSilentlyPass(void) {
  static _Alignas(8) const char passId = 0;
  return createPass(&passId, "TcTestFailSilently", "tc-test-fail-silently", failSilently);
}

static MlirWalkResult addBogusAttr(MlirOperation op, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length > 10 && memcmp(name.data, "tc_tensor.", 10) == 0)
    mlirOperationSetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("bogus"),
                                               mlirUnitAttrGet(mlirOperationGetContext(op)));
  return MlirWalkResultAdvance;
}

static void breakVerifier(MlirOperation op, MlirExternalPass pass, void *userData) {
  mlirOperationWalk(op, addBogusAttr, NULL, MlirWalkPreOrder);
}

MlirPass tcCreateTestBreakVerifierPass(void) {
  static _Alignas(8) const char passId = 0;
  return createPass(&passId, "TcTestBreakVerifier", "tc-test-break-verifier", breakVerifier);
}
