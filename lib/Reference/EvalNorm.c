//===- EvalNorm.c - reference evaluation of batch norm, layer norm, softmax -===//
//
// docs/dialects.md §2.2.14-16. All three ops are float-only and keep x's
// shape, and each walks x as slices: batch_norm reads its per-channel
// operands at c = (k / inner) mod C; layer_norm normalises each row of the
// [outer, D] view of x (D = ∏ x.shape[axis:]); softmax works on the
// [outer, n, inner] view, one slice of n elements at stride `inner` per
// (outer, inner) pair.
//
// Values are computed in binary128 (113 bits; layer_norm's deviations from
// the exact sum of Numerics.c) and rounded once into the result by
// tcRefStoreQuad: the result is the correctly rounded exact value unless that
// lies within about 2^-100 (relative) of a rounding midpoint
// (docs/reference.md, "Decisions"). No intermediate overflows: binary128
// reaches 2^16384. softmax subtracts the slice maximum before
// exponentiating: this does not change the mathematical value (the spec
// calls it an implementation technique), but keeps exp's arguments <= 0. The
// slice's special values (NaN or +inf anywhere, or every element -inf: all
// NaN) are decided before that, from the spec's list.
//
// An absent layer_norm bias is omitted rather than added as +0, so that a -0
// normalised value stays -0 (as an absent gemm c or conv2d bias).
//
//===----------------------------------------------------------------------===//
#define __STDC_WANT_IEC_60559_TYPES_EXT__ 1
#include "RefInternal.h"

#include <math.h>

// x's dtype is float; every other operand and the result share it.
static bool checkFloatOperands(RefOp *r, const char *const *names) {
  TcRefDtype d = r->operands[0]->dtype;
  if (!tcRefDtypeIsFloat(d))
    return tcRefError(r, "operand 'x' must have float elements, got %s", tcRefDtypeName(d));
  for (intptr_t i = 1; i < r->numOperands; ++i)
    if (r->operands[i]->dtype != d)
      return tcRefError(r, "operand '%s' must have the dtype of 'x', %s, got %s", names[i], tcRefDtypeName(d),
                        tcRefDtypeName(r->operands[i]->dtype));
  if (tcRefResultDtype(r, 0) != d)
    return tcRefError(r, "result dtype must be the operand's, %s", tcRefDtypeName(d));
  return true;
}

static bool readEpsilon(RefOp *r, double *eps) {
  if (!tcRefGetF64Attr(r, "epsilon", eps))
    return false;
  if (!isfinite(*eps) || *eps < 0)
    return tcRefError(r, "attribute 'epsilon' must be finite and >= 0, got %g", *eps);
  return true;
}

// ∏ t.dims[from, to); only called when the product divides a non-zero numel
// or the caller discards it.
static int64_t dimProduct(const TcRefTensor *t, intptr_t from, intptr_t to) {
  int64_t n = 1;
  for (intptr_t d = from; d < to && t->numel > 0; ++d)
    n *= t->dims[d];
  return n;
}

//===-- batch_norm ------------------------------------------------------------===//

static bool checkBatchNorm(RefOp *r) {
  static const char *const names[] = {"x", "scale", "bias", "mean", "var"};
  const TcRefTensor *x = r->operands[0];
  if (!checkFloatOperands(r, names))
    return false;
  if (x->rank < 2)
    return tcRefError(r, "operand 'x' must have rank at least 2, got %ld", (long)x->rank);
  for (intptr_t i = 1; i < 5; ++i)
    if (r->operands[i]->rank != 1 || r->operands[i]->dims[0] != x->dims[1])
      return tcRefConstraint(r, "equal-dims", "operand '%s' must have shape [%lld] (the channels of 'x')", names[i],
                             (long long)x->dims[1]);
  return true;
}

