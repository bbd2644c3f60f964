//===- TranslatableCheck.c - refuse what LLVM IR translation cannot take --===//
//
// mlirTranslateModuleToLLVMIR crashes, rather than failing, on an op that has
// no LLVM IR translation. So before translating, the module is walked in
// pre-order and every op must belong to the `llvm` or `omp` dialect or be a
// `builtin.module`; the first that does not is a compile failure reported at
// its location, naming it (a tc_tensor, func or arith op means the pipeline
// that produced the module did not lower it). MLIR reads a module's
// `llvm.target_triple`, `llvm.data_layout` and `llvm.ident` as strings
// without checking their kind (another crash), so they must be strings.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Target.h"

#include "tensorc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdbool.h>
#include <string.h>

static bool hasPrefix(MlirStringRef name, const char *prefix) {
  size_t n = strlen(prefix);
  return name.length >= n && memcmp(name.data, prefix, n) == 0;
}

static bool isTranslatable(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length == strlen("builtin.module") && hasPrefix(name, "builtin.module"))
    return true;
  return hasPrefix(name, "llvm.") || hasPrefix(name, "omp.");
}

static MlirWalkResult findUntranslatable(MlirOperation op, void *userData) {
  if (isTranslatable(op))
    return MlirWalkResultAdvance;
  *(MlirOperation *)userData = op;
  return MlirWalkResultInterrupt;
}

// The module attributes translation reads as strings must be strings.
static MlirLogicalResult checkStringAttributes(MlirOperation module) {
  static const char *const names[] = {"llvm.target_triple", "llvm.data_layout", "llvm.ident"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
    MlirAttribute attr = mlirOperationGetAttributeByName(module, mlirStringRefCreateFromCString(names[i]));
    if (!mlirAttributeIsNull(attr) && !mlirAttributeIsAString(attr)) {
      tcEmitOpError(module, "attribute '%s' must be a string to be translated to LLVM IR", names[i]);
      return mlirLogicalResultFailure();
    }
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult tcTargetCheckTranslatable(MlirOperation module) {
  if (mlirLogicalResultIsFailure(checkStringAttributes(module)))
    return mlirLogicalResultFailure();
  MlirOperation bad = {NULL};
  mlirOperationWalk(module, findUntranslatable, &bad, MlirWalkPreOrder);
  if (mlirOperationIsNull(bad))
    return mlirLogicalResultSuccess();
  tcEmitOpError(bad, "cannot be translated to LLVM IR: it is not in the llvm or omp dialect (lower it first)");
  return mlirLogicalResultFailure();
}
