//===- EvalShape.c - data movement: transpose ... pad ---------------------===//
//
// docs/dialects.md §2.2.19-2.2.26: transpose, reshape, broadcast_to, concat,
// split, slice, gather and pad. Every op here moves elements without
// computing on them, so elements are copied as whole TcRefScalar values and
// never rounded; the one value that is created rather than moved, pad's
// constant `value`, is converted to the dtype as cast from f64 does
// (tcRefSetDouble). Each function reads its attributes, checks the rules of its
// section itself (the verifier is not trusted, and not linked), computes the
// result shape from the spec's formula and lets tcRefCreateResult compare it
// with the declared type; then it walks the result in row-major order, maps
// each result index to the source index the spec's element formula names and
// copies. Attributes are arbitrary 64-bit integers, so the arithmetic on them
// (slice bounds, pad sizes) is written so that it cannot overflow. A gather
// index out of range is a run-time program error of the input data: it is
// reported with the offending index and no result is produced.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

//===-- Shared helpers --------------------------------------------------------===//

// Data movement keeps the dtype: result `i` must be declared with `want`.
static bool resultDtypeIs(RefOp *r, intptr_t i, TcRefDtype want) {
  TcRefDtype got = tcRefResultDtype(r, i);
  if (got == want)
    return true;
  return tcRefError(r, "result #%ld must have the operand's dtype %s, got %s", (long)i, tcRefDtypeName(want),
                    tcRefDtypeName(got));
}

// The shape result `i` is declared with (the driver checked it is static and
// of rank <= TC_REF_MAX_RANK). Used where the spec takes the shape from the
// result type: reshape and broadcast_to.
static RefShape declaredShape(RefOp *r, intptr_t i) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(r->op, i));
  RefShape s = {mlirShapedTypeGetRank(t), {0}};
  for (intptr_t d = 0; d < s.rank; ++d)
    s.dims[d] = mlirShapedTypeGetDimSize(t, d);
  return s;
}

// The row-major linear position of multi-index `idx` in `t`.
static int64_t linearIndex(const TcRefTensor *t, const int64_t *idx) {
  int64_t k = 0;
  for (intptr_t d = 0; d < t->rank; ++d)
    k = k * t->dims[d] + idx[d];
  return k;
}

// a + b into *out; false if the exact sum does not fit in int64.
static bool addInRange(int64_t a, int64_t b, int64_t *out) {
  if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b))
    return false;
  *out = a + b;
  return true;
}

//===-- transpose (§2.2.19) ---------------------------------------------------===//

static bool checkPermutation(RefOp *r, const RefArray *perm, intptr_t rank) {
  bool seen[TC_REF_MAX_RANK] = {false};
  if (perm->size != rank)
    return tcRefError(r, "attribute 'perm' has %ld entries; the operand has rank %ld", (long)perm->size, (long)rank);
  for (intptr_t k = 0; k < rank; ++k) {
    int64_t p = perm->data[k];
    if (p < 0 || p >= rank || seen[p])
      return tcRefError(r, "attribute 'perm' is not a permutation of 0..%ld (entry %ld is %" PRId64 ")", (long)rank - 1,
                        (long)k, p);
    seen[p] = true;
  }
  return true;
}

bool tcRefEvalTranspose(RefOp *r) {
  const TcRefTensor *x = r->operands[0];
  RefArray perm;
  if (!tcRefGetI64ArrayAttr(r, "perm", &perm) || !checkPermutation(r, &perm, x->rank) || !resultDtypeIs(r, 0, x->dtype))
    return false;
  RefShape shape = {x->rank, {0}};
  for (intptr_t k = 0; k < x->rank; ++k)
    shape.dims[k] = x->dims[perm.data[k]];
  if (!tcRefCreateResult(r, 0, &shape))
    return false;
  TcRefTensor *y = &r->results[0];
  int64_t i[TC_REF_MAX_RANK], j[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < y->numel; ++k) {
    tcRefUnravel(k, &shape, i);
    for (intptr_t d = 0; d < shape.rank; ++d)
      j[perm.data[d]] = i[d];
    y->data[k] = x->data[linearIndex(x, j)];
  }
  return true;
}

