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
  MlirValue v = impConstInts64(im, dtype, rank, dims, ints);
  free(ints);
  return v;
}

// The one-hot selection: `idx` and `data` broadcast against each other and
// against the class iota at dimension `at` (where idx has size 1 and data has
// size C); the result is the sum over `at` (dropped).
static MlirValue selectOneHot(Importer *im, MlirValue data, MlirValue idx, int at, int64_t classes) {
  int rank = impRankOf(data);
  MlirValue iota = iotaAt(im, impDtypeOfValue(idx), rank, at, classes);
  MlirValue hot = impCompare(im, "eq", idx, iota);
  if (mlirValueIsNull(hot))
    return hot;
  MlirValue sel = impWhere(im, hot, data, impScalar(im, impDtypeOfValue(data), 0));
  if (mlirValueIsNull(sel))
    return sel;
  int64_t axis = at;
  return impReduce(im, "reduce_sum", sel, &axis, 1, false);
}

static bool indexDtype(int32_t dtype) { return dtype == IMP_I32 || dtype == IMP_I64; }

static bool importGatherElements(Importer *im) {
  ImpValue *x = impInput(im, 0), *ix = impInput(im, 1);
  int64_t axis;
  if (!x || !ix)
    return impInvalid(im, "GatherElements needs data and indices");
  if (!impAttrInt(im, "axis", 0, &axis) || !impAxis(im, axis, x->rank, &axis))
    return false;
  if (!indexDtype(ix->dtype))
    return impInvalid(im, "indices of dtype %s (int32 or int64 expected)", impDtypeName(ix->dtype));
  if (ix->rank != x->rank || x->rank == 0)
    return impInvalid(im, "data and indices must have one rank (>= 1)");
  if (!impIsFloat(x->dtype) && !impIsInt(x->dtype) && x->dtype != IMP_BOOL)
    return impUnsupported(im, "dtype %s", impDtypeName(x->dtype));
  int r = x->rank, a = (int)axis;
  int64_t classes = x->dims[a];
  for (int d = 0; d < r; ++d)
    if (d != a && ix->dims[d] > x->dims[d])
      return impInvalid(im, "indices dimension %d (%" PRId64 ") exceeds the data's (%" PRId64 ")", d, ix->dims[d],
                        x->dims[d]);
  if (impNumElements(r, ix->dims) > (INT64_C(1) << 32) / (classes ? classes : 1))
    return impUnsupported(im, "a one-hot selection of more than 2^32 elements");
  // data restricted to the indices' extent outside `axis`.
  MlirValue data = impGet(im, x);
  bool sliced = false;
  int64_t starts[IMP_MAX_RANK], ends[IMP_MAX_RANK], steps[IMP_MAX_RANK], dims[IMP_MAX_RANK + 1];
  for (int d = 0; d < r; ++d) {
    starts[d] = 0, steps[d] = 1;
    ends[d] = d == a ? x->dims[d] : ix->dims[d];
    sliced |= ends[d] != x->dims[d];
    dims[d] = ends[d];
  }
  if (sliced) {
    MlirNamedAttribute attrs[3] = {impNamed(im, "starts", impI64Array(im, starts, r)),
                                   impNamed(im, "ends", impI64Array(im, ends, r)),
                                   impNamed(im, "steps", impI64Array(im, steps, r))};
    data = impOp(im, "slice", &data, 1, impLike(im, data, r, dims), attrs, 3);
  }
  bool isBool = x->dtype == IMP_BOOL;
  if (isBool)
    data = impCast(im, data, IMP_I32);
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
    return impUnsupported(im, "rank %d (one more than the largest rank is needed)", r);
  MlirValue idx = impGet(im, ix);
  // ONNX: a negative index counts from the end of the axis.
  MlirValue zero = impScalar(im, ix->dtype, 0), c = impScalar(im, ix->dtype, (double)classes);
  idx = impWhere(im, impCompare(im, "lt", idx, zero), impBinary(im, "add", idx, c), idx);
  MlirValue out = selectOneHot(im, impReshape(im, data, r + 1, dd), impReshape(im, idx, r + 1, di), a + 1, classes);
  if (mlirValueIsNull(out))
    return false;
  if (isBool)
    out = impCompare(im, "ne", out, impScalar(im, IMP_I32, 0));
  return impDefine(im, 0, out);
}

