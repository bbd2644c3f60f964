//===- Dialects.h - registering tc_tensor, tc_loop, tc_kernel -----*- C -*-===//
//
// The three dialects are IRDL programs (dialects/*.irdl.mlir) embedded into the
// library at build time. Registering them parses that text and loads it with
// mlirLoadIRDLDialects; the same files load into upstream tools with
// `mlir-opt --irdl-file=`.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_DIALECTS_H
#define TENSORC_DIALECTS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Loads the irdl dialect and the tc_tensor, tc_loop and tc_kernel dialects
/// into `ctx`. Safe to call any number of times on the same context: a
/// dialect that is already loaded is left alone. Fails only if one of the
/// dialect names is already taken by another dialect (diagnostic emitted).
MlirLogicalResult tcRegisterDialects(MlirContext ctx);

/// Loads the IRDL dialects defined in `irdlSource` (text of an IRDL module;
/// `sourceName` is used in diagnostics). Refuses, with a located error and
/// without loading anything, a dialect whose name is already loaded in `ctx`
/// (loading one twice would corrupt the context).
MlirLogicalResult tcLoadIrdlSource(MlirContext ctx, MlirStringRef irdlSource,
                                   MlirStringRef sourceName);

/// Returns the embedded IRDL text of dialect `name` ("tc_tensor", "tc_loop"
/// or "tc_kernel"), or a null string ref for any other name. Static storage.
MlirStringRef tcGetDialectIrdl(const char *name);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_DIALECTS_H
