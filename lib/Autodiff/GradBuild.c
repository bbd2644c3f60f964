//===- GradBuild.c - building tc_tensor ops for VJP rules ------------------===//
//
// One call per op, in the generic form IRDL ops have, with the result type
// computed from docs/dialects.md's rules so a rule reads as the math it
// implements: gBinary(b, "tc_tensor.mul", dy, y). Every op is tagged with
// the builder's current rule step (`tc.vjp_rule`), a discardable annotation
// that carries no semantics (docs/dialects.md §1.2) and that the semantic
// hash ignores. Constants are `tc_tensor.constant` ops: scalars are rank 0
// and reach full shape through broadcasting, so no rule materialises a
// tensor of ones.
//
// The builders trust their operands: rules only build ops on values of a
// verified program, with shapes they derived from it, and the VJP function
// is verified (tc-verify) after tc-grad like any program.
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

//===-- Types and attributes ----------------------------------------------------===//

GradShape gShapeOf(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  GradShape s = {mlirShapedTypeGetRank(t), {0}};
  for (intptr_t d = 0; d < s.rank; ++d)
    s.dims[d] = mlirShapedTypeGetDimSize(t, d);
  return s;
}

MlirType gElem(MlirValue v) { return mlirShapedTypeGetElementType(mlirValueGetType(v)); }

MlirType gTensorType(MlirContext ctx, const GradShape *shape, MlirType elem) {
  (void)ctx;
  return mlirRankedTensorTypeGet(shape->rank, shape->dims, elem, mlirAttributeGetNull());
}

bool gIsFloat(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsARankedTensor(t) && mlirTypeIsAFloat(mlirShapedTypeGetElementType(t));
}

GradShape gBroadcastShape(const GradShape *a, const GradShape *b) {
  GradShape out = {a->rank > b->rank ? a->rank : b->rank, {0}};
  for (intptr_t i = 0; i < out.rank; ++i) {
    intptr_t ia = a->rank - out.rank + i, ib = b->rank - out.rank + i;
    int64_t da = ia >= 0 ? a->dims[ia] : 1, db = ib >= 0 ? b->dims[ib] : 1;
    out.dims[i] = da == 1 ? db : da;
  }
  return out;
}

MlirNamedAttribute gNamed(MlirContext ctx, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), a);
}

MlirAttribute gI64Attr(MlirContext ctx, int64_t v) { return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v); }

MlirAttribute gF64Attr(MlirContext ctx, double v) { return mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), v); }

MlirAttribute gI64ArrayAttr(MlirContext ctx, intptr_t n, const int64_t *v) { return mlirDenseI64ArrayGet(ctx, n, v); }

static MlirAttribute attrOf(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString(name));
  assert(!mlirAttributeIsNull(a) && "a verified op has its attributes");
  return a;
}

int64_t gAttrI64(MlirOperation op, const char *name) { return mlirIntegerAttrGetValueInt(attrOf(op, name)); }

bool gAttrBool(MlirOperation op, const char *name) { return mlirBoolAttrGetValue(attrOf(op, name)); }

double gAttrF64(MlirOperation op, const char *name) { return mlirFloatAttrGetValueDouble(attrOf(op, name)); }

intptr_t gAttrArray(MlirOperation op, const char *name, int64_t *out) {
  MlirAttribute a = attrOf(op, name);
  intptr_t n = mlirDenseArrayGetNumElements(a);
  assert(n <= 2 * GRAD_MAX_RANK);
  for (intptr_t i = 0; i < n; ++i)
    out[i] = mlirDenseI64ArrayGetElement(a, i);
  return n;
}

int64_t gAxis(int64_t a, intptr_t r) { return a < 0 ? a + r : a; }

//===-- Ops -------------------------------------------------------------------------===//

MlirValue gOp(GradBuilder *b, const char *name, MlirType result, intptr_t n, const MlirValue *operands,
              intptr_t numAttrs, const MlirNamedAttribute *attrs) {
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString(name), b->loc);
  mlirOperationStateAddResults(&state, 1, &result);
  if (n)
    mlirOperationStateAddOperands(&state, n, operands);
  if (numAttrs)
    mlirOperationStateAddAttributes(&state, numAttrs, attrs);
  MlirNamedAttribute tag = gNamed(b->ctx, GRAD_RULE_ATTR,
                                  mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString(b->rule)));
  mlirOperationStateAddAttributes(&state, 1, &tag);
  MlirOperation op = mlirOperationCreate(&state);
  assert(!mlirOperationIsNull(op) && "op creation failed");
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
  return mlirOperationGetResult(op, 0);
}

static MlirValue constantOf(GradBuilder *b, MlirAttribute value) {
  MlirNamedAttribute attr = gNamed(b->ctx, "value", value);
  return gOp(b, "tc_tensor.constant", mlirAttributeGetType(value), 0, NULL, 1, &attr);
}

