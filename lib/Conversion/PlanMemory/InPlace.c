//===- InPlace.c - pointwise nests writing into a dying input --------------===//
//
// tc-plan-memory's in-place rule (docs/memory.md, "In place"). A top-level
// nest N at position p may write its output operand o (buffer B) into the
// memory of its input operand i (buffer A) when:
//   1. all loops of N are parallel and its bounds are the shape of A and B,
//      which have the same type;
//   2. operands i and o are A's and B's memref.alloc results themselves;
//      no other operand of N is A, B or a view of either;
//   3. A's interval ends at p and began before it, B's begins at p; neither
//      escapes, and neither is already paired;
//   4. in N's body, B's argument is used once, by a memref.store at the
//      nest's own point in the body's top-level block; every use of A's
//      argument is a memref.load at the own point in that block, before the
//      store. The own point: index k is induction variable k, or the
//      constant 0 where loop k has bound 1 (the same index).
// Then point q reads A only at q, and before it writes B at q; no other
// point reads A[q] or writes B[q], and nothing after N reads A. Giving B
// A's memory therefore changes no value anyone reads. Reductions, shifted,
// broadcast or transposed reads, and several reads at other indices all
// break rule 4 (or 1).
//
// Records one decision `in-place` per pair.
//
//===----------------------------------------------------------------------===//
#include "PlanMemoryInternal.h"

#include "../../Transforms/TransformsInternal.h"
#include "../Schedule/ScheduleInternal.h"
#include "tensorc/Manifest.h"

#include <stdio.h>

/// True if `v` is `arith.constant 0 : index`.
static bool isZeroIndex(MlirValue v) {
  MlirOperation def = tcDefiningOp(v);
  if (!tcIsOp(def, "arith.constant") || !mlirTypeIsAIndex(mlirValueGetType(v)))
    return false;
  MlirAttribute value = tcOpAttr(def, "value");
  return mlirAttributeIsAInteger(value) && mlirIntegerAttrGetValueInt(value) == 0;
}

/// True if `access` (its indices from operand `firstIndex`) reads or
/// writes the nest's own point: index k is induction variable k, or the
/// constant 0 where loop k has bound 1 (the same index, as tc-lower-tensor
/// writes a broadcast dimension of size 1).
static bool atOwnPoint(MlirOperation access, intptr_t firstIndex, MlirBlock block, MlirAttribute bounds) {
  intptr_t rank = mlirDenseArrayGetNumElements(bounds);
  if (mlirOperationGetNumOperands(access) != firstIndex + rank)
    return false;
  for (intptr_t k = 0; k < rank; ++k) {
    MlirValue index = mlirOperationGetOperand(access, firstIndex + k);
    bool own = mlirValueEqual(index, mlirBlockGetArgument(block, k)) ||
               (mlirDenseI64ArrayGetElement(bounds, k) == 1 && isZeroIndex(index));
    if (!own)
      return false;
  }
  return true;
}

/// Rule 1 for `nest` over buffers of type `t`.
static bool pointwiseOver(MlirOperation nest, MlirType t) {
  MlirAttribute bounds = tcOpAttr(nest, "bounds"), parallel = tcOpAttr(nest, "parallel");
  intptr_t rank = mlirDenseArrayGetNumElements(bounds);
  if (rank != mlirShapedTypeGetRank(t))
    return false;
  for (intptr_t k = 0; k < rank; ++k)
    if (!mlirDenseBoolArrayGetElement(parallel, k) ||
        mlirDenseI64ArrayGetElement(bounds, k) != mlirShapedTypeGetDimSize(t, k))
      return false;
  return true;
}

/// Rule 4: the one store of `out`, if `out` has nothing else; else null.
static MlirOperation onlyStore(MlirValue out, MlirBlock block, MlirAttribute bounds) {
  MlirOpOperand u = mlirValueGetFirstUse(out);
  if (mlirOpOperandIsNull(u) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u)))
    return (MlirOperation){NULL};
  MlirOperation store = mlirOpOperandGetOwner(u);
  bool ok = tcIsOp(store, "memref.store") && mlirOpOperandGetOperandNumber(u) == 1 &&
            mlirBlockEqual(mlirOperationGetBlock(store), block) && atOwnPoint(store, 2, block, bounds);
  return ok ? store : (MlirOperation){NULL};
}

/// Rule 4 for the input: loads at the induction variables before `store`.
static bool readsOnlyOwnPointFirst(MlirValue in, MlirBlock block, MlirAttribute bounds, MlirOperation store) {
  for (MlirOpOperand u = mlirValueGetFirstUse(in); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation load = mlirOpOperandGetOwner(u);
    if (!tcIsOp(load, "memref.load") || !mlirBlockEqual(mlirOperationGetBlock(load), block) ||
        !atOwnPoint(load, 1, block, bounds) || !mlirOperationIsBeforeInBlock(load, store))
      return false;
  }
  return true;
}

/// Rule 2's second half: no operand but i and o reaches A or B.
static bool noOtherAlias(MlirOperation nest, intptr_t i, intptr_t o) {
  MlirValue a = mlirOperationGetOperand(nest, i), b = mlirOperationGetOperand(nest, o);
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(nest); ++k) {
    MlirValue root = tcBufferRoot(mlirOperationGetOperand(nest, k));
    if (k != i && k != o && (mlirValueEqual(root, a) || mlirValueEqual(root, b)))
      return false;
  }
  return true;
}