//===-- reshape (§2.2.20) -----------------------------------------------------===//

// The element count of `s`, or -1 if it exceeds int64 (then it cannot equal
// the element count of a tensor that exists).
static int64_t elementCount(const RefShape *s) {
  int64_t n = 1;
  for (intptr_t d = 0; d < s->rank; ++d)
    if (s->dims[d] == 0)
      return 0;
  for (intptr_t d = 0; d < s->rank; ++d) {
    if (n > INT64_MAX / s->dims[d])
      return -1;
    n *= s->dims[d];
  }
  return n;
}

// A reshape's one dynamic result dimension (docs/dialects.md §1.5) is the
// operand's element count over the product of the known ones, which must
// divide it; more than one, or one beside a 0, has no such size.
static bool resolveReshape(RefOp *r, const TcRefTensor *x, RefShape *shape) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(r->op, 0));
  intptr_t dynamic = -1;
  for (intptr_t d = 0; d < shape->rank; ++d) {
    if (!mlirShapedTypeIsDynamicDim(t, d))
      continue;
    if (dynamic >= 0)
      return tcRefError(r, "the result may have at most one dynamic dimension");
    dynamic = d;
  }
  if (dynamic < 0)
    return true;
  int64_t known = 1;
  for (intptr_t d = 0; d < shape->rank; ++d) {
    if (d == dynamic)
      continue;
    if (shape->dims[d] != 0 && known > INT64_MAX / shape->dims[d])
      return tcRefError(r, "the result's known dimensions hold 2^63 elements or more");
    known *= shape->dims[d];
  }
  if (known == 0)
    return tcRefError(r, "a result with a dynamic dimension must have no dimension of size 0");
  if (x->numel % known != 0)
    return tcRefConstraint(r, "reshape-count",
                           "the operand's %" PRId64 " elements do not divide into rows of %" PRId64
                           " (the result's known dimensions)",
                           x->numel, known);
  shape->dims[dynamic] = x->numel / known;
  return true;
}

bool tcRefEvalReshape(RefOp *r) {
  const TcRefTensor *x = r->operands[0];
  RefShape shape = declaredShape(r, 0);
  if (!resultDtypeIs(r, 0, x->dtype) || !resolveReshape(r, x, &shape))
    return false;
  if (elementCount(&shape) != x->numel)
    return tcRefConstraint(r, "reshape-count", "result must have as many elements as the operand (%" PRId64 ")",
                           x->numel);
  if (!tcRefCreateResult(r, 0, &shape))
    return false;
  memcpy(r->results[0].data, x->data, (size_t)x->numel * sizeof *x->data); // row-major order kept
  return true;
}

//===-- broadcast_to (§2.2.21) ------------------------------------------------===//

static bool checkUnidirectional(RefOp *r, const TcRefTensor *x, const RefShape *target) {
  if (x->rank > target->rank)
    return tcRefError(r, "operand of rank %ld cannot broadcast to a result of rank %ld", (long)x->rank,
                      (long)target->rank);
  for (intptr_t d = 0; d < x->rank; ++d) {
    intptr_t t = target->rank - x->rank + d;
    if (x->dims[d] != 1 && x->dims[d] != target->dims[t])
      return tcRefError(r,
                        "operand dimension %ld (%" PRId64 ") must be 1 or equal to result dimension %ld (%" PRId64
                        ") to broadcast unidirectionally",
                        (long)d, x->dims[d], (long)t, target->dims[t]);
  }
  return true;
}

