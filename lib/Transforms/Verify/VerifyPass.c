//===- VerifyPass.c - the tc-verify pass -----------------------------------===//
//
// Requires: nothing. Guarantees: the IR is unchanged; the pass fails, with one
// located error per violation, if any tensorc op breaks a rule of
// docs/dialects.md. Records nothing in the manifest (it decides nothing).
// Stateless, so safe on several threads at once.
//
// Anchored on builtin.module: rules reach across functions (a nest's body is
// a module-level function, looked up through the module's symbol table, and
// the index of them is built once per run over the module), and the tools
// check a whole module with it before any pass runs.
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
