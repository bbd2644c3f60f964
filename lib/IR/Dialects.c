//===- Dialects.c - loading the IRDL-defined dialects ----------------------===//
//
// tc_tensor, tc_loop and tc_kernel are IRDL text compiled into the library
// (generated file TcDialectsEmbedded.c). Loading a dialect twice into one
// context corrupts it, so every load first asks the context whether a dialect
// of that name exists: tcRegisterDialects skips such dialects (it is
// idempotent), tcLoadIrdlSource refuses them with a located error.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Dialects.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/Parse.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/IRDL.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

extern const char tcIrdl_tc_tensor[], tcIrdl_tc_loop[], tcIrdl_tc_kernel[];
extern const unsigned long tcIrdl_tc_tensor_size, tcIrdl_tc_loop_size, tcIrdl_tc_kernel_size;

MlirStringRef tcGetDialectIrdl(const char *name) {
  if (strcmp(name, "tc_tensor") == 0)
    return mlirStringRefCreate(tcIrdl_tc_tensor, tcIrdl_tc_tensor_size);
  if (strcmp(name, "tc_loop") == 0)
    return mlirStringRefCreate(tcIrdl_tc_loop, tcIrdl_tc_loop_size);
  if (strcmp(name, "tc_kernel") == 0)
    return mlirStringRefCreate(tcIrdl_tc_kernel, tcIrdl_tc_kernel_size);
  return mlirStringRefCreate(NULL, 0);
}

static bool isOpNamed(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  return s.length == strlen(name) && memcmp(s.data, name, s.length) == 0;
}

static bool dialectExists(MlirContext ctx, MlirStringRef name) {
  return !mlirDialectIsNull(mlirContextGetOrLoadDialect(ctx, name));
}

// Drops (skipExisting) or rejects every irdl.dialect of `module` whose name is
// already taken in `ctx`. Returns the number of dialects left to load, or -1.
static int pruneExistingDialects(MlirContext ctx, MlirModule module, bool skipExisting) {
  int remaining = 0;
  MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (isOpNamed(op, "irdl.dialect")) {
      MlirAttribute sym = mlirOperationGetInherentAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
      MlirStringRef name = mlirStringAttrGetValue(sym);
      if (!dialectExists(ctx, name)) {
        ++remaining;
      } else if (skipExisting) {
        mlirOperationDestroy(op);
      } else {
        tcEmitError(mlirOperationGetLocation(op), "dialect '%.*s' is already loaded; it cannot be defined again",
                    (int)name.length, name.data);
        return -1;
      }
    }
    op = next;
  }
  return remaining;
}

static MlirLogicalResult loadIrdl(MlirContext ctx, MlirStringRef source, MlirStringRef sourceName,
                                  bool skipExisting) {
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__irdl__(), ctx);
  MlirModule module = tcParseSourceModule(ctx, source, sourceName);
  if (mlirModuleIsNull(module))
    return mlirLogicalResultFailure();
  MlirLogicalResult result = mlirLogicalResultSuccess();
  int remaining = pruneExistingDialects(ctx, module, skipExisting);
  if (remaining < 0)
    result = mlirLogicalResultFailure();
  else if (remaining > 0 && !mlirOperationVerify(mlirModuleGetOperation(module)))
    result = mlirLogicalResultFailure();
  else if (remaining > 0)
    result = mlirLoadIRDLDialects(module);
  mlirModuleDestroy(module);
  return result;
}

MlirLogicalResult tcLoadIrdlSource(MlirContext ctx, MlirStringRef source, MlirStringRef sourceName) {
  return loadIrdl(ctx, source, sourceName, false);
}

MlirLogicalResult tcRegisterDialects(MlirContext ctx) {
  static const char *const names[] = {"tc_tensor", "tc_loop", "tc_kernel"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
    MlirStringRef source = tcGetDialectIrdl(names[i]);
    char sourceName[64];
    snprintf(sourceName, sizeof sourceName, "<embedded %s.irdl.mlir>", names[i]);
    if (mlirLogicalResultIsFailure(loadIrdl(ctx, source, mlirStringRefCreateFromCString(sourceName), true)))
      return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}
