//===- StaticShapes.c - the lowering's refusal of dynamic dimensions -------===//
//
// tc_tensor takes dynamic dimensions (docs/dialects.md §1.5) and tc-verify
// accepts them, but the CPU pipeline does not lower them yet: loop bounds,
// buffer sizes, kernel selection and memory planning all read static sizes.
// Every pass of the pipeline that reads tc_tensor shapes (tc-plan-vector-math,
// tc-select-kernels, tc-lower-tensor, tc-bufferize) starts with this check, so
// whichever runs first refuses the program with a located diagnostic and a
// pass failure (a compile failure, exit 3), never a crash or a wrong buffer.
// The check reads types only and records nothing: for a static program the
// passes' output is unchanged.
//
//===----------------------------------------------------------------------===//
#include "ConversionInternal.h"

#include "tensorc/Diagnostics.h"

// True if `t` is a ranked shaped type with a dynamic dimension.
static bool isDynamic(MlirType t) {
  return mlirTypeIsAShaped(t) && mlirShapedTypeHasRank(t) && !mlirShapedTypeHasStaticShape(t);
}

typedef struct {
  const char *pass;
  bool refused;
} Refusal;

static void refuse(MlirOperation op, Refusal *r, const char *what, intptr_t i) {
  tcEmitOpError(op, "dynamic shapes are not lowered yet: %s #%ld has a dynamic dimension (docs/dialects.md §1.5); "
                    "%s stops here, and tensor-ref evaluates the program", what, (long)i, r->pass);
  r->refused = true;
}

static MlirWalkResult checkOp(MlirOperation op, void *userData) {
  Refusal *r = userData;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (isDynamic(mlirValueGetType(mlirOperationGetResult(op, i)))) {
      refuse(op, r, "result", i);
      return MlirWalkResultInterrupt;
    }
  for (intptr_t k = 0; k < mlirOperationGetNumRegions(op); ++k) {
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, k));
    for (intptr_t i = 0; !mlirBlockIsNull(b) && i < mlirBlockGetNumArguments(b); ++i)
      if (isDynamic(mlirValueGetType(mlirBlockGetArgument(b, i)))) {
        refuse(op, r, "argument", i);
        return MlirWalkResultInterrupt;
      }
  }
  return MlirWalkResultAdvance;
}

bool tcRefuseDynamicShapes(MlirOperation root, const char *pass) {
  Refusal r = {pass, false};
  mlirOperationWalk(root, checkOp, &r, MlirWalkPreOrder);
  return !r.refused;
}