bool tcRefEvalBroadcastTo(RefOp *r) {
  const TcRefTensor *x = r->operands[0];
  RefShape shape = declaredShape(r, 0);
  if (!resultDtypeIs(r, 0, x->dtype) || !checkUnidirectional(r, x, &shape) || !tcRefCreateResult(r, 0, &shape))
    return false;
  TcRefTensor *y = &r->results[0];
  int64_t i[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < y->numel; ++k) {
    tcRefUnravel(k, &shape, i);
    y->data[k] = x->data[tcRefBroadcastIndex(x, i, shape.rank)];
  }
  return true;
}

//===-- concat (§2.2.22) ------------------------------------------------------===//

static bool checkConcatOperands(RefOp *r, const TcRefTensor *a, const TcRefTensor *b, int64_t axis) {
  if (a->dtype != b->dtype)
    return tcRefError(r, "operands must have the same dtype, got %s and %s", tcRefDtypeName(a->dtype),
                      tcRefDtypeName(b->dtype));
  if (a->rank != b->rank)
    return tcRefError(r, "operands must have the same rank, got %ld and %ld", (long)a->rank, (long)b->rank);
  for (intptr_t d = 0; d < a->rank; ++d)
    if (d != axis && a->dims[d] != b->dims[d])
      return tcRefError(r, "operands differ in dimension %ld (%" PRId64 " and %" PRId64 "), which is not the axis",
                        (long)d, a->dims[d], b->dims[d]);
  return true;
}

bool tcRefEvalConcat(RefOp *r) {
  const TcRefTensor *a = r->operands[0], *b = r->operands[1];
  int64_t axisAttr, axis;
  if (!tcRefGetI64Attr(r, "axis", &axisAttr) || !tcRefNormalizeAxis(r, "axis", axisAttr, a->rank, &axis) ||
      !checkConcatOperands(r, a, b, axis) || !resultDtypeIs(r, 0, a->dtype))
    return false;
  RefShape shape = tcRefShapeOf(a);
  shape.dims[axis] += b->dims[axis];
  if (!tcRefCreateResult(r, 0, &shape))
    return false;
  TcRefTensor *y = &r->results[0];
  int64_t i[TC_REF_MAX_RANK], o = a->dims[axis];
  for (int64_t k = 0; k < y->numel; ++k) {
    tcRefUnravel(k, &shape, i);
    const TcRefTensor *from = i[axis] < o ? a : b;
    i[axis] -= i[axis] < o ? 0 : o;
    y->data[k] = from->data[linearIndex(from, i)];
  }
  return true;
}

//===-- split (§2.2.23) -------------------------------------------------------===//

// Fills result `part` of `n`, each `s` wide along `axis`.
static void fillSplitPart(const TcRefTensor *x, int64_t axis, int64_t s, intptr_t part, TcRefTensor *y) {
  RefShape shape = tcRefShapeOf(y);
  int64_t i[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < y->numel; ++k) {
    tcRefUnravel(k, &shape, i);
    i[axis] += (int64_t)part * s;
    y->data[k] = x->data[linearIndex(x, i)];
  }
}

bool tcRefEvalSplit(RefOp *r) {
  const TcRefTensor *x = r->operands[0];
  int64_t axisAttr, axis;
  intptr_t n = r->numResults;
  if (!tcRefGetI64Attr(r, "axis", &axisAttr) || !tcRefNormalizeAxis(r, "axis", axisAttr, x->rank, &axis))
    return false;
  if (x->dims[axis] % n != 0)
    return tcRefError(r, "dimension %" PRId64 " of axis %" PRId64 " cannot be split into %ld equal parts",
                      x->dims[axis], axis, (long)n);
  RefShape shape = tcRefShapeOf(x);
  shape.dims[axis] = x->dims[axis] / n;
  for (intptr_t part = 0; part < n; ++part) {
    if (!resultDtypeIs(r, part, x->dtype) || !tcRefCreateResult(r, part, &shape))
      return false;
    fillSplitPart(x, axis, shape.dims[axis], part, &r->results[part]);
  }
  return true;
}

