//===- OpsIndex.c - ops that select elements by a runtime index -------------===//
//
// tc_tensor has `gather` (NumPy take along one axis with one index vector)
// but no element-wise gather. The ops here select one element per output
// position by an index tensor known only at run time, and are imported as a
// one-hot selection, which computes exactly the selected element:
//
//   sel[..., k, c, ...] = where(idx[..., k, ...] == c, data[..., c, ...], 0)
//   out[..., k, ...]    = reduce_sum over c of sel
//
// Exactly one term of each sum is the selected element and the others are
// +0, so the sum is that element (a −0 becomes +0; an index outside [0, C)
// selects nothing and gives 0, where ONNX leaves the result undefined). The
// work is C times that of a gather: exact, not fast.
//
//   GatherElements               the selection along `axis` (negative
//                                indices count from the end)
//   NegativeLogLikelihoodLoss    loss = −input[n, target[n, d...], d...],
//                                times weight[target] when given, 0 where
//                                target == ignore_index; reduction none, sum,
//                                or mean (sum / Σ weights, or the mean when
//                                neither weight nor ignore_index is given)
//   SoftmaxCrossEntropyLoss      log_softmax(scores, axis 1), then the NLL
//                                loss above; its second output is log_prob
//
// Two ops build a one-hot tensor from indices rather than select by one:
//
//   Hardmax   eq(argmax(x, axis, keepdims), iota along axis), cast to x's
//             dtype: 1 at the first largest element, 0 elsewhere (before
//             opset 13 on x coerced to 2-D at axis, as ONNX defines it)
//   OneHot    where(eq(indices, iota along axis), on, off) with indices cast
//             to int64 (truncation, as ONNX's reference) and a negative
//             index i read as i + depth; depth must be known at import time
//
// Each is ONNX's defining formula (the reference's computation), term for
// term, in the input's dtype.
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <stdlib.h>
#include <string.h>

// A constant 0, 1, ..., n-1 of `dtype`, shaped as rank-`rank` ones except
// dimension `at`.
static MlirValue iotaAt(Importer *im, int32_t dtype, int rank, int at, int64_t n) {
  int64_t dims[IMP_MAX_RANK + 1];
  for (int d = 0; d < rank; ++d)
    dims[d] = d == at ? n : 1;
  int64_t *ints = malloc((size_t)(n ? n : 1) * sizeof *ints);
  for (int64_t k = 0; k < n; ++k)
    ints[k] = k;
  MlirValue v = tcImpConstInts64(im, dtype, rank, dims, ints);
  free(ints);
  return v;
}

// The one-hot selection: `idx` and `data` broadcast against each other and
// against the class iota at dimension `at` (where idx has size 1 and data has
// size C); the result is the sum over `at` (dropped).
static MlirValue selectOneHot(Importer *im, MlirValue data, MlirValue idx, int at, int64_t classes) {
  int rank = tcImpRankOf(data);
  MlirValue iota = iotaAt(im, tcImpDtypeOfValue(idx), rank, at, classes);
  MlirValue hot = tcImpCompare(im, "eq", idx, iota);
  if (mlirValueIsNull(hot))
    return hot;
  MlirValue sel = tcImpWhere(im, hot, data, tcImpScalar(im, tcImpDtypeOfValue(data), 0));
  if (mlirValueIsNull(sel))
    return sel;
  int64_t axis = at;
  return tcImpReduce(im, "reduce_sum", sel, &axis, 1, false);
}

static bool indexDtype(int32_t dtype) { return dtype == IMP_I32 || dtype == IMP_I64; }

