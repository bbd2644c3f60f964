//===- EvalReduce.c - reference evaluation of reductions and arg-reductions -===//
//
// docs/dialects.md §2.2.17-18. A reduction is described by a mask of reduced
// dimensions. Two shapes follow from it: `kept`, x's shape with the reduced
// dimensions set to 1 (the keepdims result; dropping those 1s does not change
// row-major order, so it also indexes the keepdims = false result), and
// `span`, x's shape with the other dimensions set to 1. Result element k is
// the reduction of the |R| = numel(span) elements whose index is
// unravel(k, kept) + unravel(j, span), j < |R|: plain nested enumeration,
// no strides to get wrong.
//
// Each element is folded in an accumulator of the spec's meaning:
//   - sum, mean: the exact float sum of Numerics.c (never overflowing, spec
//     zero sign; the mean's quotient is exact too, rounded once); integers wrap;
//   - prod: a float product kept as a wide integer mantissa · 2^exponent, so
//     no partial product is rounded, overflows or underflows, with zeros,
//     infinities and NaN counted
//     apart (0 · inf is NaN) and the sign the parity of negative factors,
//     -0 included; integers wrap;
//   - max, min: NaN-propagating, +0 over -0 for max, -0 over +0 for min,
//     integers compared with the dtype's signedness.
// The empty set's values fall out of the starting values: +0, 1, -inf/+inf
// or the integer dtype's limits, and 0/0 = NaN for mean.
//
// argmax/argmin scan one slice: the first (last) NaN wins outright, else the
// first (last) index whose value equals the extreme, with -0 = +0.
//
// In the fast mode float sums and means are summed in double with a bound
// and proved (or recomputed) element by element (reduceFast).
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum ReduceKind { RK_SUM, RK_PROD, RK_MAX, RK_MIN, RK_MEAN } ReduceKind;

static ReduceKind kindOf(const char *name) {
  static const char *const names[] = {"reduce_sum", "reduce_prod", "reduce_max", "reduce_min", "reduce_mean"};
  for (int i = 0; i < 5; ++i)
    if (strcmp(name, names[i]) == 0)
      return (ReduceKind)i;
  tcFatal("tcRefReduceOverAxes: unknown reduction '%s'", name);
}

//===-- Accumulators ----------------------------------------------------------===//

// A float product of doubles as mant · 2^exp, mant the product of their
// integer significands: exact while it fits PROD_LIMBS limbs (19 factors),
// then its top PROD_LIMBS·64 bits plus a sticky bit, which still rounds
// correctly unless the exact product lies within 2^-1000 (relative) of a
// rounding midpoint. Zeros, infinities and NaN are counted apart.
enum { PROD_LIMBS = 16 };
typedef struct Product {
  uint64_t mant[PROD_LIMBS];
  int64_t exp;
  bool sticky, negative, zero, inf, nan;
} Product;

static void productAdd(Product *p, double x) {
  if (isnan(x)) {
    p->nan = true;
    return;
  }
  p->negative ^= signbit(x) != 0;
  if (x == 0 || isinf(x)) {
    p->zero |= x == 0;
    p->inf |= isinf(x);
    return;
  }
  int e;
  uint64_t m = (uint64_t)ldexp(frexp(fabs(x), &e), 53), carry = 0;
  p->exp += e - 53;
  for (int i = 0; i < PROD_LIMBS; ++i) {
    unsigned __int128 t = (unsigned __int128)p->mant[i] * m + carry;
    p->mant[i] = (uint64_t)t;
    carry = (uint64_t)(t >> 64);
  }
  if (carry) { // drop the lowest limb into the sticky bit
    p->sticky |= p->mant[0] != 0;
    memmove(p->mant, p->mant + 1, (PROD_LIMBS - 1) * sizeof p->mant[0]);
    p->mant[PROD_LIMBS - 1] = carry;
    p->exp += 64;
  }
}

static void productStore(const Product *p, TcRefTensor *y, int64_t k) {
  double sign = p->negative ? -1.0 : 1.0;
  int prec, qmin;
  tcRefFloatFormat(y->dtype, &prec, &qmin);
  if (p->nan || (p->zero && p->inf))
    tcRefSetDouble(y, k, NAN);
  else if (p->inf || p->zero)
    tcRefSetDouble(y, k, sign * (p->inf ? INFINITY : 0.0));
  else // rounded once, straight to y's dtype
    tcRefSetDouble(y, k, sign * (double)tcRefRoundBits(p->mant, PROD_LIMBS, p->exp, p->sticky, prec, qmin));
}

