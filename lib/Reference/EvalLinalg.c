//===- EvalLinalg.c - reference evaluation of matmul and gemm ---------------===//
//
// docs/dialects.md §2.2.8-9. Both ops are sums of products. A float element
// is the exact sum (Numerics.c) of the exact products, rounded once into the
// result; an integer
// element is the wrapping uint64_t sum of wrapping products, cut to the
// dtype's width, which is the spec's wrap(exact sum) because wrapping is a
// ring homomorphism.
//
// matmul follows NumPy: a rank-1 operand is promoted to a matrix ([K] as
// [1, K] on the left, [K, 1] on the right), the batch dimensions broadcast,
// and the promoted dimension is dropped from the result. Dropping a size-1
// dimension does not change row-major order, so the evaluator walks the
// full promoted result shape [B..., M, N] and writes element k of it to
// element k of the result; promotion likewise leaves each operand's linear
// indices unchanged, so operands are read through their promoted shapes.
//
// gemm adds its (at most two) terms with the same summation rule, so the
// zero-sign rule and "a term whose scalar factor is 0 is omitted" are both
// literal: an omitted term is simply never added.
//
// In the fast mode (docs/reference.md) a float matmul or gemm with K > 0
// computes its dot products with the blocked kernels (FastDot.c), one
// matrix of the batch at a time, then scales by alpha and adds beta·c with
// each rounding accounted for (Certify.c); every element the bound cannot
// prove is computed by the exact code below, element by element.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <math.h>

static bool checkSameDtype(RefOp *r, const TcRefTensor *t, const char *name, TcRefDtype want) {
  if (t->dtype == want)
    return true;
  return tcRefError(r, "operand '%s' must have the dtype of the first operand, %s, got %s", name, tcRefDtypeName(want),
                    tcRefDtypeName(t->dtype));
}

static bool checkResultDtype(RefOp *r, TcRefDtype want) {
  if (tcRefResultDtype(r, 0) == want)
    return true;
  return tcRefError(r, "result dtype must be the operands', %s", tcRefDtypeName(want));
}

//===-- matmul ----------------------------------------------------------------===//

// The operand's shape after NumPy's rank-1 promotion.
static RefShape promote(const TcRefTensor *t, bool isLhs) {
  if (t->rank != 1)
    return tcRefShapeOf(t);
  RefShape s = {2, {1, 1}};
  s.dims[isLhs ? 1 : 0] = t->dims[0];
  return s;
}

// Checks K and the batch broadcast; `full` is [B..., M, N], `result` the
// same with M dropped for a rank-1 lhs and N for a rank-1 rhs.
static bool matmulShape(RefOp *r, const RefShape *ls, const RefShape *rs, RefShape *full, RefShape *result) {
  int64_t k = ls->dims[ls->rank - 1], k2 = rs->dims[rs->rank - 2];
  if (k != k2)
    return tcRefConstraint(r, "equal-dims", "contracted dimensions of 'lhs' and 'rhs' must match, got %lld and %lld",
                           (long long)k, (long long)k2);
  RefShape bl = *ls, br = *rs;
  bl.rank -= 2;
  br.rank -= 2;
  if (!tcRefBroadcastShapes(&bl, &br, full))
    return tcRefBroadcastError(r, &bl, &br);
  *result = *full;
  full->dims[full->rank++] = ls->dims[ls->rank - 2];
  full->dims[full->rank++] = rs->dims[rs->rank - 1];
  if (r->operands[0]->rank != 1)
    result->dims[result->rank++] = ls->dims[ls->rank - 2];
  if (r->operands[1]->rank != 1)
    result->dims[result->rank++] = rs->dims[rs->rank - 1];
  return true;
}

// Linear index of element (i, j) of the matrix that batch index `b` (rank
// nb, broadcast against the operand's batch dims) selects in promoted shape s.
static int64_t matrixElement(const RefShape *s, const int64_t *b, intptr_t nb, int64_t i, int64_t j) {
  intptr_t q = s->rank - 2;
  int64_t linear = 0;
  for (intptr_t d = 0; d < q; ++d)
    linear = linear * s->dims[d] + (s->dims[d] == 1 ? 0 : b[nb - q + d]);
  return (linear * s->dims[q] + i) * s->dims[q + 1] + j;
}

