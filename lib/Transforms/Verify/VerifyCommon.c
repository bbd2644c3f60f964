//===- VerifyCommon.c - helpers shared by the tc-verify families -----------===//
//
// Type classification, shape arithmetic (broadcasting), rank checks and
// attribute readers. Readers emit the diagnostic for a missing or mis-kinded
// attribute so that op families only state which attribute they want; the
// axis readers also normalise negative axes against the operand's rank.
//
// Dynamic dimensions (TCV_DYN, docs/dialects.md §1.5) enter the shape
// arithmetic here: broadcasting gives ? only where no known size decides the
// result, and unidirectional broadcasting leaves a pair with a ? side to the
// run-time constraint. Shapes print a dynamic dimension as `?`.
//
//===----------------------------------------------------------------------===//
#include "VerifyInternal.h"

#include "tensorc/TextBuffer.h"

#include <stdio.h>
#include <string.h>

TcvDtype tcvDtypeOf(MlirType t) {
  if (mlirTypeIsAF16(t) || mlirTypeIsABF16(t) || mlirTypeIsAF32(t) || mlirTypeIsAF64(t))
    return TCV_DTYPE_FLOAT;
  if (!mlirTypeIsAInteger(t))
    return TCV_DTYPE_UNSUPPORTED;
  unsigned width = mlirIntegerTypeGetWidth(t);
  if (width == 1)
    return mlirIntegerTypeIsSignless(t) ? TCV_DTYPE_BOOL : TCV_DTYPE_UNSUPPORTED;
  if (width != 8 && width != 16 && width != 32 && width != 64)
    return TCV_DTYPE_UNSUPPORTED;
  if (mlirIntegerTypeIsSignless(t))
    return TCV_DTYPE_SINT;
  if (mlirIntegerTypeIsUnsigned(t))
    return TCV_DTYPE_UINT;
  return TCV_DTYPE_UNSUPPORTED;
}

MlirType tcvElementType(MlirValue value) { return mlirShapedTypeGetElementType(mlirValueGetType(value)); }

TcvDtype tcvValueDtype(MlirValue value) { return tcvDtypeOf(tcvElementType(value)); }

TcvShape tcvShapeOf(MlirValue value) {
  MlirType t = mlirValueGetType(value);
  TcvShape s = {0, {0}};
  s.rank = mlirShapedTypeGetRank(t);
  if (s.rank > TCV_MAX_RANK)
    tcFatal("tcvShapeOf: rank %ld above TCV_MAX_RANK (unchecked operand)", (long)s.rank);
  for (intptr_t i = 0; i < s.rank; ++i)
    s.dims[i] = mlirShapedTypeGetDimSize(t, i);
  return s;
}

const char *tcvFormatShape(const TcvShape *shape, char *buf, size_t size) {
  if (shape->rank == 0) {
    snprintf(buf, size, "scalar");
    return buf;
  }
  size_t used = 0;
  buf[0] = '\0';
  for (intptr_t i = 0; i < shape->rank && used < size; ++i) {
    int n = shape->dims[i] == TCV_DYN ? snprintf(buf + used, size - used, i ? "x?" : "?")
                                      : snprintf(buf + used, size - used, i ? "x%lld" : "%lld",
                                                 (long long)shape->dims[i]);
    if (n < 0)
      break;
    used += (size_t)n;
  }
  return buf;
}

const char *tcvFormatType(MlirType type, char *buf, size_t size) {
  TcFixedText text = tcFixedTextInit(buf, size);
  mlirTypePrint(type, tcFixedTextAppend, &text);
  return buf;
}

bool tcvShapeEqual(const TcvShape *a, const TcvShape *b) {
  if (a->rank != b->rank)
    return false;
  for (intptr_t i = 0; i < a->rank; ++i)
    if (a->dims[i] != b->dims[i])
      return false;
  return true;
}

