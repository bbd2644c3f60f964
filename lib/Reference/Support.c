//===- Support.c - errors, attributes and results for evaluation functions -===//
//
// The evaluator reads attributes and checks result types itself, with its own
// messages: it must not lean on the compiler's verifier (tc-verify lives in
// lib/Transforms, which the evaluator never links). A program the verifier
// would reject is therefore also rejected here, for reasons computed
// independently.
//
// Dynamic dimensions (docs/dialects.md §1.5): a declared `?` in a result type
// accepts the size the spec's rule computes from the concrete operands, and
// a shape rule those sizes break is a run-time constraint (tcRefConstraint),
// reported as a bad input under the constraint's name, never a result.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool emit(RefOp *r, TcRefFailure failure, const char *fmt, va_list ap) {
  char msg[1024];
  vsnprintf(msg, sizeof msg, fmt, ap);
  tcEmitOpError(r->op, "%s", msg);
  if (r->failure == TC_REF_OK)
    r->failure = failure;
  return false;
}

bool tcRefError(RefOp *r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit(r, TC_REF_INVALID, fmt, ap);
  va_end(ap);
  return false;
}

bool tcRefUnsupported(RefOp *r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit(r, TC_REF_UNSUPPORTED, fmt, ap);
  va_end(ap);
  return false;
}

bool tcRefRuntimeError(RefOp *r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit(r, TC_REF_BAD_INPUT, fmt, ap);
  va_end(ap);
  return false;
}

bool tcRefConstraint(RefOp *r, const char *kind, const char *fmt, ...) {
  char msg[900];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (!r->dynamic)
    return tcRefError(r, "%s", msg);
  return tcRefRuntimeError(r, "shape constraint '%s' violated: %s", kind, msg);
}

MlirStringRef tcRefOpKind(RefOp *r) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(r->op));
  const char *dot = memchr(name.data, '.', name.length);
  size_t skip = dot ? (size_t)(dot - name.data) + 1 : 0;
  return mlirStringRefCreate(name.data + skip, name.length - skip);
}

bool tcRefOpIs(RefOp *r, const char *kind) {
  MlirStringRef k = tcRefOpKind(r);
  return k.length == strlen(kind) && memcmp(k.data, kind, k.length) == 0;
}

static void formatShape(const RefShape *s, char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  if (s->rank == 0)
    snprintf(buf, size, "scalar");
  for (intptr_t i = 0; i < s->rank && used < size; ++i)
    used += s->dims[i] == INT64_MIN ? (size_t)snprintf(buf + used, size - used, i ? "x?" : "?")
                                    : (size_t)snprintf(buf + used, size - used, i ? "x%lld" : "%lld",
                                                       (long long)s->dims[i]);
}

bool tcRefBroadcastError(RefOp *r, const RefShape *a, const RefShape *b) {
  char sa[256], sb[256];
  formatShape(a, sa, sizeof sa);
  formatShape(b, sb, sizeof sb);
  return tcRefConstraint(r, "broadcast", "shapes %s and %s are not broadcast-compatible", sa, sb);
}

TcRefDtype tcRefResultDtype(RefOp *r, intptr_t i) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(r->op, i));
  TcRefDtype d = TC_REF_F32;
  tcRefDtypeFromType(mlirShapedTypeGetElementType(t), &d); // checked by the driver
  return d;
}

// §1.1's limit, 2^40 bytes with an i1 element as one byte: static types
// are held to it by the spec's type rules, a dynamic result when its size
// is known.
enum { REF_MAX_LOG2_BYTES = 40 };

static bool withinSizeLimit(const RefShape *s, TcRefDtype d) {
  uint64_t bytes = d == TC_REF_I1 || d == TC_REF_I8 || d == TC_REF_UI8     ? 1
                   : d == TC_REF_I16 || d == TC_REF_UI16 || d == TC_REF_F16 || d == TC_REF_BF16 ? 2
                   : d == TC_REF_I32 || d == TC_REF_UI32 || d == TC_REF_F32 ? 4
                                                                            : 8;
  uint64_t limit = UINT64_C(1) << REF_MAX_LOG2_BYTES;
  for (intptr_t k = 0; k < s->rank; ++k) {
    if (s->dims[k] == 0)
      return true;
    bytes = (uint64_t)s->dims[k] > limit / bytes ? limit + 1 : bytes * (uint64_t)s->dims[k];
  }
  return bytes <= limit;
}