// Result element k, at index [b..., m, n] of `full`.
static void matmulElement(RefOp *r, const RefShape *ls, const RefShape *rs, const RefShape *full, int64_t k) {
  const TcRefTensor *x = r->operands[0], *y = r->operands[1];
  int64_t idx[TC_REF_MAX_RANK];
  tcRefUnravel(k, full, idx);
  intptr_t nb = full->rank - 2;
  int64_t m = idx[nb], n = idx[nb + 1], depth = ls->dims[ls->rank - 1];
  RefSum sum = {0};
  uint64_t bits = 0;
  for (int64_t i = 0; i < depth; ++i) {
    int64_t a = matrixElement(ls, idx, nb, m, i), b = matrixElement(rs, idx, nb, i, n);
    if (tcRefDtypeIsFloat(x->dtype))
      tcRefSumAddProduct(&sum, x->data[a].f, y->data[b].f);
    else
      bits += tcRefGetBits(x, a) * tcRefGetBits(y, b);
  }
  if (tcRefDtypeIsFloat(x->dtype))
    tcRefSumStore(&sum, 1, &r->results[0], k);
  else
    tcRefSetBits(&r->results[0], k, bits);
}

// The fast mode, one matrix [M, N] of the batch at a time.
typedef struct MatmulFast {
  RefOp *r;
  const RefShape *ls, *rs, *full;
  RefDots d;
  int64_t base; // result index of the matrix's element (0, 0)
} MatmulFast;

static RefFast matmulValue(void *ctx, int64_t i, int64_t j, bool precise) {
  return tcRefDotsValue(&((MatmulFast *)ctx)->d, i, j, precise);
}

static int64_t matmulIndex(void *ctx, int64_t i, int64_t j) {
  MatmulFast *f = ctx;
  return f->base + i * f->d.b.cols + j;
}

static void matmulExact(void *ctx, int64_t i, int64_t j, int64_t k) {
  MatmulFast *f = ctx;
  matmulElement(f->r, f->ls, f->rs, f->full, k);
}

static void matmulFast(RefOp *r, const RefShape *ls, const RefShape *rs, const RefShape *full) {
  const TcRefTensor *x = r->operands[0], *y = r->operands[1];
  intptr_t nb = full->rank - 2;
  int64_t m = full->dims[nb], n = full->dims[nb + 1], k = ls->dims[ls->rank - 1], idx[TC_REF_MAX_RANK];
  bool bounded = tcRefPrepareBound(r, &r->results[0]);
  for (int64_t base = 0; base < r->results[0].numel; base += m * n) {
    tcRefUnravel(base, full, idx);
    MatmulFast f = {r, ls, rs, full, {.compensated = x->dtype == TC_REF_F64}, base};
    f.d.a = (RefMatrix){&x->data[matrixElement(ls, idx, nb, 0, 0)].f, m, k, k, 1};
    f.d.b = (RefMatrix){&y->data[matrixElement(rs, idx, nb, 0, 0)].f, k, n, n, 1};
    RefFastBlock block = {&r->results[0], m, n, &f, matmulValue, matmulIndex, matmulExact, bounded};
    if (tcRefDotsCompute(&f.d, tcRefThreads(r)))
      tcRefStoreBlock(&block, tcRefThreads(r));
    else // the fast bound would not hold: every element exactly
      for (int64_t e = base; e < base + m * n; ++e)
        matmulElement(r, ls, rs, full, e);
    tcRefDotsFree(&f.d);
  }
  tcRefFinishBound(&r->results[0]);
}

