//===- GradNorm.c - reference derivatives of the norms and softmax ---------===//
//
// docs/autodiff.md §3.4, each derived from the forward definitions of
// docs/dialects.md §2.2.14-16 and computed in binary128:
//
//   batch_norm   y = (x − mean)·r·scale + bias, r = (var + eps)^(−1/2) per
//                channel c: ∂y/∂x = scale·r, ∂y/∂scale = (x − mean)·r,
//                ∂y/∂bias = 1, ∂y/∂mean = −scale·r,
//                ∂y/∂var = −(x − mean)·scale·r³/2
//   layer_norm   per row of D elements, x̂ = (x − μ)/σ, σ = sqrt(var + eps),
//                g = dy·scale: dx = (g − mean(g) − x̂·mean(g·x̂))/σ (the
//                derivative through μ and σ included), dscale += dy·x̂,
//                dbias += dy (summed where scale, bias were broadcast)
//   softmax      dx_j = s_j·(dy_j − Σ_k dy_k·s_k)
//   log_softmax  dx_j = dy_j − s_j·Σ_k dy_k
//
// with s the slice's softmax in binary128 (the slice maximum subtracted
// first; a slice the forward makes NaN gives NaN here too).
//
//===----------------------------------------------------------------------===//
#include "GradInternal.h"

#include <math.h>
#include <stdlib.h>

static int64_t dimProduct(const TcRefTensor *t, intptr_t from, intptr_t to) {
  int64_t n = 1;
  for (intptr_t d = from; d < to; ++d)
    n *= t->dims[d];
  return n;
}

static void add(Quad *acc, int64_t k, Quad v) {
  if (acc)
    acc[k] += v;
}

bool tcRefGradBatchNorm(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0], *scale = g->r.operands[1], *mean = g->r.operands[3];
  const TcRefTensor *var = g->r.operands[4];
  double eps;
  if (!tcRefGetF64Attr(&g->r, "epsilon", &eps))
    return false;
  int64_t inner = dimProduct(x, 2, x->rank), channels = x->dims[1];
  for (int64_t k = 0; g->dy[0] && k < x->numel; ++k) {
    int64_t c = (k / inner) % channels;
    Quad d = g->dy[0][k], r = 1 / sqrtf128(refGradX(var, c) + eps), xc = refGradX(x, k) - refGradX(mean, c);
    Quad s = refGradX(scale, c);
    add(g->dx[0], k, d * s * r);
    add(g->dx[1], c, d * xc * r);
    add(g->dx[2], c, d);
    add(g->dx[3], c, -d * s * r);
    add(g->dx[4], c, -d * xc * s * r * r * r / 2);
  }
  return true;
}

// The element of `t` (scale or bias) broadcast to position b of a row of
// shape `tail`.
static int64_t rowIndex(const TcRefTensor *t, const RefShape *tail, int64_t b) {
  int64_t idx[TC_REF_MAX_RANK];
  tcRefUnravel(b, tail, idx);
  return tcRefBroadcastIndex(t, idx, tail->rank);
}

static void layerNormRow(RefGrad *g, const RefShape *tail, int64_t a, int64_t n, double eps, Quad *xh) {
  const TcRefTensor *x = g->r.operands[0], *scale = g->r.operands[1];
  Quad mu = 0, var = 0, mg = 0, mgx = 0;
  for (int64_t b = 0; b < n; ++b)
    mu += refGradX(x, a * n + b);
  mu /= n;
  for (int64_t b = 0; b < n; ++b)
    var += (refGradX(x, a * n + b) - mu) * (refGradX(x, a * n + b) - mu);
  Quad sigma = sqrtf128(var / n + eps);
  for (int64_t b = 0; b < n; ++b) {
    xh[b] = (refGradX(x, a * n + b) - mu) / sigma;
    Quad gb = g->dy[0][a * n + b] * refGradX(scale, rowIndex(scale, tail, b));
    mg += gb / n;
    mgx += gb * xh[b] / n;
  }
  for (int64_t b = 0; b < n; ++b) {
    Quad d = g->dy[0][a * n + b], gb = d * refGradX(scale, rowIndex(scale, tail, b));
    add(g->dx[0], a * n + b, (gb - mg - xh[b] * mgx) / sigma);
    if (g->dx[1])
      g->dx[1][rowIndex(scale, tail, b)] += d * xh[b];
    if (g->r.numOperands > 2 && g->dx[2])
      g->dx[2][rowIndex(g->r.operands[2], tail, b)] += d;
  }
}

bool tcRefGradLayerNorm(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0];
  int64_t rawAxis, axis;
  double eps;
  if (!tcRefGetI64Attr(&g->r, "axis", &rawAxis) || !tcRefGetF64Attr(&g->r, "epsilon", &eps) ||
      !tcRefNormalizeAxis(&g->r, "axis", rawAxis, x->rank, &axis))
    return false;
  RefShape tail = {x->rank - axis, {0}};
  for (intptr_t d = axis; d < x->rank; ++d)
    tail.dims[d - axis] = x->dims[d];
  int64_t n = dimProduct(x, axis, x->rank), outer = x->numel ? x->numel / n : 0;
  Quad *xh = malloc((size_t)(n ? n : 1) * sizeof *xh);
  for (int64_t a = 0; g->dy[0] && a < outer; ++a)
    layerNormRow(g, &tail, a, n, eps, xh);
  free(xh);
  return true;
}

// The softmax of one slice (elements base + j·stride) into s.
static void softmaxOf(const TcRefTensor *x, int64_t base, int64_t stride, int64_t n, Quad *s) {
  Quad m = -INFINITY, total = 0;
  bool poisoned = false;
  for (int64_t j = 0; j < n; ++j) {
    Quad v = refGradX(x, base + j * stride);
    poisoned |= isnan((double)v) || v == INFINITY;
    m = v > m ? v : m;
  }
  poisoned |= m == -INFINITY;
  for (int64_t j = 0; j < n; ++j)
    total += s[j] = poisoned ? NAN : expf128(refGradX(x, base + j * stride) - m);
  for (int64_t j = 0; j < n; ++j)
    s[j] /= total;
}

static void softmaxSlice(RefGrad *g, int64_t base, int64_t stride, int64_t n, bool isLog, Quad *s) {
  softmaxOf(g->r.operands[0], base, stride, n, s);
  Quad dot = 0, total = 0;
  for (int64_t j = 0; j < n; ++j) {
    Quad d = g->dy[0][base + j * stride];
    dot += d * s[j];
    total += d;
  }
  for (int64_t j = 0; j < n; ++j) {
    Quad d = g->dy[0][base + j * stride];
    g->dx[0][base + j * stride] += isLog ? d - s[j] * total : s[j] * (d - dot);
  }
}

bool tcRefGradSoftmax(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0];
  int64_t rawAxis, axis;
  if (!tcRefGetI64Attr(&g->r, "axis", &rawAxis) || !tcRefNormalizeAxis(&g->r, "axis", rawAxis, x->rank, &axis))
    return false;
  int64_t n = x->dims[axis], inner = dimProduct(x, axis + 1, x->rank), outer = dimProduct(x, 0, axis);
  Quad *s = malloc((size_t)(n ? n : 1) * sizeof *s);
  bool isLog = tcRefOpIs(&g->r, "log_softmax");
  for (int64_t o = 0; g->dy[0] && g->dx[0] && x->numel > 0 && o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i)
      softmaxSlice(g, o * n * inner + i, inner, n, isLog, s);
  free(s);
  return true;
}
