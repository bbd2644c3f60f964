//===- VerifyShape.c - tc-verify rules for data movement ops --------------===//
//
// transpose, reshape, broadcast_to, concat, split, slice, gather and pad
// (docs/dialects.md §2.1 and §2.2). None of them changes the dtype, so every
// rule first checks that its data operands and results share one element type
// (gather's indices excepted), then the attribute values, and last computes
// the exact result shape from the operands and attributes and compares it
// with the declared one, so that one message names both shapes. Size
// arithmetic on static dims is checked for int64 overflow instead of wrapping.
// Of these ops only transpose, reshape and slice take dynamic dimensions
// (§1.5): transpose moves a ? like any size; reshape has its own rule for
// them; slice keeps a ? axis whole (start 0, end INT64_MAX, step 1).
//
//===----------------------------------------------------------------------===//
#include "VerifyInternal.h"

#include <math.h>
#include <stdio.h>

static const char *const kNoAttrs[] = {NULL};

// Checks that array attribute `name` has `expected` entries; `why` says where
// that count comes from, e.g. "the rank of x".
static bool checkLength(MlirOperation op, const char *name, const TcvArray *a, intptr_t expected, const char *why) {
  if (a->size == expected)
    return true;
  tcEmitOpError(op, "attribute '%s' must have %ld entries (%s), got %ld", name, (long)expected, why, (long)a->size);
  return false;
}

// Adds a size along the concat/split axis, saturating at INT64_MAX. Every
// value is within the 2^40-byte limit (checked before any op rule), so a
// sum that saturates cannot equal the size it is compared with: the
// comparison reports it as the mismatch it is.
static bool addAxisSize(int64_t *sum, int64_t size) {
  if (__builtin_add_overflow(*sum, size, sum))
    *sum = INT64_MAX;
  return true;
}

//===-- transpose -----------------------------------------------------------===//

static bool checkPermutation(MlirOperation op, const TcvArray *perm) {
  bool seen[TCV_MAX_ARRAY] = {false};
  for (intptr_t i = 0; i < perm->size; ++i) {
    int64_t p = perm->data[i];
    if (p < 0 || p >= perm->size) {
      tcEmitOpError(op, "attribute 'perm' entry #%ld (%lld) is out of range: must lie in [0, %ld)", (long)i,
                    (long long)p, (long)perm->size);
      return false;
    }
    if (seen[p]) {
      tcEmitOpError(op, "attribute 'perm' is not a permutation: %lld appears twice", (long long)p);
      return false;
    }
    seen[p] = true;
  }
  return true;
}

bool tcvVerifyTranspose(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"perm", NULL};
  TcvShape in = tcvShapeOf(mlirOperationGetOperand(op, 0)), out = in;
  TcvArray perm;
  if (!tcvCheckAllowedAttrs(op, attrs) || !tcvCheckSameElementType(op) || !tcvGetI64Array(op, "perm", &perm) ||
      !checkLength(op, "perm", &perm, in.rank, "the rank of x") || !checkPermutation(op, &perm))
    return false;
  for (intptr_t i = 0; i < in.rank; ++i)
    out.dims[i] = in.dims[perm.data[i]];
  return tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &out);
}

//===-- reshape and broadcast_to --------------------------------------------===//

