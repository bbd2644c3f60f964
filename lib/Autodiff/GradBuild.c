//===- GradBuild.c - building tc_tensor ops for VJP rules ------------------===//
//
// One call per op, in the generic form IRDL ops have, with the result type
// computed from docs/dialects.md's rules so a rule reads as the math it
// implements: tcGradBinary(b, "tc_tensor.mul", dy, y). Every op is tagged with
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

GradShape tcGradShapeOf(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  GradShape s = {mlirShapedTypeGetRank(t), {0}};
  for (intptr_t d = 0; d < s.rank; ++d)
    s.dims[d] = mlirShapedTypeGetDimSize(t, d);
  return s;
}

MlirType tcGradElem(MlirValue v) { return mlirShapedTypeGetElementType(mlirValueGetType(v)); }

MlirType tcGradTensorType(MlirContext ctx, const GradShape *shape, MlirType elem) {
  (void)ctx;
  return mlirRankedTensorTypeGet(shape->rank, shape->dims, elem, mlirAttributeGetNull());
}

bool tcGradIsFloat(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsARankedTensor(t) && mlirTypeIsAFloat(mlirShapedTypeGetElementType(t));
}

GradShape tcGradBroadcastShape(const GradShape *a, const GradShape *b) {
  GradShape out = {a->rank > b->rank ? a->rank : b->rank, {0}};
  for (intptr_t i = 0; i < out.rank; ++i) {
    intptr_t ia = a->rank - out.rank + i, ib = b->rank - out.rank + i;
    int64_t da = ia >= 0 ? a->dims[ia] : 1, db = ib >= 0 ? b->dims[ib] : 1;
    out.dims[i] = da == 1 ? db : da;
  }
  return out;
}

MlirNamedAttribute tcGradNamed(MlirContext ctx, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), a);
}

MlirAttribute tcGradI64Attr(MlirContext ctx, int64_t v) { return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v); }

MlirAttribute tcGradF64Attr(MlirContext ctx, double v) { return mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), v); }

MlirAttribute tcGradI64ArrayAttr(MlirContext ctx, intptr_t n, const int64_t *v) {
  return mlirDenseI64ArrayGet(ctx, n, v);
}

static MlirAttribute attrOf(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString(name));
  assert(!mlirAttributeIsNull(a) && "a verified op has its attributes");
  return a;
}

int64_t tcGradAttrI64(MlirOperation op, const char *name) { return mlirIntegerAttrGetValueInt(attrOf(op, name)); }

bool tcGradAttrBool(MlirOperation op, const char *name) { return mlirBoolAttrGetValue(attrOf(op, name)); }

double tcGradAttrF64(MlirOperation op, const char *name) { return mlirFloatAttrGetValueDouble(attrOf(op, name)); }

intptr_t tcGradAttrArray(MlirOperation op, const char *name, int64_t *out) {
  MlirAttribute a = attrOf(op, name);
  intptr_t n = mlirDenseArrayGetNumElements(a);
  assert(n <= 2 * GRAD_MAX_RANK);
  for (intptr_t i = 0; i < n; ++i)
    out[i] = mlirDenseI64ArrayGetElement(a, i);
  return n;
}

int64_t tcGradAxis(int64_t a, intptr_t r) { return a < 0 ? a + r : a; }

//===-- Ops -------------------------------------------------------------------------===//

MlirValue tcGradOp(GradBuilder *b, const char *name, MlirType result, intptr_t n, const MlirValue *operands,
                   intptr_t numAttrs, const MlirNamedAttribute *attrs) {
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString(name), b->loc);
  mlirOperationStateAddResults(&state, 1, &result);
  if (n)
    mlirOperationStateAddOperands(&state, n, operands);
  if (numAttrs)
    mlirOperationStateAddAttributes(&state, numAttrs, attrs);
  MlirNamedAttribute tag =
      tcGradNamed(b->ctx, GRAD_RULE_ATTR, mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString(b->rule)));
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
  MlirNamedAttribute attr = tcGradNamed(b->ctx, "value", value);
  return tcGradOp(b, "tc_tensor.constant", mlirAttributeGetType(value), 0, NULL, 1, &attr);
}

static MlirAttribute scalarAttr(MlirType elem, double v) {
  if (mlirTypeIsAFloat(elem))
    return mlirFloatAttrDoubleGet(mlirTypeGetContext(elem), elem, v);
  return mlirIntegerAttrGet(elem, (int64_t)v);
}

MlirValue tcGradSplat(GradBuilder *b, MlirType type, double v) {
  return constantOf(b, mlirDenseElementsAttrSplatGet(type, scalarAttr(mlirShapedTypeGetElementType(type), v)));
}

