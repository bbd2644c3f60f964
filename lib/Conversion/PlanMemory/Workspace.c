//===- Workspace.c - tc-plan-memory: large allocations made once per artifact ===//
//
// After placement (PlanMemory.c) a function still allocates every
// allocation on each call. glibc's malloc hands out a block of 128 KiB or
// more (its default mmap threshold) as fresh pages from the kernel and
// returns them on free, so each call of a function with large temporaries
// (im2col columns, activations) pays one page fault per 4 KiB of them: a
// third of a CNN's time (docs/memory.md §5). The workspace step turns every
// allocation of at least kTcWorkspaceMinBytes into a static buffer of the
// artifact, zero-filled memory (.bss) that the loader maps once and that the
// pages of the first call keep:
//
//   %lock = memref.get_global @f__workspace_lock       (64 zero bytes)
//   %got  = pthread_mutex_trylock(%lock) == 0
//   %a, %b = scf.if %got { get_global @f__workspace_0, @f__workspace_1 }
//            else        { memref.alloc, memref.alloc }    (as before)
//   ... the function, with %a, %b for the allocations ...
//   scf.if %got { pthread_mutex_unlock(%lock) } else { dealloc %a, %b }
//
// One lock per function: a call that finds the workspace in use (another
// thread is in the same function) allocates its own buffers for that call,
// as every call did before, so concurrent callers stay correct and never
// wait (docs/abi.md §2). The allocations move to the function's start and
// their deallocs to its end: nothing reads an allocation before its first
// use or after its dealloc, so no value changes. Each allocation keeps a
// global of its own (LLVM sees distinct objects, as it saw distinct
// mallocs: docs/memory.md "Why separate allocations"). A zero-filled
// pthread_mutex_t is PTHREAD_MUTEX_INITIALIZER (glibc, musl); 64 bytes
// hold it on every x86-64 libc.
//
// Buffers of run-time size (left out of the plan) take the same lock. They
// are put in static buffers by their live intervals (Liveness.c): taken in
// order of their start, a buffer joins the first static buffer whose last
// member's interval ended before its own begins, else starts a new one, so
// no two buffers live at once share memory. Each static buffer gets an
// equal share of the function's budget (kTcRunTimeWorkspaceBytes, the
// module's kTcRunTimeWorkspaceModuleBytes given out in function order), at
// most kTcRunTimeWorkspaceUnits run-time units of its largest member (bytes
// at run-time sizes of 1); a member one unit of which exceeds that capacity
// is left as it was. Where a member is made, its bytes are compared with
// the capacity:
//
//   %use = %got and (bytes <= capacity)
//   %b   = scf.if %use { memref.view @f__workspace_dyn_0[0][sizes] }
//          else        { memref.alloc(sizes) }              (as before)
//   ... scf.if (not %use) { memref.dealloc %b }              (where it was)
//
// A call with larger sizes allocates as every call did before, so the
// buffers' contents, and every value, are those of the allocations. Fewer
// static buffers than allocations keep a call's data in fewer cache lines,
// as placement does for buffers of static size.
//
// Records one decision `workspace` per function and kind it rewrites.
//
//===----------------------------------------------------------------------===//
#include "PlanMemoryInternal.h"

#include "../../Transforms/TransformsInternal.h"
#include "../Schedule/ScheduleInternal.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <stdlib.h>

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