// The NLL loss of `logp` ([N, C, d...], float) against `target` ([N, d...]),
// as ONNX's NegativeLogLikelihoodLoss defines it; output 0 of the node.
static bool nllLoss(Importer *im, MlirValue logp, ImpValue *target, ImpValue *weight) {
  char reduction[16];
  int64_t ignore = 0;
  bool hasIgnore = impAttr(im, "ignore_index") != NULL;
  if (!impAttrString(im, "reduction", "mean", reduction, sizeof reduction) ||
      !impAttrInt(im, "ignore_index", 0, &ignore))
    return false;
  if (strcmp(reduction, "none") && strcmp(reduction, "sum") && strcmp(reduction, "mean"))
    return impInvalid(im, "reduction '%s' (none, sum or mean expected)", reduction);
  int r = impRankOf(logp);
  int32_t dtype = impDtypeOfValue(logp);
  if (r < 2)
    return impInvalid(im, "the input needs rank >= 2 ([N, C, d...])");
  if (!indexDtype(target->dtype))
    return impInvalid(im, "target of dtype %s (int32 or int64 expected)", impDtypeName(target->dtype));
  int64_t dims[IMP_MAX_RANK];
  impShapeOf(logp, dims);
  int64_t classes = dims[1];
  bool shapeOk = target->rank == r - 1 && target->dims[0] == dims[0];
  for (int d = 2; shapeOk && d < r; ++d)
    shapeOk = target->dims[d - 1] == dims[d];
  if (!shapeOk)
    return impInvalid(im, "target's shape is not the input's without dimension 1");
  if (weight && (weight->rank != 1 || weight->dims[0] != classes || weight->dtype != dtype))
    return impInvalid(im, "weight must be a [C] tensor of the input's dtype");
  if (impNumElements(r, dims) > (INT64_C(1) << 32))
    return impUnsupported(im, "a one-hot selection of more than 2^32 elements");
  // target as [N, 1, d...]
  int64_t t1[IMP_MAX_RANK];
  t1[0] = dims[0], t1[1] = 1;
  for (int d = 2; d < r; ++d)
    t1[d] = dims[d];
  MlirValue t = impReshape(im, impGet(im, target), r, t1);
  MlirValue picked = selectOneHot(im, logp, t, 1, classes);
  if (mlirValueIsNull(picked))
    return false;
  MlirValue loss = impUnary(im, "neg", picked), zero = impScalar(im, dtype, 0);
  MlirValue mask = {NULL}, tv = impGet(im, target);
  if (hasIgnore) {
    mask = impCompare(im, "ne", tv, impScalar(im, target->dtype, (double)ignore));
    loss = impWhere(im, mask, loss, zero);
  }
  MlirValue w = {NULL};
  if (weight) {
    int64_t wd[IMP_MAX_RANK];
    for (int d = 0; d < r; ++d)
      wd[d] = d == 1 ? classes : 1;
    // the weights at the targets: the same one-hot selection, broadcast
    w = selectOneHot(im, impReshape(im, impGet(im, weight), r, wd), t, 1, classes);
    if (mlirValueIsNull(w))
      return false;
    if (hasIgnore)
      w = impWhere(im, mask, w, zero);
    loss = impBinary(im, "mul", w, loss);
  } else if (hasIgnore) {
    w = impCast(im, mask, dtype);
  }
  if (!strcmp(reduction, "none"))
    return impDefine(im, 0, loss);
  MlirValue sum = impReduce(im, "reduce_sum", loss, NULL, 0, false);
  if (!strcmp(reduction, "sum"))
    return impDefine(im, 0, sum);
  if (mlirValueIsNull(w))
    return impDefine(im, 0, impReduce(im, "reduce_mean", loss, NULL, 0, false));
  return impDefine(im, 0, impBinary(im, "div", sum, impReduce(im, "reduce_sum", w, NULL, 0, false)));
}

