//===- OpsNN.c - ONNX linear algebra and normalisation ops ----------------===//
//
// MatMul is tc_tensor's NumPy matmul; Gemm maps onto `gemm` with its
// attributes written out (C, optional from opset 11, broadcast
// unidirectionally as both define it). Softmax and LogSoftmax are single-axis
// from opset 13; before that they flatten to 2-D at `axis`, normalise each
// row and reshape back, which is what those opsets define.
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <string.h>

static ImpValue *floatInput(Importer *im, int i) {
  ImpValue *v = tcImpInput(im, i);
  if (!v)
    tcImpInvalid(im, "input #%d is missing", i);
  else if (!tcImpIsFloat(v->dtype))
    tcImpUnsupported(im, "dtype %s is not supported for this op", tcImpDtypeName(v->dtype));
  return v && tcImpIsFloat(v->dtype) ? v : NULL;
}

static bool importMatMul(Importer *im) {
  ImpValue *a = tcImpInput(im, 0), *b = tcImpInput(im, 1);
  if (!a || !b)
    return tcImpInvalid(im, "MatMul needs two inputs");
  if (a->dtype != b->dtype)
    return tcImpInvalid(im, "inputs have different dtypes");
  if (!tcImpIsFloat(a->dtype) && !tcImpIsInt(a->dtype))
    return tcImpUnsupported(im, "dtype %s", tcImpDtypeName(a->dtype));
  if (a->rank < 1 || b->rank < 1)
    return tcImpInvalid(im, "MatMul of a scalar");
  // NumPy matmul's shape (docs/dialects.md §2.2.8).
  int64_t la[IMP_MAX_RANK + 1], lb[IMP_MAX_RANK + 1];
  int ra = a->rank, rb = b->rank;
  memcpy(la, a->dims, sizeof a->dims);
  memcpy(lb, b->dims, sizeof b->dims);
  if (ra == 1)
    la[1] = la[0], la[0] = 1, ra = 2;
  if (rb == 1)
    lb[1] = 1, rb = 2;
  if (la[ra - 1] != lb[rb - 2] && la[ra - 1] != IMP_DYN && lb[rb - 2] != IMP_DYN)
    return tcImpInvalid(im, "MatMul inner dimensions differ (%" PRId64 " and %" PRId64 ")", la[ra - 1], lb[rb - 2]);
  int64_t dims[IMP_MAX_RANK + 2];
  int r;
  if (!tcImpBroadcastShape(ra - 2, la, rb - 2, lb, &r, dims))
    return tcImpInvalid(im, "MatMul batch dimensions do not broadcast");
  if (a->rank > 1)
    dims[r++] = la[ra - 2];
  if (b->rank > 1)
    dims[r++] = lb[rb - 1];
  MlirValue ops[2] = {tcImpGet(im, a), tcImpGet(im, b)};
  return tcImpDefine(im, 0, tcImpOp(im, "matmul", ops, 2, tcImpLike(im, ops[0], r, dims), NULL, 0));
}

static bool importGemm(Importer *im) {
  ImpValue *a = floatInput(im, 0), *b = a ? floatInput(im, 1) : NULL, *c = tcImpInput(im, 2);
  float alpha, beta;
  int64_t ta, tb;
  if (!b || !tcImpAttrFloat(im, "alpha", 1.0f, &alpha) || !tcImpAttrFloat(im, "beta", 1.0f, &beta) ||
      !tcImpAttrInt(im, "transA", 0, &ta) || !tcImpAttrInt(im, "transB", 0, &tb))
    return false;
  if (a->rank != 2 || b->rank != 2 || (c && c->rank > 2))
    return tcImpInvalid(im, "Gemm needs rank-2 A and B");
  if (a->dtype != b->dtype || (c && c->dtype != a->dtype))
    return tcImpInvalid(im, "inputs have different dtypes");
  int64_t m = ta ? a->dims[1] : a->dims[0], k = ta ? a->dims[0] : a->dims[1];
  int64_t k2 = tb ? b->dims[1] : b->dims[0], n = tb ? b->dims[0] : b->dims[1];
  if (k != k2 && k != IMP_DYN && k2 != IMP_DYN)
    return tcImpInvalid(im, "Gemm inner dimensions differ");
  int64_t mn[2] = {m, n}, bc[2];
  int rbc;
  char cs[64], ts[64];
  if (c && (!tcImpBroadcastShape(c->rank, c->dims, 2, mn, &rbc, bc) || bc[0] != m || bc[1] != n))
    return tcImpInvalid(im, "C of shape %s does not broadcast to the product's shape %s",
                        tcImpFormatShape(c->rank, c->dims, cs, sizeof cs), tcImpFormatShape(2, mn, ts, sizeof ts));
  MlirNamedAttribute attrs[4] = {
      tcImpNamed(im, "alpha", tcImpF64(im, alpha)), tcImpNamed(im, "beta", tcImpF64(im, beta)),
      tcImpNamed(im, "trans_a", tcImpBool(im, ta != 0)), tcImpNamed(im, "trans_b", tcImpBool(im, tb != 0))};
  MlirValue ops[3] = {tcImpGet(im, a), tcImpGet(im, b), c ? tcImpGet(im, c) : (MlirValue){NULL}};
  int64_t dims[2] = {m, n};
  return tcImpDefine(im, 0, tcImpOp(im, "gemm", ops, c ? 3 : 2, tcImpLike(im, ops[0], 2, dims), attrs, 4));
}

