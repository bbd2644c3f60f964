//===- PlanMemory.c - the tc-plan-memory pass ------------------------------===//
//
// Requires: final buffers (tc-bufferize, tc-lower-kernels and the fusion
// passes have run); tc_loop.nest ops not yet lowered.
// Guarantees: in each function (not a loop body) whose body is one block,
// the temporaries the analysis can plan (Liveness.c) are packed into
// shared allocations: buffers whose live intervals do not meet take turns
// in one 64-byte aligned i8 `memref.alloc`, each as a `memref.view` at
// offset 0; an output written in place into a dying input (InPlace.c,
// docs/memory.md) shares its input's. Two buffers live at the same time
// are never in the same allocation. An allocation is made where its first
// buffer was and freed where its last buffer's dealloc was; the buffers'
// own allocs and deallocs go. Function arguments (inputs and outputs,
// docs/abi.md), buffers left out of the plan and every other op are
// untouched, so no value anyone reads changes.
//
// Why not one arena with offsets: LLVM then sees the constant distance
// between two buffers a nest reads and writes, and its vectoriser's
// dependence decisions change with the layout; a loop that ran vectorised
// (libmvec) may run scalar (libm) and round differently
// (docs/memory.md, "Why separate allocations"). Separate allocations are
// what LLVM saw before planning, so simultaneously live buffers are
// treated exactly as before.
//
// Placement, in order of first use (an in-place chain counts as one): the
// smallest free allocation that holds the buffer, else the largest free
// one (grown), else a new one. If the allocations would not take fewer
// bytes than the planned buffers did, nothing is rewritten and no
// `in-place` is recorded.
//
// Records one decision `memory` per function with a temporary: "peak N
// bytes -> M bytes; K buffers in B allocation(s) of A bytes; I in place"
// (before: every temporary, all live until the deallocs at the end; after:
// the allocations plus the buffers left out, with why), and one `in-place`
// per pair.
//
// Last, the workspace step (Workspace.c) makes every allocation of 128 KiB
// or more a static buffer of the artifact, taken once per call under a
// per-function lock, and records a `workspace` decision.
//
// Anchored on builtin.module: it reads the nests' body functions through
// the module's symbol table, and the workspace step adds module-level
// globals and locks.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "../../Transforms/TransformsInternal.h"
#include "../Schedule/ScheduleInternal.h"
#include "PlanMemoryInternal.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// A buffer, or an in-place chain (by its first member), to place.
typedef struct Slot {
  intptr_t buffer;
  intptr_t start, end;
  int64_t bytes;
} Slot;

/// One allocation shared by slots whose intervals do not meet.
typedef struct Block {
  int64_t bytes;
  intptr_t lastEnd;          ///< the end of the last slot placed in it
  intptr_t nBuffers;         ///< buffers in it (each member of a chain)
  MlirValue value;           ///< the i8 allocation, once rewritten
  MlirOperation dealloc;     ///< its dealloc, once rewritten
  TcMemBuffer *first, *last; ///< the first-allocated buffer, the last-deallocated
} Block;

static int byStart(const void *x, const void *y) {
  const Slot *a = x, *b = y;
  if (a->start != b->start)
    return a->start < b->start ? -1 : 1;
  return a->buffer < b->buffer ? -1 : a->buffer > b->buffer;
}

/// The slots: one per planned buffer not taking another's memory in place.
static intptr_t collectSlots(const TcMemPlan *plan, Slot *slots) {
  intptr_t n = 0;
  for (intptr_t i = 0; i < plan->nBuffers; ++i) {
    const TcMemBuffer *b = &plan->buffers[i];
    if (!b->planned || b->inPlaceOf >= 0)
      continue;
    intptr_t last = i;
    while (plan->buffers[last].successor >= 0)
      last = plan->buffers[last].successor;
    slots[n++] = (Slot){i, b->start, plan->buffers[last].end, b->bytes};
  }
  qsort(slots, n, sizeof *slots, byStart);
  return n;
}

/// The block for `s`: the smallest free block (its last slot ended before
/// `s` starts) that holds it, else the largest free one (to be grown),
/// else a new one. Intervals are inclusive: a slot ending where `s` starts
/// is not free.
static intptr_t chooseBlock(Block *blocks, intptr_t *nBlocks, const Slot *s) {
  intptr_t fit = -1, largest = -1;
  for (intptr_t k = 0; k < *nBlocks; ++k) {
    if (blocks[k].lastEnd >= s->start)
      continue;
    if (blocks[k].bytes >= s->bytes && (fit < 0 || blocks[k].bytes < blocks[fit].bytes))
      fit = k;
    if (largest < 0 || blocks[k].bytes > blocks[largest].bytes)
      largest = k;
  }
  if (fit >= 0)
    return fit;
  if (largest >= 0)
    return largest;
  blocks[*nBlocks] = (Block){0, -1, 0, {NULL}, {NULL}, NULL, NULL};
  return (*nBlocks)++;
}

