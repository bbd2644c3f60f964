//===- grad-rules.c - every tc_tensor op has a derivative decision ----------===//
//
// Reads the IRDL text embedded in the library and asks, for each tc_tensor
// op, tc-grad's rule table (lib/Autodiff) and the reference evaluator's own
// table (lib/Reference) what they do with it. Both must know every op, and
// they must agree on which ops have a derivative: the two tables are written
// separately, so a disagreement is a rule one side forgot. Prints one line
// per differentiable op, then a summary.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Autodiff.h"
#include "tensorc/Dialects.h"
#include "tensorc/Parse.h"
#include "tensorc/ReferenceGrad.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/IRDL.h"

#include <stdio.h>
#include <string.h>

int main(void) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__irdl__(), ctx);
  MlirModule m = tcParseSourceModule(ctx, tcGetDialectIrdl("tc_tensor"), mlirStringRefCreateFromCString("tc_tensor"));
  if (mlirModuleIsNull(m))
    return 1;
  MlirOperation d = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  int ops = 0, differentiable = 0, problems = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(d, 0)));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), mlirStringRefCreateFromCString("irdl.operation")))
      continue;
    MlirStringRef name =
        mlirStringAttrGetValue(mlirOperationGetInherentAttributeByName(op, mlirStringRefCreateFromCString("sym_name")));
    char full[128];
    snprintf(full, sizeof full, "tc_tensor.%.*s", (int)name.length, name.data);
    bool compiler = false, reference = false;
    bool known = tcGradKnowsOp(mlirStringRefCreateFromCString(full), &compiler);
    bool refKnown = tcRefGradKnowsOp(mlirStringRefCreateFromCString(full), &reference);
    ++ops;
    differentiable += compiler;
    if (!known || !refKnown)
      printf("unknown to %s: %s\n", !known ? "tc-grad" : "the reference", full), ++problems;
    else if (compiler != reference)
      printf("disagreement: %s has a derivative in %s only\n", full, compiler ? "tc-grad" : "the reference"), ++problems;
    else if (compiler)
      printf("differentiable: %s\n", full);
  }
  printf("tc_tensor: %d ops, %d differentiable, %d problems\n", ops, differentiable, problems);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return problems != 0;
}
