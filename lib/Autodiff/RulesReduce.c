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
  intptr_t n = tcGradAttrArray(op, "axes", axes);
  for (intptr_t i = 0; i < n; ++i)
    axes[i] = tcGradAxis(axes[i], rank);
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
  GradShape xs = tcGradShapeOf(x), keep = keptShape(&xs, n, axes);
  MlirValue yk = tcGradReshape(b, y, &keep), dyk = tcGradReshape(b, dy, &keep);
  MlirValue hit = tcGradCompare(b, "tc_tensor.eq", x, yk);
  MlirValue nanHit = tcGradBinary(b, "tc_tensor.and", tcGradCompare(b, "tc_tensor.ne", x, x),
                                  tcGradCompare(b, "tc_tensor.ne", yk, yk));
  MlirValue mask = tcGradCast(b, tcGradBinary(b, "tc_tensor.or", hit, nanHit), tcGradElem(x));
  MlirValue count = tcGradReduce(b, "sum", mask, n, axes, true);
  return tcGradBinary(b, "tc_tensor.mul", mask, tcGradBinary(b, "tc_tensor.div", dyk, count));
}

// Π_{j≠i} x_j as a factor of dy, for the three cases of the file comment.
static MlirValue prodFactor(GradBuilder *b, MlirValue x, MlirValue yk, intptr_t n, const int64_t *axes) {
  MlirType t = tcGradElem(x);
  MlirValue zero = tcGradScalar(b, t, 0.0), one = tcGradScalar(b, t, 1.0);
  MlirValue isZero = tcGradCompare(b, "tc_tensor.eq", x, zero);
  MlirValue zeros = tcGradReduce(b, "sum", tcGradCast(b, isZero, t), n, axes, true);
  MlirValue others = tcGradReduce(b, "prod", tcGradWhere(b, isZero, one, x), n, axes, true);
  MlirValue single = tcGradWhere(b, isZero, others, zero);
  MlirValue general = tcGradBinary(b, "tc_tensor.div", yk, x);
  MlirValue some = tcGradWhere(b, tcGradCompare(b, "tc_tensor.eq", zeros, one), single, zero);
  return tcGradWhere(b, tcGradCompare(b, "tc_tensor.eq", zeros, zero), general, some);
}

bool tcGradRuleReduce(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  GradBuilder *b = c->b;
  MlirValue x = tcGradOperand(c, 0), y = tcGradResult(c, 0), dy = tcGradDy(c, 0);
  GradShape xs = tcGradShapeOf(x);
  int64_t axes[GRAD_MAX_RANK];
  intptr_t n = reducedAxes(c->op, xs.rank, axes);
  GradShape keep = keptShape(&xs, n, axes);
  const char *k = c->kind;
  if (!strcmp(k, "reduce_max") || !strcmp(k, "reduce_min")) {
    tcGradGive(c, 0, gradExtremeAdjoint(b, x, y, dy, n, axes));
    return true;
  }
  MlirValue dyk = tcGradReshape(b, dy, &keep);
  if (!strcmp(k, "reduce_mean")) {
    int64_t count = 1;
    for (intptr_t i = 0; i < n; ++i)
      count *= xs.dims[axes[i]];
    dyk = tcGradBinary(b, "tc_tensor.div", dyk, tcGradScalar(b, tcGradElem(x), (double)count));
  }
  if (!strcmp(k, "reduce_prod"))
    tcGradGive(c, 0, tcGradBinary(b, "tc_tensor.mul", dyk, prodFactor(b, x, tcGradReshape(b, y, &keep), n, axes)));
  else
    tcGradGive(c, 0, tcGradBroadcastTo(b, dyk, &xs));
  return true;
}

bool tcGradRuleGlobalPool(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  GradBuilder *b = c->b;
  MlirValue x = tcGradOperand(c, 0), dy = tcGradDy(c, 0);
  GradShape xs = tcGradShapeOf(x);
  int64_t axes[GRAD_MAX_RANK], count = 1;
  intptr_t n = 0;
  for (intptr_t d = 2; d < xs.rank; ++d) {
    axes[n++] = d;
    count *= xs.dims[d];
  }
  if (!strcmp(c->kind, "global_max_pool")) {
    tcGradGive(c, 0, gradExtremeAdjoint(b, x, tcGradResult(c, 0), dy, n, axes));
    return true;
  }
  MlirValue share = tcGradBinary(b, "tc_tensor.div", dy, tcGradScalar(b, tcGradElem(x), (double)count));
  tcGradGive(c, 0, tcGradBroadcastTo(b, share, &xs));
  return true;
}
