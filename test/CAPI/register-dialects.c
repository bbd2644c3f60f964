//===- register-dialects.c - tcRegisterDialects is idempotent --------------===//
//
// Registers the dialects twice on one context (loading an IRDL dialect twice
// would corrupt it), then parses and verifies a program using all three, and
// checks that tcLoadIrdlSource refuses to redefine tc_tensor.
//
//===----------------------------------------------------------------------===//
#include "CapiTest.h"
#include "tensorc/Parse.h"
#include "tensorc/Passes.h"


#include <stdio.h>

static const char kProgram[] =
    "func.func private @body(%i: index, %a: memref<4xf32>) attributes {tc_loop.body} {\n"
    "  return\n"
    "}\n"
    "func.func @f(%x: tensor<4xf32>, %m: memref<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = \"tc_tensor.exp\"(%x) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  \"tc_loop.nest\"(%m) {body = @body, bounds = array<i64: 4>, parallel = array<i1: true>,\n"
    "      tile = array<i64: 0>, vector_width = 1 : i64, group = -1 : i64,\n"
    "      operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>}\n"
    "      : (memref<4xf32>) -> ()\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n";

int main(void) {
  MlirContext ctx = capiCreateContext(true, false);
  printf("first: %s\n", mlirLogicalResultIsSuccess(tcRegisterDialects(ctx)) ? "ok" : "failed");
  printf("second: %s\n", mlirLogicalResultIsSuccess(tcRegisterDialects(ctx)) ? "ok" : "failed");
  MlirModule m = tcParseSourceModule(ctx, mlirStringRefCreateFromCString(kProgram),
                                     mlirStringRefCreateFromCString("program.mlir"));
  printf("parse: %s\n", mlirModuleIsNull(m) ? "failed" : "ok");
  if (!mlirModuleIsNull(m)) {
    printf("verify: %s\n", mlirLogicalResultIsSuccess(tcVerify(mlirModuleGetOperation(m))) ? "ok" : "failed");
    mlirModuleDestroy(m);
  }
  MlirLogicalResult again = tcLoadIrdlSource(ctx, tcGetDialectIrdl("tc_tensor"), mlirStringRefCreateFromCString("x"));
  printf("redefine: %s\n", mlirLogicalResultIsSuccess(again) ? "accepted" : "refused");
  mlirContextDestroy(ctx);
  return 0;
}