/// Inserts `memref.global "private" @<func>__<suffix>` of `type` before
/// `func` (zero-initialised if `zero`, else uninitialised) and returns its
/// symbol name as inserted.
static MlirStringRef createGlobal(MlirOperation func, MlirSymbolTable symbols, const char *suffix, MlirType type,
                                  bool zero) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirStringRef fn = mlirStringAttrGetValue(tcOpAttr(func, "sym_name"));
  char name[320];
  snprintf(name, sizeof name, "%.*s__%s", (int)fn.length, fn.data, suffix);
  MlirAttribute initial = mlirUnitAttrGet(ctx);
  if (zero) {
    int64_t shape[1] = {mlirShapedTypeGetDimSize(type, 0)};
    MlirType tensor = mlirRankedTensorTypeGet(1, shape, mlirIntegerTypeGet(ctx, 8), mlirAttributeGetNull());
    initial = mlirDenseElementsAttrSplatGet(tensor, mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 8), 0));
  }
  MlirNamedAttribute attrs[5] = {
      tcNamed(ctx, "sym_name", mlirStringAttrGet(ctx, str(name))),
      tcNamed(ctx, "sym_visibility", mlirStringAttrGet(ctx, str("private"))),
      tcNamed(ctx, "type", mlirTypeAttrGet(type)),
      tcNamed(ctx, "initial_value", initial),
      tcNamed(ctx, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), kTcBlockAlign)),
  };
  TcBuilder atModule = tcBuilderBefore(func);
  MlirOperation global = tcBuildOp(&atModule, "memref.global", 0, NULL, 0, NULL, 5, attrs);
  return mlirStringAttrGetValue(mlirSymbolTableInsert(symbols, global)); // renamed if taken
}

static MlirValue getGlobal(TcBuilder *b, MlirType type, MlirStringRef name) {
  MlirNamedAttribute ref = tcNamed(b->ctx, "name", mlirFlatSymbolRefAttrGet(b->ctx, name));
  return tcBuildValue(b, "memref.get_global", type, 0, NULL, 1, &ref);
}

/// Declares `func.func private @name(i64) -> i32` (a libc function taking a
/// pointer) once in the module.
static void declareLibc(MlirOperation func, MlirSymbolTable symbols, const char *name) {
  if (!mlirOperationIsNull(mlirSymbolTableLookup(symbols, str(name))))
    return;
  MlirContext ctx = mlirOperationGetContext(func);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64), i32 = mlirIntegerTypeGet(ctx, 32);
  MlirNamedAttribute attrs[3] = {
      tcNamed(ctx, "sym_name", mlirStringAttrGet(ctx, str(name))),
      tcNamed(ctx, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(ctx, 1, &i64, 1, &i32))),
      tcNamed(ctx, "sym_visibility", mlirStringAttrGet(ctx, str("private"))),
  };
  MlirOperationState state = mlirOperationStateGet(str("func.func"), mlirOperationGetLocation(func));
  mlirOperationStateAddAttributes(&state, 3, attrs);
  MlirRegion body = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&state, 1, &body);
  MlirOperation decl = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(func), func, decl);
  mlirSymbolTableInsert(symbols, decl);
}

static MlirValue callLibc(TcBuilder *b, const char *name, MlirValue address) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirNamedAttribute callee = tcNamed(b->ctx, "callee", mlirFlatSymbolRefAttrGet(b->ctx, str(name)));
  return mlirOperationGetResult(tcBuildOp(b, "func.call", 1, &i32, 1, &address, 1, &callee), 0);
}

static int64_t alignmentOf(MlirOperation alloc) {
  MlirAttribute a = tcOpAttr(alloc, "alignment");
  return mlirAttributeIsNull(a) ? kTcBlockAlign : mlirIntegerAttrGetValueInt(a);
}

/// Records decision `workspace` for `func` with `detail`.
static void recordWorkspace(MlirOperation func, const char *detail) {
  char subject[256];
  MlirStringRef name = mlirStringAttrGetValue(tcOpAttr(func, "sym_name"));
  snprintf(subject, sizeof subject, "@%.*s", (int)name.length, name.data);
  TcDecision decision = {"workspace", subject, detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(func), &decision);
}

static void record(MlirOperation func, intptr_t n, int64_t bytes, MlirStringRef lock) {
  char detail[512];
  snprintf(detail, sizeof detail,
           "%ld allocation(s) of >= %lld bytes, %lld bytes in all, are static buffers of the artifact, made once "
           "per loaded artifact; a call that finds them in use (pthread_mutex_trylock on @%.*s fails) allocates "
           "its own",
           (long)n, (long long)kTcWorkspaceMinBytes, (long long)bytes, (int)lock.length, lock.data);
  recordWorkspace(func, detail);
}