static bool importGatherElements(Importer *im) {
  ImpValue *x = tcImpInput(im, 0), *ix = tcImpInput(im, 1);
  int64_t axis;
  if (!x || !ix)
    return tcImpInvalid(im, "GatherElements needs data and indices");
  if (!tcImpAttrInt(im, "axis", 0, &axis) || !tcImpAxis(im, axis, x->rank, &axis))
    return false;
  if (!indexDtype(ix->dtype))
    return tcImpInvalid(im, "indices of dtype %s (int32 or int64 expected)", tcImpDtypeName(ix->dtype));
  if (ix->rank != x->rank || x->rank == 0)
    return tcImpInvalid(im, "data and indices must have one rank (>= 1)");
  if (!tcImpIsFloat(x->dtype) && !tcImpIsInt(x->dtype) && x->dtype != IMP_BOOL)
    return tcImpUnsupported(im, "dtype %s", tcImpDtypeName(x->dtype));
  int r = x->rank, a = (int)axis;
  int64_t classes = x->dims[a];
  for (int d = 0; d < r; ++d)
    if (d != a && ix->dims[d] > x->dims[d])
      return tcImpInvalid(im, "indices dimension %d (%" PRId64 ") exceeds the data's (%" PRId64 ")", d, ix->dims[d],
                          x->dims[d]);
  if (tcImpNumElements(r, ix->dims) > (INT64_C(1) << 32) / (classes ? classes : 1))
    return tcImpUnsupported(im, "a one-hot selection of more than 2^32 elements");
  // data restricted to the indices' extent outside `axis`.
  MlirValue data = tcImpGet(im, x);
  bool sliced = false;
  int64_t starts[IMP_MAX_RANK], ends[IMP_MAX_RANK], steps[IMP_MAX_RANK], dims[IMP_MAX_RANK + 1];
  for (int d = 0; d < r; ++d) {
    starts[d] = 0, steps[d] = 1;
    ends[d] = d == a ? x->dims[d] : ix->dims[d];
    sliced |= ends[d] != x->dims[d];
    dims[d] = ends[d];
  }
  if (sliced) {
    MlirNamedAttribute attrs[3] = {tcImpNamed(im, "starts", tcImpI64Array(im, starts, r)),
                                   tcImpNamed(im, "ends", tcImpI64Array(im, ends, r)),
                                   tcImpNamed(im, "steps", tcImpI64Array(im, steps, r))};
    data = tcImpOp(im, "slice", &data, 1, tcImpLike(im, data, r, dims), attrs, 3);
  }
  bool isBool = x->dtype == IMP_BOOL;
  if (isBool)
    data = tcImpCast(im, data, IMP_I32);
  // data as [A..., 1, C, B...], indices as [A..., K, 1, B...].
  int64_t dd[IMP_MAX_RANK + 1], di[IMP_MAX_RANK + 1];
  for (int d = 0, o = 0; d < r; ++d) {
    if (d == a) {
      dd[o] = 1, dd[o + 1] = classes;
      di[o] = ix->dims[d], di[o + 1] = 1;
      o += 2;
    } else {
      dd[o] = di[o] = ix->dims[d];
      ++o;
    }
  }
  if (r + 1 > IMP_MAX_RANK)
    return tcImpUnsupported(im, "rank %d (one more than the largest rank is needed)", r);
  MlirValue idx = tcImpGet(im, ix);
  // ONNX: a negative index counts from the end of the axis.
  MlirValue zero = tcImpScalar(im, ix->dtype, 0), c = tcImpScalar(im, ix->dtype, (double)classes);
  idx = tcImpWhere(im, tcImpCompare(im, "lt", idx, zero), tcImpBinary(im, "add", idx, c), idx);
  MlirValue out = selectOneHot(im, tcImpReshape(im, data, r + 1, dd), tcImpReshape(im, idx, r + 1, di), a + 1, classes);
  if (mlirValueIsNull(out))
    return false;
  if (isBool)
    out = tcImpCompare(im, "ne", out, tcImpScalar(im, IMP_I32, 0));
  return tcImpDefine(im, 0, out);
}