bool tcvShapeIsDynamic(const TcvShape *s) {
  for (intptr_t i = 0; i < s->rank; ++i)
    if (s->dims[i] == TCV_DYN)
      return true;
  return false;
}

bool tcvDimsMayEqual(int64_t a, int64_t b) { return a == b || a == TCV_DYN || b == TCV_DYN; }

int64_t tcvNumElements(const TcvShape *shape) {
  int64_t n = 1;
  for (intptr_t i = 0; i < shape->rank; ++i) {
    if (shape->dims[i] == TCV_DYN)
      continue;
    if (shape->dims[i] == 0)
      return 0;
    if (n > INT64_MAX / shape->dims[i])
      n = INT64_MAX;
    else
      n *= shape->dims[i];
  }
  return n;
}

bool tcvBroadcast(const TcvShape *a, const TcvShape *b, TcvShape *out) {
  intptr_t rank = a->rank > b->rank ? a->rank : b->rank;
  out->rank = rank;
  for (intptr_t i = 0; i < rank; ++i) {
    intptr_t ia = a->rank - rank + i, ib = b->rank - rank + i;
    int64_t da = ia >= 0 ? a->dims[ia] : 1, db = ib >= 0 ? b->dims[ib] : 1;
    // ? with ? or 1 stays ?; ? with a known n != 1 is n (the ? must be 1 or
    // n at run time: the `broadcast` constraint).
    if (da == db || db == 1 || (db == TCV_DYN && da != 1))
      out->dims[i] = da;
    else if (da == 1 || da == TCV_DYN)
      out->dims[i] = db;
    else
      return false;
  }
  return true;
}

bool tcvBroadcastsTo(const TcvShape *from, const TcvShape *to) {
  if (from->rank > to->rank)
    return false;
  for (intptr_t i = 0; i < from->rank; ++i) {
    int64_t d = from->dims[i], t = to->dims[to->rank - from->rank + i];
    if (d != 1 && !tcvDimsMayEqual(d, t))
      return false;
  }
  return true;
}

bool tcvStringIs(MlirStringRef s, const char *literal) {
  return s.length == strlen(literal) && memcmp(s.data, literal, s.length) == 0;
}

bool tcvCheckDtype(MlirOperation op, MlirValue value, const char *what, int allowed, const char *allowedText) {
  if (tcvValueDtype(value) & allowed)
    return true;
  char type[128];
  tcEmitOpError(op, "%s must have %s elements, got %s", what, allowedText,
                tcvFormatType(tcvElementType(value), type, sizeof type));
  return false;
}

bool tcvCheckSameElementType(MlirOperation op) {
  MlirType first = {NULL};
  const char *firstWhat = NULL;
  intptr_t nOperands = mlirOperationGetNumOperands(op), nResults = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < nOperands + nResults; ++i) {
    MlirValue v = i < nOperands ? mlirOperationGetOperand(op, i) : mlirOperationGetResult(op, i - nOperands);
    MlirType et = tcvElementType(v);
    if (mlirTypeIsNull(first)) {
      first = et;
      firstWhat = i < nOperands ? "operand" : "result";
      continue;
    }
    if (!mlirTypeEqual(first, et)) {
      char a[64], b[64];
      tcEmitOpError(op, "all operands and results must have the same element type, got %s (first %s) and %s (%s #%ld)",
                    tcvFormatType(first, a, sizeof a), firstWhat, tcvFormatType(et, b, sizeof b),
                    i < nOperands ? "operand" : "result", (long)(i < nOperands ? i : i - nOperands));
      return false;
    }
  }
  return true;
}

bool tcvCheckResultShape(MlirOperation op, MlirValue result, const TcvShape *expected) {
  TcvShape got = tcvShapeOf(result);
  if (tcvShapeEqual(&got, expected))
    return true;
  char e[256], g[256];
  tcEmitOpError(op, "result shape must be %s, got %s", tcvFormatShape(expected, e, sizeof e),
                tcvFormatShape(&got, g, sizeof g));
  return false;
}