static int64_t gcd64(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

// True if the two shapes hold the same number of elements. Exact even where
// the count overflows int64: common factors are cancelled pairwise until
// only 1s remain (equal) or something does not cancel (different).
static bool sameElementCount(const TcvShape *a, const TcvShape *b) {
  if ((tcvNumElements(a) == 0) != (tcvNumElements(b) == 0))
    return false;
  if (tcvNumElements(a) == 0)
    return true;
  TcvShape rest = *b;
  for (intptr_t i = 0; i < a->rank; ++i) {
    int64_t left = a->dims[i];
    for (intptr_t j = 0; j < rest.rank && left > 1; ++j) {
      int64_t g = gcd64(left, rest.dims[j]);
      left /= g;
      rest.dims[j] /= g;
    }
    if (left != 1)
      return false;
  }
  return tcvNumElements(&rest) == 1;
}

// docs/dialects.md §1.5: a reshape's result has at most one dynamic
// dimension, and only if x has one and no result dimension is 0 (the ? is
// then count(x) / the product of the known result dimensions).
static bool checkReshapeDynamic(MlirOperation op, const TcvShape *in, const TcvShape *out) {
  intptr_t dynamic = 0;
  bool zero = false;
  for (intptr_t i = 0; i < out->rank; ++i) {
    dynamic += out->dims[i] == TCV_DYN;
    zero |= out->dims[i] == 0;
  }
  char a[256], b[256];
  if (dynamic > 1) {
    tcEmitOpError(op, "result shape %s of a reshape may have at most one dynamic dimension",
                  tcvFormatShape(out, a, sizeof a));
    return false;
  }
  if (dynamic == 1 && (zero || !tcvShapeIsDynamic(in))) {
    tcEmitOpError(op, "result shape %s may have a dynamic dimension only if x's shape %s has one and no result "
                  "dimension is 0", tcvFormatShape(out, a, sizeof a), tcvFormatShape(in, b, sizeof b));
    return false;
  }
  return true;
}

bool tcvVerifyReshape(MlirOperation op, const TcvOpRule *rule) {
  TcvShape in = tcvShapeOf(mlirOperationGetOperand(op, 0)), out = tcvShapeOf(mlirOperationGetResult(op, 0));
  if (!tcvCheckAllowedAttrs(op, kNoAttrs) || !tcvCheckSameElementType(op) || !checkReshapeDynamic(op, &in, &out))
    return false;
  // A dynamic side leaves the element counts to the `reshape-count` run-time
  // constraint (docs/dialects.md §1.5).
  if (tcvShapeIsDynamic(&in) || tcvShapeIsDynamic(&out) || sameElementCount(&in, &out))
    return true;
  char a[256], b[256];
  tcEmitOpError(op, "result shape %s must have as many elements as x's shape %s", tcvFormatShape(&out, a, sizeof a),
                tcvFormatShape(&in, b, sizeof b));
  return false;
}

bool tcvVerifyBroadcastTo(MlirOperation op, const TcvOpRule *rule) {
  TcvShape in = tcvShapeOf(mlirOperationGetOperand(op, 0)), out = tcvShapeOf(mlirOperationGetResult(op, 0));
  if (!tcvCheckAllowedAttrs(op, kNoAttrs) || !tcvCheckSameElementType(op))
    return false;
  if (tcvBroadcastsTo(&in, &out))
    return true;
  char a[256], b[256];
  tcEmitOpError(op, "x's shape %s does not broadcast unidirectionally to the result shape %s",
                tcvFormatShape(&in, a, sizeof a), tcvFormatShape(&out, b, sizeof b));
  return false;
}

//===-- concat and split ----------------------------------------------------===//

// Checks that `part` (named `what`, e.g. "rhs" or "result #1") matches
// `whole` in rank and in every dimension except `axis`.
static bool checkMatchesExceptAxis(MlirOperation op, const char *what, const TcvShape *part, const TcvShape *whole,
                                   const char *wholeName, int64_t axis) {
  if (part->rank != whole->rank) {
    tcEmitOpError(op, "%s has rank %ld, expected %ld like %s", what, (long)part->rank, (long)whole->rank, wholeName);
    return false;
  }
  for (intptr_t d = 0; d < part->rank; ++d)
    if (d != axis && part->dims[d] != whole->dims[d]) {
      tcEmitOpError(op, "%s has size %lld in dimension %ld, expected %lld like %s", what, (long long)part->dims[d],
                    (long)d, (long long)whole->dims[d], wholeName);
      return false;
    }
  return true;
}

// concat is binary (§2.2.22: a variadic group would force one type on all
// inputs); joining n tensors is a chain of concats.
bool tcvVerifyConcat(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"axis", NULL};
  TcvShape lhs = tcvShapeOf(mlirOperationGetOperand(op, 0)), rhs = tcvShapeOf(mlirOperationGetOperand(op, 1));
  TcvShape out = lhs;
  int64_t axisAttr, axis;
  if (!tcvCheckAllowedAttrs(op, attrs) || !tcvCheckSameElementType(op) || !tcvGetI64(op, "axis", &axisAttr) ||
      !tcvNormalizeAxis(op, "axis", axisAttr, lhs.rank, &axis) ||
      !checkMatchesExceptAxis(op, "rhs", &rhs, &lhs, "lhs", axis) ||
      !addAxisSize(&out.dims[axis], rhs.dims[axis]))
    return false;
  return tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &out);
}