// The NLL loss of `logp` ([N, C, d...], float) against `target` ([N, d...]),
// as ONNX's NegativeLogLikelihoodLoss defines it; output 0 of the node.
static bool nllLoss(Importer *im, MlirValue logp, ImpValue *target, ImpValue *weight) {
  char reduction[16];
  int64_t ignore = 0;
  bool hasIgnore = tcImpAttr(im, "ignore_index") != NULL;
  if (!tcImpAttrString(im, "reduction", "mean", reduction, sizeof reduction) ||
      !tcImpAttrInt(im, "ignore_index", 0, &ignore))
    return false;
  if (strcmp(reduction, "none") && strcmp(reduction, "sum") && strcmp(reduction, "mean"))
    return tcImpInvalid(im, "reduction '%s' (none, sum or mean expected)", reduction);
  int r = tcImpRankOf(logp);
  int32_t dtype = tcImpDtypeOfValue(logp);
  if (r < 2)
    return tcImpInvalid(im, "the input needs rank >= 2 ([N, C, d...])");
  if (!indexDtype(target->dtype))
    return tcImpInvalid(im, "target of dtype %s (int32 or int64 expected)", tcImpDtypeName(target->dtype));
  int64_t dims[IMP_MAX_RANK];
  tcImpShapeOf(logp, dims);
  int64_t classes = dims[1];
  bool shapeOk = target->rank == r - 1 && target->dims[0] == dims[0];
  for (int d = 2; shapeOk && d < r; ++d)
    shapeOk = target->dims[d - 1] == dims[d];
  if (!shapeOk)
    return tcImpInvalid(im, "target's shape is not the input's without dimension 1");
  if (weight && (weight->rank != 1 || weight->dims[0] != classes || weight->dtype != dtype))
    return tcImpInvalid(im, "weight must be a [C] tensor of the input's dtype");
  if (tcImpNumElements(r, dims) > (INT64_C(1) << 32))
    return tcImpUnsupported(im, "a one-hot selection of more than 2^32 elements");
  // target as [N, 1, d...]
  int64_t t1[IMP_MAX_RANK];
  t1[0] = dims[0], t1[1] = 1;
  for (int d = 2; d < r; ++d)
    t1[d] = dims[d];
  MlirValue t = tcImpReshape(im, tcImpGet(im, target), r, t1);
  MlirValue picked = selectOneHot(im, logp, t, 1, classes);
  if (mlirValueIsNull(picked))
    return false;
  MlirValue loss = tcImpUnary(im, "neg", picked), zero = tcImpScalar(im, dtype, 0);
  MlirValue mask = {NULL}, tv = tcImpGet(im, target);
  if (hasIgnore) {
    mask = tcImpCompare(im, "ne", tv, tcImpScalar(im, target->dtype, (double)ignore));
    loss = tcImpWhere(im, mask, loss, zero);
  }
  MlirValue w = {NULL};
  if (weight) {
    int64_t wd[IMP_MAX_RANK];
    for (int d = 0; d < r; ++d)
      wd[d] = d == 1 ? classes : 1;
    // the weights at the targets: the same one-hot selection, broadcast
    w = selectOneHot(im, tcImpReshape(im, tcImpGet(im, weight), r, wd), t, 1, classes);
    if (mlirValueIsNull(w))
      return false;
    if (hasIgnore)
      w = tcImpWhere(im, mask, w, zero);
    loss = tcImpBinary(im, "mul", w, loss);
  } else if (hasIgnore) {
    w = tcImpCast(im, mask, dtype);
  }
  if (!strcmp(reduction, "none"))
    return tcImpDefine(im, 0, loss);
  MlirValue sum = tcImpReduce(im, "reduce_sum", loss, NULL, 0, false);
  if (!strcmp(reduction, "sum"))
    return tcImpDefine(im, 0, sum);
  if (mlirValueIsNull(w))
    return tcImpDefine(im, 0, tcImpReduce(im, "reduce_mean", loss, NULL, 0, false));
  return tcImpDefine(im, 0, tcImpBinary(im, "div", sum, tcImpReduce(im, "reduce_sum", w, NULL, 0, false)));
}

static bool importNLL(Importer *im) {
  static const char *const known[] = {"reduction", "ignore_index", NULL};
  ImpValue *x = tcImpInput(im, 0), *t = tcImpInput(im, 1), *w = tcImpInput(im, 2);
  if (!x || !t)
    return tcImpInvalid(im, "NegativeLogLikelihoodLoss needs input and target");
  if (!tcImpKnownAttrs(im, known) || !tcImpAtMostOutputs(im, 1))
    return false;
  if (!tcImpIsFloat(x->dtype))
    return tcImpUnsupported(im, "dtype %s", tcImpDtypeName(x->dtype));
  return nllLoss(im, tcImpGet(im, x), t, w);
}

