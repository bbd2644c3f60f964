//===- ComposeLinalg.c - Δ of sums, products and normalisations ------------===//
//
// The rules of ComposeInternal.h for the ops that combine many elements:
//
// - data movement, sums, means, max and min reductions and pools: the op
//   itself on the bounds, in f64 (tcRefEvalAsF64): a moved element keeps its
//   bound, a sum's bound is the sum of the bounds, a mean's their mean, a
//   max's or min's the largest (|max x̂ - max x| <= max |x̂ - x|); a constant
//   pad value is exact (bound 0). The f64 result is the exact value rounded
//   to nearest, so it is raised by 2^-40 relative and the least subnormal;
// - reduce_prod: P(|x| + e) - P(|x|), each evaluated in f64 and pushed the
//   safe way;
// - matmul, gemm, conv2d: Σ (|a| + ea)(|b| + eb) - |a||b| = Σ ea·(|b| + eb)
//   + |a|·eb, bounded cheaply (one pass over each operand, not another
//   product): for matmul Σ_k ea_ik (|b_kj| + eb_kj) <= max_k ea_ik ·
//   Σ_k (|b_kj| + eb_kj) and Σ_k |a_ik| eb_kj <= Σ_k |a_ik| · max_k eb_kj;
//   gemm scales by |alpha| and adds |beta|·ec; conv2d takes, per image and
//   input channel, the largest bound (and magnitude) over the plane times
//   Σ over the taps of |w| (+ its bound) per output and input channel, plus
//   the bias's bound. Sums of non-negative terms in double are raised by
//   γ_n (tcRefGamma);
// - softmax: with ê the largest bound in the slice, every ratio
//   e^x̂_j / Σ e^x̂_k is within a factor e^(e_j + ê) of the spec's, so Δ_j =
//   |y_j|·(e^(e_j + ê) - 1); log_softmax: Δ_j = e_j + ê (log-sum-exp is
//   1-Lipschitz in the largest change);
// - layer_norm: with d = x - μ, Δd_i = e_i + mean(e), |σ̂² - σ²| <=
//   mean(2|d|Δd + Δd²) =: Δσ², s = √(σ² + ε) then lies in [s_lo, s_hi] =
//   [√(σ² + ε - Δσ²), √(σ² + ε + Δσ²)] (INFINITY if s_lo <= 0), z = d/s
//   moves by Δd/s_lo + |d|·(1/s_lo - 1/s_hi), and y = z·γ + β by
//   Δz·(|γ| + eγ) + |z|·eγ + eβ; the double computations of μ, d and σ²
//   are widened by γ_(2D+4) and the result by 2^-30;
// - batch_norm: the elementwise rules through x - mean, var + ε, √, the
//   division, · scale and + bias.
//
//===----------------------------------------------------------------------===//
#include "ComposeInternal.h"

#include <stdlib.h>
#include <string.h>

static bool kindIs(const RefPropagate *p, const char *kind) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(p->op));
  return name.length == strlen(kind) + 10 && memcmp(name.data + 10, kind, strlen(kind)) == 0;
}

static double *scratch(int64_t n) {
  double *d = calloc((size_t)(n > 0 ? n : 1), sizeof *d);
  if (!d)
    tcFatal("out of memory composing budgets");
  return d;
}

//===-- The op itself on the bounds -------------------------------------------===//

void tcRefComposeByF64(RefPropagate *p) {
  TcRefTensor e[REF_MAX_OPERANDS] = {{0}}, out = {0};
  const TcRefTensor *ops[REF_MAX_OPERANDS];
  bool ok = true, indexExact = true;
  for (intptr_t i = 0; i < p->numOperands; ++i) {
    bool isIndex = kindIs(p, "gather") && i == 1;
    for (int64_t k = 0; isIndex && k < p->operands[i].value->numel; ++k)
      indexExact &= refErrAt(p, i, k) == 0;
    ok &= isIndex || tcRefBoundTensor(p, i, false, &e[i]);
    ops[i] = isIndex ? p->operands[i].value : &e[i];
  }
  ok = ok && indexExact && tcRefEvalAsF64(p, kindIs(p, "reduce_min") ? "reduce_max" : NULL, ops, &out);
  for (int64_t k = 0; k < p->result->numel; ++k)
    p->delta[k] = ok ? tcRefRoundUp(out.data[k].f) + 0x1p-1074 : INFINITY;
  for (intptr_t i = 0; i < p->numOperands; ++i)
    tcRefTensorDestroy(&e[i]);
  tcRefTensorDestroy(&out);
}