/// Bytes of `alloc`'s buffer at run time: the element size times its
/// static extents times its run-time sizes (the alloc's operands). Every
/// size is bounded by the entry point's size-limit guards (docs/abi.md), so
/// the product cannot wrap.
static MlirValue runTimeBytes(TcBuilder *b, MlirOperation alloc, int64_t perUnit) {
  MlirValue bytes = tcBIndex(b, perUnit);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(alloc); ++i)
    bytes = tcBBinary(b, "arith.muli", bytes, mlirOperationGetOperand(alloc, i));
  return bytes;
}

/// Rewrites run-time-sized allocation `a` (bytes: its bytes at run-time
/// sizes of 1) to take `global` (memref<capacity x i8>) when the call holds
/// the lock (`got`) and the buffer fits, else to allocate as before; its
/// dealloc frees only what it allocated.
static void useRunTimeWorkspace(const TcMemAllocation *a, MlirStringRef global, int64_t capacity, MlirValue got) {
  MlirContext ctx = mlirOperationGetContext(a->alloc);
  MlirValue old = mlirOperationGetResult(a->alloc, 0);
  MlirType type = mlirValueGetType(old), i1 = mlirIntegerTypeGet(ctx, 1);
  TcBuilder at = tcBuilderBefore(a->alloc);
  MlirValue fits = tcBCmpI(&at, TC_CMPI_ULE, runTimeBytes(&at, a->alloc, a->bytes), tcBIndex(&at, capacity));
  MlirValue use = tcBBinary(&at, "arith.andi", got, fits);
  TcBuilder then, otherwise;
  MlirOperation choose = tcBIfResults(&at, use, 1, &type, &then, &otherwise);
  MlirType globalType = mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(ctx, 8), 1, &capacity, mlirAttributeGetNull());
  intptr_t nSizes = mlirOperationGetNumOperands(a->alloc);
  MlirValue operands[2 + 32];
  operands[0] = getGlobal(&then, globalType, global);
  operands[1] = tcBIndex(&then, 0);
  for (intptr_t k = 0; k < nSizes; ++k)
    operands[2 + k] = mlirOperationGetOperand(a->alloc, k);
  MlirValue view = tcBuildValue(&then, "memref.view", type, 2 + nSizes, operands, 0, NULL);
  tcBuildOp(&then, "scf.yield", 0, NULL, 1, &view, 0, NULL);
  MlirValue own = tcBAllocSized(&otherwise, "memref.alloc", type, nSizes, operands + 2, alignmentOf(a->alloc));
  tcBuildOp(&otherwise, "scf.yield", 0, NULL, 1, &own, 0, NULL);
  MlirValue buffer = mlirOperationGetResult(choose, 0);
  mlirValueReplaceAllUsesOfWith(old, buffer);
  TcBuilder atFree = tcBuilderBefore(a->dealloc);
  MlirValue allocated = tcBBinary(&atFree, "arith.xori", use, tcBConstInt(&atFree, i1, 1));
  TcBuilder freeThen, freeElse;
  tcBIf(&atFree, allocated, &freeThen, &freeElse);
  tcBuildOp(&freeThen, "memref.dealloc", 0, NULL, 1, &buffer, 0, NULL);
  mlirOperationDestroy(a->dealloc);
  mlirOperationDestroy(a->alloc);
}

static void recordRunTime(MlirOperation func, intptr_t n, intptr_t nStatic, int64_t largest, int64_t bytes,
                          MlirStringRef lock) {
  char detail[768];
  snprintf(detail, sizeof detail,
           "%ld run-time-sized allocation(s) are in %ld static buffer(s) of the artifact (allocations whose live "
           "intervals do not meet share one), each taken while the allocation fits it (of at most %lld bytes, "
           "%lld bytes reserved in all, resident as far as calls reach); a call with larger sizes, or that finds "
           "them in use (pthread_mutex_trylock on @%.*s fails), allocates its own",
           (long)n, (long)nStatic, (long long)largest, (long long)bytes, (int)lock.length, lock.data);
  recordWorkspace(func, detail);
}

