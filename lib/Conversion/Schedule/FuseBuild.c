//===- FuseBuild.c - build the nest of a fusion group ----------------------===//
//
// tc-fuse-elementwise has found members that may be fused (FuseElementwise.c
// states the rules); this file replaces them by one nest:
//
//   1. the buffers of the group, each once; an intermediate (a
//      memref.alloc that only the group's nests and a memref.dealloc use,
//      written by one member that does nothing else with it, and accessed by
//      no member before that one) is dropped;
//   2. a new body function `<func>__fused` (index x L, kept buffers...)
//      marked tc_loop.body; each member's body is moved into it in order,
//      after its loads of a buffer an earlier member stored are replaced by
//      the stored value, and its stores to intermediates are erased;
//   3. one tc_loop.nest over the common bounds, all loops parallel, `group`
//      set, where the last member was; the members, their bodies and the
//      intermediates' alloc/dealloc go.
//
//===----------------------------------------------------------------------===//
#include "ScheduleInternal.h"

#include "../../Transforms/TransformsInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Buffers {
  MlirValue value[kMaxMembers * kMaxBuffers];
  bool dropped[kMaxMembers * kMaxBuffers];
  MlirValue stored[kMaxMembers * kMaxBuffers]; ///< the last value a member stored, while building
  intptr_t n;
  intptr_t slot[kMaxMembers][kMaxBuffers]; ///< member i's buffer j is value[slot[i][j]]
} Buffers;


static bool isGroupNest(MlirOperation op, const Member *members, intptr_t n) {
  for (intptr_t i = 0; i < n; ++i)
    if (mlirOperationEqual(op, members[i].nest))
      return true;
  return false;
}

static intptr_t argUses(MlirValue arg) {
  intptr_t n = 0;
  for (MlirOpOperand u = mlirValueGetFirstUse(arg); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
    ++n;
  return n;
}

bool tcIsSizeRead(MlirOperation op) {
  return tcIsOp(op, "memref.dim") && tcIsOp(tcDefiningOp(mlirOperationGetOperand(op, 1)), "arith.constant");
}

bool tcIsSizeArith(MlirOperation op) { return tcIsSizeRead(op) || tcIsOp(op, "arith.maxui"); }

void tcEraseAllocation(MlirValue alloc) {
  MlirOperation def = tcDefiningOp(alloc);
  MlirType type = mlirValueGetType(alloc);
  MlirOpOperand u;
  while (!mlirOpOperandIsNull(u = mlirValueGetFirstUse(alloc))) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (tcIsSizeRead(user)) { // its size: the alloc's operand for a run-time dimension, else the extent
      MlirOperation index = tcDefiningOp(mlirOperationGetOperand(user, 1));
      int64_t d = mlirIntegerAttrGetValueInt(tcOpAttr(index, "value"));
      MlirValue size;
      if (mlirShapedTypeIsDynamicDim(type, d)) {
        intptr_t operand = 0;
        for (int64_t q = 0; q < d; ++q)
          operand += mlirShapedTypeIsDynamicDim(type, q);
        size = mlirOperationGetOperand(def, operand);
      } else {
        TcBuilder at = tcBuilderBefore(user);
        size = tcBIndex(&at, mlirShapedTypeGetDimSize(type, d));
      }
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(user, 0), size);
    }
    mlirOperationDestroy(user); // a size read, or the dealloc
  }
  mlirOperationDestroy(def);
}

/// True if buffer k is an intermediate the group can drop.
static bool droppable(const Buffers *b, intptr_t k, const Member *members, intptr_t n) {
  MlirOperation def = tcDefiningOp(b->value[k]);
  if (mlirOperationIsNull(def) || !tcIsOp(def, "memref.alloc"))
    return false;
  for (MlirOpOperand u = mlirValueGetFirstUse(b->value[k]); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (!isGroupNest(user, members, n) && !tcIsOp(user, "memref.dealloc") && !tcIsSizeRead(user))
      return false;
  }
  for (intptr_t i = 0; i < n; ++i)
    for (intptr_t j = 0; j < members[i].nBuffers; ++j) {
      if (b->slot[i][j] != k)
        continue;
      if (!members[i].writes[j])
        return false; // read before it is written
      MlirValue arg = mlirBlockGetArgument(tcEntryBlock(members[i].body), members[i].rank + j);
      return argUses(arg) == 1; // the writer only stores it
    }
  return false;
}

