//===- VerifyElementwise.c - elementwise, compare, select, cast, constant --===//
//
// docs/dialects.md §2.2: unary ops keep shape and dtype; binary ops and
// comparisons broadcast NumPy-style (comparisons yield i1); where broadcasts
// three ways; clip's bounds have the attribute kind of its dtype; cast keeps
// the shape; a constant's value has exactly the result type.
//
//===----------------------------------------------------------------------===//
#include "VerifyInternal.h"

#include <math.h>

static const char *const kNoAttrs[] = {NULL};

bool tcvVerifyUnary(MlirOperation op, const TcvOpRule *rule) {
  MlirValue x = mlirOperationGetOperand(op, 0), y = mlirOperationGetResult(op, 0);
  TcvShape shape = tcvShapeOf(x);
  return tcvCheckAllowedAttrs(op, kNoAttrs) && tcvCheckDtype(op, x, "operand", rule->dtypes, rule->dtypeText) &&
         tcvCheckSameElementType(op) && tcvCheckResultShape(op, y, &shape);
}

// Broadcasts the shapes of operands [0, n) into `out`, naming both shapes in
// the diagnostic when they are incompatible.
static bool broadcastOperands(MlirOperation op, intptr_t first, intptr_t n, TcvShape *out) {
  *out = tcvShapeOf(mlirOperationGetOperand(op, first));
  for (intptr_t i = first + 1; i < first + n; ++i) {
    TcvShape next = tcvShapeOf(mlirOperationGetOperand(op, i)), joined;
    if (!tcvBroadcast(out, &next, &joined)) {
      char a[256], b[256];
      tcEmitOpError(op, "operand shapes %s and %s are not broadcast-compatible", tcvFormatShape(out, a, sizeof a),
                    tcvFormatShape(&next, b, sizeof b));
      return false;
    }
    *out = joined;
  }
  return true;
}

bool tcvVerifyBinary(MlirOperation op, const TcvOpRule *rule) {
  TcvShape shape;
  return tcvCheckAllowedAttrs(op, kNoAttrs) &&
         tcvCheckDtype(op, mlirOperationGetOperand(op, 0), "operand #0", rule->dtypes, rule->dtypeText) &&
         tcvCheckSameElementType(op) && broadcastOperands(op, 0, 2, &shape) &&
         tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &shape);
}

static bool checkSameType(MlirOperation op, MlirValue a, MlirValue b, const char *what) {
  if (mlirTypeEqual(tcvElementType(a), tcvElementType(b)))
    return true;
  char ta[64], tb[64];
  tcEmitOpError(op, "%s must have the same element type, got %s and %s", what,
                tcvFormatType(tcvElementType(a), ta, sizeof ta), tcvFormatType(tcvElementType(b), tb, sizeof tb));
  return false;
}

bool tcvVerifyCompare(MlirOperation op, const TcvOpRule *rule) {
  MlirValue lhs = mlirOperationGetOperand(op, 0), rhs = mlirOperationGetOperand(op, 1);
  MlirValue result = mlirOperationGetResult(op, 0);
  TcvShape shape;
  return tcvCheckAllowedAttrs(op, kNoAttrs) && tcvCheckDtype(op, lhs, "operand #0", rule->dtypes, rule->dtypeText) &&
         checkSameType(op, lhs, rhs, "operands") && tcvCheckDtype(op, result, "result", TCV_DTYPE_BOOL, "i1") &&
         broadcastOperands(op, 0, 2, &shape) && tcvCheckResultShape(op, result, &shape);
}

bool tcvVerifyWhere(MlirOperation op, const TcvOpRule *rule) {
  MlirValue cond = mlirOperationGetOperand(op, 0), lhs = mlirOperationGetOperand(op, 1);
  MlirValue rhs = mlirOperationGetOperand(op, 2), result = mlirOperationGetResult(op, 0);
  TcvShape shape;
  return tcvCheckAllowedAttrs(op, kNoAttrs) && tcvCheckDtype(op, cond, "condition", TCV_DTYPE_BOOL, "i1") &&
         checkSameType(op, lhs, rhs, "selected operands") && checkSameType(op, lhs, result, "operand #1 and result") &&
         broadcastOperands(op, 0, 3, &shape) && tcvCheckResultShape(op, result, &shape);
}

// Checks that integer bound `name` (read with x's signedness) fits `dtype`.
static bool checkIntBound(MlirOperation op, const char *name, int64_t v, MlirType dtype) {
  unsigned width = mlirIntegerTypeGetWidth(dtype);
  bool fits;
  if (mlirIntegerTypeIsUnsigned(dtype))
    fits = width == 64 || (uint64_t)v <= (UINT64_C(1) << width) - 1;
  else
    fits = width == 64 || (v >= -(INT64_C(1) << (width - 1)) && v <= (INT64_C(1) << (width - 1)) - 1);
  if (fits)
    return true;
  char type[32];
  tcEmitOpError(op, "attribute '%s' (%lld) is out of range for %s", name, (long long)v,
                tcvFormatType(dtype, type, sizeof type));
  return false;
}

static bool checkFloatBound(MlirOperation op, const char *name) {
  double v;
  if (!tcvGetF64(op, name, &v))
    return false;
  if (!isnan(v))
    return true;
  tcEmitOpError(op, "attribute '%s' must not be NaN", name);
  return false;
}

// clip's bounds are F64 for float dtypes and I64 for integer dtypes.
bool tcvVerifyClip(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"min", "max", NULL};
  MlirValue x = mlirOperationGetOperand(op, 0);
  TcvShape shape = tcvShapeOf(x);
  if (!tcvCheckAllowedAttrs(op, attrs) || !tcvCheckDtype(op, x, "operand", rule->dtypes, rule->dtypeText) ||
      !tcvCheckSameElementType(op) || !tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &shape))
    return false;
  if (tcvValueDtype(x) == TCV_DTYPE_FLOAT)
    return checkFloatBound(op, "min") && checkFloatBound(op, "max");
  int64_t lo, hi;
  MlirType dtype = tcvElementType(x);
  return tcvGetI64(op, "min", &lo) && tcvGetI64(op, "max", &hi) && checkIntBound(op, "min", lo, dtype) &&
         checkIntBound(op, "max", hi, dtype);
}

bool tcvVerifyCast(MlirOperation op, const TcvOpRule *rule) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  TcvShape shape = tcvShapeOf(x);
  return tcvCheckAllowedAttrs(op, kNoAttrs) && tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &shape);
}

bool tcvVerifyConstant(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"value", NULL};
  if (!tcvCheckAllowedAttrs(op, attrs))
    return false;
  MlirAttribute value = mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(value)) {
    tcEmitOpError(op, "requires attribute 'value'");
    return false;
  }
  if (!mlirAttributeIsADenseElements(value) && !mlirAttributeIsADenseResourceElements(value)) {
    tcEmitOpError(op, "attribute 'value' must be a dense or dense_resource elements attribute");
    return false;
  }
  MlirType valueType = mlirAttributeGetType(value), resultType = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeEqual(valueType, resultType)) {
    char a[128], b[128];
    tcEmitOpError(op, "attribute 'value' has type %s but the result has type %s",
                  tcvFormatType(valueType, a, sizeof a), tcvFormatType(resultType, b, sizeof b));
    return false;
  }
  return true;
}
