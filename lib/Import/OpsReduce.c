//===- OpsReduce.c - ONNX reductions, ArgMax, ArgMin -------------------------===//
//
// ReduceSum/Prod/Max/Min/Mean map onto tc_tensor's reductions with the axes
// (an attribute, or a constant input: ReduceSum from opset 13, the others
// from opset 18) and keepdims
// written out. An empty axes list reduces every axis, unless
// noop_with_empty_axes asks for the identity. The other reductions are ONNX's
// defining formulas over those: ReduceL1 = sum |x|, ReduceL2 = sqrt(sum x²),
// ReduceSumSquare = sum x², ReduceLogSum = log(sum x), ReduceLogSumExp =
// log(sum e^x).
//
// CumSum is the running sum in NumPy's `cumsum` order (ONNX's reference),
// unrolled: the slices of x along the axis are added one after another, in
// reverse order for `reverse`, and the partial sums concatenated; for
// `exclusive` each position gets the sum before it (the first +0, and +0 +
// x for the next, as the reference's concatenated 0 gives). Every element is
// rounded exactly as the reference rounds it. The unrolled form has 3 ops
// per position, so axes longer than IMP_CUMSUM_MAX are refused.
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <stdlib.h>
#include <string.h>

static bool reduceAxes(Importer *im, ImpValue *x, int64_t *axes, int *n, bool *noop) {
  bool present;
  int64_t noopAttr;
  if (!tcImpAttrInt(im, "noop_with_empty_axes", 0, &noopAttr))
    return false;
  // axes moved from an attribute to an input: ReduceSum at opset 13, the
  // other reductions at 18.
  bool axesInput = im->opset >= (strcmp(im->node->op_type, "ReduceSum") == 0 ? 13 : 18);
  if (axesInput) {
    *n = 0;
    if (tcImpInput(im, 1) && !tcImpConstInts(im, 1, "axes", axes, IMP_MAX_RANK, n))
      return false;
  } else if (!tcImpAttrInts(im, "axes", axes, IMP_MAX_RANK, n, &present)) {
    return false;
  }
  *noop = *n == 0 && noopAttr;
  bool seen[IMP_MAX_RANK] = {false};
  for (int i = 0; i < *n; ++i) {
    if (!tcImpAxis(im, axes[i], x->rank, &axes[i]))
      return false;
    if (seen[axes[i]])
      return tcImpInvalid(im, "axis %" PRId64 " repeats", axes[i]);
    seen[axes[i]] = true;
  }
  return true;
}

static bool importReduce(Importer *im) {
  const char *op = im->node->op_type;
  ImpValue *x = tcImpInput(im, 0);
  int64_t axes[IMP_MAX_RANK], keepdims;
  int n;
  bool noop;
  if (!x)
    return tcImpInvalid(im, "input #0 is missing");
  if (!tcImpAttrInt(im, "keepdims", 1, &keepdims) || !reduceAxes(im, x, axes, &n, &noop) || !tcImpAtMostOutputs(im, 1))
    return false;
  bool isFloat = tcImpIsFloat(x->dtype);
  bool floatOnly = !strcmp(op, "ReduceMean") || !strcmp(op, "ReduceL2") || !strcmp(op, "ReduceLogSum") ||
                   !strcmp(op, "ReduceLogSumExp");
  if (!(isFloat || (tcImpIsInt(x->dtype) && !floatOnly)))
    return tcImpUnsupported(im, "dtype %s is not supported for this op", tcImpDtypeName(x->dtype));
  MlirValue v = tcImpGet(im, x);
  if (noop)
    return tcImpDefine(im, 0, tcImpUnary(im, "identity", v));
  if (!strcmp(op, "ReduceL1"))
    v = tcImpUnary(im, "abs", v);
  else if (!strcmp(op, "ReduceL2") || !strcmp(op, "ReduceSumSquare"))
    v = tcImpBinary(im, "mul", v, v);
  else if (!strcmp(op, "ReduceLogSumExp"))
    v = tcImpUnary(im, "exp", v);
  const char *kind = !strcmp(op, "ReduceMax")    ? "reduce_max"
                     : !strcmp(op, "ReduceMin")  ? "reduce_min"
                     : !strcmp(op, "ReduceMean") ? "reduce_mean"
                     : !strcmp(op, "ReduceProd") ? "reduce_prod"
                                                 : "reduce_sum";
  v = tcImpReduce(im, kind, v, axes, n, keepdims != 0);
  if (!strcmp(op, "ReduceL2"))
    v = tcImpUnary(im, "sqrt", v);
  else if (!strcmp(op, "ReduceLogSum") || !strcmp(op, "ReduceLogSumExp"))
    v = tcImpUnary(im, "log", v);
  return tcImpDefine(im, 0, v);
}

