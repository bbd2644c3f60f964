//===- LoopToSCF.c - the tc-lower-loops pass -------------------------------===//
//
// Requires: buffers only (tc-bufferize has run); tc_loop.nest ops in
// function bodies. Guarantees: no tc_loop.nest remains. Each became
//
//   scf.parallel over its leading parallel loops   (if the first is parallel)
//     scf.for over each remaining loop, in order
//       func.call @body(ivs..., buffers...)
//
// which runs the body at every point of the iteration space; the parallel
// loops may run in any order, which their `parallel` flags promise is
// harmless (docs/dialects.md §3.1), and scf.parallel lowers to a sequential
// loop until OpenMP lowering exists. Body functions get internal linkage,
// so LLVM inlines them and they never become symbols of the artifact.
//
// Buffers without elements become memref<0xT> (EmptyBuffers.c): the
// bare-pointer convention refuses memref<2x0xT>.
//
// `tile` and `vector_width` say how a nest may run, never what it computes;
// this pass does not apply them yet, and records so.
//
// Records one decision per nest: `loops`, with the loops made parallel and
// the schedule attributes not applied; `test-fault` too for a nest whose
// bound the loop-bound-off-by-one test fault (TestFaults.h) shortened.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "../../Transforms/TransformsInternal.h"
#include "LoopToSCFInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"
#include "tensorc/TestFaults.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxLoops = 32 };

static bool isOp(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), mlirStringRefCreateFromCString(name));
}

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

/// An scf.parallel over [0, bounds[i]) for i < n; returns the builder for
/// its body and its induction variables in `ivs`.
static TcBuilder buildParallel(TcBuilder *b, intptr_t n, const int64_t *bounds, MlirValue *ivs) {
  MlirValue operands[3 * kMaxLoops];
  MlirType types[kMaxLoops];
  MlirLocation locs[kMaxLoops];
  MlirValue zero = tcBIndex(b, 0), one = tcBIndex(b, 1);
  for (intptr_t i = 0; i < n; ++i) {
    operands[i] = zero;
    operands[n + i] = tcBIndex(b, bounds[i]);
    operands[2 * n + i] = one;
    types[i] = mlirIndexTypeGet(b->ctx);
    locs[i] = b->loc;
  }
  MlirRegion region = mlirRegionCreate();
  MlirBlock block = mlirBlockCreate(n, types, locs);
  mlirRegionAppendOwnedBlock(region, block);
  int32_t segments[4] = {(int32_t)n, (int32_t)n, (int32_t)n, 0};
  MlirNamedAttribute seg = tcNamed(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 4, segments));
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString("scf.parallel"), b->loc);
  mlirOperationStateAddOperands(&state, 3 * n, operands);
  mlirOperationStateAddAttributes(&state, 1, &seg);
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation op = mlirOperationCreate(&state);
  if (mlirOperationIsNull(b->anchor))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->anchor, op);
  TcBuilder inner = tcBuilderAtEnd(block, b->loc, false);
  tcBuildOp(&inner, "scf.reduce", 0, NULL, 0, NULL, 0, NULL);
  inner = tcBuilderAtEnd(block, b->loc, true);
  for (intptr_t i = 0; i < n; ++i)
    ivs[i] = mlirBlockGetArgument(block, i);
  return inner;
}

static void recordNest(MlirOperation nest, intptr_t parallel, bool tiled, int64_t vectorWidth) {
  char subject[512], detail[256];
  snprintf(detail, sizeof detail, "%ld leading loop(s) as scf.parallel (run sequentially)%s%s", (long)parallel,
           tiled ? "; tile not applied" : "", vectorWidth > 1 ? "; vector_width not applied (scalar)" : "");
  TcDecision decision = {"loops", tcDecisionSubject(nest, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(nest), &decision);
}

static void lowerNest(MlirOperation nest) {
  MlirAttribute boundsAttr = attr(nest, "bounds"), parallelAttr = attr(nest, "parallel");
  intptr_t rank = mlirDenseArrayGetNumElements(boundsAttr);
  int64_t bounds[kMaxLoops];
  intptr_t nParallel = 0;
  bool tiled = false;
  for (intptr_t i = 0; i < rank; ++i) {
    bounds[i] = mlirDenseI64ArrayGetElement(boundsAttr, i);
    tiled |= mlirDenseI64ArrayGetElement(attr(nest, "tile"), i) > 0;
  }
  if (rank > 0 && bounds[0] > 1 && tcTestFaultApply(TC_TEST_FAULT_LOOP_BOUND_OFF_BY_ONE, nest)) // test only
    bounds[0] -= 1;
  while (nParallel < rank && mlirDenseBoolArrayGetElement(parallelAttr, nParallel))
    ++nParallel;
  TcBuilder b = tcBuilderBefore(nest);
  MlirValue ivs[kMaxLoops];
  TcBuilder inner = nParallel ? buildParallel(&b, nParallel, bounds, ivs) : b;
  for (intptr_t i = nParallel; i < rank; ++i) {
    TcFor loop;
    tcBForRange(&inner, bounds[i], 0, NULL, &loop);
    tcBForEnd(&loop, NULL);
    ivs[i] = loop.iv;
    inner = tcBuilderAtEnd(loop.body.block, b.loc, true);
  }
  MlirValue operands[kMaxLoops + 16];
  intptr_t n = 0;
  for (intptr_t i = 0; i < rank; ++i)
    operands[n++] = ivs[i];
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(nest); ++i)
    operands[n++] = mlirOperationGetOperand(nest, i);
  MlirNamedAttribute callee = tcNamed(b.ctx, "callee", attr(nest, "body"));
  tcBuildOp(&inner, "func.call", 0, NULL, n, operands, 1, &callee);
  recordNest(nest, nParallel, tiled, mlirIntegerAttrGetValueInt(attr(nest, "vector_width")));
  mlirOperationDestroy(nest);
}

static void collectNests(MlirBlock block, MlirOperation **nests, intptr_t *n, intptr_t *cap) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (isOp(op, "tc_loop.nest")) {
      if (*n == *cap)
        *nests = realloc(*nests, (*cap = *cap * 2 + 16) * sizeof **nests);
      (*nests)[(*n)++] = op;
    }
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
      for (MlirBlock inner = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(inner);
           inner = mlirBlockGetNextInRegion(inner))
        collectNests(inner, nests, n, cap);
  }
}

static void markBodiesInternal(MlirOperation module) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirAttribute internal = mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString("#llvm.linkage<internal>"));
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (isOp(op, "func.func") && !mlirAttributeIsNull(attr(op, "tc_loop.body")))
      mlirOperationSetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("llvm.linkage"), internal);
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirOperation *nests = NULL;
  intptr_t n = 0, cap = 0;
  collectNests(mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)), &nests, &n, &cap);
  for (intptr_t i = 0; i < n; ++i)
    lowerNest(nests[i]);
  free(nests);
  markBodiesInternal(module);
  tcRetypeEmptyBuffers(module);
}

MlirPass tcCreateLowerLoopsPass(void) {
  static _Alignas(8) const char passId = 0;
  MlirDialectHandle dialects[8];
  intptr_t n = tcLoweringDialects(dialects);
  return tcCreateStatelessPassWithDialects(&passId, "TcLowerLoops", "tc-lower-loops",
                               "Lower tc_loop.nest to scf.parallel/scf.for around a call of its body",
                               "builtin.module", run, n, dialects);
}
