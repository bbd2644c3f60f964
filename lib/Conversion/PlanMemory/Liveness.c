//===- Liveness.c - live intervals of a function's temporary buffers -------===//
//
// tc-plan-memory's analysis (docs/memory.md). A function body after
// tc-fuse-elementwise is one block of top-level ops, numbered in order
// (positions); every memref.alloc in it is a temporary, freed by its own
// memref.dealloc before the return (tc-bufferize). A buffer's live interval
// is [first use, last use] over the positions of the top-level ops that use
// it: a use inside a region counts at its top-level ancestor, whose whole
// execution the interval then covers.
//
// A use is one of (anything else makes the buffer escape):
//   - an access: tc_loop.nest (the body keeps no reference after it
//     returns, docs/dialects.md §3.1), memref.copy, load, store, dim;
//   - a view (subview, expand_shape, collapse_shape, cast,
//     reinterpret_cast, reshape, view, transpose) of it as its source: the
//     view's own uses are the buffer's, recursively;
//   - memref.extract_aligned_pointer_as_index whose address reaches, through
//     arith.index_cast and arith.addi (an offset into the buffer: a constant
//     in ConvGemm.c's per-image gemms, an index times a stride in a batched
//     gemm's loop over unequal batches) only, calls of the BLIS shim
//     @__tc_blis_gemm or the panel gemm @__tc_panel_gemm at the top level or
//     in scf.for loops and scf.if branches there (ConvGemm.c's loop over a
//     run-time batch, a batched gemm's test of equal batches, the guarded
//     choice of panel or BLIS), which use it only during the call
//     (lib/Target/ArtifactRuntime/Blis.c, Panel.c); any other use of the
//     address escapes.
// An escaping buffer is still planned but live to the end of the function.
// A buffer is not planned at all (left as it is, with the reason kept for
// the manifest) if its shape is dynamic, its layout or memory space not the
// default, its element size unknown, it has no elements, it has no
// memref.dealloc of its own at the top level, or is freed through a view
// or used after its dealloc.
//
//===----------------------------------------------------------------------===//
#include "PlanMemoryInternal.h"

#include "../Schedule/ScheduleInternal.h"
#include "tensorc/Diagnostics.h"

#include <stdlib.h>
#include <string.h>

struct TcOpPos {
  void *op;
  intptr_t pos;
};

static int compareOpPos(const void *a, const void *b) {
  uintptr_t x = (uintptr_t)((const struct TcOpPos *)a)->op, y = (uintptr_t)((const struct TcOpPos *)b)->op;
  return x < y ? -1 : x > y;
}

static void numberOps(MlirBlock block, TcMemPlan *plan) {
  intptr_t n = 0, cap = 64;
  plan->ops = malloc(cap * sizeof *plan->ops);
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (n == cap)
      plan->ops = realloc(plan->ops, (cap *= 2) * sizeof *plan->ops);
    plan->ops[n++] = op;
  }
  plan->nOps = n;
  plan->sorted = malloc((n + 1) * sizeof *plan->sorted);
  for (intptr_t i = 0; i < n; ++i)
    plan->sorted[i] = (struct TcOpPos){plan->ops[i].ptr, i};
  qsort(plan->sorted, n, sizeof *plan->sorted, compareOpPos);
}

/// The position of `op`'s top-level ancestor (itself if top-level).
static intptr_t positionOf(const TcMemPlan *plan, MlirOperation op) {
  MlirBlock entry = tcEntryBlock(plan->func);
  while (!mlirOperationIsNull(op) && !mlirBlockEqual(mlirOperationGetBlock(op), entry))
    op = mlirOperationGetParentOperation(op);
  if (mlirOperationIsNull(op))
    tcFatal("tc-plan-memory: a use outside its function");
  struct TcOpPos key = {op.ptr, 0};
  struct TcOpPos *hit = bsearch(&key, plan->sorted, plan->nOps, sizeof key, compareOpPos);
  return hit->pos;
}

static bool isTopLevel(const TcMemPlan *plan, MlirOperation op) {
  return mlirBlockEqual(mlirOperationGetBlock(op), tcEntryBlock(plan->func));
}

/// True if `op` is at the top level or inside scf.for and scf.if ops only.
static bool inTopLevelLoops(const TcMemPlan *plan, MlirOperation op) {
  while (!isTopLevel(plan, op)) {
    op = mlirOperationGetParentOperation(op);
    if (!tcIsOp(op, "scf.for") && !tcIsOp(op, "scf.if"))
      return false;
  }
  return true;
}

static void extend(TcMemBuffer *b, intptr_t pos) {
  if (b->start < 0 || pos < b->start)
    b->start = pos;
  if (pos > b->end)
    b->end = pos;
}

static void refuse(TcMemBuffer *b, const char *why) {
  if (b->planned)
    b->why = why;
  b->planned = false;
}

static bool isView(MlirOperation op) {
  static const char *const views[] = {"memref.subview", "memref.expand_shape", "memref.collapse_shape",
                                      "memref.cast", "memref.reinterpret_cast", "memref.reshape",
                                      "memref.view", "memref.transpose"};
  for (size_t i = 0; i < sizeof views / sizeof views[0]; ++i)
    if (tcIsOp(op, views[i]))
      return true;
  return false;
}

static bool isAccess(MlirOperation op) {
  return tcIsOp(op, "tc_loop.nest") || tcIsOp(op, "memref.copy") || tcIsOp(op, "memref.load") ||
         tcIsOp(op, "memref.store") || tcIsOp(op, "memref.dim");
}

