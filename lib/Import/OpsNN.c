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
  ImpValue *v = impInput(im, i);
  if (!v)
    impInvalid(im, "input #%d is missing", i);
  else if (!impIsFloat(v->dtype))
    impUnsupported(im, "dtype %s is not supported for this op", impDtypeName(v->dtype));
  return v && impIsFloat(v->dtype) ? v : NULL;
}

static bool importMatMul(Importer *im) {
  ImpValue *a = impInput(im, 0), *b = impInput(im, 1);
  if (!a || !b)
    return impInvalid(im, "MatMul needs two inputs");
  if (a->dtype != b->dtype)
    return impInvalid(im, "inputs have different dtypes");
  if (!impIsFloat(a->dtype) && !impIsInt(a->dtype))
    return impUnsupported(im, "dtype %s", impDtypeName(a->dtype));
  if (a->rank < 1 || b->rank < 1)
    return impInvalid(im, "MatMul of a scalar");
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
    return impInvalid(im, "MatMul inner dimensions differ (%" PRId64 " and %" PRId64 ")", la[ra - 1], lb[rb - 2]);
  int64_t dims[IMP_MAX_RANK + 2];
  int r;
  if (!impBroadcastShape(ra - 2, la, rb - 2, lb, &r, dims))
    return impInvalid(im, "MatMul batch dimensions do not broadcast");
  if (a->rank > 1)
    dims[r++] = la[ra - 2];
  if (b->rank > 1)
    dims[r++] = lb[rb - 1];
  MlirValue ops[2] = {impGet(im, a), impGet(im, b)};
  return impDefine(im, 0, impOp(im, "matmul", ops, 2, impLike(im, ops[0], r, dims), NULL, 0));
}

static bool importGemm(Importer *im) {
  ImpValue *a = floatInput(im, 0), *b = a ? floatInput(im, 1) : NULL, *c = impInput(im, 2);
  float alpha, beta;
  int64_t ta, tb;
  if (!b || !impAttrFloat(im, "alpha", 1.0f, &alpha) || !impAttrFloat(im, "beta", 1.0f, &beta) ||
      !impAttrInt(im, "transA", 0, &ta) || !impAttrInt(im, "transB", 0, &tb))
    return false;
  if (a->rank != 2 || b->rank != 2 || (c && c->rank > 2))
    return impInvalid(im, "Gemm needs rank-2 A and B");
  if (a->dtype != b->dtype || (c && c->dtype != a->dtype))
    return impInvalid(im, "inputs have different dtypes");
  int64_t m = ta ? a->dims[1] : a->dims[0], k = ta ? a->dims[0] : a->dims[1];
  int64_t k2 = tb ? b->dims[1] : b->dims[0], n = tb ? b->dims[0] : b->dims[1];
  if (k != k2 && k != IMP_DYN && k2 != IMP_DYN)
    return impInvalid(im, "Gemm inner dimensions differ");
  int64_t mn[2] = {m, n}, bc[2];
  int rbc;
  char cs[64], ts[64];
  if (c && (!impBroadcastShape(c->rank, c->dims, 2, mn, &rbc, bc) || bc[0] != m || bc[1] != n))
    return impInvalid(im, "C of shape %s does not broadcast to the product's shape %s",
                      impFormatShape(c->rank, c->dims, cs, sizeof cs), impFormatShape(2, mn, ts, sizeof ts));
  MlirNamedAttribute attrs[4] = {impNamed(im, "alpha", impF64(im, alpha)), impNamed(im, "beta", impF64(im, beta)),
                                 impNamed(im, "trans_a", impBool(im, ta != 0)),
                                 impNamed(im, "trans_b", impBool(im, tb != 0))};
  MlirValue ops[3] = {impGet(im, a), impGet(im, b), c ? impGet(im, c) : (MlirValue){NULL}};
  int64_t dims[2] = {m, n};
  return impDefine(im, 0, impOp(im, "gemm", ops, c ? 3 : 2, impLike(im, ops[0], 2, dims), attrs, 4));
}

static bool importSoftmax(Importer *im) {
  ImpValue *x = floatInput(im, 0);
  int64_t axis;
  if (!x || !impAttrInt(im, "axis", im->opset >= 13 ? -1 : 1, &axis) || !impAxis(im, axis, x->rank, &axis))
    return false;
  const char *kind = strcmp(im->node->op_type, "Softmax") == 0 ? "softmax" : "log_softmax";
  MlirValue v = impGet(im, x);
  if (im->opset >= 13 || axis == x->rank - 1) {
    MlirNamedAttribute a = impNamed(im, "axis", impI64(im, axis));
    return impDefine(im, 0, impOp(im, kind, &v, 1, mlirValueGetType(v), &a, 1));
  }
  if (impIsDynamic(x->rank, x->dims))
    return impUnsupported(im, "%s at opset %" PRId64 " over axis %" PRId64 " (not the last) of a dynamic shape",
                          im->node->op_type, im->opset, axis);
  int64_t flat[2] = {impNumElements((int)axis, x->dims), impNumElements(x->rank - (int)axis, x->dims + axis)};
  MlirValue f = impReshape(im, v, 2, flat);
  MlirNamedAttribute a = impNamed(im, "axis", impI64(im, 1));
  MlirValue s = impOp(im, kind, &f, 1, mlirValueGetType(f), &a, 1);
  return impDefine(im, 0, impReshape(im, s, x->rank, x->dims));
}

// InstanceNormalization: ONNX's formula, per sample and channel over the
// spatial dimensions, (x - mean) / sqrt(var + epsilon) * scale + B, with the
// biased variance mean((x - mean)^2).
static bool importInstanceNorm(Importer *im) {
  ImpValue *x = floatInput(im, 0), *sc = x ? floatInput(im, 1) : NULL, *bias = sc ? floatInput(im, 2) : NULL;
  float eps;
  if (!bias || !impAttrFloat(im, "epsilon", 1e-5f, &eps) || !impAtMostOutputs(im, 1))
    return false;
  if (x->rank < 3)
    return impInvalid(im, "InstanceNormalization needs rank >= 3 ([N, C, d...])");
  if (sc->dtype != x->dtype || bias->dtype != x->dtype || sc->rank != 1 || bias->rank != 1 ||
      sc->dims[0] != x->dims[1] || bias->dims[0] != x->dims[1])
    return impInvalid(im, "scale and B must be [C] tensors of the input's dtype");
  int64_t axes[IMP_MAX_RANK], cd[IMP_MAX_RANK];
  int n = 0;
  for (int d = 2; d < x->rank; ++d)
    axes[n++] = d;
  for (int d = 0; d < x->rank; ++d)
    cd[d] = d == 1 ? x->dims[1] : 1;
  MlirValue v = impGet(im, x);
  MlirValue mean = impReduce(im, "reduce_mean", v, axes, n, true);
  MlirValue centered = impBinary(im, "sub", v, mean);
  MlirValue var = impReduce(im, "reduce_mean", impBinary(im, "mul", centered, centered), axes, n, true);
  MlirValue den = impUnary(im, "sqrt", impBinary(im, "add", var, impScalar(im, x->dtype, eps)));
  MlirValue y = impBinary(im, "mul", impBinary(im, "div", centered, den), impReshape(im, impGet(im, sc), x->rank, cd));
  return impDefine(im, 0, impBinary(im, "add", y, impReshape(im, impGet(im, bias), x->rank, cd)));
}

ImpOpFn impFindNNOp(const char *op) {
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