/// A static buffer for run-time-sized allocations: where its last member's
/// live interval ends, the largest member's bytes per run-time unit, and
/// its capacity in bytes.
typedef struct SharedBuffer {
  intptr_t end;
  int64_t unitBytes, capacity;
} SharedBuffer;

/// Puts each of the `n` allocations `runTime` in a static buffer (`in[i]`,
/// by live interval, header); returns how many static buffers there are.
static intptr_t shareByInterval(const TcMemAllocation *runTime, intptr_t n, intptr_t *in, SharedBuffer *shared) {
  intptr_t *order = malloc((n + 1) * sizeof *order), nShared = 0;
  for (intptr_t i = 0; i < n; ++i) { // by start, then by position (insertion sort: stable)
    intptr_t j = i;
    for (; j > 0 && runTime[order[j - 1]].start > runTime[i].start; --j)
      order[j] = order[j - 1];
    order[j] = i;
  }
  for (intptr_t k = 0; k < n; ++k) {
    const TcMemAllocation *a = &runTime[order[k]];
    intptr_t s = 0;
    while (s < nShared && shared[s].end >= a->start)
      ++s;
    if (s == nShared)
      shared[nShared++] = (SharedBuffer){-1, 0, 0};
    shared[s].end = a->end;
    shared[s].unitBytes = a->bytes > shared[s].unitBytes ? a->bytes : shared[s].unitBytes;
    in[order[k]] = s;
  }
  free(order);
  return nShared;
}

