//===- VerifyNorm.c - tc-verify rules for batch norm, layer norm, softmax -===//
//
// docs/dialects.md §2.2.14-16: the three families keep the shape and dtype of
// `x`, so each check ends by comparing the result with x's shape. What differs
// is how the parameters relate to x: batch_norm's four parameters are [C]
// with C = x.shape[1]; layer_norm's scale and bias broadcast unidirectionally
// to the normalised suffix x.shape[axis:]; softmax has no parameters, only an
// axis. epsilon must be finite and >= 0; axes are normalised against x's rank,
// which must be at least 1 (2 for batch_norm) for the axis to exist.
// Dynamic dimensions (§1.5) pass through x; batch_norm's parameters must be
// static, and [C] against a dynamic C is the `equal-dims` run-time constraint;
// layer_norm's scale and bias must be static and its normalised dimensions
// x.shape[axis:] known (a `?` only among the rows).
//
//===----------------------------------------------------------------------===//
#include "VerifyInternal.h"

#include <math.h>

static bool getEpsilon(MlirOperation op) {
  double eps;
  if (!tcvGetF64(op, "epsilon", &eps))
    return false;
  if (isfinite(eps) && eps >= 0)
    return true;
  tcEmitOpError(op, "attribute 'epsilon' must be finite and >= 0, got %g", eps);
  return false;
}

// The checks every op of this file ends with: x's dtype, one element type for
// all operands and the result, and the result shaped like x.
static bool checkLikeX(MlirOperation op, const TcvOpRule *rule) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  TcvShape shape = tcvShapeOf(x);
  return tcvCheckDtype(op, x, "operand 'x'", rule->dtypes, rule->dtypeText) && tcvCheckSameElementType(op) &&
         tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &shape);
}

// Checks that operand `index` (`name`) of batch_norm has shape [C].
static bool checkChannelParam(MlirOperation op, intptr_t index, const char *name, int64_t channels) {
  TcvShape s = tcvShapeOf(mlirOperationGetOperand(op, index));
  if (s.rank == 1 && s.dims[0] == channels)
    return true;
  char got[256];
  tcEmitOpError(op, "operand '%s' must have shape [C] = %lld (C = x.shape[1]), got %s", name, (long long)channels,
                tcvFormatShape(&s, got, sizeof got));
  return false;
}

bool tcvVerifyBatchNorm(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"epsilon", NULL};
  static const char *const params[] = {"scale", "bias", "mean", "var"};
  MlirValue x = mlirOperationGetOperand(op, 0);
  if (!tcvCheckAllowedAttrs(op, attrs) || !getEpsilon(op) || !checkLikeX(op, rule) || !tcvCheckMinRank(op, x, "x", 2))
    return false;
  int64_t channels = tcvShapeOf(x).dims[1];
  for (intptr_t i = 0; i < 4; ++i)
    if (!tcvCheckStatic(op, mlirOperationGetOperand(op, i + 1), params[i]) ||
        (channels != TCV_DYN && !checkChannelParam(op, i + 1, params[i], channels)) ||
        (channels == TCV_DYN && !tcvCheckRank(op, mlirOperationGetOperand(op, i + 1), params[i], 1)))
      return false;
  return true;
}

// Checks that operand `index` (`name`), if present, broadcasts unidirectionally
// to `suffix` = x.shape[axis:].
static bool checkSuffixParam(MlirOperation op, intptr_t index, const char *name, const TcvShape *suffix) {
  if (index >= mlirOperationGetNumOperands(op))
    return true;
  TcvShape s = tcvShapeOf(mlirOperationGetOperand(op, index));
  if (tcvBroadcastsTo(&s, suffix))
    return true;
  char got[256], want[256];
  tcEmitOpError(op, "operand '%s' of shape %s must broadcast unidirectionally to x.shape[axis:] = %s", name,
                tcvFormatShape(&s, got, sizeof got), tcvFormatShape(suffix, want, sizeof want));
  return false;
}

// Reads `axis` and normalises it against x's rank, which must be >= 1.
static bool getXAxis(MlirOperation op, int64_t *axis) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  int64_t raw;
  return tcvCheckMinRank(op, x, "x", 1) && tcvGetI64(op, "axis", &raw) &&
         tcvNormalizeAxis(op, "axis", raw, tcvShapeOf(x).rank, axis);
}

bool tcvVerifyLayerNorm(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"axis", "epsilon", NULL};
  int64_t axis;
  if (!tcvCheckAllowedAttrs(op, attrs) || !getEpsilon(op) || !checkLikeX(op, rule) || !getXAxis(op, &axis))
    return false;
  TcvShape x = tcvShapeOf(mlirOperationGetOperand(op, 0)), suffix = {x.rank - axis, {0}};
  for (intptr_t i = axis; i < x.rank; ++i)
    suffix.dims[i - axis] = x.dims[i];
  if (tcvShapeIsDynamic(&suffix)) {
    char got[256];
    tcEmitOpError(op, "the normalised dimensions x.shape[axis:] = %s must be static (docs/dialects.md §1.5)",
                  tcvFormatShape(&suffix, got, sizeof got));
    return false;
  }
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); ++i)
    if (!tcvCheckStatic(op, mlirOperationGetOperand(op, i), i == 1 ? "scale" : "bias"))
      return false;
  return checkSuffixParam(op, 1, "scale", &suffix) && checkSuffixParam(op, 2, "bias", &suffix);
}

bool tcvVerifySoftmax(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"axis", NULL};
  int64_t axis;
  return tcvCheckAllowedAttrs(op, attrs) && checkLikeX(op, rule) && getXAxis(op, &axis);
}