/// Gives every planned buffer a block (its `block`); returns the count.
static intptr_t placeSlots(TcMemPlan *plan, const Slot *slots, intptr_t n, Block *blocks) {
  intptr_t nBlocks = 0;
  for (intptr_t i = 0; i < n; ++i) {
    intptr_t k = chooseBlock(blocks, &nBlocks, &slots[i]);
    Block *b = &blocks[k];
    b->bytes = b->bytes > slots[i].bytes ? b->bytes : slots[i].bytes;
    b->lastEnd = slots[i].end;
    for (intptr_t j = slots[i].buffer; j >= 0; j = plan->buffers[j].successor) {
      TcMemBuffer *m = &plan->buffers[j];
      m->block = k;
      ++b->nBuffers;
      if (!b->first || mlirOperationIsBeforeInBlock(m->alloc, b->first->alloc))
        b->first = m;
      if (!b->last || mlirOperationIsBeforeInBlock(b->last->dealloc, m->dealloc))
        b->last = m;
    }
  }
  return nBlocks;
}

/// A 64-byte aligned i8 allocation of `bytes` before `before`.
static MlirValue createBlock(MlirOperation before, int64_t bytes) {
  TcBuilder b = tcBuilderBefore(before);
  MlirType type = mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(b.ctx, 8), 1, &bytes, mlirAttributeGetNull());
  return tcBAlloc(&b, "memref.alloc", type, kTcBlockAlign);
}

/// Replaces buffer `b`'s alloc by a view of `block` at offset 0, and drops
/// its dealloc.
static void replaceByView(TcMemBuffer *b, MlirValue block) {
  TcBuilder at = tcBuilderBefore(b->alloc);
  MlirValue operands[2] = {block, tcBIndex(&at, 0)};
  MlirValue view = tcBuildValue(&at, "memref.view", b->type, 2, operands, 0, NULL);
  mlirOperationDestroy(b->dealloc);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(b->alloc, 0), view);
  mlirOperationDestroy(b->alloc);
}

/// Every block holding two or more buffers becomes one allocation, made
/// before its first buffer's alloc and freed before its last dealloc; its
/// buffers become views of it. A block of one buffer stays that buffer.
static void rewrite(TcMemPlan *plan, Block *blocks, intptr_t nBlocks) {
  for (intptr_t k = 0; k < nBlocks; ++k) {
    if (blocks[k].nBuffers < 2)
      continue;
    blocks[k].value = createBlock(blocks[k].first->alloc, blocks[k].bytes);
    TcBuilder at = tcBuilderBefore(blocks[k].last->dealloc);
    blocks[k].dealloc = tcBuildOp(&at, "memref.dealloc", 0, NULL, 1, &blocks[k].value, 0, NULL);
  }
  for (intptr_t i = 0; i < plan->nBuffers; ++i) {
    TcMemBuffer *b = &plan->buffers[i];
    if (b->planned && blocks[b->block].nBuffers >= 2)
      replaceByView(b, blocks[b->block].value);
  }
}

/// The function's planned allocations after the rewrite (if `applied`):
/// the shared ones and the buffers that kept their own; else every planned
/// buffer. Returns the count.
static intptr_t allocationsOf(const TcMemPlan *plan, const Block *blocks, intptr_t nBlocks, bool applied,
                              TcMemAllocation *out) {
  intptr_t n = 0;
  for (intptr_t k = 0; applied && k < nBlocks; ++k)
    if (blocks[k].nBuffers >= 2)
      out[n++] = (TcMemAllocation){tcDefiningOp(blocks[k].value), blocks[k].dealloc, blocks[k].bytes, 0, 0};
  for (intptr_t i = 0; i < plan->nBuffers; ++i) {
    const TcMemBuffer *b = &plan->buffers[i];
    if (b->planned && !(applied && blocks[b->block].nBuffers >= 2))
      out[n++] = (TcMemAllocation){b->alloc, b->dealloc, b->bytes, 0, 0};
  }
  return n;
}

/// The buffers left out for their run-time sizes that the workspace step
/// can serve (Workspace.c): a memref.alloc of the default layout freed by
/// its own top-level dealloc and nowhere else; `bytes` is per run-time unit
/// (the element size times the static extents); the interval is its live
/// one, or the whole function if it is used after that dealloc.
static intptr_t runTimeAllocations(const TcMemPlan *plan, TcMemAllocation *out) {
  intptr_t n = 0;
  for (intptr_t i = 0; i < plan->nBuffers; ++i) {
    const TcMemBuffer *b = &plan->buffers[i];
    MlirType t = b->type, elem = mlirShapedTypeGetElementType(t);
    if (b->planned || strcmp(b->why, "dynamic shape") != 0 || mlirOperationIsNull(b->dealloc) || b->freedElsewhere ||
        !tcIsOp(b->alloc, "memref.alloc") || !mlirTypeIsAMemRef(t) ||
        !mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(t)) ||
        !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(t)))
      continue;
    unsigned bits = mlirTypeIsAInteger(elem) ? mlirIntegerTypeGetWidth(elem)
                    : mlirTypeIsAFloat(elem) ? mlirFloatTypeGetWidth(elem)
                                             : 0;
    int64_t bytes = (bits + 7) / 8;
    for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
      if (!mlirShapedTypeIsDynamicDim(t, d))
        bytes *= mlirShapedTypeGetDimSize(t, d);
    if (bytes > 0)
      out[n++] = (TcMemAllocation){b->alloc, b->dealloc, bytes, b->usedAfterFree ? 0 : b->start,
                                   b->usedAfterFree ? plan->nOps - 1 : b->end};
  }
  return n;
}

