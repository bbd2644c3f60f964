//===- Builder.c - emitting tc_tensor ops in generic form ------------------===//
//
// tc_tensor ops are IRDL ops without custom builders, so every op is created
// from an operation state: name, operands, one result type, attributes. The
// helpers here compute the result type the op's rules give (broadcast shapes,
// reduced shapes, i1 for comparisons), so importers state only what they
// mean, and append the op to the function body at the current node's
// location (a NameLoc carrying the node's name).
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <stdlib.h>
#include <string.h>

MlirNamedAttribute tcImpNamed(Importer *im, const char *name, MlirAttribute attr) {
  return mlirNamedAttributeGet(mlirIdentifierGet(im->ctx, mlirStringRefCreateFromCString(name)), attr);
}

MlirAttribute tcImpI64(Importer *im, int64_t v) { return mlirIntegerAttrGet(mlirIntegerTypeGet(im->ctx, 64), v); }
MlirAttribute tcImpF64(Importer *im, double v) { return mlirFloatAttrDoubleGet(im->ctx, mlirF64TypeGet(im->ctx), v); }
MlirAttribute tcImpBool(Importer *im, bool v) { return mlirBoolAttrGet(im->ctx, v); }
MlirAttribute tcImpI64Array(Importer *im, const int64_t *v, int n) { return mlirDenseI64ArrayGet(im->ctx, n, v); }
MlirAttribute tcImpStr(Importer *im, const char *s) {
  return mlirStringAttrGet(im->ctx, mlirStringRefCreateFromCString(s));
}

MlirValue tcImpOp(Importer *im, const char *name, const MlirValue *operands, int numOperands, MlirType result,
                  const MlirNamedAttribute *attrs, int numAttrs) {
  char full[64];
  snprintf(full, sizeof full, "tc_tensor.%s", name);
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString(full), im->loc);
  mlirOperationStateAddOperands(&state, numOperands, operands);
  mlirOperationStateAddResults(&state, 1, &result);
  mlirOperationStateAddAttributes(&state, numAttrs, attrs);
  MlirOperation op = mlirOperationCreate(&state);
  mlirBlockAppendOwnedOperation(im->body, op);
  return mlirOperationGetResult(op, 0);
}

int tcImpRankOf(MlirValue v) { return (int)mlirShapedTypeGetRank(mlirValueGetType(v)); }
int64_t tcImpDimOf(MlirValue v, int d) { return mlirShapedTypeGetDimSize(mlirValueGetType(v), d); }
void tcImpShapeOf(MlirValue v, int64_t *dims) {
  for (int d = 0; d < tcImpRankOf(v); ++d)
    dims[d] = tcImpDimOf(v, d);
}
int32_t tcImpDtypeOfValue(MlirValue v) { return tcImpDtypeOf(mlirShapedTypeGetElementType(mlirValueGetType(v))); }

MlirType tcImpLike(Importer *im, MlirValue v, int rank, const int64_t *dims) {
  return tcImpTensorType(im, tcImpDtypeOfValue(v), rank, dims);
}

bool tcImpBroadcastShape(int ra, const int64_t *a, int rb, const int64_t *b, int *r, int64_t *out) {
  *r = ra > rb ? ra : rb;
  for (int i = 0; i < *r; ++i) {
    int64_t x = i < *r - ra ? 1 : a[i - (*r - ra)], y = i < *r - rb ? 1 : b[i - (*r - rb)];
    // docs/dialects.md §1.5: ? with 1 or ? is ?, ? with a known n != 1 is n.
    if (x != y && x != 1 && y != 1 && x != IMP_DYN && y != IMP_DYN)
      return false;
    out[i] = x == 1 || (x == IMP_DYN && y != 1) ? y : x;
  }
  return true;
}

MlirValue tcImpUnary(Importer *im, const char *kind, MlirValue x) {
  return tcImpOp(im, kind, &x, 1, mlirValueGetType(x), NULL, 0);
}

static bool broadcastOf(Importer *im, MlirValue a, MlirValue b, int *r, int64_t *dims) {
  int64_t da[IMP_MAX_RANK], db[IMP_MAX_RANK];
  tcImpShapeOf(a, da);
  tcImpShapeOf(b, db);
  if (tcImpBroadcastShape(tcImpRankOf(a), da, tcImpRankOf(b), db, r, dims))
    return true;
  tcImpInvalid(im, "operand shapes do not broadcast");
  return false;
}

MlirValue tcImpBinary(Importer *im, const char *kind, MlirValue a, MlirValue b) {
  int r;
  int64_t dims[IMP_MAX_RANK];
  if (!broadcastOf(im, a, b, &r, dims))
    return (MlirValue){NULL};
  MlirValue ops[2] = {a, b};
  return tcImpOp(im, kind, ops, 2, tcImpLike(im, a, r, dims), NULL, 0);
}

MlirValue tcImpCompare(Importer *im, const char *kind, MlirValue a, MlirValue b) {
  int r;
  int64_t dims[IMP_MAX_RANK];
  if (!broadcastOf(im, a, b, &r, dims))
    return (MlirValue){NULL};
  MlirValue ops[2] = {a, b};
  return tcImpOp(im, kind, ops, 2, tcImpTensorType(im, IMP_BOOL, r, dims), NULL, 0);
}