static bool importSoftmax(Importer *im) {
  ImpValue *x = floatInput(im, 0);
  int64_t axis;
  if (!x || !tcImpAttrInt(im, "axis", im->opset >= 13 ? -1 : 1, &axis) || !tcImpAxis(im, axis, x->rank, &axis))
    return false;
  const char *kind = strcmp(im->node->op_type, "Softmax") == 0 ? "softmax" : "log_softmax";
  MlirValue v = tcImpGet(im, x);
  if (im->opset >= 13 || axis == x->rank - 1) {
    MlirNamedAttribute a = tcImpNamed(im, "axis", tcImpI64(im, axis));
    return tcImpDefine(im, 0, tcImpOp(im, kind, &v, 1, mlirValueGetType(v), &a, 1));
  }
  if (tcImpIsDynamic(x->rank, x->dims))
    return tcImpUnsupported(im, "%s at opset %" PRId64 " over axis %" PRId64 " (not the last) of a dynamic shape",
                            im->node->op_type, im->opset, axis);
  int64_t flat[2] = {tcImpNumElements((int)axis, x->dims), tcImpNumElements(x->rank - (int)axis, x->dims + axis)};
  MlirValue f = tcImpReshape(im, v, 2, flat);
  MlirNamedAttribute a = tcImpNamed(im, "axis", tcImpI64(im, 1));
  MlirValue s = tcImpOp(im, kind, &f, 1, mlirValueGetType(f), &a, 1);
  return tcImpDefine(im, 0, tcImpReshape(im, s, x->rank, x->dims));
}

// InstanceNormalization: ONNX's formula, per sample and channel over the
// spatial dimensions, (x - mean) / sqrt(var + epsilon) * scale + B, with the
// biased variance mean((x - mean)^2).
static bool importInstanceNorm(Importer *im) {
  ImpValue *x = floatInput(im, 0), *sc = x ? floatInput(im, 1) : NULL, *bias = sc ? floatInput(im, 2) : NULL;
  float eps;
  if (!bias || !tcImpAttrFloat(im, "epsilon", 1e-5f, &eps) || !tcImpAtMostOutputs(im, 1))
    return false;
  if (x->rank < 3)
    return tcImpInvalid(im, "InstanceNormalization needs rank >= 3 ([N, C, d...])");
  if (sc->dtype != x->dtype || bias->dtype != x->dtype || sc->rank != 1 || bias->rank != 1 ||
      sc->dims[0] != x->dims[1] || bias->dims[0] != x->dims[1])
    return tcImpInvalid(im, "scale and B must be [C] tensors of the input's dtype");
  int64_t axes[IMP_MAX_RANK], cd[IMP_MAX_RANK];
  int n = 0;
  for (int d = 2; d < x->rank; ++d)
    axes[n++] = d;
  for (int d = 0; d < x->rank; ++d)
    cd[d] = d == 1 ? x->dims[1] : 1;
  MlirValue v = tcImpGet(im, x);
  MlirValue mean = tcImpReduce(im, "reduce_mean", v, axes, n, true);
  MlirValue centered = tcImpBinary(im, "sub", v, mean);
  MlirValue var = tcImpReduce(im, "reduce_mean", tcImpBinary(im, "mul", centered, centered), axes, n, true);
  MlirValue den = tcImpUnary(im, "sqrt", tcImpBinary(im, "add", var, tcImpScalar(im, x->dtype, eps)));
  MlirValue y =
      tcImpBinary(im, "mul", tcImpBinary(im, "div", centered, den), tcImpReshape(im, tcImpGet(im, sc), x->rank, cd));
  return tcImpDefine(im, 0, tcImpBinary(im, "add", y, tcImpReshape(im, tcImpGet(im, bias), x->rank, cd)));
}

ImpOpFn tcImpFindNNOp(const char *op) {
  static const struct {
    const char *name;
    ImpOpFn fn;
  } kOps[] = {
      {"MatMul", importMatMul}, {"Gemm", importGemm}, {"Softmax", importSoftmax}, {"LogSoftmax", importSoftmax},
      {"InstanceNormalization", importInstanceNorm},
  };
  for (size_t i = 0; i < sizeof kOps / sizeof *kOps; ++i)
    if (strcmp(kOps[i].name, op) == 0)
      return kOps[i].fn;
  return NULL;
}