static MlirAttribute scalarAttr(MlirType elem, double v) {
  if (mlirTypeIsAFloat(elem))
    return mlirFloatAttrDoubleGet(mlirTypeGetContext(elem), elem, v);
  return mlirIntegerAttrGet(elem, (int64_t)v);
}

MlirValue gSplat(GradBuilder *b, MlirType type, double v) {
  return constantOf(b, mlirDenseElementsAttrSplatGet(type, scalarAttr(mlirShapedTypeGetElementType(type), v)));
}

MlirValue gScalar(GradBuilder *b, MlirType elem, double v) {
  GradShape scalar = {0, {0}};
  return gSplat(b, gTensorType(b->ctx, &scalar, elem), v);
}

MlirValue gZerosLike(GradBuilder *b, MlirValue v) { return gSplat(b, mlirValueGetType(v), 0.0); }

static int64_t numel(const GradShape *s) {
  int64_t n = 1;
  for (intptr_t d = 0; d < s->rank; ++d)
    n *= s->dims[d];
  return n;
}

MlirValue gIntConstant(GradBuilder *b, const GradShape *shape, MlirType elem, const int64_t *data) {
  int64_t n = numel(shape);
  MlirAttribute *elems = malloc((size_t)(n ? n : 1) * sizeof *elems);
  for (int64_t i = 0; i < n; ++i)
    elems[i] = mlirIntegerAttrGet(elem, data[i]);
  MlirAttribute value = mlirDenseElementsAttrGet(gTensorType(b->ctx, shape, elem), n, elems);
  free(elems);
  return constantOf(b, value);
}

MlirValue gFloatConstant(GradBuilder *b, const GradShape *shape, MlirType elem, const double *data) {
  int64_t n = numel(shape);
  MlirAttribute *elems = malloc((size_t)(n ? n : 1) * sizeof *elems);
  for (int64_t i = 0; i < n; ++i)
    elems[i] = mlirFloatAttrDoubleGet(b->ctx, elem, data[i]);
  MlirAttribute value = mlirDenseElementsAttrGet(gTensorType(b->ctx, shape, elem), n, elems);
  free(elems);
  return constantOf(b, value);
}

MlirValue gBoolConstant(GradBuilder *b, const GradShape *shape, const bool *data) {
  int64_t n = numel(shape);
  int *values = malloc((size_t)(n ? n : 1) * sizeof *values);
  for (int64_t i = 0; i < n; ++i)
    values[i] = data[i];
  MlirType type = gTensorType(b->ctx, shape, mlirIntegerTypeGet(b->ctx, 1));
  MlirAttribute value = mlirDenseElementsAttrBoolGet(type, n, values);
  free(values);
  return constantOf(b, value);
}

MlirValue gBinary(GradBuilder *b, const char *name, MlirValue x, MlirValue y) {
  GradShape sx = gShapeOf(x), sy = gShapeOf(y), s = gBroadcastShape(&sx, &sy);
  MlirValue operands[2] = {x, y};
  return gOp(b, name, gTensorType(b->ctx, &s, gElem(x)), 2, operands, 0, NULL);
}

MlirValue gUnary(GradBuilder *b, const char *name, MlirValue x) {
  return gOp(b, name, mlirValueGetType(x), 1, &x, 0, NULL);
}

MlirValue gCompare(GradBuilder *b, const char *name, MlirValue x, MlirValue y) {
  GradShape sx = gShapeOf(x), sy = gShapeOf(y), s = gBroadcastShape(&sx, &sy);
  MlirValue operands[2] = {x, y};
  return gOp(b, name, gTensorType(b->ctx, &s, mlirIntegerTypeGet(b->ctx, 1)), 2, operands, 0, NULL);
}

MlirValue gWhere(GradBuilder *b, MlirValue c, MlirValue x, MlirValue y) {
  GradShape sc = gShapeOf(c), sx = gShapeOf(x), sy = gShapeOf(y);
  GradShape s1 = gBroadcastShape(&sc, &sx), s = gBroadcastShape(&s1, &sy);
  MlirValue operands[3] = {c, x, y};
  return gOp(b, "tc_tensor.where", gTensorType(b->ctx, &s, gElem(x)), 3, operands, 0, NULL);
}

MlirValue gCast(GradBuilder *b, MlirValue x, MlirType elem) {
  if (mlirTypeEqual(gElem(x), elem))
    return x;
  GradShape s = gShapeOf(x);
  return gOp(b, "tc_tensor.cast", gTensorType(b->ctx, &s, elem), 1, &x, 0, NULL);
}

MlirValue gScale(GradBuilder *b, MlirValue x, double c) {
  return gBinary(b, "tc_tensor.mul", x, gScalar(b, gElem(x), c));
}
