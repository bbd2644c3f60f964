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
  if (!impAttrInt(im, "noop_with_empty_axes", 0, &noopAttr))
    return false;
  // axes moved from an attribute to an input: ReduceSum at opset 13, the
  // other reductions at 18.
  bool axesInput = im->opset >= (strcmp(im->node->op_type, "ReduceSum") == 0 ? 13 : 18);
  if (axesInput) {
    *n = 0;
    if (impInput(im, 1) && !impConstInts(im, 1, "axes", axes, IMP_MAX_RANK, n))
      return false;
  } else if (!impAttrInts(im, "axes", axes, IMP_MAX_RANK, n, &present)) {
    return false;
  }
  *noop = *n == 0 && noopAttr;
  bool seen[IMP_MAX_RANK] = {false};
  for (int i = 0; i < *n; ++i) {
    if (!impAxis(im, axes[i], x->rank, &axes[i]))
      return false;
    if (seen[axes[i]])
      return impInvalid(im, "axis %" PRId64 " repeats", axes[i]);
    seen[axes[i]] = true;
  }
  return true;
}

static bool importReduce(Importer *im) {
  const char *op = im->node->op_type;
  ImpValue *x = impInput(im, 0);
  int64_t axes[IMP_MAX_RANK], keepdims;
  int n;
  bool noop;
  if (!x)
    return impInvalid(im, "input #0 is missing");
  if (!impAttrInt(im, "keepdims", 1, &keepdims) || !reduceAxes(im, x, axes, &n, &noop) || !impAtMostOutputs(im, 1))
    return false;
  bool isFloat = impIsFloat(x->dtype);
  bool floatOnly = !strcmp(op, "ReduceMean") || !strcmp(op, "ReduceL2") || !strcmp(op, "ReduceLogSum") ||
                   !strcmp(op, "ReduceLogSumExp");
  if (!(isFloat || (impIsInt(x->dtype) && !floatOnly)))
    return impUnsupported(im, "dtype %s is not supported for this op", impDtypeName(x->dtype));
  MlirValue v = impGet(im, x);
  if (noop)
    return impDefine(im, 0, impUnary(im, "identity", v));
  if (!strcmp(op, "ReduceL1"))
    v = impUnary(im, "abs", v);
  else if (!strcmp(op, "ReduceL2") || !strcmp(op, "ReduceSumSquare"))
    v = impBinary(im, "mul", v, v);
  else if (!strcmp(op, "ReduceLogSumExp"))
    v = impUnary(im, "exp", v);
  const char *kind = !strcmp(op, "ReduceMax")    ? "reduce_max"
                     : !strcmp(op, "ReduceMin")  ? "reduce_min"
                     : !strcmp(op, "ReduceMean") ? "reduce_mean"
                     : !strcmp(op, "ReduceProd") ? "reduce_prod"
                                                 : "reduce_sum";
  v = impReduce(im, kind, v, axes, n, keepdims != 0);
  if (!strcmp(op, "ReduceL2"))
    v = impUnary(im, "sqrt", v);
  else if (!strcmp(op, "ReduceLogSum") || !strcmp(op, "ReduceLogSumExp"))
    v = impUnary(im, "log", v);
  return impDefine(im, 0, v);
}

static bool importArg(Importer *im) {
  ImpValue *x = impInput(im, 0);
  int64_t axis, keepdims, last;
  if (!x)
    return impInvalid(im, "input #0 is missing");
  if (!impAttrInt(im, "axis", 0, &axis) || !impAttrInt(im, "keepdims", 1, &keepdims) ||
      !impAttrInt(im, "select_last_index", 0, &last) || !impAxis(im, axis, x->rank, &axis))
    return false;
  if (!impIsFloat(x->dtype) && !impIsInt(x->dtype))
    return impUnsupported(im, "dtype %s", impDtypeName(x->dtype));
  if (x->dims[axis] == 0)
    return impInvalid(im, "arg reduction over an empty axis");
  int64_t dims[IMP_MAX_RANK];
  int r = 0;
  for (int d = 0; d < x->rank; ++d)
    if (d != axis)
      dims[r++] = x->dims[d];
    else if (keepdims)
      dims[r++] = 1;
  MlirNamedAttribute attrs[3] = {impNamed(im, "axis", impI64(im, axis)),
                                 impNamed(im, "keepdims", impBool(im, keepdims != 0)),
                                 impNamed(im, "select_last_index", impBool(im, last != 0))};
  MlirValue v = impGet(im, x);
  const char *kind = strcmp(im->node->op_type, "ArgMax") == 0 ? "argmax" : "argmin";
  return impDefine(im, 0, impOp(im, kind, &v, 1, impTensorType(im, IMP_I64, r, dims), attrs, 3));
}