// The running max (isMax) or min of floats: NaN wins; of two equal values
// (only -0 and +0 differ) max keeps +0 and min keeps -0.
static double floatExtreme(double acc, double v, bool isMax) {
  if (isnan(acc) || isnan(v))
    return NAN;
  if (acc == v)
    return (signbit(acc) != 0) == isMax ? v : acc;
  return (v > acc) == isMax ? v : acc;
}

// -1, 0, +1 as integer patterns a <, ==, > b under the dtype's signedness.
static int compareInt(TcRefDtype d, uint64_t a, uint64_t b) {
  if (tcRefIsUnsigned(d))
    return (a > b) - (a < b);
  return ((int64_t)a > (int64_t)b) - ((int64_t)a < (int64_t)b);
}

// The dtype's largest (max) or smallest value as a sign-extended pattern.
static uint64_t intLimit(TcRefDtype d, bool max) {
  unsigned w = tcRefIntWidth(d);
  if (tcRefIsUnsigned(d))
    return !max ? 0 : w == 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
  uint64_t largest = (UINT64_C(1) << (w - 1)) - 1;
  return max ? largest : ~largest;
}

typedef struct Acc {
  ReduceKind kind;
  RefSum sum;
  Product prod;
  double extreme; // float max/min
  uint64_t bits;  // every integer kind
} Acc;

static Acc accStart(ReduceKind kind, TcRefDtype d) {
  Acc a = {.kind = kind, .prod = {.mant = {1}}, .bits = kind == RK_PROD ? 1 : 0};
  if (kind == RK_MAX || kind == RK_MIN) {
    a.extreme = kind == RK_MAX ? -INFINITY : INFINITY;
    if (!tcRefDtypeIsFloat(d))
      a.bits = intLimit(d, kind == RK_MIN); // max starts at the minimum
  }
  return a;
}

static void accAdd(Acc *a, const TcRefTensor *x, int64_t j) {
  if (tcRefDtypeIsFloat(x->dtype)) {
    double v = x->data[j].f;
    if (a->kind == RK_SUM || a->kind == RK_MEAN)
      tcRefSumAdd(&a->sum, v);
    else if (a->kind == RK_PROD)
      productAdd(&a->prod, v);
    else
      a->extreme = floatExtreme(a->extreme, v, a->kind == RK_MAX);
    return;
  }
  uint64_t v = tcRefGetBits(x, j);
  if (a->kind == RK_SUM)
    a->bits += v;
  else if (a->kind == RK_PROD)
    a->bits *= v;
  else if (compareInt(x->dtype, v, a->bits) == (a->kind == RK_MAX ? 1 : -1))
    a->bits = v;
}

static void accStore(const Acc *a, int64_t count, TcRefTensor *y, int64_t k) {
  if (!tcRefDtypeIsFloat(y->dtype))
    tcRefSetBits(y, k, a->bits);
  else if (a->kind == RK_SUM || a->kind == RK_MEAN) // the exact quotient; |R| = 0: 0/0 = NaN
    tcRefSumStore(&a->sum, a->kind == RK_SUM ? 1 : count, y, k);
  else if (a->kind == RK_PROD)
    productStore(&a->prod, y, k);
  else
    tcRefSetDouble(y, k, a->extreme);
}

//===-- Reductions ------------------------------------------------------------===//

// x's shape with the dimensions in `mask` (or, with `invert`, the others)
// set to 1 (keepdims) or removed.
static RefShape maskShape(const RefShape *x, const bool *mask, bool invert, bool keepdims) {
  RefShape out = {0, {0}};
  for (intptr_t i = 0; i < x->rank; ++i) {
    if (mask[i] == invert)
      out.dims[out.rank++] = x->dims[i];
    else if (keepdims)
      out.dims[out.rank++] = 1;
  }
  return out;
}

// |R| = numel(span). If x is empty, either a reduced dimension is 0 (|R| = 0)
// or the result is empty and |R| is never used; so the product is only
// formed when it divides x.numel and cannot overflow.
static int64_t spanCount(const RefShape *span, int64_t numel) {
  int64_t n = 1;
  for (intptr_t d = 0; d < span->rank; ++d)
    if (span->dims[d] == 0)
      return 0;
  for (intptr_t d = 0; numel > 0 && d < span->rank; ++d)
    n *= span->dims[d];
  return numel > 0 ? n : 0;
}