static bool bodyAllows(MlirOperation nest, MlirOperation body, intptr_t i, intptr_t o) {
  MlirBlock block = tcEntryBlock(body);
  MlirAttribute bounds = tcOpAttr(nest, "bounds");
  intptr_t rank = mlirDenseArrayGetNumElements(bounds);
  if (mlirBlockGetNumArguments(block) != rank + mlirOperationGetNumOperands(nest))
    return false;
  MlirOperation store = onlyStore(mlirBlockGetArgument(block, rank + o), block, bounds);
  return !mlirOperationIsNull(store) &&
         readsOnlyOwnPointFirst(mlirBlockGetArgument(block, rank + i), block, bounds, store);
}

/// Rules 1-4 for buffers `a` (operand i) and `b` (operand o) of the nest at `pos`.
static bool legal(const TcMemPlan *plan, intptr_t pos, MlirOperation body, intptr_t i, intptr_t o) {
  MlirOperation nest = plan->ops[pos];
  intptr_t ai = tcMemPlanBufferOf(plan, mlirOperationGetOperand(nest, i));
  intptr_t bi = tcMemPlanBufferOf(plan, mlirOperationGetOperand(nest, o));
  if (ai < 0 || bi < 0 || ai == bi)
    return false;
  const TcMemBuffer *a = &plan->buffers[ai], *b = &plan->buffers[bi];
  if (!a->planned || !b->planned || a->escapes || b->escapes || a->successor >= 0 || b->inPlaceOf >= 0)
    return false;
  if (a->end != pos || a->start >= pos || b->start != pos || !mlirTypeEqual(a->type, b->type))
    return false;
  return pointwiseOver(nest, a->type) && noOtherAlias(nest, i, o) && bodyAllows(nest, body, i, o);
}

static void record(MlirOperation nest, MlirOperation body, intptr_t i, intptr_t o, int64_t bytes) {
  char subject[512], detail[512];
  MlirStringRef name = mlirStringAttrGetValue(tcOpAttr(body, "sym_name"));
  snprintf(detail, sizeof detail,
           "@%.*s writes operand %ld into the buffer of operand %ld, whose live range ends here "
           "(same type; loads only at its own point, before the one store): %lld bytes shared",
           (int)name.length, name.data, (long)o, (long)i, (long long)bytes);
  TcDecision decision = {"in-place", tcDecisionSubject(nest, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(nest), &decision);
}

/// Pairs at most one input with each output of the nest at `pos`.
static intptr_t pairNest(TcMemPlan *plan, intptr_t pos, MlirOperation body) {
  MlirOperation nest = plan->ops[pos];
  intptr_t n = mlirOperationGetNumOperands(nest), paired = 0;
  for (intptr_t o = 0; o < n; ++o)
    for (intptr_t i = 0; i < n; ++i) {
      if (i == o || !legal(plan, pos, body, i, o))
        continue;
      char subject[512];
      if (tcDecisionRefused(mlirOperationGetContext(nest), "tc-plan-memory", "in-place",
                            tcDecisionSubject(nest, subject, sizeof subject),
                            "the output gets a buffer of its own"))
        return paired; // every pair of this nest: the refusal names the nest
      intptr_t a = tcMemPlanBufferOf(plan, mlirOperationGetOperand(nest, i));
      intptr_t b = tcMemPlanBufferOf(plan, mlirOperationGetOperand(nest, o));
      plan->buffers[a].successor = b;
      TcMemBuffer *out = &plan->buffers[b];
      out->inPlaceOf = a;
      out->inPlaceAt = pos;
      out->inPlaceBody = body;
      out->inPlaceIn = i;
      out->inPlaceOut = o;
      ++paired;
      break;
    }
  return paired;
}

void tcMemPlanRecordInPlace(const TcMemPlan *plan) {
  for (intptr_t k = 0; k < plan->nBuffers; ++k) {
    const TcMemBuffer *b = &plan->buffers[k];
    if (b->inPlaceOf >= 0)
      record(plan->ops[b->inPlaceAt], b->inPlaceBody, b->inPlaceIn, b->inPlaceOut, b->bytes);
  }
}

intptr_t tcMemPlanInPlace(TcMemPlan *plan, MlirSymbolTable symbols) {
  intptr_t count = 0;
  for (intptr_t pos = 0; pos < plan->nOps; ++pos) {
    MlirOperation nest = plan->ops[pos];
    if (!tcIsOp(nest, "tc_loop.nest"))
      continue;
    MlirAttribute bodyName = tcOpAttr(nest, "body");
    if (mlirAttributeIsNull(bodyName) || !mlirAttributeIsAFlatSymbolRef(bodyName))
      continue;
    MlirOperation body = mlirSymbolTableLookup(symbols, mlirFlatSymbolRefAttrGetValue(bodyName));
    if (!mlirOperationIsNull(body) && !mlirBlockIsNull(tcEntryBlock(body)))
      count += pairNest(plan, pos, body);
  }
  return count;
}
