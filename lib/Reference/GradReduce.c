//===- GradReduce.c - reference derivatives of the reductions --------------===//
//
// docs/autodiff.md §3.5. A reduction's result element k reduces the group
// R_k of x elements whose index agrees with k's off the reduced dimensions
// (docs/dialects.md §2.2.17); each member i of R_k gets
//
//   reduce_sum   dy_k                reduce_mean  dy_k / |R_k|
//   reduce_prod  dy_k · Π_{j ∈ R_k, j ≠ i} x_j (prefix and suffix products in
//                binary128: exact for zeros, no division)
//   reduce_max, reduce_min
//                dy_k / t on the t members equal to the extreme (or, when it
//                is NaN, on the t NaN members), 0 on the others: PyTorch's
//                evenly_distribute_backward
//
// The global pools are reduce_max and reduce_mean over the spatial
// dimensions, so they share these rules.
//
//===----------------------------------------------------------------------===//
#include "GradInternal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// The members of group k: linear indices into x, *count of them.
typedef struct Groups {
  RefShape kept, span;
  int64_t size; ///< |R_k|
} Groups;

static Groups groupsOf(const TcRefTensor *x, const bool *reduced) {
  Groups gr = {{x->rank, {0}}, {x->rank, {0}}, 1};
  for (intptr_t d = 0; d < x->rank; ++d) {
    gr.kept.dims[d] = reduced[d] ? 1 : x->dims[d];
    gr.span.dims[d] = reduced[d] ? x->dims[d] : 1;
    gr.size *= gr.span.dims[d];
  }
  return gr;
}

static void members(const TcRefTensor *x, const Groups *gr, int64_t k, int64_t *out) {
  int64_t base[TC_REF_MAX_RANK], offset[TC_REF_MAX_RANK], idx[TC_REF_MAX_RANK];
  tcRefUnravel(k, &gr->kept, base);
  for (int64_t j = 0; j < gr->size; ++j) {
    tcRefUnravel(j, &gr->span, offset);
    for (intptr_t d = 0; d < x->rank; ++d)
      idx[d] = base[d] + offset[d];
    out[j] = tcRefBroadcastIndex(x, idx, x->rank);
  }
}

static int64_t numGroups(const Groups *gr) {
  int64_t n = 1;
  for (intptr_t d = 0; d < gr->kept.rank; ++d)
    n *= gr->kept.dims[d];
  return n;
}

// The derivative of reduce_max / reduce_min of x over the dims flagged in
// `reduced` (GradReduce.c; also the global max pool): dy shared evenly by
// the elements equal to the extreme (the NaN elements if it is NaN).
static void refGradExtreme(RefGrad *g, const bool *reduced) {
  const TcRefTensor *x = g->r.operands[0], *y = g->results[0];
  Groups gr = groupsOf(x, reduced);
  int64_t *m = malloc((size_t)(gr.size ? gr.size : 1) * sizeof *m);
  for (int64_t k = 0; g->dy[0] && g->dx[0] && x->numel > 0 && k < numGroups(&gr); ++k) {
    members(x, &gr, k, m);
    double best = y->data[k].f;
    int64_t ties = 0;
    for (int64_t j = 0; j < gr.size; ++j)
      ties += isnan(best) ? isnan(x->data[m[j]].f) : x->data[m[j]].f == best;
    for (int64_t j = 0; j < gr.size; ++j)
      if (isnan(best) ? isnan(x->data[m[j]].f) : x->data[m[j]].f == best)
        g->dx[0][m[j]] += g->dy[0][k] / ties;
  }
  free(m);
}

static void productRule(RefGrad *g, const Groups *gr) {
  const TcRefTensor *x = g->r.operands[0];
  int64_t *m = malloc((size_t)(gr->size ? gr->size : 1) * sizeof *m);
  Quad *prefix = malloc((size_t)(gr->size + 1) * sizeof *prefix), *suffix = malloc((size_t)(gr->size + 1) * sizeof *suffix);
  for (int64_t k = 0; x->numel > 0 && k < numGroups(gr); ++k) {
    members(x, gr, k, m);
    prefix[0] = suffix[gr->size] = 1;
    for (int64_t j = 0; j < gr->size; ++j)
      prefix[j + 1] = prefix[j] * refGradX(x, m[j]);
    for (int64_t j = gr->size - 1; j >= 0; --j)
      suffix[j] = suffix[j + 1] * refGradX(x, m[j]);
    for (int64_t j = 0; j < gr->size; ++j)
      g->dx[0][m[j]] += g->dy[0][k] * prefix[j] * suffix[j + 1];
  }
  free(m);
  free(prefix);
  free(suffix);
}

static void spread(RefGrad *g, const Groups *gr, bool mean) {
  const TcRefTensor *x = g->r.operands[0];
  int64_t *m = malloc((size_t)(gr->size ? gr->size : 1) * sizeof *m);
  for (int64_t k = 0; x->numel > 0 && k < numGroups(gr); ++k) {
    members(x, gr, k, m);
    for (int64_t j = 0; j < gr->size; ++j)
      g->dx[0][m[j]] += mean ? g->dy[0][k] / gr->size : g->dy[0][k];
  }
  free(m);
}

static bool readReduced(RefGrad *g, bool *reduced) {
  RefArray axes;
  intptr_t rank = g->r.operands[0]->rank;
  if (!tcRefGetI64ArrayAttr(&g->r, "axes", &axes))
    return false;
  for (intptr_t d = 0; d < rank; ++d)
    reduced[d] = axes.size == 0;
  for (intptr_t i = 0; i < axes.size; ++i) {
    int64_t a;
    if (!tcRefNormalizeAxis(&g->r, "axes", axes.data[i], rank, &a))
      return false;
    reduced[a] = true;
  }
  return true;
}

bool tcRefGradReduce(RefGrad *g) {
  bool reduced[TC_REF_MAX_RANK];
  if (!readReduced(g, reduced))
    return false;
  if (!g->dy[0] || !g->dx[0])
    return true;
  Groups gr = groupsOf(g->r.operands[0], reduced);
  if (tcRefOpIs(&g->r, "reduce_max") || tcRefOpIs(&g->r, "reduce_min"))
    refGradExtreme(g, reduced);
  else if (tcRefOpIs(&g->r, "reduce_prod"))
    productRule(g, &gr);
  else
    spread(g, &gr, tcRefOpIs(&g->r, "reduce_mean"));
  return true;
}

bool tcRefGradGlobalPool(RefGrad *g) {
  bool reduced[TC_REF_MAX_RANK];
  for (intptr_t d = 0; d < g->r.operands[0]->rank; ++d)
    reduced[d] = d >= 2;
  if (!g->dy[0] || !g->dx[0])
    return true;
  Groups gr = groupsOf(g->r.operands[0], reduced);
  if (tcRefOpIs(&g->r, "global_max_pool"))
    refGradExtreme(g, reduced);
  else
    spread(g, &gr, true);
  return true;
}
