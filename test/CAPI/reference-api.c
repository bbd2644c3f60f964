//===- reference-api.c - tcRefEvaluate's errors through the C API ----------===//
//
// tensor-ref checks its inputs before it calls the evaluator, so some of
// tcRefEvaluate's own errors are reachable only through the C API: a wrong
// number of inputs, an input of the wrong dtype or shape, an op that is not a
// function, a body without func.return. Each must be a located error with
// the right failure kind, and a good call must still work. Prints each
// diagnostic and each result.
//
//===----------------------------------------------------------------------===//
#include "CapiTest.h"
#include "tensorc/Parse.h"
#include "tensorc/Reference.h"


#include <stdio.h>
#include <stdlib.h>

static const char kProgram[] = "func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
                               "  %0 = \"tc_tensor.neg\"(%x) : (tensor<2xf32>) -> tensor<2xf32>\n"
                               "  return %0 : tensor<2xf32>\n"
                               "}\n"
                               "func.func @g(%y: tensor<2xf32>) -> tensor<2xf32> {\n"
                               "  return %y : tensor<2xf32>\n"
                               "}\n";

static const char *kFailureNames[] = {"ok", "invalid", "unsupported", "bad-input"};

static void run(const char *what, MlirOperation func, TcRefTensor *inputs, intptr_t n) {
  TcRefTensor *outputs;
  intptr_t numOutputs;
  TcRefFailure failure;
  MlirLogicalResult r = tcRefEvaluate(func, inputs, n, &outputs, &numOutputs, NULL, NULL, &failure);
  printf("%s: %s (%s)", what, mlirLogicalResultIsSuccess(r) ? "ok" : "failed", kFailureNames[failure]);
  for (intptr_t i = 0; i < numOutputs; ++i) {
    printf(" [%g, %g]", outputs[i].data[0].f, outputs[i].data[1].f);
    tcRefTensorDestroy(&outputs[i]);
  }
  printf("\n");
  free(outputs);
}

int main(void) {
  MlirContext ctx = capiCreateContext(true, true);
  if (mlirContextIsNull(ctx))
    return 1;
  MlirModule m = tcParseSourceModule(ctx, mlirStringRefCreateFromCString(kProgram),
                                     mlirStringRefCreateFromCString("program.mlir"));
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  int64_t two = 2, three = 3;
  TcRefTensor good, wrongDtype, wrongShape;
  tcRefTensorCreate(&good, TC_REF_F32, 1, &two);
  good.data[0].f = 1.5;
  good.data[1].f = -0.0;
  tcRefTensorCreate(&wrongDtype, TC_REF_F64, 1, &two);
  tcRefTensorCreate(&wrongShape, TC_REF_F32, 1, &three);
  run("good", func, &good, 1);
  run("no inputs", func, NULL, 0);
  run("wrong dtype", func, &wrongDtype, 1);
  run("wrong shape", func, &wrongShape, 1);
  run("not a function", mlirModuleGetOperation(m), &good, 1);
  // Return a value of another function (IR that was never verified).
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation g = mlirOperationGetNextInBlock(func);
  MlirValue foreign = mlirBlockGetArgument(mlirRegionGetFirstBlock(mlirOperationGetRegion(g, 0)), 0);
  mlirOperationSetOperand(mlirBlockGetTerminator(body), 0, foreign);
  run("foreign return", func, &good, 1);
  // Remove the terminator: the body no longer ends in func.return.
  mlirOperationDestroy(mlirBlockGetTerminator(body));
  run("no return", func, &good, 1);
  tcRefTensorDestroy(&good);
  tcRefTensorDestroy(&wrongDtype);
  tcRefTensorDestroy(&wrongShape);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return 0;
}
