//===- RulesReduce.c - VJP rules of the reductions -------------------------===//
//
// With dy viewed in the keepdims shape (a reshape) and broadcast over the
// reduced dimensions:
//
//   reduce_sum   dx = dy
//   reduce_mean  dx = dy / |R|
//   reduce_max, reduce_min
//                dx = dy / k on the k elements equal to the extreme, 0
//                elsewhere (a NaN result: the NaN elements share it); this
//                is PyTorch's evenly_distribute_backward / amax rule
//   reduce_prod  dx_i = dy · Π_{j≠i} x_j: y / x_i where the slice has no
//                zero; at a single zero the product of the other elements
//                (computed as the product with that zero replaced by 1),
//                0 elsewhere; all 0 when the slice has two zeros or more
//                (PyTorch's prod_backward, which avoids dividing by zero)
//
// argmax and argmin have integer results and no rule (RuleTable.c).
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

#include <string.h>

// The normalised reduced axes of a reduction op (empty `axes`: all).
static intptr_t reducedAxes(MlirOperation op, intptr_t rank, int64_t *axes) {
  intptr_t n = gAttrArray(op, "axes", axes);
  for (intptr_t i = 0; i < n; ++i)
    axes[i] = gAxis(axes[i], rank);
  if (n == 0)
    for (; n < rank; ++n)
      axes[n] = n;
  return n;
}

static GradShape keptShape(const GradShape *xs, intptr_t n, const int64_t *axes) {
  GradShape k = *xs;
  for (intptr_t i = 0; i < n; ++i)
    k.dims[axes[i]] = 1;
  return k;
}

// The adjoint of reduce_max/min over `reduced` dims (keepdims shapes `y`,
// `dy`): split evenly among the elements equal to the extreme.
static MlirValue gradExtremeAdjoint(GradBuilder *b, MlirValue x, MlirValue y, MlirValue dy, intptr_t n,
                                    const int64_t *axes) {
  GradShape xs = gShapeOf(x), keep = keptShape(&xs, n, axes);
  MlirValue yk = gReshape(b, y, &keep), dyk = gReshape(b, dy, &keep);
  MlirValue hit = gCompare(b, "tc_tensor.eq", x, yk);
  MlirValue nanHit = gBinary(b, "tc_tensor.and", gCompare(b, "tc_tensor.ne", x, x),
                             gCompare(b, "tc_tensor.ne", yk, yk));
  MlirValue mask = gCast(b, gBinary(b, "tc_tensor.or", hit, nanHit), gElem(x));
  MlirValue count = gReduce(b, "sum", mask, n, axes, true);
  return gBinary(b, "tc_tensor.mul", mask, gBinary(b, "tc_tensor.div", dyk, count));
}

// Π_{j≠i} x_j as a factor of dy, for the three cases of the file comment.
static MlirValue prodFactor(GradBuilder *b, MlirValue x, MlirValue yk, intptr_t n, const int64_t *axes) {
  MlirType t = gElem(x);
  MlirValue zero = gScalar(b, t, 0.0), one = gScalar(b, t, 1.0);
  MlirValue isZero = gCompare(b, "tc_tensor.eq", x, zero);
  MlirValue zeros = gReduce(b, "sum", gCast(b, isZero, t), n, axes, true);
  MlirValue others = gReduce(b, "prod", gWhere(b, isZero, one, x), n, axes, true);
  MlirValue single = gWhere(b, isZero, others, zero);
  MlirValue general = gBinary(b, "tc_tensor.div", yk, x);
  MlirValue some = gWhere(b, gCompare(b, "tc_tensor.eq", zeros, one), single, zero);
  return gWhere(b, gCompare(b, "tc_tensor.eq", zeros, zero), general, some);
}

bool gradRuleReduce(GradCall *c) {
  if (!gradWants(c, 0))
    return true;
  GradBuilder *b = c->b;
  MlirValue x = gradOperand(c, 0), y = gradResult(c, 0), dy = gradDy(c, 0);
  GradShape xs = gShapeOf(x);
  int64_t axes[GRAD_MAX_RANK];
  intptr_t n = reducedAxes(c->op, xs.rank, axes);
  GradShape keep = keptShape(&xs, n, axes);
  const char *k = c->kind;
  if (!strcmp(k, "reduce_max") || !strcmp(k, "reduce_min")) {
    gradGive(c, 0, gradExtremeAdjoint(b, x, y, dy, n, axes));
    return true;
  }
  MlirValue dyk = gReshape(b, dy, &keep);
  if (!strcmp(k, "reduce_mean")) {
    int64_t count = 1;
    for (intptr_t i = 0; i < n; ++i)
      count *= xs.dims[axes[i]];
    dyk = gBinary(b, "tc_tensor.div", dyk, gScalar(b, gElem(x), (double)count));
  }
  if (!strcmp(k, "reduce_prod"))
    gradGive(c, 0, gBinary(b, "tc_tensor.mul", dyk, prodFactor(b, x, gReshape(b, y, &keep), n, axes)));
  else
    gradGive(c, 0, gBroadcastTo(b, dyk, &xs));
  return true;
}

bool gradRuleGlobalPool(GradCall *c) {
  if (!gradWants(c, 0))
    return true;
  GradBuilder *b = c->b;
  MlirValue x = gradOperand(c, 0), dy = gradDy(c, 0);
  GradShape xs = gShapeOf(x);
  int64_t axes[GRAD_MAX_RANK], count = 1;
  intptr_t n = 0;
  for (intptr_t d = 2; d < xs.rank; ++d) {
    axes[n++] = d;
    count *= xs.dims[d];
  }
  if (!strcmp(c->kind, "global_max_pool")) {
    gradGive(c, 0, gradExtremeAdjoint(b, x, gradResult(c, 0), dy, n, axes));
    return true;
  }
  MlirValue share = gBinary(b, "tc_tensor.div", dy, gScalar(b, gElem(x), (double)count));
  gradGive(c, 0, gBroadcastTo(b, share, &xs));
  return true;
}