static bool importNLL(Importer *im) {
  static const char *const known[] = {"reduction", "ignore_index", NULL};
  ImpValue *x = impInput(im, 0), *t = impInput(im, 1), *w = impInput(im, 2);
  if (!x || !t)
    return impInvalid(im, "NegativeLogLikelihoodLoss needs input and target");
  if (!impKnownAttrs(im, known) || !impAtMostOutputs(im, 1))
    return false;
  if (!impIsFloat(x->dtype))
    return impUnsupported(im, "dtype %s", impDtypeName(x->dtype));
  return nllLoss(im, impGet(im, x), t, w);
}

static bool importSCE(Importer *im) {
  static const char *const known[] = {"reduction", "ignore_index", NULL};
  ImpValue *x = impInput(im, 0), *t = impInput(im, 1), *w = impInput(im, 2);
  if (!x || !t)
    return impInvalid(im, "SoftmaxCrossEntropyLoss needs scores and labels");
  if (!impKnownAttrs(im, known) || !impAtMostOutputs(im, 2))
    return false;
  if (!impIsFloat(x->dtype))
    return impUnsupported(im, "dtype %s", impDtypeName(x->dtype));
  if (x->rank < 2)
    return impInvalid(im, "the scores need rank >= 2 ([N, C, d...])");
  MlirValue v = impGet(im, x);
  MlirNamedAttribute a = impNamed(im, "axis", impI64(im, 1));
  MlirValue logp = impOp(im, "log_softmax", &v, 1, mlirValueGetType(v), &a, 1);
  if (!nllLoss(im, logp, t, w))
    return false;
  return impOutput(im, 1) ? impDefine(im, 1, logp) : true;
}

static bool importHardmax(Importer *im) {
  static const char *const known[] = {"axis", NULL};
  ImpValue *x = impInput(im, 0);
  int64_t axis;
  if (!x)
    return impInvalid(im, "Hardmax needs an input");
  if (!impKnownAttrs(im, known) || !impAtMostOutputs(im, 1) ||
      !impAttrInt(im, "axis", im->opset >= 13 ? -1 : 1, &axis))
    return false;
  if (!impIsFloat(x->dtype))
    return impUnsupported(im, "dtype %s", impDtypeName(x->dtype));
  if (x->rank == 0)
    return impInvalid(im, "Hardmax needs rank >= 1");
  if (!impAxis(im, axis, x->rank, &axis))
    return false;
  MlirValue v = impGet(im, x);
  int r = x->rank, a = (int)axis;
  int64_t along = x->dims[a]; // the iota's length: the axis, or the coerced row
  if (im->opset < 13)
    for (int d = a + 1; d < r; ++d)
      along *= x->dims[d];
  if (along > IMP_FOLD_LIMIT * 16)
    return impUnsupported(im, "an axis of %" PRId64 " elements (the iota constant holds at most %d)", along,
                          IMP_FOLD_LIMIT * 16);
  if (im->opset < 13) { // coerced to [d0 * ... * d(axis-1), d(axis) * ... ]
    int64_t d2[2] = {1, 1};
    for (int d = 0; d < r; ++d)
      d2[d < a ? 0 : 1] *= x->dims[d];
    v = impReshape(im, v, 2, d2);
    r = 2, a = 1;
  }
  int64_t dims[IMP_MAX_RANK];
  impShapeOf(v, dims);
  int64_t n = dims[a];
  dims[a] = 1;
  MlirNamedAttribute attrs[3] = {impNamed(im, "axis", impI64(im, a)), impNamed(im, "keepdims", impBool(im, true)),
                                 impNamed(im, "select_last_index", impBool(im, false))};
  MlirValue arg = impOp(im, "argmax", &v, 1, impTensorType(im, IMP_I64, r, dims), attrs, 3);
  MlirValue hot = impCompare(im, "eq", arg, iotaAt(im, IMP_I64, r, a, n));
  if (mlirValueIsNull(hot))
    return false;
  MlirValue out = impCast(im, hot, x->dtype);
  if (im->opset < 13)
    out = impReshape(im, out, x->rank, x->dims);
  return impDefine(im, 0, out);
}

