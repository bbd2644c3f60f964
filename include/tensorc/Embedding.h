//===- Embedding.h - tensorc inside another MLIR compiler ---------*- C -*-===//
//
// What a host compiler needs beyond registering the dialects (Dialects.h):
// building a pass manager from pipeline text that names tensorc's passes
// next to upstream ones, from C; and, for C++ hosts, entering every tensorc
// pass into MLIR's own pass registry, so that mlirParsePassPipeline,
// mlir::parsePassPipeline and MlirOptMain's --pass-pipeline know `tc-*`
// names (docs/embedding.md).
//
// tensorc passes are safe to run anywhere: outside tensorc's drivers they
// take the numerical contract from the module's `tc.contract` (or the
// default one), keep their state in the pass instance, and drop the
// decisions they record unless the host attached a decision log to the
// context (Manifest.h).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_EMBEDDING_H
#define TENSORC_EMBEDDING_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Creates a pass manager anchored on builtin.module that runs `pipeline`:
/// `builtin.module(...)` (the wrapper is optional) holding tensorc passes
/// (`tc-verify`), upstream passes with their options (`canonicalize{...}`)
/// and op nestings (`func.func(cse)`). A tensorc pass that anchors on
/// func.func and is not nested is nested under func.func. Upstream passes
/// must be registered first (mlirRegisterAllPasses or the host's own).
/// On a syntax error or an unknown pass returns a null pass manager and
/// passes the reason to `errorCallback` (may be NULL). The caller owns the
/// result (mlirPassManagerDestroy).
MlirPassManager tcCreatePassManagerFromPipeline(MlirContext ctx, MlirStringRef pipeline,
                                                MlirStringCallback errorCallback, void *userData);

/// Enters every tensorc pass (Passes.h's registry) into MLIR's global pass
/// registry, under its pipeline name. Afterwards upstream's pipeline parser
/// (mlirParsePassPipeline, mlir::parsePassPipeline, MlirOptMain) accepts
/// `tc-*` names. Idempotent and thread-safe. Implemented by a thin C++
/// layer; linking tensorc::tensorc brings it.
void tcRegisterPassesInMLIRRegistry(void);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_EMBEDDING_H