void tcRefComposeReduceProd(RefPropagate *p) {
  TcRefTensor m = {0}, a = {0}, hi = {0}, lo = {0};
  const TcRefTensor *mp = &m, *ap = &a;
  bool ok = tcRefBoundTensor(p, 0, true, &m) && tcRefBoundTensor(p, 0, true, &a);
  for (int64_t k = 0; ok && k < a.numel; ++k) // |x| alone
    a.data[k].f = fabs(tcRefGetDouble(p->operands[0].value, k));
  ok = ok && tcRefEvalAsF64(p, NULL, &mp, &hi) && tcRefEvalAsF64(p, NULL, &ap, &lo);
  for (int64_t k = 0; k < p->result->numel; ++k)
    p->delta[k] = ok ? tcRefRoundUp(tcRefRoundUp(hi.data[k].f) - lo.data[k].f * (1 - 0x1p-40)) + 0x1p-1074 : INFINITY;
  tcRefTensorDestroy(&m);
  tcRefTensorDestroy(&a);
  tcRefTensorDestroy(&hi);
  tcRefTensorDestroy(&lo);
}

//===-- Bilinear ops ------------------------------------------------------------===//

/// A [rows, depth] matrix view of an operand with its bounds: element (i,
/// k) at base + i·rs + k·ks.
typedef struct View {
  const TcRefTensor *t;
  const double *err;
  int64_t base, rs, ks, rows, depth;
} View;

static double at(const View *v, int64_t i, int64_t k) { return fabs(v->t->data[v->base + i * v->rs + k * v->ks].f); }
static double errAt(const View *v, int64_t i, int64_t k) {
  return v->err ? v->err[v->base + i * v->rs + k * v->ks] : 0;
}

/// Per row i: sum[i] >= Σ_k (|v| + (withErr ? e : 0)) and max[i] >= max_k e.
static void rowStats(const View *v, bool withErr, double *sum, double *max) {
  double grow = 1 + tcRefGamma(v->depth + 2);
  for (int64_t i = 0; i < v->rows; ++i) {
    double s = 0, m = 0;
    for (int64_t k = 0; k < v->depth; ++k) {
      double e = errAt(v, i, k);
      s += at(v, i, k) + (withErr ? e : 0);
      m = fmax(m, e);
    }
    sum[i] = tcRefRoundUp(s * grow);
    max[i] = m;
  }
}

/// Δ += scale·(Σ_k ea·(|b| + eb) + |a|·eb) for the product of a [M, K] and
/// the transpose of b [N, K] (both as rows over k), into out[i·ldo + j].
static void bilinear(const View *a, const View *b, double scale, double *out, int64_t ldo) {
  double *sa = scratch(a->rows), *ma = scratch(a->rows), *sb = scratch(b->rows), *mb = scratch(b->rows);
  rowStats(a, false, sa, ma);
  rowStats(b, true, sb, mb);
  for (int64_t i = 0; i < a->rows; ++i)
    for (int64_t j = 0; j < b->rows; ++j) { // a term with a zero bound is left out (no inf·0)
      double t = (ma[i] > 0 ? ma[i] * sb[j] : 0) + (mb[j] > 0 ? sa[i] * mb[j] : 0);
      out[i * ldo + j] = tcRefRoundUp(out[i * ldo + j] + scale * t);
    }
  free(sa), free(ma), free(sb), free(mb);
}

// The operand's shape with NumPy's rank-1 promotion (as EvalLinalg.c).
static RefShape promoted(const TcRefTensor *t, bool isLhs) {
  if (t->rank != 1)
    return tcRefShapeOf(t);
  RefShape s = {2, {1, 1}};
  s.dims[isLhs ? 1 : 0] = t->dims[0];
  return s;
}

// The first element of matrix `batch` (an index into the broadcast batch
// dimensions `full`) of an operand of promoted shape s.
static int64_t matrixBase(const RefShape *s, const RefShape *full, int64_t batch) {
  int64_t idx[TC_REF_MAX_RANK], linear = 0;
  intptr_t nb = full->rank, q = s->rank - 2;
  tcRefUnravel(batch, full, idx);
  for (intptr_t d = 0; d < q; ++d)
    linear = linear * s->dims[d] + (s->dims[d] == 1 ? 0 : idx[nb - q + d]);
  return linear * s->dims[q] * s->dims[q + 1];
}

