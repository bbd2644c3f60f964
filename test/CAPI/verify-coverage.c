//===- verify-coverage.c - every dialect op has a rule and a lowering ------===//
//
// Reads the IRDL text embedded in the library (the very definitions tools
// load), and checks that tc-verify has a rule for each op it defines and
// tc-lower-tensor a lowering for each tc_tensor op. Prints one line per
// dialect with its op count and one line per op without a rule or lowering.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Dialects.h"
#include "tensorc/Parse.h"
#include "tensorc/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/IRDL.h"

#include <stdio.h>
#include <string.h>

static int checkDialect(MlirContext ctx, const char *dialect) {
  MlirModule m = tcParseSourceModule(ctx, tcGetDialectIrdl(dialect), mlirStringRefCreateFromCString(dialect));
  if (mlirModuleIsNull(m)) {
    printf("%s: does not parse\n", dialect);
    return 1;
  }
  int missing = 0, ops = 0;
  MlirOperation d = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(d, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef kind = mlirIdentifierStr(mlirOperationGetName(op));
    if (kind.length != 14 || memcmp(kind.data, "irdl.operation", 14) != 0)
      continue;
    MlirStringRef name =
        mlirStringAttrGetValue(mlirOperationGetInherentAttributeByName(op, mlirStringRefCreateFromCString("sym_name")));
    char full[128];
    snprintf(full, sizeof full, "%s.%.*s", dialect, (int)name.length, name.data);
    ++ops;
    if (!tcHasVerifyRule(mlirStringRefCreateFromCString(full))) {
      printf("no tc-verify rule: %s\n", full);
      ++missing;
    }
    if (strcmp(dialect, "tc_tensor") == 0 && !tcHasLowering(mlirStringRefCreateFromCString(full))) {
      printf("no lowering: %s\n", full);
      ++missing;
    }
  }
  printf("%s: %d ops, %d without a rule or lowering\n", dialect, ops, missing);
  mlirModuleDestroy(m);
  return missing != 0;
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__irdl__(), ctx);
  int failed = checkDialect(ctx, "tc_tensor") | checkDialect(ctx, "tc_loop") | checkDialect(ctx, "tc_kernel");
  mlirContextDestroy(ctx);
  return failed;
}