bool tcvVerifySplit(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"axis", NULL};
  intptr_t n = mlirOperationGetNumResults(op);
  TcvShape in = tcvShapeOf(mlirOperationGetOperand(op, 0));
  int64_t axisAttr, axis, sum = 0;
  if (n == 0) {
    tcEmitOpError(op, "requires at least one result");
    return false;
  }
  if (!tcvCheckAllowedAttrs(op, attrs) || !tcvCheckSameElementType(op) || !tcvGetI64(op, "axis", &axisAttr) ||
      !tcvNormalizeAxis(op, "axis", axisAttr, in.rank, &axis))
    return false;
  for (intptr_t i = 0; i < n; ++i) {
    TcvShape s = tcvShapeOf(mlirOperationGetResult(op, i));
    char what[32];
    snprintf(what, sizeof what, "result #%ld", (long)i);
    if (!checkMatchesExceptAxis(op, what, &s, &in, "x", axis) || !addAxisSize(&sum, s.dims[axis]))
      return false;
  }
  if (sum == in.dims[axis])
    return true;
  tcEmitOpError(op, "result sizes along axis %lld must sum to %lld (x's size), got %lld", (long long)axis,
                (long long)in.dims[axis], (long long)sum);
  return false;
}

//===-- slice ---------------------------------------------------------------===//

// Python's slice.indices(n): a negative bound counts from the end, then the
// bound is clamped to [0, n] for a positive step and to [-1, n - 1] for a
// negative one.
static int64_t clampBound(int64_t bound, int64_t n, int64_t step) {
  if (bound < 0) {
    bound += n;
    if (bound < 0)
      bound = step < 0 ? -1 : 0;
  } else if (bound >= n) {
    bound = step < 0 ? n - 1 : n;
  }
  return bound;
}

// Number of elements Python's x[start:end:step] takes from a dim of size n.
static int64_t sliceLength(int64_t start, int64_t end, int64_t step, int64_t n) {
  int64_t lo = clampBound(start, n, step), hi = clampBound(end, n, step);
  // The distance and |step| fit in uint64_t even for step == INT64_MIN.
  uint64_t span = step > 0 ? (uint64_t)hi - (uint64_t)lo : (uint64_t)lo - (uint64_t)hi;
  uint64_t stride = step > 0 ? (uint64_t)step : 0 - (uint64_t)step;
  if ((step > 0 && hi <= lo) || (step < 0 && lo <= hi))
    return 0;
  return (int64_t)((span - 1) / stride + 1);
}

static bool checkSteps(MlirOperation op, const TcvArray *steps) {
  for (intptr_t i = 0; i < steps->size; ++i)
    if (steps->data[i] == 0) {
      tcEmitOpError(op, "attribute 'steps' entry #%ld is 0; steps must be nonzero", (long)i);
      return false;
    }
  return true;
}

// docs/dialects.md §1.5: a dynamic axis of x is taken whole, so that the
// result's `?` is x's and no run-time size enters the slice bounds.
static bool checkWholeAxis(MlirOperation op, intptr_t d, const TcvArray *starts, const TcvArray *ends,
                           const TcvArray *steps) {
  if (starts->data[d] == 0 && ends->data[d] == INT64_MAX && steps->data[d] == 1)
    return true;
  tcEmitOpError(op, "dimension %ld of x is dynamic, so the slice must take it whole (start 0, end %lld, step 1), "
                "got start %lld, end %lld, step %lld (docs/dialects.md §1.5)", (long)d, (long long)INT64_MAX,
                (long long)starts->data[d], (long long)ends->data[d], (long long)steps->data[d]);
  return false;
}