static bool importSCE(Importer *im) {
  static const char *const known[] = {"reduction", "ignore_index", NULL};
  ImpValue *x = tcImpInput(im, 0), *t = tcImpInput(im, 1), *w = tcImpInput(im, 2);
  if (!x || !t)
    return tcImpInvalid(im, "SoftmaxCrossEntropyLoss needs scores and labels");
  if (!tcImpKnownAttrs(im, known) || !tcImpAtMostOutputs(im, 2))
    return false;
  if (!tcImpIsFloat(x->dtype))
    return tcImpUnsupported(im, "dtype %s", tcImpDtypeName(x->dtype));
  if (x->rank < 2)
    return tcImpInvalid(im, "the scores need rank >= 2 ([N, C, d...])");
  MlirValue v = tcImpGet(im, x);
  MlirNamedAttribute a = tcImpNamed(im, "axis", tcImpI64(im, 1));
  MlirValue logp = tcImpOp(im, "log_softmax", &v, 1, mlirValueGetType(v), &a, 1);
  if (!nllLoss(im, logp, t, w))
    return false;
  return tcImpOutput(im, 1) ? tcImpDefine(im, 1, logp) : true;
}

static bool importHardmax(Importer *im) {
  static const char *const known[] = {"axis", NULL};
  ImpValue *x = tcImpInput(im, 0);
  int64_t axis;
  if (!x)
    return tcImpInvalid(im, "Hardmax needs an input");
  if (!tcImpKnownAttrs(im, known) || !tcImpAtMostOutputs(im, 1) ||
      !tcImpAttrInt(im, "axis", im->opset >= 13 ? -1 : 1, &axis))
    return false;
  if (!tcImpIsFloat(x->dtype))
    return tcImpUnsupported(im, "dtype %s", tcImpDtypeName(x->dtype));
  if (x->rank == 0)
    return tcImpInvalid(im, "Hardmax needs rank >= 1");
  if (!tcImpAxis(im, axis, x->rank, &axis))
    return false;
  MlirValue v = tcImpGet(im, x);
  int r = x->rank, a = (int)axis;
  int64_t along = x->dims[a]; // the iota's length: the axis, or the coerced row
  if (im->opset < 13)
    for (int d = a + 1; d < r; ++d)
      along *= x->dims[d];
  if (along > IMP_FOLD_LIMIT * 16)
    return tcImpUnsupported(im, "an axis of %" PRId64 " elements (the iota constant holds at most %d)", along,
                            IMP_FOLD_LIMIT * 16);
  if (im->opset < 13) { // coerced to [d0 * ... * d(axis-1), d(axis) * ... ]
    int64_t d2[2] = {1, 1};
    for (int d = 0; d < r; ++d)
      d2[d < a ? 0 : 1] *= x->dims[d];
    v = tcImpReshape(im, v, 2, d2);
    r = 2, a = 1;
  }
  int64_t dims[IMP_MAX_RANK];
  tcImpShapeOf(v, dims);
  int64_t n = dims[a];
  dims[a] = 1;
  MlirNamedAttribute attrs[3] = {tcImpNamed(im, "axis", tcImpI64(im, a)),
                                 tcImpNamed(im, "keepdims", tcImpBool(im, true)),
                                 tcImpNamed(im, "select_last_index", tcImpBool(im, false))};
  MlirValue arg = tcImpOp(im, "argmax", &v, 1, tcImpTensorType(im, IMP_I64, r, dims), attrs, 3);
  MlirValue hot = tcImpCompare(im, "eq", arg, iotaAt(im, IMP_I64, r, a, n));
  if (mlirValueIsNull(hot))
    return false;
  MlirValue out = tcImpCast(im, hot, x->dtype);
  if (im->opset < 13)
    out = tcImpReshape(im, out, x->rank, x->dims);
  return tcImpDefine(im, 0, out);
}

// Element `k` (0 or 1) of the rank-1 `values`, as a rank-0 tensor.
static MlirValue valueAt(Importer *im, MlirValue values, int64_t k) {
  int64_t start = k, end = k + 1, step = 1, one = 1;
  MlirNamedAttribute attrs[3] = {tcImpNamed(im, "starts", tcImpI64Array(im, &start, 1)),
                                 tcImpNamed(im, "ends", tcImpI64Array(im, &end, 1)),
                                 tcImpNamed(im, "steps", tcImpI64Array(im, &step, 1))};
  MlirValue s = tcImpOp(im, "slice", &values, 1, tcImpLike(im, values, 1, &one), attrs, 3);
  return tcImpReshape(im, s, 0, NULL);
}

