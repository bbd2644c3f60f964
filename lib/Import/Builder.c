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

MlirNamedAttribute impNamed(Importer *im, const char *name, MlirAttribute attr) {
  return mlirNamedAttributeGet(mlirIdentifierGet(im->ctx, mlirStringRefCreateFromCString(name)), attr);
}

MlirAttribute impI64(Importer *im, int64_t v) { return mlirIntegerAttrGet(mlirIntegerTypeGet(im->ctx, 64), v); }
MlirAttribute impF64(Importer *im, double v) { return mlirFloatAttrDoubleGet(im->ctx, mlirF64TypeGet(im->ctx), v); }
MlirAttribute impBool(Importer *im, bool v) { return mlirBoolAttrGet(im->ctx, v); }
MlirAttribute impI64Array(Importer *im, const int64_t *v, int n) { return mlirDenseI64ArrayGet(im->ctx, n, v); }
MlirAttribute impStr(Importer *im, const char *s) {
  return mlirStringAttrGet(im->ctx, mlirStringRefCreateFromCString(s));
}

MlirValue impOp(Importer *im, const char *name, const MlirValue *operands, int numOperands, MlirType result,
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

int impRankOf(MlirValue v) { return (int)mlirShapedTypeGetRank(mlirValueGetType(v)); }
int64_t impDimOf(MlirValue v, int d) { return mlirShapedTypeGetDimSize(mlirValueGetType(v), d); }
void impShapeOf(MlirValue v, int64_t *dims) {
  for (int d = 0; d < impRankOf(v); ++d)
    dims[d] = impDimOf(v, d);
}
int32_t impDtypeOfValue(MlirValue v) { return impDtypeOf(mlirShapedTypeGetElementType(mlirValueGetType(v))); }

MlirType impLike(Importer *im, MlirValue v, int rank, const int64_t *dims) {
  return impTensorType(im, impDtypeOfValue(v), rank, dims);
}

bool impBroadcastShape(int ra, const int64_t *a, int rb, const int64_t *b, int *r, int64_t *out) {
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

MlirValue impUnary(Importer *im, const char *kind, MlirValue x) {
  return impOp(im, kind, &x, 1, mlirValueGetType(x), NULL, 0);
}

static bool broadcastOf(Importer *im, MlirValue a, MlirValue b, int *r, int64_t *dims) {
  int64_t da[IMP_MAX_RANK], db[IMP_MAX_RANK];
  impShapeOf(a, da);
  impShapeOf(b, db);
  if (impBroadcastShape(impRankOf(a), da, impRankOf(b), db, r, dims))
    return true;
  impInvalid(im, "operand shapes do not broadcast");
  return false;
}

MlirValue impBinary(Importer *im, const char *kind, MlirValue a, MlirValue b) {
  int r;
  int64_t dims[IMP_MAX_RANK];
  if (!broadcastOf(im, a, b, &r, dims))
    return (MlirValue){NULL};
  MlirValue ops[2] = {a, b};
  return impOp(im, kind, ops, 2, impLike(im, a, r, dims), NULL, 0);
}

MlirValue impCompare(Importer *im, const char *kind, MlirValue a, MlirValue b) {
  int r;
  int64_t dims[IMP_MAX_RANK];
  if (!broadcastOf(im, a, b, &r, dims))
    return (MlirValue){NULL};
  MlirValue ops[2] = {a, b};
  return impOp(im, kind, ops, 2, impTensorType(im, IMP_BOOL, r, dims), NULL, 0);
}

MlirValue impWhere(Importer *im, MlirValue c, MlirValue a, MlirValue b) {
  int r1, r;
  int64_t d1[IMP_MAX_RANK], dims[IMP_MAX_RANK], dc[IMP_MAX_RANK];
  if (!broadcastOf(im, a, b, &r1, d1))
    return (MlirValue){NULL};
  impShapeOf(c, dc);
  if (!impBroadcastShape(impRankOf(c), dc, r1, d1, &r, dims)) {
    impInvalid(im, "operand shapes do not broadcast");
    return (MlirValue){NULL};
  }
  MlirValue ops[3] = {c, a, b};
  return impOp(im, "where", ops, 3, impLike(im, a, r, dims), NULL, 0);
}

MlirValue impCast(Importer *im, MlirValue x, int32_t dtype) {
  if (impDtypeOfValue(x) == dtype)
    return x;
  int64_t dims[IMP_MAX_RANK];
  impShapeOf(x, dims);
  return impOp(im, "cast", &x, 1, impTensorType(im, dtype, impRankOf(x), dims), NULL, 0);
}

MlirValue impReshape(Importer *im, MlirValue x, int rank, const int64_t *dims) {
  return impOp(im, "reshape", &x, 1, impLike(im, x, rank, dims), NULL, 0);
}

MlirValue impBroadcastTo(Importer *im, MlirValue x, int rank, const int64_t *dims) {
  return impOp(im, "broadcast_to", &x, 1, impLike(im, x, rank, dims), NULL, 0);
}

MlirValue impTranspose(Importer *im, MlirValue x, const int64_t *perm) {
  int r = impRankOf(x);
  int64_t dims[IMP_MAX_RANK];
  for (int i = 0; i < r; ++i)
    dims[i] = impDimOf(x, (int)perm[i]);
  MlirNamedAttribute a = impNamed(im, "perm", impI64Array(im, perm, r));
  return impOp(im, "transpose", &x, 1, impLike(im, x, r, dims), &a, 1);
}

MlirValue impReduce(Importer *im, const char *kind, MlirValue x, const int64_t *axes, int numAxes, bool keepdims) {
  int r = impRankOf(x), outRank = 0;
  bool reduced[IMP_MAX_RANK] = {false};
  for (int i = 0; i < numAxes; ++i)
    reduced[axes[i]] = true;
  int64_t dims[IMP_MAX_RANK];
  for (int d = 0; d < r; ++d) {
    bool red = numAxes == 0 || reduced[d];
    if (!red)
      dims[outRank++] = impDimOf(x, d);
    else if (keepdims)
      dims[outRank++] = 1;
  }
  MlirNamedAttribute attrs[2] = {impNamed(im, "axes", impI64Array(im, axes, numAxes)),
                                 impNamed(im, "keepdims", impBool(im, keepdims))};
  return impOp(im, kind, &x, 1, impLike(im, x, outRank, dims), attrs, 2);
}

// One element of `dtype` holding v (exactly for every dtype's range).
static MlirAttribute scalarAttr(Importer *im, int32_t dtype, double v) {
  MlirType element = impElementType(im->ctx, dtype);
  if (impIsFloat(dtype))
    return mlirFloatAttrDoubleGet(im->ctx, element, v);
  if (dtype == IMP_BOOL)
    return mlirIntegerAttrGet(element, v != 0);
  return mlirIntegerAttrGet(element, (int64_t)v);
}

MlirValue impScalar(Importer *im, int32_t dtype, double v) {
  MlirType type = impTensorType(im, dtype, 0, NULL);
  MlirAttribute value = mlirDenseElementsAttrSplatGet(type, scalarAttr(im, dtype, v));
  MlirNamedAttribute a = impNamed(im, "value", value);
  return impOp(im, "constant", NULL, 0, type, &a, 1);
}

MlirValue impConstInts64(Importer *im, int32_t dtype, int rank, const int64_t *dims, const int64_t *ints) {
  int64_t n = impNumElements(rank, dims);
  MlirAttribute *elements = malloc((size_t)(n ? n : 1) * sizeof *elements);
  MlirType element = impElementType(im->ctx, dtype);
  for (int64_t k = 0; k < n; ++k)
    elements[k] = impIsFloat(dtype) ? mlirFloatAttrDoubleGet(im->ctx, element, (double)ints[k])
                                    : mlirIntegerAttrGet(element, dtype == IMP_BOOL ? ints[k] != 0 : ints[k]);
  MlirType type = impTensorType(im, dtype, rank, dims);
  MlirNamedAttribute a = impNamed(im, "value", mlirDenseElementsAttrGet(type, (intptr_t)n, elements));
  free(elements);
  return impOp(im, "constant", NULL, 0, type, &a, 1);
}