bool tcvCheckAllowedAttrs(MlirOperation op, const char *const *allowed) {
  bool ok = true;
  intptr_t n = mlirOperationGetNumDiscardableAttributes(op);
  for (intptr_t i = 0; i < n; ++i) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetDiscardableAttribute(op, i).name);
    if (memchr(name.data, '.', name.length))
      continue;
    bool known = false;
    for (const char *const *a = allowed; a && *a && !known; ++a)
      known = tcvStringIs(name, *a);
    if (!known) {
      tcEmitOpError(op, "unknown attribute '%.*s'", (int)name.length, name.data);
      ok = false;
    }
  }
  return ok;
}

bool tcvCheckRank(MlirOperation op, MlirValue v, const char *name, intptr_t rank) {
  intptr_t got = tcvShapeOf(v).rank;
  if (got == rank)
    return true;
  tcEmitOpError(op, "operand '%s' must have rank %ld, got %ld", name, (long)rank, (long)got);
  return false;
}

bool tcvCheckStatic(MlirOperation op, MlirValue v, const char *name) {
  TcvShape s = tcvShapeOf(v);
  if (!tcvShapeIsDynamic(&s))
    return true;
  char got[256];
  tcEmitOpError(op, "operand '%s' must have a static shape, got %s (docs/dialects.md §1.5)", name,
                tcvFormatShape(&s, got, sizeof got));
  return false;
}

bool tcvCheckMinRank(MlirOperation op, MlirValue v, const char *name, intptr_t min) {
  intptr_t got = tcvShapeOf(v).rank;
  if (got >= min)
    return true;
  tcEmitOpError(op, "operand '%s' must have rank at least %ld, got %ld", name, (long)min, (long)got);
  return false;
}

// Returns the attribute or emits "requires attribute" and returns null.
static MlirAttribute getAttr(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a))
    tcEmitOpError(op, "requires attribute '%s'", name);
  return a;
}

static bool wrongKind(MlirOperation op, const char *name, const char *kind) {
  tcEmitOpError(op, "attribute '%s' must be %s", name, kind);
  return false;
}

