//===- GradLinalg.c - reference derivatives of matmul and gemm -------------===//
//
// docs/autodiff.md §3.2. Both ops are sums of products, so each product
// term a·b of result element y sends dy·b to a's accumulator and dy·a to
// b's; a term that is omitted (gemm's alpha = 0, beta = 0 or absent c) sends
// nothing. Walking every (result element, k) pair follows the forward
// definitions of docs/dialects.md §2.2.8-9 literally: matmul's rank-1
// promotion and batch broadcasting (an operand broadcast along a batch
// dimension collects the sum over it), gemm's transposes and the
// unidirectional broadcast of c.
//
//===----------------------------------------------------------------------===//
#include "GradInternal.h"

// The shape of a matmul operand after NumPy's rank-1 promotion.
static RefShape promoted(const TcRefTensor *t, bool isLhs) {
  RefShape s = tcRefShapeOf(t);
  if (t->rank == 1) {
    s.rank = 2;
    s.dims[isLhs ? 0 : 1] = 1;
    s.dims[isLhs ? 1 : 0] = t->dims[0];
  }
  return s;
}

// Linear index of entry (i, j) of the matrix of promoted shape `s` that
// batch index `b` (the first nb entries of a full result index) selects.
static int64_t entry(const RefShape *s, const int64_t *b, intptr_t nb, int64_t i, int64_t j) {
  intptr_t q = s->rank - 2;
  int64_t linear = 0;
  for (intptr_t d = 0; d < q; ++d)
    linear = linear * s->dims[d] + (s->dims[d] == 1 ? 0 : b[nb - q + d]);
  return (linear * s->dims[q] + i) * s->dims[q + 1] + j;
}

bool tcRefGradMatmul(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0], *y = g->r.operands[1];
  RefShape ls = promoted(x, true), rs = promoted(y, false), bl = ls, br = rs, full;
  bl.rank -= 2;
  br.rank -= 2;
  tcRefBroadcastShapes(&bl, &br, &full); // the forward checked compatibility
  intptr_t nb = full.rank;
  full.dims[full.rank++] = ls.dims[ls.rank - 2];
  full.dims[full.rank++] = rs.dims[rs.rank - 1];
  int64_t depth = ls.dims[ls.rank - 1], idx[TC_REF_MAX_RANK], numel = g->results[0]->numel;
  for (int64_t k = 0; g->dy[0] && k < numel; ++k) { // the result's elements are the full shape's, in order
    tcRefUnravel(k, &full, idx);
    Quad d = g->dy[0][k];
    for (int64_t i = 0; i < depth; ++i) {
      int64_t a = entry(&ls, idx, nb, idx[nb], i), b = entry(&rs, idx, nb, i, idx[nb + 1]);
      if (g->dx[0])
        g->dx[0][a] += d * refGradX(y, b);
      if (g->dx[1])
        g->dx[1][b] += d * refGradX(x, a);
    }
  }
  return true;
}

bool tcRefGradGemm(RefGrad *g) {
  const TcRefTensor *a = g->r.operands[0], *b = g->r.operands[1];
  const TcRefTensor *c = g->r.numOperands > 2 ? g->r.operands[2] : NULL;
  double alpha, beta;
  bool ta, tb;
  if (!tcRefGetF64Attr(&g->r, "alpha", &alpha) || !tcRefGetF64Attr(&g->r, "beta", &beta) ||
      !tcRefGetBoolAttr(&g->r, "trans_a", &ta) || !tcRefGetBoolAttr(&g->r, "trans_b", &tb))
    return false;
  int64_t m = a->dims[ta ? 1 : 0], depth = a->dims[ta ? 0 : 1], n = b->dims[tb ? 0 : 1];
  for (int64_t i = 0; g->dy[0] && i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      Quad d = g->dy[0][i * n + j];
      for (int64_t k = 0; alpha != 0 && k < depth; ++k) { // alpha = 0: the product term is omitted
        int64_t ia = ta ? k * m + i : i * depth + k, ib = tb ? j * depth + k : k * n + j;
        if (g->dx[0])
          g->dx[0][ia] += (Quad)alpha * d * refGradX(b, ib);
        if (g->dx[1])
          g->dx[1][ib] += (Quad)alpha * d * refGradX(a, ia);
      }
      int64_t at[2] = {i, j};
      if (c && g->dx[2] && beta != 0) // beta = 0: c is not read
        g->dx[2][tcRefBroadcastIndex(c, at, 2)] += (Quad)beta * d;
    }
  return true;
}
