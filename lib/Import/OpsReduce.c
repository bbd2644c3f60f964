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
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

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

ImpOpFn impFindReduceOp(const char *op) {
  static const char *const kReduce[] = {"ReduceSum", "ReduceProd", "ReduceMax", "ReduceMin", "ReduceMean",
                                        "ReduceL1", "ReduceL2", "ReduceSumSquare", "ReduceLogSum",
                                        "ReduceLogSumExp", NULL};
  for (const char *const *k = kReduce; *k; ++k)
    if (strcmp(*k, op) == 0)
      return importReduce;
  if (!strcmp(op, "ArgMax") || !strcmp(op, "ArgMin"))
    return importArg;
  return NULL;
}
