//===- FuseElementwise.c - the tc-fuse-elementwise pass --------------------===//
//
// Requires: buffers (tc-bufferize, tc-lower-kernels have run), tc_loop.nest
// ops not yet lowered. Guarantees: runs of adjacent pointwise nests over the
// same iteration space became one nest whose body computes every member's
// body at each point, in order; a value a member stores is handed to the
// later members' loads of it directly, and a buffer only the group uses
// (an intermediate) is no longer allocated, stored or loaded.
//
// A nest is pointwise if all its loops are parallel and its body stores
// each buffer it writes exactly once, in the body's top-level block, at the
// nest's induction variables in order (element p at point p). Members are
// fused while (docs/lowering.md, "tc-fuse-elementwise"):
//   - they are adjacent in the function's block (only memref.alloc,
//     constants and size computations between them) and have the same
//     bounds: at a run-time bound (-1), sizes the IR shows to be the same
//     value (../Sizes.c), and the fused nest's bound_dims names a buffer
//     it keeps (FuseBuild.c);
//   - no buffer (traced through views to its allocation) is written by two
//     members, and a buffer one member writes is accessed by the others
//     only through the same value, by loads at the induction variables;
//   - the fused nest needs at most 16 buffers.
// Then point p of the fused nest does exactly what point p of each member
// did, and no member reads an element another writes at any other point,
// so the buffers end up as the lexicographic execution leaves them. Every
// member op keeps its own rounding: bodies are moved, never changed, and a
// forwarded value is the stored value itself (a store and a load of the
// same type are exact), so fusion cannot change a single bit.
//
// Records one decision `fuse` per group of two or more nests: the members'
// bodies and the intermediates eliminated, with their bytes.
//
// Anchored on builtin.module: fusion erases the members' body functions and
// inserts the fused body into the module's symbol table, and group numbers
// run across the module.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "../../Transforms/TransformsInternal.h"
#include "ScheduleInternal.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


MlirValue tcBufferRoot(MlirValue v) {
  for (;;) {
    MlirOperation def = tcDefiningOp(v);
    if (mlirOperationIsNull(def) || mlirOperationGetNumOperands(def) == 0)
      return v;
    bool view = tcIsOp(def, "memref.subview") || tcIsOp(def, "memref.expand_shape") ||
                tcIsOp(def, "memref.collapse_shape") || tcIsOp(def, "memref.reinterpret_cast") ||
                tcIsOp(def, "memref.cast") || tcIsOp(def, "memref.reshape") || tcIsOp(def, "memref.view") ||
                tcIsOp(def, "memref.transpose");
    if (!view)
      return v;
    v = mlirOperationGetOperand(def, 0);
  }
}

static bool atIdentity(MlirOperation access, intptr_t firstIndex, MlirBlock bodyBlock, intptr_t rank) {
  if (mlirOperationGetNumOperands(access) != firstIndex + rank)
    return false;
  for (intptr_t k = 0; k < rank; ++k)
    if (!mlirValueEqual(mlirOperationGetOperand(access, firstIndex + k), mlirBlockGetArgument(bodyBlock, k)))
      return false;
  return true;
}

/// Fills `m` from `nest`; false if it is not pointwise.
static bool analyse(MlirOperation nest, MlirSymbolTable symbols, Member *m) {
  memset(m, 0, sizeof *m);
  m->nest = nest;
  m->rank = mlirDenseArrayGetNumElements(tcOpAttr(nest, "bounds"));
  m->nBuffers = mlirOperationGetNumOperands(nest);
  for (intptr_t i = 0; i < m->rank; ++i)
    if (!mlirDenseBoolArrayGetElement(tcOpAttr(nest, "parallel"), i))
      return false;
  m->body = mlirSymbolTableLookup(symbols, mlirFlatSymbolRefAttrGetValue(tcOpAttr(nest, "body")));
  if (mlirOperationIsNull(m->body) || m->rank > kMaxRank)
    return false;
  MlirBlock block = tcEntryBlock(m->body);
  for (intptr_t j = 0; j < m->nBuffers; ++j) {
    MlirValue arg = mlirBlockGetArgument(block, m->rank + j);
    int stores = 0;
    bool identity = true;
    for (MlirOpOperand use = mlirValueGetFirstUse(arg); !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
      MlirOperation user = mlirOpOperandGetOwner(use);
      if (tcIsOp(user, "memref.store") && mlirOpOperandGetOperandNumber(use) == 1) {
        bool topLevel = mlirBlockEqual(mlirOperationGetBlock(user), block);
        if (!topLevel || !atIdentity(user, 2, block, m->rank))
          return false; // writes elsewhere than its own point
        ++stores;
      } else if (tcIsOp(user, "memref.load")) {
        identity &= atIdentity(user, 1, block, m->rank);
      } else {
        return false; // another use (a view, a call) could write it
      }
    }
    if (stores > 1)
      return false;
    m->writes[j] = stores == 1;
    m->identityOnly[j] = identity;
  }
  return true;
}

/// The group being formed in one block.
typedef struct Group {
  Member members[kMaxMembers];
  intptr_t n;
} Group;

