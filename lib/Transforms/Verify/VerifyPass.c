//===- VerifyPass.c - the tc-verify pass -----------------------------------===//
//
// Requires: nothing. Guarantees: the IR is unchanged; the pass fails, with one
// located error per violation, if any tensorc op breaks a rule of
// docs/dialects.md. Records nothing in the manifest (it decides nothing).
// Stateless, so safe on several threads at once.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "TransformsInternal.h"

#include "mlir-c/Support.h"

static void run(MlirOperation op, MlirExternalPass pass, void *userData) {
  if (mlirLogicalResultIsFailure(tcVerify(op)))
    mlirExternalPassSignalFailure(pass);
}

MlirPass tcCreateVerifyPass(void) {
  static _Alignas(8) const char passId = 0;
  return tcCreateStatelessPass(&passId, "TcVerify", "tc-verify", "Check tensorc ops against docs/dialects.md",
                               "builtin.module", run);
}
