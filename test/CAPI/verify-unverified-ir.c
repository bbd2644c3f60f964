//===- verify-unverified-ir.c - tc-verify on IR that skipped IRDL ----------===//
//
// IR built through the C API with mlirOperationCreate is not verified, so
// tcVerify can meet ops that IRDL would have rejected at parse time: a missing
// required attribute, a missing operandSegmentSizes, segment sizes that do not
// add up to the operand count, a missing body symbol. tcVerify must report
// them as located errors, not crash. Prints each diagnostic.
//
//===----------------------------------------------------------------------===//
#include "CapiTest.h"
#include "tensorc/Parse.h"
#include "tensorc/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>

static const char kProgram[] = "func.func @f(%x: tensor<4xf32>, %m: memref<4xf32>) {\n"
                               "  return\n"
                               "}\n";

// Creates op `name` with `operands` and `results` and no attributes, before
// the terminator of `block`.
static MlirOperation insertOp(MlirBlock block, const char *name, intptr_t nOperands, MlirValue *operands,
                              intptr_t nResults, MlirType *results) {
  MlirContext ctx = mlirTypeGetContext(mlirValueGetType(mlirBlockGetArgument(block, 0)));
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString("built.mlir"), 7, 3));
  mlirOperationStateAddOperands(&state, nOperands, operands);
  mlirOperationStateAddResults(&state, nResults, results);
  MlirOperation op = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(block, mlirBlockGetTerminator(block), op);
  return op;
}

// Sets operandSegmentSizes to `n` ones followed by zeros.
static void setSlots(MlirOperation op, int n) {
  int32_t sizes[16] = {0};
  for (int i = 0; i < n; ++i)
    sizes[i] = 1;
  mlirOperationSetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("operandSegmentSizes"),
                                             mlirDenseI32ArrayGet(mlirOperationGetContext(op), 16, sizes));
}

int main(void) {
  MlirContext ctx = capiCreateContext(true, true);
  if (mlirContextIsNull(ctx))
    return 1;
  MlirModule m = tcParseSourceModule(ctx, mlirStringRefCreateFromCString(kProgram),
                                     mlirStringRefCreateFromCString("program.mlir"));
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirValue x = mlirBlockGetArgument(body, 0), buf = mlirBlockGetArgument(body, 1);
  MlirType tensor = mlirValueGetType(x);
  insertOp(body, "tc_tensor.softmax", 1, &x, 1, &tensor);
  insertOp(body, "tc_tensor.constant", 0, NULL, 1, &tensor);
  insertOp(body, "tc_loop.nest", 1, &buf, 0, NULL);
  insertOp(body, "tc_kernel.elementwise", 1, &buf, 0, NULL);
  setSlots(insertOp(body, "tc_loop.nest", 1, &buf, 0, NULL), 2);
  MlirOperation noBody = insertOp(body, "tc_kernel.elementwise", 1, &buf, 0, NULL);
  setSlots(noBody, 1);
  mlirOperationSetDiscardableAttributeByName(noBody, mlirStringRefCreateFromCString("group"),
                                             mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), -1));
  mlirOperationSetDiscardableAttributeByName(noBody, mlirStringRefCreateFromCString("reason"),
                                             mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("test")));
  // A body that is a defined, marked func.func but has no function_type.
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirOperationState fs = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), loc);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, mlirBlockCreate(0, NULL, NULL));
  mlirOperationStateAddOwnedRegions(&fs, 1, &region);
  MlirNamedAttribute fattrs[] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("sym_name")),
                            mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("untyped"))),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("tc_kernel.body")),
                            mlirUnitAttrGet(ctx))};
  mlirOperationStateAddAttributes(&fs, 2, fattrs);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), mlirOperationCreate(&fs));
  MlirOperation untyped = insertOp(body, "tc_kernel.elementwise", 1, &buf, 0, NULL);
  setSlots(untyped, 1);
  mlirOperationSetDiscardableAttributeByName(untyped, mlirStringRefCreateFromCString("group"),
                                             mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), -1));
  mlirOperationSetDiscardableAttributeByName(untyped, mlirStringRefCreateFromCString("reason"),
                                             mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("test")));
  mlirOperationSetDiscardableAttributeByName(untyped, mlirStringRefCreateFromCString("body"),
                                             mlirFlatSymbolRefAttrGet(ctx, mlirStringRefCreateFromCString("untyped")));
  printf("tcVerify: %s\n", mlirLogicalResultIsSuccess(tcVerify(mlirModuleGetOperation(m))) ? "ok" : "failed");
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return 0;
}