MlirValue tcGradScalar(GradBuilder *b, MlirType elem, double v) {
  GradShape scalar = {0, {0}};
  return tcGradSplat(b, tcGradTensorType(b->ctx, &scalar, elem), v);
}

MlirValue tcGradZerosLike(GradBuilder *b, MlirValue v) { return tcGradSplat(b, mlirValueGetType(v), 0.0); }

static int64_t numel(const GradShape *s) {
  int64_t n = 1;
  for (intptr_t d = 0; d < s->rank; ++d)
    n *= s->dims[d];
  return n;
}

MlirValue tcGradIntConstant(GradBuilder *b, const GradShape *shape, MlirType elem, const int64_t *data) {
  int64_t n = numel(shape);
  MlirAttribute *elems = malloc((size_t)(n ? n : 1) * sizeof *elems);
  for (int64_t i = 0; i < n; ++i)
    elems[i] = mlirIntegerAttrGet(elem, data[i]);
  MlirAttribute value = mlirDenseElementsAttrGet(tcGradTensorType(b->ctx, shape, elem), n, elems);
  free(elems);
  return constantOf(b, value);
}

MlirValue tcGradFloatConstant(GradBuilder *b, const GradShape *shape, MlirType elem, const double *data) {
  int64_t n = numel(shape);
  MlirAttribute *elems = malloc((size_t)(n ? n : 1) * sizeof *elems);
  for (int64_t i = 0; i < n; ++i)
    elems[i] = mlirFloatAttrDoubleGet(b->ctx, elem, data[i]);
  MlirAttribute value = mlirDenseElementsAttrGet(tcGradTensorType(b->ctx, shape, elem), n, elems);
  free(elems);
  return constantOf(b, value);
}

MlirValue tcGradBoolConstant(GradBuilder *b, const GradShape *shape, const bool *data) {
  int64_t n = numel(shape);
  int *values = malloc((size_t)(n ? n : 1) * sizeof *values);
  for (int64_t i = 0; i < n; ++i)
    values[i] = data[i];
  MlirType type = tcGradTensorType(b->ctx, shape, mlirIntegerTypeGet(b->ctx, 1));
  MlirAttribute value = mlirDenseElementsAttrBoolGet(type, n, values);
  free(values);
  return constantOf(b, value);
}

MlirValue tcGradBinary(GradBuilder *b, const char *name, MlirValue x, MlirValue y) {
  GradShape sx = tcGradShapeOf(x), sy = tcGradShapeOf(y), s = tcGradBroadcastShape(&sx, &sy);
  MlirValue operands[2] = {x, y};
  return tcGradOp(b, name, tcGradTensorType(b->ctx, &s, tcGradElem(x)), 2, operands, 0, NULL);
}

MlirValue tcGradUnary(GradBuilder *b, const char *name, MlirValue x) {
  return tcGradOp(b, name, mlirValueGetType(x), 1, &x, 0, NULL);
}

MlirValue tcGradCompare(GradBuilder *b, const char *name, MlirValue x, MlirValue y) {
  GradShape sx = tcGradShapeOf(x), sy = tcGradShapeOf(y), s = tcGradBroadcastShape(&sx, &sy);
  MlirValue operands[2] = {x, y};
  return tcGradOp(b, name, tcGradTensorType(b->ctx, &s, mlirIntegerTypeGet(b->ctx, 1)), 2, operands, 0, NULL);
}

MlirValue tcGradWhere(GradBuilder *b, MlirValue c, MlirValue x, MlirValue y) {
  GradShape sc = tcGradShapeOf(c), sx = tcGradShapeOf(x), sy = tcGradShapeOf(y);
  GradShape s1 = tcGradBroadcastShape(&sc, &sx), s = tcGradBroadcastShape(&s1, &sy);
  MlirValue operands[3] = {c, x, y};
  return tcGradOp(b, "tc_tensor.where", tcGradTensorType(b->ctx, &s, tcGradElem(x)), 3, operands, 0, NULL);
}

MlirValue tcGradCast(GradBuilder *b, MlirValue x, MlirType elem) {
  if (mlirTypeEqual(tcGradElem(x), elem))
    return x;
  GradShape s = tcGradShapeOf(x);
  return tcGradOp(b, "tc_tensor.cast", tcGradTensorType(b->ctx, &s, elem), 1, &x, 0, NULL);
}

MlirValue tcGradScale(GradBuilder *b, MlirValue x, double c) {
  return tcGradBinary(b, "tc_tensor.mul", x, tcGradScalar(b, tcGradElem(x), c));
}