typedef struct Totals {
  int64_t before, planned, unplanned;
  intptr_t nPlanned, nUnplanned;
  const char *why;
} Totals;

static Totals total(const TcMemPlan *plan) {
  Totals t = {0};
  for (intptr_t i = 0; i < plan->nBuffers; ++i) {
    const TcMemBuffer *b = &plan->buffers[i];
    t.before += b->bytes;
    if (b->planned) {
      t.planned += b->bytes;
      ++t.nPlanned;
    } else {
      t.unplanned += b->bytes;
      t.why = t.why ? t.why : b->why;
      ++t.nUnplanned;
    }
  }
  return t;
}

static void record(MlirOperation func, const Totals *t, int64_t after, intptr_t nBlocks, intptr_t inPlace,
                   bool applied) {
  char subject[256], detail[512];
  MlirStringRef name = mlirStringAttrGetValue(tcOpAttr(func, "sym_name"));
  snprintf(subject, sizeof subject, "@%.*s", (int)name.length, name.data);
  int len = snprintf(detail, sizeof detail, "peak %lld bytes -> %lld bytes; ", (long long)t->before,
                     (long long)(applied ? after + t->unplanned : t->before));
  if (applied)
    len += snprintf(detail + len, sizeof detail - len, "%ld buffers in %ld allocation(s) of %lld bytes; %ld in place",
                    (long)t->nPlanned, (long)nBlocks, (long long)after, (long)inPlace);
  else if (t->nPlanned)
    len += snprintf(detail + len, sizeof detail - len, "%ld buffers, none can share memory: left as they are",
                    (long)t->nPlanned);
  else
    len += snprintf(detail + len, sizeof detail - len, "no buffer can be planned");
  if (t->nUnplanned)
    snprintf(detail + len, sizeof detail - len, "; %ld left out (%lld bytes of static size), e.g. %s",
             (long)t->nUnplanned, (long long)t->unplanned, t->why);
  TcDecision decision = {"memory", subject, detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(func), &decision);
}

static void planFunction(MlirOperation func, MlirSymbolTable symbols, int64_t *runTimeBudget) {
  TcMemPlan plan;
  tcMemPlanAnalyse(func, &plan);
  if (plan.nBuffers == 0) {
    tcMemPlanDestroy(&plan);
    return;
  }
  intptr_t inPlace = tcMemPlanInPlace(&plan, symbols);
  Slot *slots = malloc((plan.nBuffers + 1) * sizeof *slots);
  Block *blocks = malloc((plan.nBuffers + 1) * sizeof *blocks);
  intptr_t nBlocks = placeSlots(&plan, slots, collectSlots(&plan, slots), blocks);
  int64_t after = 0;
  for (intptr_t k = 0; k < nBlocks; ++k)
    after += blocks[k].bytes;
  Totals t = total(&plan);
  bool applied = after < t.planned;
  if (applied) {
    tcMemPlanRecordInPlace(&plan); // before the rewrite erases what it names
    rewrite(&plan, blocks, nBlocks);
  }
  record(func, &t, after, nBlocks, applied ? inPlace : 0, applied);
  TcMemAllocation *allocations = malloc((plan.nBuffers + 1) * sizeof *allocations);
  TcMemAllocation *runTime = malloc((plan.nBuffers + 1) * sizeof *runTime);
  tcMemPlanWorkspace(func, symbols, allocations, allocationsOf(&plan, blocks, nBlocks, applied, allocations), runTime,
                     runTimeAllocations(&plan, runTime), runTimeBudget);
  free(runTime);
  free(allocations);
  free(blocks);
  free(slots);
  tcMemPlanDestroy(&plan);
}

/// Plans a program function whose body is one block (Liveness.c numbers the
/// top-level ops of that block); others are left as they are.
static void planIfOneBlock(MlirOperation func, MlirSymbolTable symbols, void *runTimeBudget) {
  MlirBlock entry = tcEntryBlock(func);
  if (!mlirBlockIsNull(entry) && mlirBlockIsNull(mlirBlockGetNextInRegion(entry)))
    planFunction(func, symbols, runTimeBudget);
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  int64_t runTimeBudget = kTcRunTimeWorkspaceModuleBytes; // shared by the module's functions, in order
  tcForEachProgramFunction(module, planIfOneBlock, &runTimeBudget);
}

MlirPass tcCreatePlanMemoryPass(void) {
  static _Alignas(8) const char passId = 0;
  return tcCreateLoweringPass(&passId, "TcPlanMemory", "tc-plan-memory",
                              "Share allocations among temporaries whose live ranges do not meet", run);
}
