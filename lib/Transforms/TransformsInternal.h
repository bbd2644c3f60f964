//===- TransformsInternal.h - lib/Transforms internals ------------*- C -*-===//
//
// What the files of lib/Transforms share: creating an external pass that
// keeps no state (every tensorc pass so far), and naming an op in a manifest
// decision.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_TRANSFORMS_TRANSFORMSINTERNAL_H
#define TENSORC_LIB_TRANSFORMS_TRANSFORMSINTERNAL_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stddef.h>

/// The run callback of a stateless pass.
typedef void (*TcPassRunFn)(MlirOperation op, MlirExternalPass pass, void *userData);

/// Creates an external pass without state: `id` is the address of a static
/// object unique to the pass, `name` its class-like name ("TcStamp"),
/// `argument` its pipeline name, `anchor` the op it runs on. The pass may be
/// cloned for several threads; clones share nothing. Caller owns the pass.
MlirPass tcCreateStatelessPass(const void *id, const char *name, const char *argument, const char *description,
                               const char *anchor, TcPassRunFn run);

/// As tcCreateStatelessPass, for a pass that creates ops of the `n`
/// dialects in `dependentDialects` (they are loaded before the pass runs).
MlirPass tcCreateStatelessPassWithDialects(const void *id, const char *name, const char *argument,
                                           const char *description, const char *anchor, TcPassRunFn run,
                                           intptr_t n, MlirDialectHandle *dependentDialects);

/// Writes "<op name> at <file>:<line>:<col>" (or the printed location if it
/// is not a file location) into `buf`: the subject of a decision about `op`.
const char *tcDecisionSubject(MlirOperation op, char *buf, size_t size);

#endif // TENSORC_LIB_TRANSFORMS_TRANSFORMSINTERNAL_H