// Element `k` (0 or 1) of the rank-1 `values`, as a rank-0 tensor.
static MlirValue valueAt(Importer *im, MlirValue values, int64_t k) {
  int64_t start = k, end = k + 1, step = 1, one = 1;
  MlirNamedAttribute attrs[3] = {impNamed(im, "starts", impI64Array(im, &start, 1)),
                                 impNamed(im, "ends", impI64Array(im, &end, 1)),
                                 impNamed(im, "steps", impI64Array(im, &step, 1))};
  MlirValue s = impOp(im, "slice", &values, 1, impLike(im, values, 1, &one), attrs, 3);
  return impReshape(im, s, 0, NULL);
}

static bool importOneHot(Importer *im) {
  static const char *const known[] = {"axis", NULL};
  ImpValue *ix = impInput(im, 0), *depthV = impInput(im, 1), *vals = impInput(im, 2);
  int64_t axis;
  if (!ix || !depthV || !vals)
    return impInvalid(im, "OneHot needs indices, depth and values");
  if (!impKnownAttrs(im, known) || !impAtMostOutputs(im, 1) || !impAttrInt(im, "axis", -1, &axis))
    return false;
  if (!impIsFloat(ix->dtype) && !impIsInt(ix->dtype))
    return impInvalid(im, "indices of dtype %s (a numeric dtype expected)", impDtypeName(ix->dtype));
  if (impNumElements(depthV->rank, depthV->dims) != 1 || depthV->rank > 1)
    return impInvalid(im, "depth must be a scalar or a one-element rank-1 tensor");
  if (!impIsFloat(depthV->dtype) && !impIsInt(depthV->dtype))
    return impInvalid(im, "depth of dtype %s (a numeric dtype expected)", impDtypeName(depthV->dtype));
  if (!depthV->data)
    return impNotKnown(im, "depth", depthV);
  if (vals->rank != 1 || vals->dims[0] != 2)
    return impInvalid(im, "values must be a rank-1 tensor of two elements [off, on]");
  if (ix->rank + 1 > IMP_MAX_RANK)
    return impUnsupported(im, "rank %d (one more than the largest rank is needed)", ix->rank);
  int r = ix->rank + 1;
  if (axis < -r || axis >= r)
    return impInvalid(im, "axis %" PRId64 " is out of range for an output of rank %d", axis, r);
  int a = (int)(axis < 0 ? axis + r : axis);
  // ONNX's reference casts depth and the indices to int64.
  double dd = impDataDouble(depthV->data, depthV->dtype, 0);
  if (!(dd >= 1) || dd > (double)(INT64_C(1) << 32))
    return impUnsupported(im, "depth %g (1 to 2^32 supported)", dd);
  int64_t depth = (int64_t)dd;
  if (depth > IMP_FOLD_LIMIT * 16)
    return impUnsupported(im, "depth %" PRId64 " (the iota constant holds at most %d)", depth, IMP_FOLD_LIMIT * 16);
  if (impNumElements(ix->rank, ix->dims) > (INT64_C(1) << 32) / depth)
    return impUnsupported(im, "a one-hot tensor of more than 2^32 elements");
  MlirValue idx = impCast(im, impGet(im, ix), IMP_I64);
  MlirValue zero = impScalar(im, IMP_I64, 0), d = impScalar(im, IMP_I64, (double)depth);
  idx = impWhere(im, impCompare(im, "lt", idx, zero), impBinary(im, "add", idx, d), idx);
  int64_t dims[IMP_MAX_RANK];
  for (int k = 0, o = 0; k < r; ++k)
    dims[k] = k == a ? 1 : ix->dims[o++];
  MlirValue hot = impCompare(im, "eq", impReshape(im, idx, r, dims), iotaAt(im, IMP_I64, r, a, depth));
  if (mlirValueIsNull(hot))
    return false;
  MlirValue v = impGet(im, vals);
  return impDefine(im, 0, impWhere(im, hot, valueAt(im, v, 1), valueAt(im, v, 0)));
}

ImpOpFn impFindIndexOp(const char *op) {
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