static MlirOperation createBody(MlirOperation func, MlirSymbolTable symbols, intptr_t rank, const Buffers *b) {
  MlirType types[kMaxBuffers];
  intptr_t n = 0;
  for (intptr_t k = 0; k < b->n; ++k)
    if (!b->dropped[k])
      types[n++] = mlirValueGetType(b->value[k]);
  return tcCreateLoopBody(func, symbols, "fused", mlirOperationGetLocation(func), rank, types, n);
}

/// The one store of `arg` (a writer's buffer argument).
static MlirOperation storeOf(MlirValue arg) {
  for (MlirOpOperand u = mlirValueGetFirstUse(arg); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
    if (tcIsOp(mlirOpOperandGetOwner(u), "memref.store"))
      return mlirOpOperandGetOwner(u);
  return (MlirOperation){NULL};
}

/// Replaces every load of `arg` by `value` (legality: all its uses are
/// loads at the induction variables).
static void forwardLoads(MlirValue arg, MlirValue value) {
  MlirOpOperand u;
  while (!mlirOpOperandIsNull(u = mlirValueGetFirstUse(arg))) {
    MlirOperation load = mlirOpOperandGetOwner(u);
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(load, 0), value);
    mlirOperationDestroy(load);
  }
}

/// Moves member `m`'s body into `fused` (before its return), forwarding
/// and dropping as the header says.
static void moveMember(const Member *m, intptr_t index, Buffers *b, MlirOperation fused) {
  MlirBlock from = tcEntryBlock(m->body), to = tcEntryBlock(fused);
  for (intptr_t j = 0; j < m->nBuffers; ++j) {
    intptr_t k = b->slot[index][j];
    MlirValue arg = mlirBlockGetArgument(from, m->rank + j);
    if (!m->writes[j] && !mlirValueIsNull(b->stored[k]))
      forwardLoads(arg, b->stored[k]);
  }
  for (intptr_t j = 0; j < m->nBuffers; ++j) {
    intptr_t k = b->slot[index][j];
    if (!m->writes[j])
      continue;
    MlirOperation store = storeOf(mlirBlockGetArgument(from, m->rank + j));
    b->stored[k] = mlirOperationGetOperand(store, 0);
    if (b->dropped[k])
      mlirOperationDestroy(store);
  }
  for (intptr_t i = 0; i < m->rank; ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(from, i), mlirBlockGetArgument(to, i));
  for (intptr_t j = 0; j < m->nBuffers; ++j) {
    intptr_t k = b->slot[index][j], pos = m->rank;
    if (b->dropped[k])
      continue;
    for (intptr_t q = 0; q < k; ++q)
      pos += !b->dropped[q];
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(from, m->rank + j), mlirBlockGetArgument(to, pos));
  }
  MlirOperation ret = mlirBlockGetTerminator(to);
  MlirOperation op = mlirBlockGetFirstOperation(from);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (!tcIsOp(op, "func.return"))
      mlirOperationMoveBefore(op, ret);
    op = next;
  }
}

/// The fused nest's `bound_dims` (docs/dialects.md §3.1): for each run-time
/// bound, the first entry of the members' own `bound_dims`, last member
/// first, whose buffer the group keeps, renumbered among the kept buffers
/// (the members' bounds are the same sizes, FuseElementwise.c sameBounds).
/// Returns the number of entries, or -1 if a bound names only dropped
/// buffers.
static intptr_t fusedBoundDims(const Member *members, intptr_t n, const Buffers *b, int64_t *out) {
  MlirAttribute bounds = tcOpAttr(members[0].nest, "bounds");
  intptr_t nOut = 0;
  for (intptr_t k = 0; k < members[0].rank; ++k) {
    if (mlirDenseI64ArrayGetElement(bounds, k) != -1)
      continue;
    bool named = false;
    for (intptr_t i = n - 1; i >= 0 && !named; --i) {
      int64_t operand, dim;
      tcNestBoundSource(members[i].nest, k, &operand, &dim);
      intptr_t slot = b->slot[i][operand];
      if (b->dropped[slot])
        continue;
      intptr_t kept = 0;
      for (intptr_t q = 0; q < slot; ++q)
        kept += !b->dropped[q];
      out[nOut++] = kept;
      out[nOut++] = dim;
      named = true;
    }
    if (!named)
      return -1;
  }
  return nOut;
}