bool tcRefEvalMatmul(RefOp *r) {
  const TcRefTensor *x = r->operands[0], *y = r->operands[1];
  if (!checkSameDtype(r, y, "rhs", x->dtype) || !checkResultDtype(r, x->dtype))
    return false;
  if (x->dtype == TC_REF_I1)
    return tcRefError(r, "operands must have numeric elements, got i1");
  if (x->rank < 1 || y->rank < 1)
    return tcRefError(r, "operand '%s' must have rank at least 1, got a scalar", x->rank < 1 ? "lhs" : "rhs");
  RefShape ls = promote(x, true), rs = promote(y, false), full, result;
  if (!matmulShape(r, &ls, &rs, &full, &result) || !tcRefCreateResult(r, 0, &result))
    return false;
  if (refFast(r) && tcRefDtypeIsFloat(x->dtype) && ls.dims[ls.rank - 1] > 0 && r->results[0].numel > 0) {
    matmulFast(r, &ls, &rs, &full);
    return true;
  }
  for (int64_t k = 0; k < r->results[0].numel; ++k)
    matmulElement(r, &ls, &rs, &full, k);
  return true;
}

//===-- gemm ------------------------------------------------------------------===//

typedef struct Gemm {
  const TcRefTensor *a, *b, *c; // c may be NULL
  double alpha, beta;
  bool transA, transB;
  int64_t m, n, k;
} Gemm;

static bool readGemm(RefOp *r, Gemm *g) {
  g->a = r->operands[0];
  g->b = r->operands[1];
  g->c = r->numOperands > 2 ? r->operands[2] : NULL;
  if (!tcRefGetF64Attr(r, "alpha", &g->alpha) || !tcRefGetF64Attr(r, "beta", &g->beta) ||
      !tcRefGetBoolAttr(r, "trans_a", &g->transA) || !tcRefGetBoolAttr(r, "trans_b", &g->transB))
    return false;
  if (!isfinite(g->alpha) || !isfinite(g->beta))
    return tcRefError(r, "attribute '%s' must be finite", isfinite(g->alpha) ? "beta" : "alpha");
  if (!tcRefDtypeIsFloat(g->a->dtype))
    return tcRefError(r, "operands must have float elements, got %s", tcRefDtypeName(g->a->dtype));
  if (!checkSameDtype(r, g->b, "b", g->a->dtype) || (g->c && !checkSameDtype(r, g->c, "c", g->a->dtype)))
    return false;
  if (g->a->rank != 2 || g->b->rank != 2)
    return tcRefError(r, "operand '%s' must have rank 2, got %ld", g->a->rank != 2 ? "a" : "b",
                      (long)(g->a->rank != 2 ? g->a->rank : g->b->rank));
  return checkResultDtype(r, g->a->dtype);
}

// op(a) is [M, K], op(b) is [K', N]; c must stretch to [M, N] (only c may).
static bool gemmShape(RefOp *r, Gemm *g, RefShape *result) {
  g->m = g->a->dims[g->transA ? 1 : 0];
  g->k = g->a->dims[g->transA ? 0 : 1];
  int64_t k2 = g->b->dims[g->transB ? 1 : 0];
  g->n = g->b->dims[g->transB ? 0 : 1];
  if (g->k != k2)
    return tcRefConstraint(r, "equal-dims", "contracted dimensions of op(a) and op(b) must match, got %lld and %lld",
                           (long long)g->k, (long long)k2);
  *result = (RefShape){2, {g->m, g->n}};
  if (!g->c)
    return true;
  bool ok = g->c->rank <= 2;
  for (intptr_t d = 0; ok && d < g->c->rank; ++d) {
    int64_t cd = g->c->dims[d], target = result->dims[2 - g->c->rank + d];
    ok = cd == 1 || cd == target;
  }
  if (!ok)
    return tcRefConstraint(r, "broadcast", "operand 'c' must be unidirectionally broadcastable to [%lld, %lld]",
                           (long long)g->m, (long long)g->n);
  return true;
}

// alpha·(Σ a·b) as exact addends of `terms`. A zero or non-finite dot
// product is a single addend alpha·dot (so the zero-sign rule sees the
// term, not its products); otherwise every alpha·a·b is added exactly.
static void addAlphaTerm(const Gemm *g, int64_t m, int64_t n, RefSum *terms) {
  RefSum dot = {0};
  for (int pass = 0; pass < 2; ++pass)
    for (int64_t i = 0; i < g->k; ++i) {
      int64_t ia = g->transA ? i * g->m + m : m * g->k + i;
      int64_t ib = g->transB ? n * g->k + i : i * g->n + n;
      if (pass == 0)
        tcRefSumAddProduct(&dot, g->a->data[ia].f, g->b->data[ib].f);
      else if (tcRefSumIsFiniteNonZero(&dot))
        tcRefSumAddProduct3(terms, g->alpha, g->a->data[ia].f, g->b->data[ib].f);
    }
  if (!tcRefSumIsFiniteNonZero(&dot)) // K = 0: the term is +0
    tcRefSumAdd(terms, g->k == 0 ? 0.0 : g->alpha * tcRefSumValue(&dot));
}

