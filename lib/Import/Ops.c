//===- Ops.c - which importer handles an ONNX op type ----------------------===//
//
// One lookup per op family (OpsElementwise.c, OpsActivation.c, OpsShape.c,
// OpsNN.c, OpsReduce.c, OpsConvPool.c, OpsLayout.c, OpsIndex.c, OpsResize.c); the first family that knows the op type wins. An
// op type no family knows is reported as unsupported by the caller.
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

ImpOpFn tcImpFindOp(const char *opType) {
  ImpOpFn (*const families[])(const char *) = {tcImpFindElementwiseOp, tcImpFindActivationOp, tcImpFindShapeOp,
                                               tcImpFindNNOp,          tcImpFindReduceOp,     tcImpFindConvPoolOp,
                                               tcImpFindLayoutOp,      tcImpFindIndexOp,      tcImpFindResizeOp};
  for (size_t i = 0; i < sizeof families / sizeof *families; ++i) {
    ImpOpFn fn = families[i](opType);
    if (fn)
      return fn;
  }
  return NULL;
}
