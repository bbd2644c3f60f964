//===- Passes.h - tensorc passes and their registry --------------*- C -*-===//
//
// tensorc passes are MLIR external passes (mlirCreateExternalPass). Upstream
// pipeline strings cannot name them, so tensorc keeps its own registry: the
// table returned by tcGetPassRegistry is the one list of tensorc passes that
// tools parse pipelines against and print in --help.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_PASSES_H
#define TENSORC_PASSES_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One tensorc pass: its pipeline name, a one-line description, the op it
/// anchors on ("builtin.module", "func.func"; "" for any op), and a factory.
typedef struct TcPassInfo {
  const char *argument;
  const char *description;
  const char *anchor;
  /// Creates a new pass; ownership goes to the caller (normally handed on to
  /// a pass manager with mlirOpPassManagerAddOwnedPass).
  MlirPass (*create)(void);
} TcPassInfo;

/// Returns the registry of all tensorc passes, `*count` entries, sorted by
/// argument. Static storage; never NULL.
const TcPassInfo *tcGetPassRegistry(intptr_t *count);

/// Returns the registry entry whose argument is `argument`, or NULL.
const TcPassInfo *tcLookupPass(MlirStringRef argument);

/// Checks every tensorc op nested in `root` (root included) against the rules
/// of docs/dialects.md. Emits one located error per violation and fails if
/// there was any. Never modifies the IR.
MlirLogicalResult tcVerify(MlirOperation root);

/// True if tc-verify has a rule for the op named `opName` (e.g.
/// "tc_tensor.add"). Every op of the three dialects must have one.
bool tcHasVerifyRule(MlirStringRef opName);

/// Creates the tc-verify pass (tcVerify as a pass on builtin.module).
MlirPass tcCreateVerifyPass(void);

/// Test only: a pass that fails without emitting a diagnostic.
MlirPass tcCreateTestFailSilentlyPass(void);

/// Test only: a pass that adds an unknown attribute to every tc_tensor op, so
/// that the IR it leaves breaks tc-verify.
MlirPass tcCreateTestBreakVerifierPass(void);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_PASSES_H