static MlirOperation createNest(const Member *members, intptr_t nMembers, MlirOperation body, const Buffers *b,
                                int64_t groupId) {
  const Member *last = &members[nMembers - 1];
  MlirContext ctx = mlirOperationGetContext(body);
  MlirValue operands[kMaxBuffers];
  intptr_t n = 0;
  for (intptr_t k = 0; k < b->n; ++k)
    if (!b->dropped[k])
      operands[n++] = b->value[k];
  int32_t segments[kMaxBuffers];
  for (intptr_t i = 0; i < kMaxBuffers; ++i)
    segments[i] = i < n;
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirAttribute bodyName = tcOpAttr(body, "sym_name");
  int64_t boundDims[2 * kMaxRank];
  intptr_t nBoundDims = fusedBoundDims(members, nMembers, b, boundDims);
  MlirNamedAttribute attrs[8] = {
      tcNamed(ctx, "body", mlirFlatSymbolRefAttrGet(ctx, mlirStringAttrGetValue(bodyName))),
      tcNamed(ctx, "bounds", tcOpAttr(last->nest, "bounds")),
      tcNamed(ctx, "parallel", tcOpAttr(last->nest, "parallel")),
      tcNamed(ctx, "tile", tcOpAttr(last->nest, "tile")),
      tcNamed(ctx, "vector_width", mlirIntegerAttrGet(i64, 1)),
      tcNamed(ctx, "group", mlirIntegerAttrGet(i64, groupId)),
      tcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, kMaxBuffers, segments)),
  };
  if (nBoundDims > 0)
    attrs[7] = tcNamed(ctx, "bound_dims", mlirDenseI64ArrayGet(ctx, nBoundDims, boundDims));
  TcBuilder at = tcBuilderBefore(last->nest);
  return tcBuildOp(&at, "tc_loop.nest", 0, NULL, n, operands, nBoundDims > 0 ? 8 : 7, attrs);
}

void tcForEachProgramFunction(MlirOperation module, void (*fn)(MlirOperation func, MlirSymbolTable symbols, void *ctx),
                              void *ctx) {
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(tcEntryBlock(module)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (tcIsProgramFunction(op))
      fn(op, symbols, ctx);
  mlirSymbolTableDestroy(symbols);
}

void tcNestBoundSource(MlirOperation nest, intptr_t k, int64_t *slot, int64_t *dim) {
  MlirAttribute bounds = tcOpAttr(nest, "bounds"), dims = tcOpAttr(nest, "bound_dims");
  intptr_t entry = 0;
  for (intptr_t i = 0; i < k; ++i)
    entry += mlirDenseI64ArrayGetElement(bounds, i) == -1;
  *slot = mlirDenseI64ArrayGetElement(dims, 2 * entry);
  *dim = mlirDenseI64ArrayGetElement(dims, 2 * entry + 1);
}

intptr_t tcValueSlot(MlirValue *values, intptr_t *n, MlirValue v) {
  for (intptr_t k = 0; k < *n; ++k)
    if (mlirValueEqual(values[k], v))
      return k;
  values[*n] = v;
  return (*n)++;
}

int64_t tcBufferBytes(MlirType memref) {
  int64_t n = 1;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(memref); ++i)
    if (!mlirShapedTypeIsDynamicDim(memref, i))
      n *= mlirShapedTypeGetDimSize(memref, i);
  MlirType e = mlirShapedTypeGetElementType(memref);
  int64_t bits = mlirTypeIsAInteger(e) ? mlirIntegerTypeGetWidth(e) : mlirTypeIsAF64(e) ? 64 : mlirTypeIsAF32(e) ? 32 : 16;
  return n * (bits < 8 ? 1 : bits / 8);
}

