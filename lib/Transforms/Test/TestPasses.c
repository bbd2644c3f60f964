//===- TestPasses.c - passes that misbehave on purpose, for tests ----------===//
//
// The driver must turn a misbehaving pass into the right diagnostic and exit
// code. These passes misbehave in known ways so tests can prove it does:
// tc-test-fail-silently fails without saying why; tc-test-break-verifier
// leaves IR that tc-verify rejects (an unknown attribute on every tc_tensor
// op). Both are in the registry, marked "Test only", and record nothing.
//
// Anchored on builtin.module, as the driver's whole-module checks they
// provoke are.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "TransformsInternal.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

static MlirPass createPass(const void *id, const char *name, const char *argument, TcPassRunFn run) {
  return tcCreateStatelessPass(id, name, argument, "test only", "builtin.module", run);
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
