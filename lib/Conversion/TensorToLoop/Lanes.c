//===- Lanes.c - reductions in partial accumulators ("lanes") -------------===//
//
// A reduction folded in one accumulator is a chain of dependent additions:
// each waits for the last, so a row of D elements costs D times the
// adder's latency however wide the machine is. Where the contract lets the
// op be reassociated (`ops.<kind>.reassociate`, docs/contract.md), the
// reduction is split into TC_REDUCTION_LANES independent accumulators, which
// the CPU overlaps and LLVM's SLP vectoriser may pack into vector registers.
//
// The order is fixed by tensorc, never by LLVM's cost model, so a program's
// bits do not depend on fusion, thread count or vectoriser decisions. For
// reduced loops over spans s_0 … s_{d−1} (outermost first):
//
//   - lane j (0 ≤ j < L) folds, in lexicographic order, every element whose
//     innermost reduced index is ≡ j (mod L), starting from the reduction's
//     own start value (its identity: −0 or +0 for sums, ±inf for max/min);
//   - then the lanes combine by halving: for s = L/2, L/4, …, 1, lane j
//     becomes lane j ⊕ lane j+s (j < s). With L = 8 that is
//     ((l0⊕l4)⊕(l2⊕l6)) ⊕ ((l1⊕l5)⊕(l3⊕l7)).
//
// The innermost loop runs over chunks of L elements with the step emitted
// L times; the s_{d−1} mod L trailing elements follow it, unrolled (spans
// are static). Lanes are used only when s_{d−1} ≥ 2L: shorter rows keep the
// one accumulator, and so do ops the contract does not let reassociate. The
// decision is a manifest record `reassociate` with the clause.
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

#include "tensorc/Passes.h"

#include <assert.h>
#include <stdio.h>

int tcLowerReductionLanes(TcLowering *l, int64_t innermostSpan) {
  if (innermostSpan < 2 * TC_REDUCTION_LANES)
    return 1;
  char rewrite[128];
  snprintf(rewrite, sizeof rewrite, "%d partial accumulators per reduction, combined pairwise (docs/lowering.md)",
           TC_REDUCTION_LANES);
  return tcPassCheckContract(l->op, TC_CONTRACT_REASSOCIATE, rewrite) ? TC_REDUCTION_LANES : 1;
}

/// The reduced loops' induction variables with the innermost one `inner`.
static void lanesIndex(const TcForNest *outer, MlirValue inner, MlirValue *iv) {
  for (intptr_t d = 0; d < outer->depth; ++d)
    iv[d] = outer->iv[d];
  iv[outer->depth] = inner;
}

void tcLowerLaneReduce(TcBuilder *b, intptr_t depth, const int64_t *spans, intptr_t nAcc, const MlirValue *init,
                       const char *const *folds, int lanes, TcLaneStep step, void *ctx, MlirValue *out) {
  assert(nAcc >= 1 && nAcc * lanes <= TC_MAX_ITER && (lanes & (lanes - 1)) == 0);
  if (lanes <= 1 || depth == 0 || spans[depth - 1] < 2 * lanes) {
    TcForNest L;
    MlirValue next[TC_MAX_ITER];
    tcBForNestBegin(b, depth, spans, nAcc, init, &L);
    step(ctx, &L.inner, L.iv, L.iter, next);
    tcBForNestEnd(&L, nAcc, next, out);
    return;
  }
  // Lane j's accumulator i is value j * nAcc + i.
  intptr_t n = nAcc * lanes;
  MlirValue laneInit[TC_MAX_ITER], cur[TC_MAX_ITER], iv[32];
  for (intptr_t j = 0; j < lanes; ++j)
    for (intptr_t i = 0; i < nAcc; ++i)
      laneInit[j * nAcc + i] = init[i];
  TcForNest outer;
  tcBForNestBegin(b, depth - 1, spans, n, laneInit, &outer);
  int64_t span = spans[depth - 1], chunks = span / lanes;

  TcFor chunk;
  MlirValue one = tcBIndex(&outer.inner, 1);
  tcBForBegin(&outer.inner, tcBIndex(&outer.inner, 0), tcBIndex(&outer.inner, chunks), one, n, outer.iter, &chunk);
  MlirValue base = tcBBinary(&chunk.body, "arith.muli", chunk.iv, tcBIndex(&chunk.body, lanes));
  for (intptr_t j = 0; j < lanes; ++j) {
    MlirValue at = j ? tcBBinary(&chunk.body, "arith.addi", base, tcBIndex(&chunk.body, j)) : base;
    lanesIndex(&outer, at, iv);
    step(ctx, &chunk.body, iv, &chunk.iter[j * nAcc], &cur[j * nAcc]);
  }
  MlirOperation loop = tcBForEnd(&chunk, cur);
  for (intptr_t k = 0; k < n; ++k)
    cur[k] = mlirOperationGetResult(loop, k);
  for (int64_t t = 0; t < span % lanes; ++t) { // the trailing elements: lane t
    lanesIndex(&outer, tcBIndex(&outer.inner, chunks * lanes + t), iv);
    MlirValue next[TC_MAX_ITER];
    step(ctx, &outer.inner, iv, &cur[t * nAcc], next);
    for (intptr_t i = 0; i < nAcc; ++i)
      cur[t * nAcc + i] = next[i];
  }
  MlirValue lane[TC_MAX_ITER];
  tcBForNestEnd(&outer, n, cur, lane);
  for (int s = lanes / 2; s >= 1; s /= 2)
    for (int j = 0; j < s; ++j)
      for (intptr_t i = 0; i < nAcc; ++i)
        lane[j * nAcc + i] = tcBBinary(b, folds[i], lane[j * nAcc + i], lane[(j + s) * nAcc + i]);
  for (intptr_t i = 0; i < nAcc; ++i)
    out[i] = lane[i];
}