void tcRefComposeMatmul(RefPropagate *p) {
  const TcRefTensor *a = p->operands[0].value, *b = p->operands[1].value;
  if (!tcRefDtypeIsFloat(a->dtype)) {
    tcRefComposeExactOrUnknown(p);
    return;
  }
  RefShape la = promoted(a, true), lb = promoted(b, false), ba = la, bb = lb, full;
  ba.rank -= 2, bb.rank -= 2;
  if (!tcRefBroadcastShapes(&ba, &bb, &full)) {
    tcRefDeltaFill(p, INFINITY);
    return;
  }
  int64_t m = la.dims[la.rank - 2], k = la.dims[la.rank - 1], n = lb.dims[lb.rank - 1], batches = 1;
  for (intptr_t d = 0; d < full.rank; ++d)
    batches *= full.dims[d];
  tcRefDeltaFill(p, 0);
  for (int64_t q = 0; q < batches && m * n > 0; ++q) {
    View va = {a, p->operands[0].err, matrixBase(&la, &full, q), k, 1, m, k};
    View vb = {b, p->operands[1].err, matrixBase(&lb, &full, q), 1, n, n, k}; // rows j over k: b[k, j]
    bilinear(&va, &vb, 1, p->delta + q * m * n, n);
  }
}

static double attrF64(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  return mlirAttributeIsAFloat(a) ? mlirFloatAttrGetValueDouble(a) : 0;
}

static bool attrBool(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  return mlirAttributeIsABool(a) && mlirBoolAttrGetValue(a);
}

void tcRefComposeGemm(RefPropagate *p) {
  const TcRefTensor *a = p->operands[0].value, *b = p->operands[1].value;
  bool ta = attrBool(p->op, "trans_a"), tb = attrBool(p->op, "trans_b");
  int64_t m = p->result->dims[0], n = p->result->dims[1], k = a->dims[ta ? 0 : 1];
  double alpha = fabs(attrF64(p->op, "alpha")), beta = fabs(attrF64(p->op, "beta"));
  tcRefDeltaFill(p, 0);
  View va = {a, p->operands[0].err, 0, ta ? 1 : k, ta ? m : 1, m, k};
  View vb = {b, p->operands[1].err, 0, tb ? k : 1, tb ? 1 : n, n, k};
  if (alpha != 0)
    bilinear(&va, &vb, alpha, p->delta, n);
  if (p->numOperands < 3 || beta == 0 || !p->operands[2].err)
    return;
  int64_t idx[2];
  RefShape out = tcRefShapeOf(p->result);
  for (int64_t e = 0; e < m * n; ++e) {
    tcRefUnravel(e, &out, idx);
    p->delta[e] =
        tcRefRoundUp(p->delta[e] + beta * p->operands[2].err[tcRefBroadcastIndex(p->operands[2].value, idx, 2)]);
  }
}

// Per (image, channel) of x: the largest bound and the largest |x| + bound.
static void planeStats(const RefPropagate *p, double *maxErr, double *maxMag) {
  const TcRefTensor *x = p->operands[0].value;
  int64_t planes = x->dims[0] * x->dims[1], area = x->dims[2] * x->dims[3];
  for (int64_t q = 0; q < planes; ++q) {
    double e = 0, m = 0;
    for (int64_t s = q * area; s < (q + 1) * area; ++s) {
      e = fmax(e, refErrAt(p, 0, s));
      m = fmax(m, fabs(x->data[s].f) + refErrAt(p, 0, s));
    }
    maxErr[q] = e, maxMag[q] = tcRefRoundUp(m);
  }
}

// Per (output channel, input channel of its group): Σ taps |w| + ew, Σ ew.
static void tapSums(const RefPropagate *p, double *absSum, double *errSum) {
  const TcRefTensor *w = p->operands[1].value;
  int64_t pairs = w->dims[0] * w->dims[1], taps = w->dims[2] * w->dims[3];
  double grow = 1 + tcRefGamma(taps + 2);
  for (int64_t q = 0; q < pairs; ++q) {
    double s = 0, e = 0;
    for (int64_t t = q * taps; t < (q + 1) * taps; ++t) {
      s += fabs(w->data[t].f) + refErrAt(p, 1, t);
      e += refErrAt(p, 1, t);
    }
    absSum[q] = tcRefRoundUp(s * grow), errSum[q] = tcRefRoundUp(e * grow);
  }
}