/// A call of a gemm shim of the artifact's runtime (header).
static bool isGemmShimCall(MlirOperation op) {
  if (!tcIsOp(op, "func.call"))
    return false;
  MlirAttribute callee = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("callee"));
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return false;
  MlirStringRef name = mlirFlatSymbolRefAttrGetValue(callee);
  return mlirStringRefEqual(name, mlirStringRefCreateFromCString("__tc_blis_gemm")) ||
         mlirStringRefEqual(name, mlirStringRefCreateFromCString("__tc_panel_gemm"));
}


/// The uses of an address `v` of buffer `b`.
static void traceAddress(const TcMemPlan *plan, TcMemBuffer *b, MlirValue v) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    extend(b, positionOf(plan, user));
    if (tcIsOp(user, "arith.index_cast") || tcIsOp(user, "arith.addi")) // an address plus an offset
      traceAddress(plan, b, mlirOperationGetResult(user, 0));
    else if (!isGemmShimCall(user) || !inTopLevelLoops(plan, user))
      b->escapes = true;
  }
}

/// The uses of `v`, buffer `b` itself (`direct`) or a view of it.
static void traceBuffer(const TcMemPlan *plan, TcMemBuffer *b, MlirValue v, bool direct) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (tcIsOp(user, "memref.dealloc")) {
      if (direct && isTopLevel(plan, user) && mlirOperationIsNull(b->dealloc))
        b->dealloc = user;
      else {
        refuse(b, "freed through a view or inside a region");
        b->freedElsewhere = true;
      }
      continue;
    }
    extend(b, positionOf(plan, user));
    if (isAccess(user))
      continue;
    if (isView(user) && mlirOpOperandGetOperandNumber(u) == 0)
      traceBuffer(plan, b, mlirOperationGetResult(user, 0), false);
    else if (tcIsOp(user, "memref.extract_aligned_pointer_as_index"))
      traceAddress(plan, b, mlirOperationGetResult(user, 0));
    else
      b->escapes = true;
  }
}

/// Bytes per element of `t`, 0 if unknown (booleans take a byte each).
static int64_t elementBytes(MlirType t) {
  unsigned bits = mlirTypeIsAInteger(t) ? mlirIntegerTypeGetWidth(t) : mlirTypeIsAFloat(t) ? mlirFloatTypeGetWidth(t) : 0;
  return (bits + 7) / 8;
}

/// Why a buffer of type `t` made by `alloc` cannot be planned; NULL if it can.
static const char *whyNot(MlirOperation alloc, MlirType t, int64_t *bytes) {
  if (mlirOperationGetNumOperands(alloc) != 0 || !mlirShapedTypeHasStaticShape(t))
    return "dynamic shape";
  MlirType elem = mlirShapedTypeGetElementType(t);
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t shape[32], n = 1;
  for (intptr_t i = 0; i < rank && i < 32; ++i)
    n *= shape[i] = mlirShapedTypeGetDimSize(t, i);
  if (rank > 32 || !mlirTypeEqual(t, mlirMemRefTypeContiguousGet(elem, rank, shape, mlirAttributeGetNull())))
    return "layout or memory space not the default";
  *bytes = n * elementBytes(elem);
  if (elementBytes(elem) == 0)
    return "element size unknown";
  return n == 0 ? "no elements" : NULL;
}

static void analyseBuffer(const TcMemPlan *plan, TcMemBuffer *b, intptr_t pos) {
  MlirValue v = mlirOperationGetResult(b->alloc, 0);
  b->type = mlirValueGetType(v);
  b->start = b->end = -1;
  b->inPlaceOf = b->successor = -1;
  b->why = whyNot(b->alloc, b->type, &b->bytes);
  b->planned = b->why == NULL;
  traceBuffer(plan, b, v, true);
  if (b->start < 0)
    b->start = b->end = pos; // never used: alive only where it is made
  if (b->escapes)
    b->end = plan->nOps - 1;
  b->usedAfterFree = !mlirOperationIsNull(b->dealloc) && positionOf(plan, b->dealloc) <= b->end;
  if (mlirOperationIsNull(b->dealloc))
    refuse(b, "no memref.dealloc of its own at the top level");
  else if (!b->escapes && b->usedAfterFree)
    refuse(b, "used after its memref.dealloc");
}

void tcMemPlanAnalyse(MlirOperation func, TcMemPlan *plan) {
  memset(plan, 0, sizeof *plan);
  plan->func = func;
  numberOps(tcEntryBlock(func), plan);
  plan->buffers = malloc((plan->nOps + 1) * sizeof *plan->buffers);
  plan->bufferAt = malloc((plan->nOps + 1) * sizeof *plan->bufferAt);
  for (intptr_t i = 0; i < plan->nOps; ++i) {
    plan->bufferAt[i] = -1;
    if (!tcIsOp(plan->ops[i], "memref.alloc"))
      continue;
    plan->bufferAt[i] = plan->nBuffers;
    TcMemBuffer *b = &plan->buffers[plan->nBuffers++];
    memset(b, 0, sizeof *b);
    b->alloc = plan->ops[i];
    analyseBuffer(plan, b, i);
  }
}

void tcMemPlanDestroy(TcMemPlan *plan) {
  free(plan->ops);
  free(plan->sorted);
  free(plan->buffers);
  free(plan->bufferAt);
}

intptr_t tcMemPlanBufferOf(const TcMemPlan *plan, MlirValue v) {
  MlirOperation def = tcDefiningOp(v);
  if (mlirOperationIsNull(def) || !isTopLevel(plan, def))
    return -1;
  return plan->bufferAt[positionOf(plan, def)];
}