static void reduceElement(RefOp *r, ReduceKind kind, const RefShape *kept, const RefShape *span, int64_t count,
                          int64_t k) {
  const TcRefTensor *x = r->operands[0];
  int64_t base[TC_REF_MAX_RANK], offset[TC_REF_MAX_RANK], idx[TC_REF_MAX_RANK];
  Acc acc = accStart(kind, x->dtype);
  tcRefUnravel(k, kept, base);
  for (int64_t j = 0; j < count; ++j) {
    tcRefUnravel(j, span, offset);
    for (intptr_t d = 0; d < x->rank; ++d)
      idx[d] = base[d] + offset[d];
    accAdd(&acc, x, tcRefBroadcastIndex(x, idx, x->rank)); // the linear index
  }
  accStore(&acc, count, &r->results[0], k);
}

//===-- The fast mode: sums and means -----------------------------------------===//

// Float sums and means in the fast mode (docs/reference.md): each element
// summed in double (compensated, RefFastSum) with its bound, proved or
// recomputed by reduceElement. The |R| reduced positions are linear offsets
// from the element's first one, computed once per op.
typedef struct ReduceFast {
  RefOp *r;
  ReduceKind kind;
  const RefShape *kept, *span;
  int64_t count, strides[TC_REF_MAX_RANK], *offsets;
  bool bounded;
} ReduceFast;

enum { REDUCE_CHUNK = 256 }; // output elements per work item

static void reduceFastItem(void *ctx, int64_t item) {
  const ReduceFast *f = ctx;
  const TcRefTensor *x = f->r->operands[0];
  TcRefTensor *y = &f->r->results[0];
  int64_t idx[TC_REF_MAX_RANK];
  for (int64_t k = item * REDUCE_CHUNK; k < y->numel && k < (item + 1) * REDUCE_CHUNK; ++k) {
    tcRefUnravel(k, f->kept, idx);
    int64_t base = 0;
    for (intptr_t d = 0; d < x->rank; ++d)
      base += idx[d] * f->strides[d];
    RefFastSum sum = {.s = -0.0};
    for (int64_t j = 0; j < f->count; ++j)
      refFastSumAdd(&sum, x->data[base + f->offsets[j]].f);
    RefFast v = tcRefFastSumValue(&sum);
    if (f->kind == RK_MEAN)
      v = tcRefFastDivide(v, f->count, true);
    if (!tcRefStoreFast(y, k, v, f->bounded))
      reduceElement(f->r, f->kind, f->kept, f->span, f->count, k);
  }
}

static void reduceFast(RefOp *r, ReduceKind kind, const RefShape *kept, const RefShape *span, int64_t count) {
  const TcRefTensor *x = r->operands[0];
  ReduceFast f = {r, kind, kept, span, count, {0}, malloc((size_t)count * sizeof(int64_t)),
                  tcRefPrepareBound(r, &r->results[0])};
  if (!f.offsets)
    tcFatal("out of memory in the reference evaluator");
  int64_t stride = 1;
  for (intptr_t d = x->rank - 1; d >= 0; --d) {
    f.strides[d] = stride;
    stride *= x->dims[d];
  }
  int64_t idx[TC_REF_MAX_RANK];
  for (int64_t j = 0; j < count; ++j) {
    tcRefUnravel(j, span, idx);
    f.offsets[j] = 0;
    for (intptr_t d = 0; d < x->rank; ++d)
      f.offsets[j] += idx[d] * f.strides[d];
  }
  tcRefParallelFor(tcRefThreads(r), (r->results[0].numel + REDUCE_CHUNK - 1) / REDUCE_CHUNK, reduceFastItem, &f);
  tcRefFinishBound(&r->results[0]);
  free(f.offsets);
}

bool tcRefReduceOverAxes(RefOp *r, const char *kindName, const bool *reduced, bool keepdims) {
  const TcRefTensor *x = r->operands[0];
  ReduceKind kind = kindOf(kindName);
  if (kind == RK_MEAN && !tcRefDtypeIsFloat(x->dtype))
    return tcRefError(r, "operand must have float elements, got %s", tcRefDtypeName(x->dtype));
  if (x->dtype == TC_REF_I1)
    return tcRefError(r, "operand must have numeric elements, got i1");
  if (tcRefResultDtype(r, 0) != x->dtype)
    return tcRefError(r, "result dtype must be the operand's, %s", tcRefDtypeName(x->dtype));
  RefShape xs = tcRefShapeOf(x), result = maskShape(&xs, reduced, false, keepdims);
  RefShape kept = maskShape(&xs, reduced, false, true), span = maskShape(&xs, reduced, true, true);
  if (!tcRefCreateResult(r, 0, &result))
    return false;
  int64_t count = spanCount(&span, x->numel);
  if (refFast(r) && tcRefDtypeIsFloat(x->dtype) && (kind == RK_SUM || kind == RK_MEAN) && count > 0) {
    reduceFast(r, kind, &kept, &span, count);
    return true;
  }
  for (int64_t k = 0; k < r->results[0].numel; ++k)
    reduceElement(r, kind, &kept, &span, count, k);
  return true;
}

