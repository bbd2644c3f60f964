//===- VerifyReduce.c - tc-verify rules for reductions and arg-reductions -===//
//
// docs/dialects.md §2.2.17-18. Both families reduce `x` over a set of axes
// and either keep the reduced dimensions as 1 (keepdims) or drop them, so
// both build a per-dimension "reduced" mask and derive the result shape from
// it. The reductions read the mask from `axes` (normalised, distinct; empty
// means every axis; tcvReadAxes, which tc_kernel.reduce also uses) and keep
// x's dtype; argmax/argmin reduce the single `axis`, which must be
// non-empty, and always yield i64. A dynamic dimension (§1.5) that is kept
// stays ?; a dynamic arg-reduced axis is the `nonempty-axis` constraint.
//
//===----------------------------------------------------------------------===//
#include "VerifyInternal.h"

// x's shape with the dimensions marked in `reduced` set to 1 or removed.
static TcvShape reducedShape(const TcvShape *x, const bool *reduced, bool keepdims) {
  TcvShape out = {0, {0}};
  for (intptr_t i = 0; i < x->rank; ++i) {
    if (!reduced[i])
      out.dims[out.rank++] = x->dims[i];
    else if (keepdims)
      out.dims[out.rank++] = 1;
  }
  return out;
}

bool tcvVerifyReduce(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"axes", "keepdims", NULL};
  MlirValue x = mlirOperationGetOperand(op, 0);
  TcvShape xs = tcvShapeOf(x);
  bool keepdims, reduced[TCV_MAX_RANK];
  if (!tcvCheckAllowedAttrs(op, attrs) || !tcvGetBool(op, "keepdims", &keepdims) ||
      !tcvCheckDtype(op, x, "operand 'x'", rule->dtypes, rule->dtypeText) || !tcvCheckSameElementType(op) ||
      !tcvReadAxes(op, xs.rank, reduced))
    return false;
  TcvShape shape = reducedShape(&xs, reduced, keepdims);
  return tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &shape);
}

static bool checkI64Result(MlirOperation op, MlirValue result) {
  MlirType t = tcvElementType(result);
  if (mlirTypeIsAInteger(t) && mlirIntegerTypeIsSignless(t) && mlirIntegerTypeGetWidth(t) == 64)
    return true;
  char got[64];
  tcEmitOpError(op, "result must have element type i64, got %s", tcvFormatType(t, got, sizeof got));
  return false;
}

// Reads `axis`, normalised against x's rank (which must be >= 1), and checks
// that the reduced dimension is not empty.
static bool readArgAxis(MlirOperation op, MlirValue xValue, int64_t *axis) {
  TcvShape x = tcvShapeOf(xValue);
  int64_t raw;
  if (!tcvCheckMinRank(op, xValue, "x", 1) || !tcvGetI64(op, "axis", &raw) ||
      !tcvNormalizeAxis(op, "axis", raw, x.rank, axis))
    return false;
  if (x.dims[*axis] >= 1 || x.dims[*axis] == TCV_DYN) // ?: the `nonempty-axis` run-time constraint
    return true;
  tcEmitOpError(op, "dimension %lld of operand 'x' (the reduced axis) must have size at least 1, got 0",
                (long long)*axis);
  return false;
}

bool tcvVerifyArgReduce(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"axis", "keepdims", "select_last_index", NULL};
  MlirValue x = mlirOperationGetOperand(op, 0), result = mlirOperationGetResult(op, 0);
  TcvShape xs = tcvShapeOf(x);
  bool keepdims, selectLast, reduced[TCV_MAX_RANK] = {false};
  int64_t axis;
  if (!tcvCheckAllowedAttrs(op, attrs) || !tcvGetBool(op, "keepdims", &keepdims) ||
      !tcvGetBool(op, "select_last_index", &selectLast) ||
      !tcvCheckDtype(op, x, "operand 'x'", rule->dtypes, rule->dtypeText) || !checkI64Result(op, result) ||
      !readArgAxis(op, x, &axis))
    return false;
  reduced[axis] = true;
  TcvShape shape = reducedShape(&xs, reduced, keepdims);
  return tcvCheckResultShape(op, result, &shape);
}
