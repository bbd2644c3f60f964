//===- Parse.h - parsing MLIR source into a module ---------------*- C -*-===//
//
// Tools read MLIR text the way mlir-opt does: a file holding one
// builtin.module is that module; any other sequence of top-level operations
// is wrapped in a new module. Locations name the given source file.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_PARSE_H
#define TENSORC_PARSE_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Parses `source` (MLIR text, or MLIR bytecode: that is read by a fork()ed
/// child process, as MLIR 22's bytecode reader crashes on some malformed
/// bytecode, and comes back as text; docs/embedding.md) with `sourceName`
/// as the file name of every location. Returns a module owned by the caller, or a null module
/// after emitting located diagnostics if the text does not parse.
MlirModule tcParseSourceModule(MlirContext ctx, MlirStringRef source,
                               MlirStringRef sourceName);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_PARSE_H