MlirValue tcImpWhere(Importer *im, MlirValue c, MlirValue a, MlirValue b) {
  int r1, r;
  int64_t d1[IMP_MAX_RANK], dims[IMP_MAX_RANK], dc[IMP_MAX_RANK];
  if (!broadcastOf(im, a, b, &r1, d1))
    return (MlirValue){NULL};
  tcImpShapeOf(c, dc);
  if (!tcImpBroadcastShape(tcImpRankOf(c), dc, r1, d1, &r, dims)) {
    tcImpInvalid(im, "operand shapes do not broadcast");
    return (MlirValue){NULL};
  }
  MlirValue ops[3] = {c, a, b};
  return tcImpOp(im, "where", ops, 3, tcImpLike(im, a, r, dims), NULL, 0);
}

MlirValue tcImpCast(Importer *im, MlirValue x, int32_t dtype) {
  if (tcImpDtypeOfValue(x) == dtype)
    return x;
  int64_t dims[IMP_MAX_RANK];
  tcImpShapeOf(x, dims);
  return tcImpOp(im, "cast", &x, 1, tcImpTensorType(im, dtype, tcImpRankOf(x), dims), NULL, 0);
}

MlirValue tcImpReshape(Importer *im, MlirValue x, int rank, const int64_t *dims) {
  return tcImpOp(im, "reshape", &x, 1, tcImpLike(im, x, rank, dims), NULL, 0);
}

MlirValue tcImpBroadcastTo(Importer *im, MlirValue x, int rank, const int64_t *dims) {
  return tcImpOp(im, "broadcast_to", &x, 1, tcImpLike(im, x, rank, dims), NULL, 0);
}

MlirValue tcImpTranspose(Importer *im, MlirValue x, const int64_t *perm) {
  int r = tcImpRankOf(x);
  int64_t dims[IMP_MAX_RANK];
  for (int i = 0; i < r; ++i)
    dims[i] = tcImpDimOf(x, (int)perm[i]);
  MlirNamedAttribute a = tcImpNamed(im, "perm", tcImpI64Array(im, perm, r));
  return tcImpOp(im, "transpose", &x, 1, tcImpLike(im, x, r, dims), &a, 1);
}

MlirValue tcImpReduce(Importer *im, const char *kind, MlirValue x, const int64_t *axes, int numAxes, bool keepdims) {
  int r = tcImpRankOf(x), outRank = 0;
  bool reduced[IMP_MAX_RANK] = {false};
  for (int i = 0; i < numAxes; ++i)
    reduced[axes[i]] = true;
  int64_t dims[IMP_MAX_RANK];
  for (int d = 0; d < r; ++d) {
    bool red = numAxes == 0 || reduced[d];
    if (!red)
      dims[outRank++] = tcImpDimOf(x, d);
    else if (keepdims)
      dims[outRank++] = 1;
  }
  MlirNamedAttribute attrs[2] = {tcImpNamed(im, "axes", tcImpI64Array(im, axes, numAxes)),
                                 tcImpNamed(im, "keepdims", tcImpBool(im, keepdims))};
  return tcImpOp(im, kind, &x, 1, tcImpLike(im, x, outRank, dims), attrs, 2);
}

// One element of `dtype` holding v (exactly for every dtype's range).
static MlirAttribute scalarAttr(Importer *im, int32_t dtype, double v) {
  MlirType element = tcImpElementType(im->ctx, dtype);
  if (tcImpIsFloat(dtype))
    return mlirFloatAttrDoubleGet(im->ctx, element, v);
  if (dtype == IMP_BOOL)
    return mlirIntegerAttrGet(element, v != 0);
  return mlirIntegerAttrGet(element, (int64_t)v);
}

MlirValue tcImpScalar(Importer *im, int32_t dtype, double v) {
  MlirType type = tcImpTensorType(im, dtype, 0, NULL);
  MlirAttribute value = mlirDenseElementsAttrSplatGet(type, scalarAttr(im, dtype, v));
  MlirNamedAttribute a = tcImpNamed(im, "value", value);
  return tcImpOp(im, "constant", NULL, 0, type, &a, 1);
}

MlirValue tcImpConstInts64(Importer *im, int32_t dtype, int rank, const int64_t *dims, const int64_t *ints) {
  int64_t n = tcImpNumElements(rank, dims);
  MlirAttribute *elements = malloc((size_t)(n ? n : 1) * sizeof *elements);
  MlirType element = tcImpElementType(im->ctx, dtype);
  for (int64_t k = 0; k < n; ++k)
    elements[k] = tcImpIsFloat(dtype) ? mlirFloatAttrDoubleGet(im->ctx, element, (double)ints[k])
                                      : mlirIntegerAttrGet(element, dtype == IMP_BOOL ? ints[k] != 0 : ints[k]);
  MlirType type = tcImpTensorType(im, dtype, rank, dims);
  MlirNamedAttribute a = tcImpNamed(im, "value", mlirDenseElementsAttrGet(type, (intptr_t)n, elements));
  free(elements);
  return tcImpOp(im, "constant", NULL, 0, type, &a, 1);
}