void tcRefComposeConv2d(RefPropagate *p) {
  const TcRefTensor *x = p->operands[0].value, *w = p->operands[1].value;
  int64_t nImg = x->dims[0], c = x->dims[1], mOut = w->dims[0], cg = w->dims[1];
  int64_t groups = cg > 0 ? c / cg : 1, perGroup = groups > 0 ? mOut / groups : mOut;
  int64_t area = p->result->dims[2] * p->result->dims[3];
  double *ex = scratch(nImg * c), *mx = scratch(nImg * c), *ws = scratch(mOut * cg), *we = scratch(mOut * cg);
  planeStats(p, ex, mx);
  tapSums(p, ws, we);
  for (int64_t n = 0; n < nImg; ++n)
    for (int64_t m = 0; m < mOut; ++m) {
      int64_t first = m / (perGroup > 0 ? perGroup : 1) * cg;
      double d = p->numOperands > 2 ? refErrAt(p, 2, m) : 0;
      for (int64_t ci = 0; ci < cg; ++ci) { // a term with a zero bound is left out (no inf·0)
        double e = ex[n * c + first + ci], ew = we[m * cg + ci];
        d += (e > 0 ? e * ws[m * cg + ci] : 0) + (ew > 0 ? mx[n * c + first + ci] * ew : 0);
      }
      d = tcRefRoundUp(d * (1 + tcRefGamma(2 * cg + 2)));
      for (int64_t s = 0; s < area; ++s)
        p->delta[(n * mOut + m) * area + s] = d;
    }
  free(ex), free(mx), free(ws), free(we);
}

//===-- Normalisations ------------------------------------------------------------===//

static int64_t axisOf(const RefPropagate *p, intptr_t rank) {
  MlirAttribute a = mlirOperationGetAttributeByName(p->op, mlirStringRefCreateFromCString("axis"));
  int64_t axis = mlirAttributeIsAInteger(a) ? mlirIntegerAttrGetValueInt(a) : -1;
  return axis < 0 ? axis + rank : axis;
}

static int64_t span(const TcRefTensor *t, intptr_t from, intptr_t to) {
  int64_t n = 1;
  for (intptr_t d = from; d < to; ++d)
    n *= t->dims[d];
  return n;
}

void tcRefComposeSoftmax(RefPropagate *p) {
  const TcRefTensor *x = p->operands[0].value, *y = p->result;
  int64_t axis = axisOf(p, x->rank), outer = span(x, 0, axis), n = x->dims[axis], inner = span(x, axis + 1, x->rank);
  bool isLog = kindIs(p, "log_softmax");
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      int64_t base = o * n * inner + i;
      double top = 0;
      for (int64_t j = 0; j < n; ++j)
        top = fmax(top, refErrAt(p, 0, base + j * inner));
      for (int64_t j = 0; j < n; ++j) {
        int64_t k = base + j * inner;
        double t = tcRefRoundUp(refErrAt(p, 0, k) + top);
        p->delta[k] = isLog ? t : tcRefRoundUp(tcRefMagnitude(y->data[k].f, y->dtype) * tcRefRoundUp(expm1(t)));
      }
    }
}

typedef struct Slice {
  double mean, sigma2, meanAbs, meanErr, spread; // spread: |σ̂² - σ²| at most
} Slice;

static Slice sliceStats(const RefPropagate *p, int64_t base, int64_t d) {
  const TcRefTensor *x = p->operands[0].value;
  Slice s = {0};
  for (int64_t i = 0; i < d; ++i) {
    s.mean += x->data[base + i].f;
    s.meanAbs += fabs(x->data[base + i].f);
    s.meanErr += refErrAt(p, 0, base + i);
  }
  s.mean /= (double)d, s.meanAbs /= (double)d, s.meanErr = tcRefRoundUp(s.meanErr / (double)d);
  double slack = tcRefGamma(2 * d + 4) * 2 * s.meanAbs; // μ's and d's own rounding
  for (int64_t i = 0; i < d; ++i) {
    double dev = fabs(x->data[base + i].f - s.mean) + slack, dd = refErrAt(p, 0, base + i) + s.meanErr;
    s.sigma2 += (x->data[base + i].f - s.mean) * (x->data[base + i].f - s.mean);
    s.spread += 2 * dev * dd + dd * dd;
  }
  s.sigma2 /= (double)d, s.spread = tcRefRoundUp(s.spread / (double)d);
  return s;
}