bool tcRefEvalBatchNorm(RefOp *r) {
  const TcRefTensor *x = r->operands[0], *scale = r->operands[1], *bias = r->operands[2];
  const TcRefTensor *mean = r->operands[3], *var = r->operands[4];
  double eps;
  RefShape shape = tcRefShapeOf(x);
  if (!readEpsilon(r, &eps) || !checkBatchNorm(r) || !tcRefCreateResult(r, 0, &shape))
    return false;
  int64_t inner = dimProduct(x, 2, x->rank), channels = x->dims[1];
  for (int64_t k = 0; k < x->numel; ++k) {
    int64_t c = (k / inner) % channels;
    _Float128 sigma = sqrtf128((_Float128)var->data[c].f + eps); // binary128: see the file comment
    _Float128 y = ((_Float128)x->data[k].f - mean->data[c].f) / sigma * scale->data[c].f + bias->data[c].f;
    tcRefStoreQuad(&r->results[0], k, y, 0);
  }
  return true;
}

//===-- layer_norm ------------------------------------------------------------===//

// `t` must stretch to `target` (only t may: unidirectional broadcasting).
static bool checkStretch(RefOp *r, const char *name, const TcRefTensor *t, const RefShape *target) {
  bool ok = t->rank <= target->rank;
  for (intptr_t d = 0; ok && d < t->rank; ++d)
    ok = t->dims[d] == 1 || t->dims[d] == target->dims[target->rank - t->rank + d];
  if (!ok)
    return tcRefError(r, "operand '%s' must be unidirectionally broadcastable to x.shape[axis:]", name);
  return true;
}

// The element of t (scale or bias) that broadcasting reads for position b of
// a row, whose shape is `tail`.
static _Float128 rowOperand(const TcRefTensor *t, const RefShape *tail, int64_t b) {
  int64_t idx[TC_REF_MAX_RANK];
  tcRefUnravel(b, tail, idx);
  return t->data[tcRefBroadcastIndex(t, idx, tail->rank)].f;
}

// x - mu for mu = S/n: (n·x - S)/n with n·x - S exact, so a deviation far
// below x (x close to the mean) is as accurate as any binary128 value. A
// zero or non-finite one is IEEE's x - mu, which has the spec's zero sign.
static _Float128 deviation(const RefSum *sum, double x, int64_t n) {
  RefSum d = *sum;
  tcRefSumAddProduct(&d, -x, (double)n); // n <= 2^53: numel fits in memory
  _Float128 v = tcRefSumQuad(&d);        // 0 only if exactly 0
  return v == 0 || !isfinite(v) ? x - tcRefSumQuad(sum) / n : -v / n;
}

// Normalises row a (elements a·D .. a·D + D - 1 of x): deviations from the
// exact sum, the rest in binary128.
static void layerNormRow(RefOp *r, const RefShape *tail, int64_t a, int64_t n, double eps) {
  const TcRefTensor *x = r->operands[0], *scale = r->operands[1];
  const TcRefTensor *bias = r->numOperands > 2 ? r->operands[2] : NULL;
  const TcRefScalar *row = x->data + a * n;
  RefSum sum = {0};
  for (int64_t b = 0; b < n; ++b)
    tcRefSumAdd(&sum, row[b].f);
  _Float128 squares = 0;
  for (int64_t b = 0; b < n; ++b)
    squares += deviation(&sum, row[b].f, n) * deviation(&sum, row[b].f, n);
  _Float128 sigma = sqrtf128(squares / n + eps);
  for (int64_t b = 0; b < n; ++b) {
    _Float128 y = deviation(&sum, row[b].f, n) / sigma * rowOperand(scale, tail, b);
    if (bias)
      y += rowOperand(bias, tail, b);
    tcRefStoreQuad(&r->results[0], a * n + b, y, 0);
  }
}

