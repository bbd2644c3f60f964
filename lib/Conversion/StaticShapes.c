//===- StaticShapes.c - the lowering's refusal of dynamic dimensions -------===//
//
// tc_tensor takes dynamic dimensions (docs/dialects.md §1.5) and tc-verify
// accepts them; the CPU pipeline lowers them for part of the op set only
// (docs/dynamic-shapes.md §4): today the elementwise ops, gemm and 2-D
// matmul (run-time M and N; with a run-time M only, the BLIS and panel
// gemms too), conv2d (a `?` batch), the 2-D and global pools (batch and
// channels), softmax and log_softmax (any dimension but the axis),
// layer_norm (its rows), slice (a `?` axis taken whole), matmul with
// batch dimensions (K static), transpose, and reshape; each lowering
// pattern says which forms it takes (its `dynamic` predicate,
// tcHasDynamicLowering), and of tc_kernel only the rank-2 gemms with a
// run-time M (kernelTakesRunTimeSizes). Every
// pass of the pipeline that reads tc_tensor shapes (tc-plan-vector-math,
// tc-select-kernels, tc-lower-tensor, tc-bufferize) starts with this check,
// so whichever runs first refuses a program that holds any other op with a
// `?` in an operand or result type (a tc_tensor op without a dynamic
// lowering, or a tc_kernel op), with a located diagnostic and a pass
// failure (a compile failure, exit 3), never a crash or a wrong buffer. A
// function's signature may be dynamic: the entry point of docs/dynamic-shapes.md §3
// takes the sizes (tc-lower-loops builds it). The check reads types only
// and records nothing: for a static program the passes' output is
// unchanged.
//
//===----------------------------------------------------------------------===//
#include "ConversionInternal.h"

#include "tensorc/Diagnostics.h"

#include <string.h>

// True if `t` is a ranked shaped type with a dynamic dimension.
static bool isDynamic(MlirType t) {
  return mlirTypeIsAShaped(t) && mlirShapedTypeHasRank(t) && !mlirShapedTypeHasStaticShape(t);
}

static bool hasPrefix(MlirOperation op, const char *prefix) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  return name.length > strlen(prefix) && memcmp(name.data, prefix, strlen(prefix)) == 0;
}

typedef struct {
  const char *pass;
  bool refused;
} Refusal;

static void refuse(MlirOperation op, Refusal *r, const char *what, intptr_t i) {
  tcEmitOpError(op, "dynamic shapes are not lowered yet for this op: %s #%ld has a dynamic dimension "
                    "(docs/dynamic-shapes.md §4 lists what is built); %s stops here, and tensor-ref evaluates "
                    "the program", what, (long)i, r->pass);
  r->refused = true;
}

/// True for the tc_kernel ops built with a run-time size: a rank-2 gemm
/// with kernel "blis" or "panel", whose calls take M at run time
/// (SelectGemmDynamic.c; tc-lower-kernels, BlisGemm.c and PanelGemm.c), a
/// rank-3 "blis" gemm, whose batch is (BlisGemm.c), and
/// an im2col or gemm conv2d, whose batch is (SelectConv.c, Im2col.c,
/// ConvGemm.c); tc-verify
/// checks that nothing else of theirs is `?`.
static bool kernelTakesRunTimeSizes(MlirOperation op) {
  if (tcIsOp(op, "tc_kernel.conv2d")) {
    MlirAttribute algorithm = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("algorithm"));
    return mlirAttributeIsAString(algorithm) &&
           (mlirStringRefEqual(mlirStringAttrGetValue(algorithm), mlirStringRefCreateFromCString("im2col")) ||
            mlirStringRefEqual(mlirStringAttrGetValue(algorithm), mlirStringRefCreateFromCString("gemm")));
  }
  intptr_t rank = tcIsOp(op, "tc_kernel.gemm") ? mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetOperand(op, 2)))
                                                : 0;
  if (rank != 2 && rank != 3)
    return false;
  MlirAttribute kernel = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("kernel"));
  MlirStringRef k = mlirAttributeIsAString(kernel) ? mlirStringAttrGetValue(kernel) : (MlirStringRef){"", 0};
  return mlirStringRefEqual(k, mlirStringRefCreateFromCString("blis")) ||
         (rank == 2 && mlirStringRefEqual(k, mlirStringRefCreateFromCString("panel")));
}

static MlirWalkResult checkOp(MlirOperation op, void *userData) {
  Refusal *r = userData;
  bool tensorOp = hasPrefix(op, "tc_tensor."), kernelOp = hasPrefix(op, "tc_kernel.");
  if (kernelOp && kernelTakesRunTimeSizes(op))
    return MlirWalkResultAdvance;
  if (!kernelOp && (!tensorOp || tcHasDynamicLowering(op)))
    return MlirWalkResultAdvance;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (isDynamic(mlirValueGetType(mlirOperationGetResult(op, i)))) {
      refuse(op, r, "result", i);
      return MlirWalkResultInterrupt;
    }
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (isDynamic(mlirValueGetType(mlirOperationGetOperand(op, i)))) {
      refuse(op, r, "operand", i);
      return MlirWalkResultInterrupt;
    }
  return MlirWalkResultAdvance;
}

bool tcRefuseDynamicShapes(MlirOperation root, const char *pass) {
  Refusal r = {pass, false};
  mlirOperationWalk(root, checkOp, &r, MlirWalkPreOrder);
  return !r.refused;
}