// Element i of the row at `base` (D = d) of y = (x - μ)/s · γ + β.
static double normDelta(const RefPropagate *p, const Slice *s, int64_t base, int64_t d, int64_t i, double eps) {
  const TcRefTensor *x = p->operands[0].value;
  double g2 = tcRefGamma(2 * d + 4), slack = g2 * 2 * s->meanAbs;
  double lo = s->sigma2 * (1 - g2) + eps - s->spread, hi = s->sigma2 * (1 + g2) + eps + s->spread;
  if (!(lo > 0))
    return INFINITY;
  double sLo = sqrt(lo) * (1 - 0x1p-50), sHi = sqrt(hi) * (1 + 0x1p-50);
  double dev = fabs(x->data[base + i].f - s->mean) + slack, dd = refErrAt(p, 0, base + i) + s->meanErr;
  double dz = dd / sLo + dev * (1 / sLo - 1 / sHi), z = dev / sLo;
  int64_t idx[TC_REF_MAX_RANK];
  intptr_t axis = axisOf(p, x->rank);
  RefShape tail = {x->rank - axis, {0}};
  memcpy(tail.dims, x->dims + axis, (size_t)tail.rank * sizeof tail.dims[0]);
  tcRefUnravel(i, &tail, idx); // γ and β broadcast to x.shape[axis:]
  int64_t gi = tcRefBroadcastIndex(p->operands[1].value, idx, tail.rank);
  double g = fabs(p->operands[1].value->data[gi].f), eg = refErrAt(p, 1, gi);
  double eb = p->numOperands > 2 ? refErrAt(p, 2, tcRefBroadcastIndex(p->operands[2].value, idx, tail.rank)) : 0;
  return tcRefRoundUp((dz * (g + eg) + (eg > 0 ? z * eg : 0) + eb) * (1 + 0x1p-30));
}

void tcRefComposeLayerNorm(RefPropagate *p) {
  const TcRefTensor *x = p->operands[0].value;
  int64_t axis = axisOf(p, x->rank), d = span(x, axis, x->rank), rows = d > 0 ? x->numel / d : 0;
  double eps = attrF64(p->op, "epsilon");
  for (int64_t r = 0; r < rows; ++r) {
    Slice s = sliceStats(p, r * d, d);
    for (int64_t i = 0; i < d; ++i)
      p->delta[r * d + i] = normDelta(p, &s, r * d, d, i, eps);
  }
}

void tcRefComposeBatchNorm(RefPropagate *p) {
  const TcRefTensor *x = p->operands[0].value;
  int64_t c = x->dims[1], inner = span(x, 2, x->rank);
  double eps = attrF64(p->op, "epsilon");
  for (int64_t k = 0; k < x->numel; ++k) {
    int64_t ch = (k / (inner > 0 ? inner : 1)) % c;
    double xv = x->data[k].f, sc = p->operands[1].value->data[ch].f, bi = p->operands[2].value->data[ch].f;
    double mean = p->operands[3].value->data[ch].f, var = p->operands[4].value->data[ch].f;
    double t = xv - mean, dt = tcRefRoundUp(refErrAt(p, 0, k) + refErrAt(p, 3, ch) + fabs(t) * 0x1p-52);
    double v = var + eps, dv = tcRefRoundUp(refErrAt(p, 4, ch) + fabs(v) * 0x1p-52);
    double sd = sqrt(v), dsd = tcRefMonotoneDelta(sqrt, v, dv, false);
    double z = t / sd, dz = tcRefDivDelta(t, sd, dt, dsd);
    double dy = tcRefMulDelta(z, sc, dz, refErrAt(p, 1, ch));
    p->delta[k] = tcRefRoundUp((dy + refErrAt(p, 2, ch)) * (1 + 0x1p-40) + fabs(z * sc + bi) * 0x1p-50);
  }
}