bool tcRefCreateResult(RefOp *r, intptr_t i, const RefShape *expected) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(r->op, i));
  RefShape declared = {mlirShapedTypeGetRank(t), {0}};
  for (intptr_t d = 0; d < declared.rank; ++d)
    declared.dims[d] = mlirShapedTypeGetDimSize(t, d);
  bool same = declared.rank == expected->rank;
  for (intptr_t d = 0; same && d < declared.rank; ++d)
    same = declared.dims[d] == expected->dims[d] || mlirShapedTypeIsDynamicDim(t, d);
  if (!same) {
    char a[256], b[256];
    formatShape(&declared, a, sizeof a);
    formatShape(expected, b, sizeof b);
    return tcRefError(r, "result #%ld is declared %s but the spec's shape rule gives %s", (long)i, a, b);
  }
  if (r->dynamic && !withinSizeLimit(expected, tcRefResultDtype(r, i)))
    return tcRefConstraint(r, "size-limit", "result #%ld would hold more than 2^%d bytes (docs/dialects.md §1.1)",
                           (long)i, REF_MAX_LOG2_BYTES);
  if (!tcRefTensorCreate(&r->results[i], tcRefResultDtype(r, i), expected->rank, expected->dims))
    return tcRefConstraint(r, "size-limit", "result #%ld is too large to evaluate", (long)i);
  return true;
}

static MlirAttribute getAttr(RefOp *r, const char *name) {
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(r->op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a))
    tcRefError(r, "requires attribute '%s'", name);
  return a;
}

bool tcRefGetI64Attr(RefOp *r, const char *name, int64_t *out) {
  MlirAttribute a = getAttr(r, name);
  if (mlirAttributeIsNull(a))
    return false;
  MlirType t = mlirAttributeGetType(a); // the I64 kind of §1.2: `1 : i64`, not i32, ui64, index or bool
  if (!mlirAttributeIsAInteger(a) || !mlirTypeIsAInteger(t) || mlirIntegerTypeGetWidth(t) != 64 ||
      !mlirIntegerTypeIsSignless(t))
    return tcRefError(r, "attribute '%s' must be an i64 integer", name);
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

bool tcRefGetBoolAttr(RefOp *r, const char *name, bool *out) {
  MlirAttribute a = getAttr(r, name);
  if (mlirAttributeIsNull(a))
    return false;
  if (!mlirAttributeIsABool(a))
    return tcRefError(r, "attribute '%s' must be a bool", name);
  *out = mlirBoolAttrGetValue(a);
  return true;
}

bool tcRefGetF64Attr(RefOp *r, const char *name, double *out) {
  MlirAttribute a = getAttr(r, name);
  if (mlirAttributeIsNull(a))
    return false;
  if (!mlirAttributeIsAFloat(a) || !mlirTypeIsAF64(mlirAttributeGetType(a))) // the F64 kind of §1.2, not f32
    return tcRefError(r, "attribute '%s' must be an f64 float", name);
  *out = mlirFloatAttrGetValueDouble(a);
  return true;
}

bool tcRefGetStringAttr(RefOp *r, const char *name, MlirStringRef *out) {
  MlirAttribute a = getAttr(r, name);
  if (mlirAttributeIsNull(a))
    return false;
  if (!mlirAttributeIsAString(a))
    return tcRefError(r, "attribute '%s' must be a string", name);
  *out = mlirStringAttrGetValue(a);
  return true;
}

bool tcRefGetI64ArrayAttr(RefOp *r, const char *name, RefArray *out) {
  MlirAttribute a = getAttr(r, name);
  if (mlirAttributeIsNull(a))
    return false;
  if (!mlirAttributeIsADenseI64Array(a))
    return tcRefError(r, "attribute '%s' must be an i64 array", name);
  out->size = mlirDenseArrayGetNumElements(a);
  if (out->size > REF_MAX_ARRAY)
    return tcRefError(r, "attribute '%s' has more than %d entries", name, REF_MAX_ARRAY);
  for (intptr_t i = 0; i < out->size; ++i)
    out->data[i] = mlirDenseI64ArrayGetElement(a, i);
  return true;
}

bool tcRefNormalizeAxis(RefOp *r, const char *name, int64_t a, intptr_t rank, int64_t *out) {
  int64_t n = a < 0 ? a + rank : a;
  if (n < 0 || n >= rank)
    return tcRefError(r, "attribute '%s' (%lld) is out of range for rank %ld", name, (long long)a, (long)rank);
  *out = n;
  return true;
}
