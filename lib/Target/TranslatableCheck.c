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
// Translation also crashes on a type with no LLVM counterpart (an f8 element
// type of a getelementptr, found by mutation testing), so every value type and
// every type an op carries as `elem_type` or `global_type` must be one LLVM IR
// has: signless integers, f16, bf16, f32, f64, vectors of those, and llvm
// dialect types (a struct's members are checked too). Other types LLVM has
// (x86_fp80, fp128) are refused too: the C API cannot name them.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Target.h"

#include "tensorc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

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

static bool hasLLVMType(MlirType t) {
  if (mlirTypeIsAInteger(t))
    return mlirIntegerTypeIsSignless(t);
  if (mlirTypeIsAF16(t) || mlirTypeIsABF16(t) || mlirTypeIsAF32(t) || mlirTypeIsAF64(t))
    return true;
  if (mlirTypeIsAVector(t))
    return hasLLVMType(mlirShapedTypeGetElementType(t));
  if (!hasPrefix(mlirDialectGetNamespace(mlirTypeGetDialect(t)), "llvm"))
    return false;
  if (mlirTypeIsALLVMStructType(t) && !mlirLLVMStructTypeIsOpaque(t)) {
    for (intptr_t i = 0; i < mlirLLVMStructTypeGetNumElementTypes(t); ++i)
      if (!hasLLVMType(mlirLLVMStructTypeGetElementType(t, i)))
        return false;
  }
  return true;
}

// The types an op names as attributes (getelementptr's and alloca's element
// type, a global's type). A function's type needs no check of its own: its
// arguments are block arguments and its results are returned values.
static bool attributeTypesTranslatable(MlirOperation op) {
  static const char *const names[] = {"elem_type", "global_type"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
    MlirAttribute a = mlirOperationGetInherentAttributeByName(op, mlirStringRefCreateFromCString(names[i]));
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAType(a))
      continue;
    if (!hasLLVMType(mlirTypeAttrGetValue(a)))
      return false;
  }
  return true;
}

static bool typesTranslatable(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!hasLLVMType(mlirValueGetType(mlirOperationGetResult(op, i))))
      return false;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (intptr_t a = 0; a < mlirBlockGetNumArguments(b); ++a)
        if (!hasLLVMType(mlirValueGetType(mlirBlockGetArgument(b, a))))
          return false;
  return attributeTypesTranslatable(op);
}

typedef struct {
  MlirOperation op;
  bool badType;
} Untranslatable;

static MlirWalkResult findUntranslatable(MlirOperation op, void *userData) {
  Untranslatable *u = userData;
  bool opOk = isTranslatable(op);
  if (opOk && typesTranslatable(op))
    return MlirWalkResultAdvance;
  u->op = op;
  u->badType = opOk;
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
  Untranslatable bad = {{NULL}, false};
  mlirOperationWalk(module, findUntranslatable, &bad, MlirWalkPreOrder);
  if (mlirOperationIsNull(bad.op))
    return mlirLogicalResultSuccess();
  if (bad.badType)
    tcEmitOpError(bad.op, "cannot be translated to LLVM IR: it uses a type LLVM IR does not have");
  else
    tcEmitOpError(bad.op, "cannot be translated to LLVM IR: it is not in the llvm or omp dialect (lower it first)");
  return mlirLogicalResultFailure();
}