void tcMemPlanWorkspace(MlirOperation func, MlirSymbolTable symbols, const TcMemAllocation *allocations, intptr_t n,
                        const TcMemAllocation *runTime, intptr_t nRunTime, int64_t *runTimeBudget) {
  TcMemAllocation *large = malloc((n + 1) * sizeof *large);
  MlirType *types = malloc((n + 1) * sizeof *types);
  intptr_t m = 0;
  int64_t bytes = 0;
  for (intptr_t i = 0; i < n; ++i)
    if (allocations[i].bytes >= kTcWorkspaceMinBytes) {
      types[m] = mlirValueGetType(mlirOperationGetResult(allocations[i].alloc, 0));
      bytes += allocations[i].bytes;
      large[m++] = allocations[i];
    }
  // Each static buffer's capacity: an equal share of the function's budget
  // (docs/memory.md §5), at most kTcRunTimeWorkspaceUnits units of its
  // largest member (bytes at run-time sizes of 1). A share in bytes, not a
  // common number of units: one buffer's run-time size may be the batch,
  // another's the batch times a sequence length.
  int64_t budget = *runTimeBudget < kTcRunTimeWorkspaceBytes ? *runTimeBudget : kTcRunTimeWorkspaceBytes;
  intptr_t *in = malloc((nRunTime + 1) * sizeof *in), nServed = 0, nUsed = 0;
  SharedBuffer *shared = malloc((nRunTime + 1) * sizeof *shared);
  intptr_t nShared = shareByInterval(runTime, nRunTime, in, shared);
  int64_t share = nShared > 0 ? budget / nShared : 0, reserved = 0, largest = 0;
  for (intptr_t s = 0; s < nShared; ++s) {
    int64_t cap = kTcRunTimeWorkspaceUnits * shared[s].unitBytes;
    shared[s].capacity = share < cap ? share : cap;
  }
  for (intptr_t i = 0; i < nRunTime; ++i) // served: one unit fits its static buffer
    nServed += runTime[i].bytes <= shared[in[i]].capacity;
  MlirStringRef *globals = malloc((nShared + 1) * sizeof *globals);
  if (m == 0 && nServed == 0) {
    free(globals), free(shared), free(in);
    free(types), free(large);
    return;
  }
  MlirContext ctx = mlirOperationGetContext(func);
  int64_t lockBytes = kTcBlockAlign;
  MlirType lockType = mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(ctx, 8), 1, &lockBytes, mlirAttributeGetNull());
  MlirStringRef lockName = createGlobal(func, symbols, "workspace_lock", lockType, true);
  declareLibc(func, symbols, "pthread_mutex_trylock");
  declareLibc(func, symbols, "pthread_mutex_unlock");
  MlirBlock entry = tcEntryBlock(func);
  TcBuilder at = tcBuilderBefore(mlirBlockGetFirstOperation(entry));
  MlirValue lock = getGlobal(&at, lockType, lockName);
  MlirValue address = tcBuildValue(&at, "memref.extract_aligned_pointer_as_index", mlirIndexTypeGet(ctx), 1, &lock, 0,
                                   NULL);
  address = tcBConvert(&at, "arith.index_cast", address, mlirIntegerTypeGet(ctx, 64));
  MlirValue rc = callLibc(&at, "pthread_mutex_trylock", address);
  MlirValue got = tcBCmpI(&at, TC_CMPI_EQ, rc, tcBConstInt(&at, mlirIntegerTypeGet(ctx, 32), 0));
  TcBuilder then, otherwise;
  MlirOperation choose = m ? tcBIfResults(&at, got, m, types, &then, &otherwise) : (MlirOperation){NULL};
  MlirValue *statics = malloc((m + 1) * sizeof *statics), *own = malloc((m + 1) * sizeof *own);
  for (intptr_t i = 0; i < m; ++i) {
    char suffix[32];
    snprintf(suffix, sizeof suffix, "workspace_%ld", (long)i);
    statics[i] = getGlobal(&then, types[i], createGlobal(func, symbols, suffix, types[i], false));
    own[i] = tcBAlloc(&otherwise, "memref.alloc", types[i], alignmentOf(large[i].alloc));
  }
  if (m) {
    tcBuildOp(&then, "scf.yield", 0, NULL, m, statics, 0, NULL);
    tcBuildOp(&otherwise, "scf.yield", 0, NULL, m, own, 0, NULL);
  }
  for (intptr_t s = 0; s < nShared; ++s)
    globals[s] = (MlirStringRef){NULL, 0};
  for (intptr_t i = 0; i < nRunTime; ++i) {
    SharedBuffer *b = &shared[in[i]];
    if (runTime[i].bytes > b->capacity)
      continue;
    if (!globals[in[i]].data) { // made when its first member is served, numbered in that order
      char suffix[48];
      snprintf(suffix, sizeof suffix, "workspace_dyn_%ld", (long)nUsed++);
      MlirType type = mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(ctx, 8), 1, &b->capacity, mlirAttributeGetNull());
      globals[in[i]] = createGlobal(func, symbols, suffix, type, false);
      reserved += b->capacity;
      largest = b->capacity > largest ? b->capacity : largest;
    }
    useRunTimeWorkspace(&runTime[i], globals[in[i]], b->capacity, got);
  }
  *runTimeBudget -= reserved;
  TcBuilder atEnd = tcBuilderAtEnd(entry, mlirOperationGetLocation(func), true);
  tcBIfResults(&atEnd, got, 0, NULL, &then, &otherwise);
  callLibc(&then, "pthread_mutex_unlock", address);
  tcBuildOp(&then, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
  for (intptr_t i = 0; i < m; ++i) {
    MlirValue v = mlirOperationGetResult(choose, i);
    tcBuildOp(&otherwise, "memref.dealloc", 0, NULL, 1, &v, 0, NULL);
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(large[i].alloc, 0), v);
    mlirOperationDestroy(large[i].dealloc);
    mlirOperationDestroy(large[i].alloc);
  }
  tcBuildOp(&otherwise, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
  if (m)
    record(func, m, bytes, lockName);
  if (nServed)
    recordRunTime(func, nServed, nUsed, largest, reserved, lockName);
  free(own), free(statics), free(types), free(large), free(globals), free(shared), free(in);
}