bool tcRefEvalLayerNorm(RefOp *r) {
  static const char *const names[] = {"x", "scale", "bias"};
  const TcRefTensor *x = r->operands[0];
  int64_t rawAxis, axis;
  double eps;
  if (!tcRefGetI64Attr(r, "axis", &rawAxis) || !readEpsilon(r, &eps) || !checkFloatOperands(r, names))
    return false;
  if (x->rank < 1)
    return tcRefError(r, "operand 'x' must have rank at least 1, got a scalar");
  if (!tcRefNormalizeAxis(r, "axis", rawAxis, x->rank, &axis))
    return false;
  RefShape shape = tcRefShapeOf(x), tail = {x->rank - axis, {0}};
  for (intptr_t d = axis; d < x->rank; ++d)
    tail.dims[d - axis] = x->dims[d];
  for (intptr_t i = 1; i < r->numOperands; ++i)
    if (!checkStretch(r, names[i], r->operands[i], &tail))
      return false;
  if (!tcRefCreateResult(r, 0, &shape))
    return false;
  int64_t outer = dimProduct(x, 0, axis), n = dimProduct(x, axis, x->rank);
  for (int64_t a = 0; x->numel > 0 && a < outer; ++a)
    layerNormRow(r, &tail, a, n, eps);
  return true;
}

//===-- softmax, log_softmax --------------------------------------------------===//

// One slice: elements base + j·stride, j < n (n >= 1). With d_j = x_j - m
// and s the sum of e^d_j over every j but one maximum (which contributes
// exactly e^0 = 1): softmax_j = e^d_j / (1 + s), log_softmax_j = d_j -
// log1p(s), in binary128. log1p keeps an s far below 1 that 1 + s would
// lose; the subtraction's residual breaks the tie if d_j - log1p(s) is
// exactly a rounding midpoint (a bf16 -71.25 - 1e-31 is below -71.25).
static void softmaxSlice(const TcRefTensor *x, TcRefTensor *y, int64_t base, int64_t stride, int64_t n, bool isLog) {
  double m = -INFINITY;
  int64_t argMax = 0;
  bool poisoned = false;
  for (int64_t j = 0; j < n; ++j) {
    double v = x->data[base + j * stride].f;
    poisoned |= isnan(v) || v == INFINITY;
    argMax = v > m ? j : argMax;
    m = v > m ? v : m;
  }
  poisoned |= m == -INFINITY; // every element is -inf
  _Float128 s = 0;
  for (int64_t j = 0; !poisoned && j < n; ++j)
    s += j == argMax ? 0 : expf128((_Float128)x->data[base + j * stride].f - m); // e^-inf = 0
  _Float128 logSum = log1pf128(s);
  for (int64_t j = 0; j < n; ++j) {
    _Float128 d = (_Float128)x->data[base + j * stride].f - m, v, lo = 0;
    if (poisoned)
      v = NAN;
    else if (!isLog)
      v = expf128(d) / (1 + s);
    else {
      v = d - logSum;
      _Float128 back = v - d; // TwoSum: lo = (d - logSum) - v exactly
      lo = (d - (v - back)) + (-logSum - back);
    }
    tcRefStoreQuad(y, base + j * stride, v, lo);
  }
}

bool tcRefEvalSoftmax(RefOp *r) {
  static const char *const names[] = {"x"};
  const TcRefTensor *x = r->operands[0];
  int64_t rawAxis, axis;
  if (!tcRefGetI64Attr(r, "axis", &rawAxis) || !checkFloatOperands(r, names))
    return false;
  if (x->rank < 1)
    return tcRefError(r, "operand 'x' must have rank at least 1, got a scalar");
  RefShape shape = tcRefShapeOf(x);
  if (!tcRefNormalizeAxis(r, "axis", rawAxis, x->rank, &axis) || !tcRefCreateResult(r, 0, &shape))
    return false;
  int64_t outer = dimProduct(x, 0, axis), n = x->dims[axis], inner = dimProduct(x, axis + 1, x->rank);
  bool isLog = tcRefOpIs(r, "log_softmax");
  for (int64_t o = 0; x->numel > 0 && o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i)
      softmaxSlice(x, &r->results[0], o * n * inner + i, inner, n, isLog);
  return true;
}