// The reduced-dimension mask from `axes`: normalised, distinct; empty = all.
static bool readAxes(RefOp *r, intptr_t rank, bool *reduced) {
  RefArray axes;
  if (!tcRefGetI64ArrayAttr(r, "axes", &axes))
    return false;
  for (intptr_t i = 0; i < rank; ++i)
    reduced[i] = axes.size == 0;
  for (intptr_t i = 0; i < axes.size; ++i) {
    int64_t a;
    if (!tcRefNormalizeAxis(r, "axes", axes.data[i], rank, &a))
      return false;
    if (reduced[a])
      return tcRefError(r, "attribute 'axes' names dimension %lld twice", (long long)a);
    reduced[a] = true;
  }
  return true;
}

bool tcRefEvalReduce(RefOp *r) {
  bool keepdims, reduced[TC_REF_MAX_RANK];
  if (!tcRefGetBoolAttr(r, "keepdims", &keepdims) || !readAxes(r, r->operands[0]->rank, reduced))
    return false;
  MlirStringRef kind = tcRefOpKind(r);
  char name[32];
  snprintf(name, sizeof name, "%.*s", (int)kind.length, kind.data);
  return tcRefReduceOverAxes(r, name, reduced, keepdims);
}

//===-- argmax, argmin --------------------------------------------------------===//

// -1, 0, +1 for x[a] <, ==, > x[b]; neither is NaN, and -0 == +0.
static int compareAt(const TcRefTensor *x, int64_t a, int64_t b) {
  if (tcRefDtypeIsFloat(x->dtype))
    return (x->data[a].f > x->data[b].f) - (x->data[a].f < x->data[b].f);
  return compareInt(x->dtype, tcRefGetBits(x, a), tcRefGetBits(x, b));
}

// The chosen index j < n in the slice x[base + j·stride].
static int64_t argIndex(const TcRefTensor *x, int64_t base, int64_t stride, int64_t n, bool isMax, bool last) {
  int64_t pick = -1;
  for (int64_t j = 0; tcRefDtypeIsFloat(x->dtype) && j < n && (pick < 0 || last); ++j)
    if (isnan(x->data[base + j * stride].f))
      pick = j;
  if (pick >= 0)
    return pick; // a NaN wins over every number
  pick = 0;
  for (int64_t j = 1; j < n; ++j) {
    int c = compareAt(x, base + j * stride, base + pick * stride);
    if (c == (isMax ? 1 : -1) || (last && c == 0))
      pick = j;
  }
  return pick;
}

bool tcRefEvalArgReduce(RefOp *r) {
  const TcRefTensor *x = r->operands[0];
  int64_t rawAxis, axis;
  bool keepdims, last, reduced[TC_REF_MAX_RANK] = {false};
  if (!tcRefGetI64Attr(r, "axis", &rawAxis) || !tcRefGetBoolAttr(r, "keepdims", &keepdims) ||
      !tcRefGetBoolAttr(r, "select_last_index", &last))
    return false;
  if (x->dtype == TC_REF_I1)
    return tcRefError(r, "operand must have numeric elements, got i1");
  if (x->rank < 1)
    return tcRefError(r, "operand must have rank at least 1, got a scalar");
  if (!tcRefNormalizeAxis(r, "axis", rawAxis, x->rank, &axis))
    return false;
  if (x->dims[axis] < 1)
    return tcRefConstraint(r, "nonempty-axis", "dimension %lld of the operand (the reduced axis) must not be empty",
                           (long long)axis);
  if (tcRefResultDtype(r, 0) != TC_REF_I64)
    return tcRefError(r, "result dtype must be i64");
  reduced[axis] = true;
  RefShape xs = tcRefShapeOf(x), result = maskShape(&xs, reduced, false, keepdims);
  if (!tcRefCreateResult(r, 0, &result))
    return false;
  // A non-empty result has no zero dimension, so `inner` divides x.numel.
  int64_t n = x->dims[axis], inner = 1;
  for (intptr_t d = axis + 1; r->results[0].numel > 0 && d < x->rank; ++d)
    inner *= x->dims[d];
  bool isMax = tcRefOpIs(r, "argmax");
  for (int64_t k = 0; k < r->results[0].numel; ++k) // k = outer · inner + i
    r->results[0].data[k].i = argIndex(x, (k / inner) * n * inner + k % inner, inner, n, isMax, last);
  return true;
}
