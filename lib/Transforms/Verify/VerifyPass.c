//===- VerifyPass.c - the tc-verify pass -----------------------------------===//
//
// Requires: nothing. Guarantees: the IR is unchanged; the pass fails, with one
// located error per violation, if any tensorc op breaks a rule of
// docs/dialects.md. Records nothing in the manifest (it decides nothing).
// Stateless, so safe on several threads at once.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "mlir-c/Support.h"

static void construct(void *userData) {}
static void destruct(void *userData) {}
static void *clonePass(void *userData) { return userData; }

static void run(MlirOperation op, MlirExternalPass pass, void *userData) {
  if (mlirLogicalResultIsFailure(tcVerify(op)))
    mlirExternalPassSignalFailure(pass);
}

MlirPass tcCreateVerifyPass(void) {
  static _Alignas(8) const char passId = 0;
  MlirExternalPassCallbacks callbacks = {construct, destruct, NULL, clonePass, run};
  return mlirCreateExternalPass(mlirTypeIDCreate(&passId), mlirStringRefCreateFromCString("TcVerify"),
                                mlirStringRefCreateFromCString("tc-verify"),
                                mlirStringRefCreateFromCString("Check tensorc ops against docs/dialects.md"),
                                mlirStringRefCreateFromCString("builtin.module"), 0, NULL, callbacks, NULL);
}