bool tcvVerifySlice(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"starts", "ends", "steps", NULL};
  TcvShape in = tcvShapeOf(mlirOperationGetOperand(op, 0)), out = in;
  TcvArray starts, ends, steps;
  if (!tcvCheckAllowedAttrs(op, attrs) || !tcvCheckSameElementType(op) || !tcvGetI64Array(op, "starts", &starts) ||
      !tcvGetI64Array(op, "ends", &ends) || !tcvGetI64Array(op, "steps", &steps) ||
      !checkLength(op, "starts", &starts, in.rank, "the rank of x") ||
      !checkLength(op, "ends", &ends, in.rank, "the rank of x") ||
      !checkLength(op, "steps", &steps, in.rank, "the rank of x") || !checkSteps(op, &steps))
    return false;
  for (intptr_t i = 0; i < in.rank; ++i)
    if (in.dims[i] == TCV_DYN && !checkWholeAxis(op, i, &starts, &ends, &steps))
      return false;
    else
      out.dims[i] = in.dims[i] == TCV_DYN ? TCV_DYN
                                          : sliceLength(starts.data[i], ends.data[i], steps.data[i], in.dims[i]);
  return tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &out);
}

//===-- gather --------------------------------------------------------------===//

static bool checkIndicesType(MlirOperation op, MlirValue indices) {
  MlirType t = tcvElementType(indices);
  if (mlirTypeIsAInteger(t) && mlirIntegerTypeIsSignless(t) &&
      (mlirIntegerTypeGetWidth(t) == 32 || mlirIntegerTypeGetWidth(t) == 64))
    return true;
  char buf[64];
  tcEmitOpError(op, "indices must have i32 or i64 elements, got %s", tcvFormatType(t, buf, sizeof buf));
  return false;
}

static bool checkResultLikeData(MlirOperation op, MlirValue data, MlirValue result) {
  MlirType d = tcvElementType(data), r = tcvElementType(result);
  if (mlirTypeEqual(d, r))
    return true;
  char a[64], b[64];
  tcEmitOpError(op, "result must have data's element type %s, got %s", tcvFormatType(d, a, sizeof a),
                tcvFormatType(r, b, sizeof b));
  return false;
}

// NumPy take: data.shape[:axis] + indices.shape + data.shape[axis+1:].
static bool gatherShape(MlirOperation op, const TcvShape *data, const TcvShape *indices, int64_t axis,
                        TcvShape *out) {
  intptr_t rank = data->rank - 1 + indices->rank;
  if (rank > TCV_MAX_RANK) {
    tcEmitOpError(op, "result must have rank %ld (data's rank - 1 + indices' rank), above the supported maximum %d",
                  (long)rank, TCV_MAX_RANK);
    return false;
  }
  out->rank = 0;
  for (intptr_t i = 0; i < data->rank; ++i) {
    if (i != axis) {
      out->dims[out->rank++] = data->dims[i];
      continue;
    }
    for (intptr_t j = 0; j < indices->rank; ++j)
      out->dims[out->rank++] = indices->dims[j];
  }
  return true;
}

bool tcvVerifyGather(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"axis", NULL};
  MlirValue data = mlirOperationGetOperand(op, 0), indices = mlirOperationGetOperand(op, 1);
  MlirValue result = mlirOperationGetResult(op, 0);
  TcvShape dataShape = tcvShapeOf(data), indicesShape = tcvShapeOf(indices), out;
  int64_t axisAttr, axis;
  return tcvCheckAllowedAttrs(op, attrs) && checkIndicesType(op, indices) && checkResultLikeData(op, data, result) &&
         tcvGetI64(op, "axis", &axisAttr) && tcvNormalizeAxis(op, "axis", axisAttr, dataShape.rank, &axis) &&
         gatherShape(op, &dataShape, &indicesShape, axis, &out) && tcvCheckResultShape(op, result, &out);
}

//===-- pad -----------------------------------------------------------------===//

static bool readPadMode(MlirOperation op, MlirStringRef *mode) {
  static const char *const modes[] = {"constant", "reflect", "edge"};
  if (!tcvGetString(op, "mode", mode))
    return false;
  for (size_t i = 0; i < sizeof modes / sizeof modes[0]; ++i)
    if (tcvStringIs(*mode, modes[i]))
      return true;
  tcEmitOpError(op, "attribute 'mode' must be \"constant\", \"reflect\" or \"edge\", got \"%.*s\"",
                (int)mode->length, mode->data);
  return false;
}