static void gemmElement(const Gemm *g, int64_t m, int64_t n, TcRefTensor *y, int64_t k) {
  RefSum terms = {0};
  if (g->alpha != 0) // alpha = 0: a and b are not read at all
    addAlphaTerm(g, m, n, &terms);
  if (g->c && g->beta != 0) { // beta = 0 or no c: c is not read
    int64_t idx[2] = {m, n};
    tcRefSumAddProduct(&terms, g->beta, g->c->data[tcRefBroadcastIndex(g->c, idx, 2)].f);
  }
  tcRefSumStore(&terms, 1, y, k);
}

// The fast mode: alpha·(op(a)·op(b)) + beta·c from the blocked dot products.
typedef struct GemmFast {
  const Gemm *g;
  RefDots d;
  TcRefTensor *y;
} GemmFast;

static RefFast gemmValue(void *ctx, int64_t i, int64_t j, bool precise) {
  GemmFast *f = ctx;
  const Gemm *g = f->g;
  RefFast v = tcRefDotsValue(&f->d, i, j, precise);
  if (g->alpha != 1)
    v = tcRefFastScale(v, g->alpha, f->d.compensated);
  if (g->c && g->beta != 0) {
    int64_t idx[2] = {i, j};
    v = tcRefFastAddProduct(v, g->beta, g->c->data[tcRefBroadcastIndex(g->c, idx, 2)].f, f->d.compensated);
  }
  return v;
}

static int64_t gemmIndex(void *ctx, int64_t i, int64_t j) { return i * ((GemmFast *)ctx)->g->n + j; }

static void gemmExact(void *ctx, int64_t i, int64_t j, int64_t k) {
  GemmFast *f = ctx;
  gemmElement(f->g, i, j, f->y, k);
}

static void gemmFast(RefOp *r, const Gemm *g) {
  GemmFast f = {g, {.compensated = g->a->dtype == TC_REF_F64}, &r->results[0]};
  // op(a)[i, k] and op(b)[k, j] through strides: no transposed copies.
  f.d.a = g->transA ? (RefMatrix){&g->a->data[0].f, g->m, g->k, 1, g->m}
                    : (RefMatrix){&g->a->data[0].f, g->m, g->k, g->k, 1};
  f.d.b = g->transB ? (RefMatrix){&g->b->data[0].f, g->k, g->n, 1, g->k}
                    : (RefMatrix){&g->b->data[0].f, g->k, g->n, g->n, 1};
  RefFastBlock block = {f.y, g->m, g->n, &f, gemmValue, gemmIndex, gemmExact, tcRefPrepareBound(r, f.y)};
  if (tcRefDotsCompute(&f.d, tcRefThreads(r)))
    tcRefStoreBlock(&block, tcRefThreads(r));
  else // the fast bound would not hold: every element exactly
    for (int64_t k = 0; k < f.y->numel; ++k)
      gemmElement(g, k / g->n, k % g->n, f.y, k);
  tcRefDotsFree(&f.d);
  tcRefFinishBound(f.y);
}

bool tcRefEvalGemm(RefOp *r) {
  Gemm g;
  RefShape result;
  if (!readGemm(r, &g) || !gemmShape(r, &g, &result) || !tcRefCreateResult(r, 0, &result))
    return false;
  // alpha = 0 reads neither a nor b and K = 0 makes the term +0: both are
  // cheap exactly.
  if (refFast(r) && g.alpha != 0 && g.k > 0 && r->results[0].numel > 0) {
    gemmFast(r, &g);
    return true;
  }
  for (int64_t k = 0; k < r->results[0].numel; ++k)
    gemmElement(&g, k / g.n, k % g.n, &r->results[0], k);
  return true;
}
