//===- ScheduleInternal.h - schedule passes, shared parts ---------*- C -*-===//
//
// What tc-fuse-elementwise's analysis (FuseElementwise.c) hands to the code
// that builds a fused nest (FuseBuild.c).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_CONVERSION_SCHEDULE_SCHEDULEINTERNAL_H
#define TENSORC_LIB_CONVERSION_SCHEDULE_SCHEDULEINTERNAL_H

#include "../ConversionInternal.h"

enum { kMaxMembers = 64, kMaxBuffers = 16, kMaxRank = 32 };

/// One pointwise nest of a fusion group: its body and how it accesses each
/// of its buffer operands.
typedef struct Member {
  MlirOperation nest, body;
  intptr_t rank, nBuffers;
  bool writes[kMaxBuffers];       ///< stored once, at the induction variables
  bool identityOnly[kMaxBuffers]; ///< every access is at the induction variables
} Member;

/// Attribute `name` of `op` (null if absent).
static inline MlirAttribute tcOpAttr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

/// The entry block of a function (null for a declaration).
static inline MlirBlock tcEntryBlock(MlirOperation func) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

/// True for a func.func of the program: not a tc_loop or tc_kernel body.
static inline bool tcIsProgramFunction(MlirOperation op) {
  return tcIsOp(op, "func.func") && mlirAttributeIsNull(tcOpAttr(op, "tc_loop.body")) &&
         mlirAttributeIsNull(tcOpAttr(op, "tc_kernel.body"));
}

/// Calls `fn` on every program function (tcIsProgramFunction) of `module`,
/// in order, with one symbol table of the module for all of them.
void tcForEachProgramFunction(MlirOperation module, void (*fn)(MlirOperation func, MlirSymbolTable symbols, void *ctx),
                              void *ctx);

/// The index of `v` among `values[0, *n)`, appending it (and growing *n) if
/// it is not there; the caller guarantees the room.
intptr_t tcValueSlot(MlirValue *values, intptr_t *n, MlirValue v);

/// The operand `slot` and dimension `dim` that `nest`'s `bound_dims` names
/// for its loop `k`, a run-time bound (-1): the entry counted by the
/// run-time bounds before it.
void tcNestBoundSource(MlirOperation nest, intptr_t k, int64_t *slot, int64_t *dim);

/// The bytes of a statically shaped memref type.
int64_t tcBufferBytes(MlirType memref);

/// The allocation (or argument) behind buffer `v`, through view ops.
MlirValue tcBufferRoot(MlirValue v);

/// True for `memref.dim` at a constant dimension: it reads a buffer's size,
/// never its contents.
bool tcIsSizeRead(MlirOperation op);
/// True for an op that only computes a run-time size (a size read, or
/// arith.maxui of sizes, tc-lower-tensor's broadcast size): such ops between
/// two nests do not keep them apart.
bool tcIsSizeArith(MlirOperation op);

/// Erases the memref.alloc `alloc` and every use left of it, which must be
/// deallocations and size reads (each replaced by the size: the alloc's
/// operand for a run-time dimension, else the extent).
void tcEraseAllocation(MlirValue alloc);

/// The number of buffers the nest fusing `members` would take (intermediates
/// dropped); `boundsNamed` says whether each run-time bound of theirs is
/// the dimension of a buffer it keeps (its `bound_dims`).
intptr_t tcFusedBufferCount(const Member *members, intptr_t n, bool *boundsNamed);

/// Replaces the `n` >= 2 adjacent nests `members` of `func` (legal to fuse,
/// FuseElementwise.c) by one nest, placed where the last one was, whose
/// body runs each member's body in order; forwards stored values to later
/// loads; drops intermediates only the group uses. Records a `fuse`
/// decision.
void tcFuseGroup(MlirOperation func, MlirSymbolTable symbols, Member *members, intptr_t n, int64_t groupId);

#endif // TENSORC_LIB_CONVERSION_SCHEDULE_SCHEDULEINTERNAL_H