// An integer (or bool) x can only be padded with a value of its dtype.
static bool checkIntPadValue(MlirOperation op, MlirType elementType, double value) {
  unsigned width = mlirIntegerTypeGetWidth(elementType);
  bool isSigned = tcvDtypeOf(elementType) == TCV_DTYPE_SINT;
  double lo = isSigned ? -ldexp(1.0, (int)width - 1) : 0.0, end = ldexp(1.0, isSigned ? (int)width - 1 : (int)width);
  char type[64];
  tcvFormatType(elementType, type, sizeof type);
  if (value != floor(value)) {
    tcEmitOpError(op, "attribute 'value' (%g) must be a whole number to pad %s elements", value, type);
    return false;
  }
  if (value < lo || value >= end) {
    tcEmitOpError(op, "attribute 'value' (%g) is out of range for %s elements", value, type);
    return false;
  }
  return true;
}

// `value` means something only in constant mode; elsewhere it must be +0.0
// so that each program has one spelling.
static bool checkPadValue(MlirOperation op, MlirStringRef mode, MlirType elementType) {
  double value;
  if (!tcvGetF64(op, "value", &value))
    return false;
  if (!tcvStringIs(mode, "constant")) {
    if (value == 0.0 && !signbit(value))
      return true;
    tcEmitOpError(op, "attribute 'value' must be +0.0 unless mode is \"constant\", got %g", value);
    return false;
  }
  return tcvDtypeOf(elementType) == TCV_DTYPE_FLOAT || checkIntPadValue(op, elementType, value);
}

// reflect mirrors without repeating the edge, so it can add at most n - 1
// elements on a side; edge repeats the edge element, so the dim must have one.
static bool checkPadSide(MlirOperation op, MlirStringRef mode, intptr_t dim, int64_t size, int64_t pad) {
  if (pad <= 0)
    return true;
  if (tcvStringIs(mode, "reflect") && pad >= size) {
    tcEmitOpError(op, "mode \"reflect\" pads dimension %ld (size %lld) by %lld: must be less than the size",
                  (long)dim, (long long)size, (long long)pad);
    return false;
  }
  if (tcvStringIs(mode, "edge") && size == 0) {
    tcEmitOpError(op, "mode \"edge\" cannot pad dimension %ld: it is empty", (long)dim);
    return false;
  }
  return true;
}

static bool padDim(MlirOperation op, MlirStringRef mode, const TcvArray *pads, const TcvShape *in, intptr_t d,
                   int64_t *out) {
  int64_t begin = pads->data[d], end = pads->data[in->rank + d];
  if (!checkPadSide(op, mode, d, in->dims[d], begin) || !checkPadSide(op, mode, d, in->dims[d], end))
    return false;
  if (__builtin_add_overflow(in->dims[d], begin, out) || __builtin_add_overflow(*out, end, out)) {
    tcEmitOpError(op, "attribute 'pads' makes dimension %ld larger than a 64-bit integer holds", (long)d);
    return false;
  }
  if (*out >= 0)
    return true;
  tcEmitOpError(op, "attribute 'pads' gives dimension %ld a negative size: %lld + %lld + %lld", (long)d,
                (long long)in->dims[d], (long long)begin, (long long)end);
  return false;
}

bool tcvVerifyPad(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"pads", "mode", "value", NULL};
  MlirValue x = mlirOperationGetOperand(op, 0);
  TcvShape in = tcvShapeOf(x), out = in;
  TcvArray pads;
  MlirStringRef mode;
  if (!tcvCheckAllowedAttrs(op, attrs) || !tcvCheckSameElementType(op) || !tcvGetI64Array(op, "pads", &pads) ||
      !checkLength(op, "pads", &pads, 2 * in.rank, "twice the rank of x") || !readPadMode(op, &mode) ||
      !checkPadValue(op, mode, tcvElementType(x)))
    return false;
  for (intptr_t d = 0; d < in.rank; ++d)
    if (!padDim(op, mode, &pads, &in, d, &out.dims[d]))
      return false;
  return tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &out);
}