static bool importArg(Importer *im) {
  ImpValue *x = tcImpInput(im, 0);
  int64_t axis, keepdims, last;
  if (!x)
    return tcImpInvalid(im, "input #0 is missing");
  if (!tcImpAttrInt(im, "axis", 0, &axis) || !tcImpAttrInt(im, "keepdims", 1, &keepdims) ||
      !tcImpAttrInt(im, "select_last_index", 0, &last) || !tcImpAxis(im, axis, x->rank, &axis))
    return false;
  if (!tcImpIsFloat(x->dtype) && !tcImpIsInt(x->dtype))
    return tcImpUnsupported(im, "dtype %s", tcImpDtypeName(x->dtype));
  if (x->dims[axis] == 0)
    return tcImpInvalid(im, "arg reduction over an empty axis");
  int64_t dims[IMP_MAX_RANK];
  int r = 0;
  for (int d = 0; d < x->rank; ++d)
    if (d != axis)
      dims[r++] = x->dims[d];
    else if (keepdims)
      dims[r++] = 1;
  MlirNamedAttribute attrs[3] = {tcImpNamed(im, "axis", tcImpI64(im, axis)),
                                 tcImpNamed(im, "keepdims", tcImpBool(im, keepdims != 0)),
                                 tcImpNamed(im, "select_last_index", tcImpBool(im, last != 0))};
  MlirValue v = tcImpGet(im, x);
  const char *kind = strcmp(im->node->op_type, "ArgMax") == 0 ? "argmax" : "argmin";
  return tcImpDefine(im, 0, tcImpOp(im, kind, &v, 1, tcImpTensorType(im, IMP_I64, r, dims), attrs, 3));
}

enum { IMP_CUMSUM_MAX = 256 };

static bool importCumSum(Importer *im) {
  static const char *const known[] = {"exclusive", "reverse", NULL};
  ImpValue *x = tcImpInput(im, 0);
  int64_t exclusive, reverse, axis;
  int n;
  if (!x || !tcImpInput(im, 1))
    return tcImpInvalid(im, "CumSum needs x and axis");
  if (!tcImpKnownAttrs(im, known) || !tcImpAtMostOutputs(im, 1) || !tcImpAttrInt(im, "exclusive", 0, &exclusive) ||
      !tcImpAttrInt(im, "reverse", 0, &reverse))
    return false;
  if (!tcImpIsFloat(x->dtype) && !tcImpIsInt(x->dtype))
    return tcImpUnsupported(im, "dtype %s", tcImpDtypeName(x->dtype));
  if (tcImpInput(im, 1)->rank > 1)
    return tcImpInvalid(im, "axis must be a scalar");
  if (!tcImpConstInts(im, 1, "axis", &axis, 1, &n))
    return false;
  if (n != 1)
    return tcImpInvalid(im, "axis must hold one element");
  if (x->rank == 0)
    return tcImpInvalid(im, "CumSum needs rank >= 1");
  if (!tcImpAxis(im, axis, x->rank, &axis))
    return false;
  int r = x->rank;
  int64_t len = x->dims[axis];
  if (len > IMP_CUMSUM_MAX)
    return tcImpUnsupported(im, "a cumulative sum over %" PRId64 " elements (at most %d are unrolled)", len,
                            IMP_CUMSUM_MAX);
  MlirValue v = tcImpGet(im, x);
  if (len == 0)
    return tcImpDefine(im, 0, tcImpUnary(im, "identity", v));
  int64_t starts[IMP_MAX_RANK], ends[IMP_MAX_RANK], steps[IMP_MAX_RANK], dims[IMP_MAX_RANK];
  for (int d = 0; d < r; ++d)
    starts[d] = 0, ends[d] = dims[d] = x->dims[d], steps[d] = 1;
  dims[axis] = 1;
  MlirType pieceType = tcImpLike(im, v, r, dims);
  MlirValue zero = exclusive ? tcImpBroadcastTo(im, tcImpScalar(im, x->dtype, 0), r, dims) : (MlirValue){NULL};
  MlirValue *piece = malloc((size_t)len * sizeof *piece);
  MlirValue acc = {NULL};
  for (int64_t i = 0; i < len; ++i) {
    int64_t k = reverse ? len - 1 - i : i;
    starts[axis] = k, ends[axis] = k + 1;
    MlirNamedAttribute attrs[3] = {tcImpNamed(im, "starts", tcImpI64Array(im, starts, r)),
                                   tcImpNamed(im, "ends", tcImpI64Array(im, ends, r)),
                                   tcImpNamed(im, "steps", tcImpI64Array(im, steps, r))};
    if (exclusive && i + 1 == len) {
      piece[k] = len == 1 ? zero : acc;
      break;
    }
    MlirValue xk = tcImpOp(im, "slice", &v, 1, pieceType, attrs, 3);
    if (exclusive) {
      piece[k] = mlirValueIsNull(acc) ? zero : acc;
      acc = tcImpBinary(im, "add", piece[k], xk);
    } else {
      acc = mlirValueIsNull(acc) ? xk : tcImpBinary(im, "add", acc, xk);
      piece[k] = acc;
    }
  }
  MlirValue out = piece[0];
  MlirNamedAttribute axisAttr = tcImpNamed(im, "axis", tcImpI64(im, axis));
  for (int64_t k = 1; k < len; ++k) {
    MlirValue ops[2] = {out, piece[k]};
    dims[axis] = k + 1;
    out = tcImpOp(im, "concat", ops, 2, tcImpLike(im, v, r, dims), &axisAttr, 1);
  }
  free(piece);
  return tcImpDefine(im, 0, out);
}

ImpOpFn tcImpFindReduceOp(const char *op) {
  static const char *const kReduce[] = {"ReduceSum", "ReduceProd", "ReduceMax", "ReduceMin", "ReduceMean",
                                        "ReduceL1", "ReduceL2", "ReduceSumSquare", "ReduceLogSum",
                                        "ReduceLogSumExp", NULL};
  for (const char *const *k = kReduce; *k; ++k)
    if (strcmp(*k, op) == 0)
      return importReduce;
  if (!strcmp(op, "ArgMax") || !strcmp(op, "ArgMin"))
    return importArg;
  if (!strcmp(op, "CumSum"))
    return importCumSum;
  return NULL;
}