static bool importOneHot(Importer *im) {
  static const char *const known[] = {"axis", NULL};
  ImpValue *ix = tcImpInput(im, 0), *depthV = tcImpInput(im, 1), *vals = tcImpInput(im, 2);
  int64_t axis;
  if (!ix || !depthV || !vals)
    return tcImpInvalid(im, "OneHot needs indices, depth and values");
  if (!tcImpKnownAttrs(im, known) || !tcImpAtMostOutputs(im, 1) || !tcImpAttrInt(im, "axis", -1, &axis))
    return false;
  if (!tcImpIsFloat(ix->dtype) && !tcImpIsInt(ix->dtype))
    return tcImpInvalid(im, "indices of dtype %s (a numeric dtype expected)", tcImpDtypeName(ix->dtype));
  if (tcImpNumElements(depthV->rank, depthV->dims) != 1 || depthV->rank > 1)
    return tcImpInvalid(im, "depth must be a scalar or a one-element rank-1 tensor");
  if (!tcImpIsFloat(depthV->dtype) && !tcImpIsInt(depthV->dtype))
    return tcImpInvalid(im, "depth of dtype %s (a numeric dtype expected)", tcImpDtypeName(depthV->dtype));
  if (!depthV->data)
    return tcImpNotKnown(im, "depth", depthV);
  if (vals->rank != 1 || vals->dims[0] != 2)
    return tcImpInvalid(im, "values must be a rank-1 tensor of two elements [off, on]");
  if (ix->rank + 1 > IMP_MAX_RANK)
    return tcImpUnsupported(im, "rank %d (one more than the largest rank is needed)", ix->rank);
  int r = ix->rank + 1;
  if (axis < -r || axis >= r)
    return tcImpInvalid(im, "axis %" PRId64 " is out of range for an output of rank %d", axis, r);
  int a = (int)(axis < 0 ? axis + r : axis);
  // ONNX's reference casts depth and the indices to int64.
  double dd = tcImpDataDouble(depthV->data, depthV->dtype, 0);
  if (!(dd >= 1) || dd > (double)(INT64_C(1) << 32))
    return tcImpUnsupported(im, "depth %g (1 to 2^32 supported)", dd);
  int64_t depth = (int64_t)dd;
  if (depth > IMP_FOLD_LIMIT * 16)
    return tcImpUnsupported(im, "depth %" PRId64 " (the iota constant holds at most %d)", depth, IMP_FOLD_LIMIT * 16);
  if (tcImpNumElements(ix->rank, ix->dims) > (INT64_C(1) << 32) / depth)
    return tcImpUnsupported(im, "a one-hot tensor of more than 2^32 elements");
  MlirValue idx = tcImpCast(im, tcImpGet(im, ix), IMP_I64);
  MlirValue zero = tcImpScalar(im, IMP_I64, 0), d = tcImpScalar(im, IMP_I64, (double)depth);
  idx = tcImpWhere(im, tcImpCompare(im, "lt", idx, zero), tcImpBinary(im, "add", idx, d), idx);
  int64_t dims[IMP_MAX_RANK];
  for (int k = 0, o = 0; k < r; ++k)
    dims[k] = k == a ? 1 : ix->dims[o++];
  MlirValue hot = tcImpCompare(im, "eq", tcImpReshape(im, idx, r, dims), iotaAt(im, IMP_I64, r, a, depth));
  if (mlirValueIsNull(hot))
    return false;
  MlirValue v = tcImpGet(im, vals);
  return tcImpDefine(im, 0, tcImpWhere(im, hot, valueAt(im, v, 1), valueAt(im, v, 0)));
}

ImpOpFn tcImpFindIndexOp(const char *op) {
  static const struct {
    const char *name;
    ImpOpFn fn;
  } kOps[] = {
      {"GatherElements", importGatherElements},
      {"NegativeLogLikelihoodLoss", importNLL},
      {"SoftmaxCrossEntropyLoss", importSCE},
      {"Hardmax", importHardmax},
      {"OneHot", importOneHot},
  };
  for (size_t i = 0; i < sizeof kOps / sizeof *kOps; ++i)
    if (strcmp(kOps[i].name, op) == 0)
      return kOps[i].fn;
  return NULL;
}