static void record(MlirOperation nest, MlirOperation body, const Member *members, intptr_t n, intptr_t dropped,
                   int64_t bytes, bool runTime) {
  char subject[512], detail[1024];
  MlirStringRef fused = mlirStringAttrGetValue(tcOpAttr(body, "sym_name"));
  int len = snprintf(detail, sizeof detail, "%ld nests in one (body @%.*s):", (long)n, (int)fused.length, fused.data);
  for (intptr_t i = 0; i < n && len < (int)sizeof detail - 80; ++i) {
    MlirStringRef name = mlirStringAttrGetValue(tcOpAttr(members[i].body, "sym_name"));
    len += snprintf(detail + len, sizeof detail - len, " @%.*s", (int)name.length, name.data);
  }
  snprintf(detail + len, sizeof detail - len, "; %ld intermediate buffer(s) eliminated (%lld bytes%s)", (long)dropped,
           (long long)bytes, runTime ? " at run-time sizes of 1" : "");
  TcDecision decision = {"fuse", tcDecisionSubject(nest, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(nest), &decision);
}

/// The group's buffers, each once, and which of them are dropped; `bytes`
/// theirs (a run-time size counted as 1, `runTime` then set).
static void collectBuffers(const Member *members, intptr_t n, Buffers *b, intptr_t *dropped, int64_t *bytes,
                           bool *runTime) {
  memset(b, 0, sizeof *b);
  for (intptr_t i = 0; i < n; ++i)
    for (intptr_t j = 0; j < members[i].nBuffers; ++j)
      b->slot[i][j] = tcValueSlot(b->value, &b->n, mlirOperationGetOperand(members[i].nest, j));
  *dropped = 0;
  *bytes = 0;
  *runTime = false;
  for (intptr_t k = 0; k < b->n; ++k)
    if ((b->dropped[k] = droppable(b, k, members, n))) {
      ++*dropped;
      *bytes += tcBufferBytes(mlirValueGetType(b->value[k]));
      *runTime |= !mlirShapedTypeHasStaticShape(mlirValueGetType(b->value[k]));
    }
}

intptr_t tcFusedBufferCount(const Member *members, intptr_t n, bool *boundsNamed) {
  // Large (tens of KiB) and asked often: on the heap, per call, so that
  // passes in two contexts on two threads never share it.
  Buffers *b = malloc(sizeof *b);
  if (!b)
    tcFatal("out of memory counting fused buffers");
  intptr_t dropped;
  int64_t bytes, boundDims[2 * kMaxRank];
  bool runTime;
  collectBuffers(members, n, b, &dropped, &bytes, &runTime);
  intptr_t count = b->n - dropped;
  *boundsNamed = fusedBoundDims(members, n, b, boundDims) >= 0;
  free(b);
  return count;
}

void tcFuseGroup(MlirOperation func, MlirSymbolTable symbols, Member *members, intptr_t n, int64_t groupId) {
  Buffers b;
  intptr_t dropped;
  int64_t bytes;
  bool runTime;
  collectBuffers(members, n, &b, &dropped, &bytes, &runTime);
  MlirOperation body = createBody(func, symbols, members[0].rank, &b);
  for (intptr_t i = 0; i < n; ++i)
    moveMember(&members[i], i, &b, body);
  MlirOperation nest = createNest(members, n, body, &b, groupId);
  record(nest, body, members, n, dropped, bytes, runTime);
  for (intptr_t i = 0; i < n; ++i) {
    mlirOperationDestroy(members[i].nest);
    mlirSymbolTableErase(symbols, members[i].body);
  }
  for (intptr_t k = 0; k < b.n; ++k)
    if (b.dropped[k])
      tcEraseAllocation(b.value[k]);
}