//===-- slice (§2.2.24) -------------------------------------------------------===//

// ceil(a / b) for b != 0; |a| is at most n + 1, so nothing overflows.
static int64_t ceilDiv(int64_t a, int64_t b) {
  int64_t q = a / b; // C truncates toward zero
  return q + (a % b != 0 && (a < 0) == (b < 0));
}

static int64_t clampTo(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

// Steps 1-3 of the per-axis bounds (Python's slice.indices(n)): replaces *s
// by the clamped start and returns the result dimension.
static int64_t sliceAxis(int64_t n, int64_t *s, int64_t e, int64_t t) {
  *s = *s < 0 ? *s + n : *s;
  e = e < 0 ? e + n : e;
  *s = t > 0 ? clampTo(*s, 0, n) : clampTo(*s, -1, n - 1);
  e = t > 0 ? clampTo(e, 0, n) : clampTo(e, -1, n - 1);
  int64_t size = ceilDiv(e - *s, t);
  return size > 0 ? size : 0;
}

static bool readSliceAttrs(RefOp *r, intptr_t rank, RefArray *starts, RefArray *ends, RefArray *steps) {
  if (!tcRefGetI64ArrayAttr(r, "starts", starts) || !tcRefGetI64ArrayAttr(r, "ends", ends) ||
      !tcRefGetI64ArrayAttr(r, "steps", steps))
    return false;
  if (starts->size != rank || ends->size != rank || steps->size != rank)
    return tcRefError(r, "attributes 'starts', 'ends' and 'steps' must have %ld entries (the operand's rank)",
                      (long)rank);
  for (intptr_t d = 0; d < rank; ++d)
    if (steps->data[d] == 0)
      return tcRefError(r, "attribute 'steps' has a zero entry at axis %ld", (long)d);
  return true;
}

bool tcRefEvalSlice(RefOp *r) {
  const TcRefTensor *x = r->operands[0];
  RefArray starts, ends, steps;
  if (!readSliceAttrs(r, x->rank, &starts, &ends, &steps) || !resultDtypeIs(r, 0, x->dtype))
    return false;
  RefShape shape = {x->rank, {0}};
  for (intptr_t d = 0; d < x->rank; ++d)
    shape.dims[d] = sliceAxis(x->dims[d], &starts.data[d], ends.data[d], steps.data[d]);
  if (!tcRefCreateResult(r, 0, &shape))
    return false;
  TcRefTensor *y = &r->results[0];
  int64_t i[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < y->numel; ++k) {
    tcRefUnravel(k, &shape, i);
    for (intptr_t d = 0; d < shape.rank; ++d)
      i[d] = starts.data[d] + i[d] * steps.data[d]; // in [0, n): no overflow
    y->data[k] = x->data[linearIndex(x, i)];
  }
  return true;
}

//===-- gather (§2.2.25) ------------------------------------------------------===//

static bool gatherShape(RefOp *r, const TcRefTensor *data, const TcRefTensor *indices, int64_t axis, RefShape *out) {
  if (indices->dtype != TC_REF_I32 && indices->dtype != TC_REF_I64)
    return tcRefError(r, "indices must have i32 or i64 elements, got %s", tcRefDtypeName(indices->dtype));
  out->rank = data->rank + indices->rank - 1;
  if (out->rank > TC_REF_MAX_RANK)
    return tcRefError(r, "result rank %ld exceeds the limit of %d", (long)out->rank, TC_REF_MAX_RANK);
  intptr_t n = 0;
  for (intptr_t d = 0; d < axis; ++d)
    out->dims[n++] = data->dims[d];
  for (intptr_t d = 0; d < indices->rank; ++d)
    out->dims[n++] = indices->dims[d];
  for (intptr_t d = axis + 1; d < data->rank; ++d)
    out->dims[n++] = data->dims[d];
  return true;
}

// Every index must lie in [-n, n): a condition on data, checked after the
// structural rules and before any element is copied (the op then fails and
// its result is discarded).
static bool checkIndicesInRange(RefOp *r, const TcRefTensor *indices, int64_t n, int64_t axis) {
  for (int64_t k = 0; k < indices->numel; ++k) {
    int64_t v = indices->data[k].i;
    if (v < -n || v >= n)
      return tcRefRuntimeError(r,
                               "index %" PRId64 " (indices element %" PRId64 ") is out of range [%" PRId64 ", %" PRId64
                               ") for axis %" PRId64 " of size %" PRId64,
                               v, k, -n, n, axis, n);
  }
  return true;
}

bool tcRefEvalGather(RefOp *r) {
  const TcRefTensor *data = r->operands[0], *indices = r->operands[1];
  int64_t axisAttr, axis;
  RefShape shape;
  if (!tcRefGetI64Attr(r, "axis", &axisAttr) || !tcRefNormalizeAxis(r, "axis", axisAttr, data->rank, &axis) ||
      !gatherShape(r, data, indices, axis, &shape) || !resultDtypeIs(r, 0, data->dtype) ||
      !tcRefCreateResult(r, 0, &shape) || !checkIndicesInRange(r, indices, data->dims[axis], axis))
    return false;
  TcRefTensor *y = &r->results[0];
  int64_t i[TC_REF_MAX_RANK], src[TC_REF_MAX_RANK], q = indices->rank, n = data->dims[axis];
  for (int64_t k = 0; k < y->numel; ++k) {
    tcRefUnravel(k, &shape, i); // i = [a, j, b], j of rank q
    int64_t v = indices->data[linearIndex(indices, i + axis)].i;
    memcpy(src, i, (size_t)axis * sizeof *i);
    src[axis] = v < 0 ? v + n : v;
    memcpy(src + axis + 1, i + axis + q, (size_t)(data->rank - axis - 1) * sizeof *i);
    y->data[k] = data->data[linearIndex(data, src)];
  }
  return true;
}

//===-- pad (§2.2.26) ---------------------------------------------------------===//

typedef enum { PAD_CONSTANT, PAD_REFLECT, PAD_EDGE } PadMode;

static bool readPadMode(RefOp *r, PadMode *mode) {
  MlirStringRef s;
  if (!tcRefGetStringAttr(r, "mode", &s))
    return false;
  if (mlirStringRefEqual(s, mlirStringRefCreateFromCString("constant")))
    *mode = PAD_CONSTANT;
  else if (mlirStringRefEqual(s, mlirStringRefCreateFromCString("reflect")))
    *mode = PAD_REFLECT;
  else if (mlirStringRefEqual(s, mlirStringRefCreateFromCString("edge")))
    *mode = PAD_EDGE;
  else
    return tcRefError(r, "attribute 'mode' must be \"constant\", \"reflect\" or \"edge\", got \"%.*s\"", (int)s.length,
                      s.data);
  return true;
}

// The rules on `value`: +0.0 unless constant; else representable in the dtype.
static bool checkPadValue(RefOp *r, PadMode mode, TcRefDtype d, double v) {
  if (mode != PAD_CONSTANT && (v != 0 || signbit(v)))
    return tcRefError(r, "attribute 'value' must be +0.0 unless mode is \"constant\", got %g", v);
  if (mode != PAD_CONSTANT || tcRefDtypeIsFloat(d))
    return true;
  unsigned w = tcRefIntWidth(d);
  double lo = tcRefIsSigned(d) ? -ldexp(1.0, (int)w - 1) : 0;
  double hi = d == TC_REF_I1 ? 2 : tcRefIsSigned(d) ? ldexp(1.0, (int)w - 1) : ldexp(1.0, (int)w); // exclusive
  if (v != trunc(v) || v < lo || v >= hi)
    return tcRefError(r, "attribute 'value' (%g) must be an integer within the range of %s", v, tcRefDtypeName(d));
  return true;
}

// The result dimension d + b + e of one axis, and the mode's rule on it.
static bool padAxis(RefOp *r, PadMode mode, int64_t d, int64_t b, int64_t e, intptr_t axis, int64_t *size) {
  int64_t sum;
  if (!addInRange(d, b, &sum) || !addInRange(sum, e, size))
    return tcRefError(r, "axis %ld: size %" PRId64 " padded by %" PRId64 " and %" PRId64 " does not fit in int64",
                      (long)axis, d, b, e);
  if (*size < 0)
    return tcRefError(r, "axis %ld: size %" PRId64 " padded by %" PRId64 " and %" PRId64 " is negative (%" PRId64 ")",
                      (long)axis, d, b, e, *size);
  if (mode == PAD_REFLECT && ((b > 0 && b >= d) || (e > 0 && e >= d)))
    return tcRefError(r, "axis %ld: \"reflect\" pads must be smaller than the dimension (%" PRId64 ")", (long)axis, d);
  if (mode == PAD_EDGE && d == 0 && (b > 0 || e > 0))
    return tcRefError(r, "axis %ld: \"edge\" padding needs a non-empty dimension", (long)axis);
  return true;
}

static bool padShape(RefOp *r, PadMode mode, const TcRefTensor *x, const RefArray *pads, RefShape *out) {
  if (pads->size != 2 * x->rank)
    return tcRefError(r, "attribute 'pads' has %ld entries; the operand's rank %ld needs %ld", (long)pads->size,
                      (long)x->rank, (long)(2 * x->rank));
  out->rank = x->rank;
  for (intptr_t i = 0; i < x->rank; ++i)
    if (!padAxis(r, mode, x->dims[i], pads->data[i], pads->data[x->rank + i], i, &out->dims[i]))
      return false;
  return true;
}

// The source index along one axis for result index o, or -1 when the element
// is the constant. o - b saturates: a saturated value is outside [0, d) just
// as the exact one is, and only constant and edge can reach it.
static int64_t padSource(PadMode mode, int64_t o, int64_t b, int64_t d) {
  int64_t s = (b < 0 && o > INT64_MAX + b) ? INT64_MAX : o - b;
  if (s >= 0 && s < d)
    return s;
  if (mode == PAD_CONSTANT)
    return -1;
  if (mode == PAD_EDGE)
    return s < 0 ? 0 : d - 1;
  return s < 0 ? -s : 2 * (d - 1) - s; // reflect: the edge element is not repeated
}

// Fills element k of the result y (index o) from x, or with the constant.
static void padElement(PadMode mode, const TcRefTensor *x, const RefArray *pads, const int64_t *o, double value,
                       TcRefTensor *y, int64_t k) {
  int64_t s[TC_REF_MAX_RANK];
  for (intptr_t i = 0; i < x->rank; ++i) {
    s[i] = padSource(mode, o[i], pads->data[i], x->dims[i]);
    if (s[i] < 0) {
      tcRefSetDouble(y, k, value); // as cast from f64
      return;
    }
  }
  y->data[k] = x->data[linearIndex(x, s)];
}

bool tcRefEvalPad(RefOp *r) {
  const TcRefTensor *x = r->operands[0];
  RefArray pads;
  PadMode mode = PAD_CONSTANT;
  double value;
  RefShape shape;
  if (!tcRefGetI64ArrayAttr(r, "pads", &pads) || !readPadMode(r, &mode) || !tcRefGetF64Attr(r, "value", &value) ||
      !checkPadValue(r, mode, x->dtype, value) || !padShape(r, mode, x, &pads, &shape) ||
      !resultDtypeIs(r, 0, x->dtype) || !tcRefCreateResult(r, 0, &shape))
    return false;
  int64_t o[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < r->results[0].numel; ++k) {
    tcRefUnravel(k, &shape, o);
    padElement(mode, x, &pads, o, value, &r->results[0], k);
  }
  return true;
}