/// The size of loop `k`, a run-time bound of `m`'s nest: the dimension of
/// the buffer its `bound_dims` names.
static TcSizeKey runTimeBound(const Member *m, intptr_t k) {
  int64_t slot, dim;
  tcNestBoundSource(m->nest, k, &slot, &dim);
  return tcSizeOfDim(mlirOperationGetOperand(m->nest, slot), dim);
}

/// Equal bounds: the same static bounds, and at each run-time bound sizes
/// the IR shows are the same value.
static bool sameBounds(const Member *a, const Member *b) {
  MlirAttribute x = tcOpAttr(a->nest, "bounds"), y = tcOpAttr(b->nest, "bounds");
  if (a->rank != b->rank)
    return false;
  for (intptr_t i = 0; i < a->rank; ++i) {
    int64_t bound = mlirDenseI64ArrayGetElement(x, i);
    if (bound != mlirDenseI64ArrayGetElement(y, i))
      return false;
    if (bound == -1 && !tcSameSize(runTimeBound(a, i), runTimeBound(b, i)))
      return false;
  }
  return true;
}

/// True if member `a`'s access to its buffer `j` conflicts with member
/// `b`'s accesses under fusion (docs/lowering.md).
static bool conflicts(const Member *a, intptr_t j, const Member *b) {
  MlirValue value = mlirOperationGetOperand(a->nest, j), root = tcBufferRoot(value);
  for (intptr_t k = 0; k < b->nBuffers; ++k) {
    MlirValue other = mlirOperationGetOperand(b->nest, k);
    if (!mlirValueEqual(tcBufferRoot(other), root))
      continue;
    if (!a->writes[j] && !b->writes[k])
      continue; // both only read
    if (a->writes[j] && b->writes[k])
      return true;
    if (!mlirValueEqual(value, other) || !(a->writes[j] ? b->identityOnly[k] : a->identityOnly[j]))
      return true;
  }
  return false;
}

static bool canJoin(Group *g, const Member *m) {
  if (g->n == 0)
    return true;
  if (g->n == kMaxMembers || !sameBounds(&g->members[0], m))
    return false;
  for (intptr_t i = 0; i < g->n; ++i)
    for (intptr_t j = 0; j < m->nBuffers; ++j)
      if (conflicts(m, j, &g->members[i]))
        return false;
  for (intptr_t i = 0; i < g->n; ++i)
    for (intptr_t j = 0; j < g->members[i].nBuffers; ++j)
      if (conflicts(&g->members[i], j, m))
        return false;
  g->members[g->n] = *m; // tentatively
  bool boundsNamed;
  return tcFusedBufferCount(g->members, g->n + 1, &boundsNamed) <= kMaxBuffers && boundsNamed;
}

static bool breaksAdjacency(MlirOperation op) {
  return !(tcIsOp(op, "memref.alloc") || tcIsOp(op, "arith.constant") || tcIsOp(op, "memref.get_global") ||
           tcIsSizeArith(op));
}

/// Groups are formed first and fused afterwards: fusing erases ops (the
/// members, intermediates' allocations and deallocations) the scan would
/// otherwise still walk.
typedef struct Groups {
  Group *all;
  intptr_t n, cap;
} Groups;

static void closeGroup(Groups *gs) {
  if (gs->all[gs->n].n > 1 && ++gs->n == gs->cap)
    gs->all = realloc(gs->all, (gs->cap *= 2) * sizeof *gs->all);
  gs->all[gs->n].n = 0;
}

static void fuseFunction(MlirOperation func, MlirSymbolTable symbols, void *groupIdPtr) {
  int64_t *groupId = groupIdPtr;
  MlirBlock block = tcEntryBlock(func);
  if (mlirBlockIsNull(block))
    return;
  Groups gs = {malloc(4 * sizeof(Group)), 0, 4};
  gs.all[0].n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    Group *g = &gs.all[gs.n];
    if (tcIsOp(op, "tc_loop.nest")) {
      Member m;
      bool pointwise = analyse(op, symbols, &m);
      if (!pointwise || !canJoin(g, &m))
        closeGroup(&gs);
      g = &gs.all[gs.n];
      if (pointwise)
        g->members[g->n++] = m;
    } else if (breaksAdjacency(op)) {
      closeGroup(&gs);
    }
  }
  closeGroup(&gs);
  for (intptr_t i = 0; i < gs.n; ++i) {
    // The fused nest takes the last member's place and location: refusing
    // it names that subject (the decision `fuse` would be recorded there).
    Group *g = &gs.all[i];
    char subject[512];
    if (g->n > 0 && tcDecisionRefused(mlirOperationGetContext(func), "tc-fuse-elementwise", "fuse",
                                      tcDecisionSubject(g->members[g->n - 1].nest, subject, sizeof subject),
                                      "the nests stay apart, each with its own buffers"))
      continue;
    tcFuseGroup(func, symbols, g->members, g->n, (*groupId)++);
  }
  free(gs.all);
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  int64_t groupId = 0; // numbers groups across the module
  tcForEachProgramFunction(module, fuseFunction, &groupId);
}

MlirPass tcCreateFuseElementwisePass(void) {
  static _Alignas(8) const char passId = 0;
  return tcCreateLoweringPass(&passId, "TcFuseElementwise", "tc-fuse-elementwise",
                              "Fuse adjacent pointwise loop nests over the same space into one", run);
}