enum { IMP_CUMSUM_MAX = 256 };

static bool importCumSum(Importer *im) {
  static const char *const known[] = {"exclusive", "reverse", NULL};
  ImpValue *x = impInput(im, 0);
  int64_t exclusive, reverse, axis;
  int n;
  if (!x || !impInput(im, 1))
    return impInvalid(im, "CumSum needs x and axis");
  if (!impKnownAttrs(im, known) || !impAtMostOutputs(im, 1) || !impAttrInt(im, "exclusive", 0, &exclusive) ||
      !impAttrInt(im, "reverse", 0, &reverse))
    return false;
  if (!impIsFloat(x->dtype) && !impIsInt(x->dtype))
    return impUnsupported(im, "dtype %s", impDtypeName(x->dtype));
  if (impInput(im, 1)->rank > 1)
    return impInvalid(im, "axis must be a scalar");
  if (!impConstInts(im, 1, "axis", &axis, 1, &n))
    return false;
  if (n != 1)
    return impInvalid(im, "axis must hold one element");
  if (x->rank == 0)
    return impInvalid(im, "CumSum needs rank >= 1");
  if (!impAxis(im, axis, x->rank, &axis))
    return false;
  int r = x->rank;
  int64_t len = x->dims[axis];
  if (len > IMP_CUMSUM_MAX)
    return impUnsupported(im, "a cumulative sum over %" PRId64 " elements (at most %d are unrolled)", len,
                          IMP_CUMSUM_MAX);
  MlirValue v = impGet(im, x);
  if (len == 0)
    return impDefine(im, 0, impUnary(im, "identity", v));
  int64_t starts[IMP_MAX_RANK], ends[IMP_MAX_RANK], steps[IMP_MAX_RANK], dims[IMP_MAX_RANK];
  for (int d = 0; d < r; ++d)
    starts[d] = 0, ends[d] = dims[d] = x->dims[d], steps[d] = 1;
  dims[axis] = 1;
  MlirType pieceType = impLike(im, v, r, dims);
  MlirValue zero = exclusive ? impBroadcastTo(im, impScalar(im, x->dtype, 0), r, dims) : (MlirValue){NULL};
  MlirValue *piece = malloc((size_t)len * sizeof *piece);
  MlirValue acc = {NULL};
  for (int64_t i = 0; i < len; ++i) {
    int64_t k = reverse ? len - 1 - i : i;
    starts[axis] = k, ends[axis] = k + 1;
    MlirNamedAttribute attrs[3] = {impNamed(im, "starts", impI64Array(im, starts, r)),
                                   impNamed(im, "ends", impI64Array(im, ends, r)),
                                   impNamed(im, "steps", impI64Array(im, steps, r))};
    if (exclusive && i + 1 == len) {
      piece[k] = len == 1 ? zero : acc;
      break;
    }
    MlirValue xk = impOp(im, "slice", &v, 1, pieceType, attrs, 3);
    if (exclusive) {
      piece[k] = mlirValueIsNull(acc) ? zero : acc;
      acc = impBinary(im, "add", piece[k], xk);
    } else {
      acc = mlirValueIsNull(acc) ? xk : impBinary(im, "add", acc, xk);
      piece[k] = acc;
    }
  }
  MlirValue out = piece[0];
  MlirNamedAttribute axisAttr = impNamed(im, "axis", impI64(im, axis));
  for (int64_t k = 1; k < len; ++k) {
    MlirValue ops[2] = {out, piece[k]};
    dims[axis] = k + 1;
    out = impOp(im, "concat", ops, 2, impLike(im, v, r, dims), &axisAttr, 1);
  }
  free(piece);
  return impDefine(im, 0, out);
}

ImpOpFn impFindReduceOp(const char *op) {
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