bool tcvGetI64(MlirOperation op, const char *name, int64_t *out) {
  MlirAttribute a = getAttr(op, name);
  if (mlirAttributeIsNull(a))
    return false;
  MlirType t = mlirAttributeGetType(a);
  if (!mlirAttributeIsAInteger(a) || !mlirTypeIsAInteger(t) || mlirIntegerTypeGetWidth(t) != 64 ||
      !mlirIntegerTypeIsSignless(t))
    return wrongKind(op, name, "a 64-bit integer (e.g. `1 : i64`)");
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

bool tcvGetBool(MlirOperation op, const char *name, bool *out) {
  MlirAttribute a = getAttr(op, name);
  if (mlirAttributeIsNull(a))
    return false;
  if (!mlirAttributeIsABool(a))
    return wrongKind(op, name, "a bool (`true` or `false`)");
  *out = mlirBoolAttrGetValue(a);
  return true;
}

bool tcvGetF64(MlirOperation op, const char *name, double *out) {
  MlirAttribute a = getAttr(op, name);
  if (mlirAttributeIsNull(a))
    return false;
  if (!mlirAttributeIsAFloat(a) || !mlirTypeIsAF64(mlirAttributeGetType(a)))
    return wrongKind(op, name, "an f64 float (e.g. `1.0 : f64`)");
  *out = mlirFloatAttrGetValueDouble(a);
  return true;
}

bool tcvGetString(MlirOperation op, const char *name, MlirStringRef *out) {
  MlirAttribute a = getAttr(op, name);
  if (mlirAttributeIsNull(a))
    return false;
  if (!mlirAttributeIsAString(a))
    return wrongKind(op, name, "a string");
  *out = mlirStringAttrGetValue(a);
  return true;
}

// Sets out->size from dense array `a` (attribute `name`), which must fit.
static bool readArraySize(MlirOperation op, const char *name, MlirAttribute a, TcvArray *out) {
  out->size = mlirDenseArrayGetNumElements(a);
  if (out->size <= TCV_MAX_ARRAY)
    return true;
  tcEmitOpError(op, "attribute '%s' has %ld entries, more than the supported %d", name, (long)out->size,
                TCV_MAX_ARRAY);
  return false;
}

bool tcvGetI64Array(MlirOperation op, const char *name, TcvArray *out) {
  MlirAttribute a = getAttr(op, name);
  if (mlirAttributeIsNull(a))
    return false;
  if (!mlirAttributeIsADenseI64Array(a))
    return wrongKind(op, name, "an i64 array (e.g. `array<i64: 0, 1>`)");
  if (!readArraySize(op, name, a, out))
    return false;
  for (intptr_t i = 0; i < out->size; ++i)
    out->data[i] = mlirDenseI64ArrayGetElement(a, i);
  return true;
}

bool tcvGetBoolArray(MlirOperation op, const char *name, TcvArray *out) {
  MlirAttribute a = getAttr(op, name);
  if (mlirAttributeIsNull(a))
    return false;
  if (!mlirAttributeIsADenseBoolArray(a))
    return wrongKind(op, name, "an i1 array (e.g. `array<i1: true, false>`)");
  if (!readArraySize(op, name, a, out))
    return false;
  for (intptr_t i = 0; i < out->size; ++i)
    out->data[i] = mlirDenseBoolArrayGetElement(a, i);
  return true;
}

bool tcvNormalizeAxis(MlirOperation op, const char *name, int64_t axis, intptr_t rank, int64_t *out) {
  int64_t a = axis < 0 ? axis + rank : axis;
  if (a < 0 || a >= rank) {
    tcEmitOpError(op, "attribute '%s' (%lld) is out of range for rank %ld: must lie in [%ld, %ld)", name,
                  (long long)axis, (long)rank, (long)-rank, (long)rank);
    return false;
  }
  *out = a;
  return true;
}

bool tcvReadAxes(MlirOperation op, intptr_t rank, bool *reduced) {
  TcvArray axes;
  int64_t source[TCV_MAX_RANK] = {0};
  if (!tcvGetI64Array(op, "axes", &axes))
    return false;
  for (intptr_t i = 0; i < rank; ++i)
    reduced[i] = axes.size == 0;
  for (intptr_t i = 0; i < axes.size; ++i) {
    int64_t a;
    if (!tcvNormalizeAxis(op, "axes", axes.data[i], rank, &a))
      return false;
    if (reduced[a]) {
      tcEmitOpError(op, "attribute 'axes' must have distinct entries after normalisation: %lld and %lld name axis %lld",
                    (long long)source[a], (long long)axes.data[i], (long long)a);
      return false;
    }
    reduced[a] = true;
    source[a] = axes.data[i];
  }
  return true;
}

bool tcvSizeWithinLimit(MlirType t) {
  MlirType element = mlirShapedTypeGetElementType(t);
  int bits = mlirTypeIsAInteger(element) ? (int)mlirIntegerTypeGetWidth(element)
             : mlirTypeIsAFloat(element) ? (int)mlirFloatTypeGetWidth(element)
                                         : 8;
  uint64_t limit = UINT64_C(1) << TCV_MAX_LOG2_BYTES, bytes = (uint64_t)(bits < 8 ? 8 : bits) / 8;
  // A dynamic dimension counts as 1 here: the bytes its run-time size adds
  // are the `size-limit` constraint, checked when the size is known.
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i) {
    if (mlirShapedTypeIsDynamicDim(t, i))
      continue;
    uint64_t d = (uint64_t)mlirShapedTypeGetDimSize(t, i);
    if (d == 0)
      return true;
    bytes = d > limit / bytes ? limit + 1 : bytes * d; // saturates past the limit
  }
  return bytes <= limit;
}
