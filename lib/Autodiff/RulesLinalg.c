//===- RulesLinalg.c - VJP rules of matmul and gemm ------------------------===//
//
// matmul (NumPy's): a 1-D lhs [K] is the matrix [1, K], a 1-D rhs [K, 1];
// with those promotions and dy viewed as [B..., M, N],
//
//   dlhs = unbroadcast(dy · rhsᵀ)     drhs = unbroadcast(lhsᵀ · dy)
//
// where unbroadcast sums over the batch dimensions the operand was
// broadcast along, then the promotion is undone by a reshape.
//
// gemm: result = alpha · op(a) · op(b) + beta · c, so
//
//   d op(a) = alpha · dy · op(b)ᵀ    d op(b) = alpha · op(a)ᵀ · dy
//   dc = beta · unbroadcast(dy)
//
// each a gemm with the transposes folded into its flags, transposed back
// when the operand itself was (trans_a, trans_b). A zero alpha or beta
// makes the term (and so its adjoint) vanish, as the forward omits it.
//
// The transpose of lhs in drhs is the step `rhs.transpose-lhs`, which a
// test-only fault removes (docs/autodiff.md).
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

// `v` as a matrix: [K] -> [1, K] (lhs) or [K, 1] (rhs); others unchanged.
static MlirValue promote(GradBuilder *b, MlirValue v, bool isLhs) {
  GradShape s = tcGradShapeOf(v);
  if (s.rank != 1)
    return v;
  GradShape m = {2, {1, 1}};
  m.dims[isLhs ? 1 : 0] = s.dims[0];
  return tcGradReshape(b, v, &m);
}

bool tcGradRuleMatmul(GradCall *c) {
  GradBuilder *b = c->b;
  MlirValue x = tcGradOperand(c, 0), y = tcGradOperand(c, 1);
  tcGradStep(c, "promote");
  MlirValue xm = promote(b, x, true), ym = promote(b, y, false);
  GradShape sx = tcGradShapeOf(xm), sy = tcGradShapeOf(ym), bx = sx, by = sy;
  bx.rank -= 2;
  by.rank -= 2;
  GradShape full = tcGradBroadcastShape(&bx, &by);
  full.dims[full.rank++] = sx.dims[sx.rank - 2];
  full.dims[full.rank++] = sy.dims[sy.rank - 1];
  MlirValue dy = tcGradReshape(b, tcGradDy(c, 0), &full);
  if (tcGradWants(c, 0)) {
    GradShape target = tcGradShapeOf(x);
    tcGradStep(c, "lhs");
    MlirValue d = tcGradMatmul(b, dy, tcGradTransposeLast2(b, ym));
    tcGradStep(c, "lhs.unbroadcast-sum");
    tcGradGive(c, 0, tcGradReshape(b, tcGradUnbroadcast(b, d, &sx), &target));
  }
  if (tcGradWants(c, 1)) {
    GradShape target = tcGradShapeOf(y);
    tcGradStep(c, "rhs.transpose-lhs");
    MlirValue xt = tcGradTransposeLast2(b, xm);
    tcGradStep(c, "rhs");
    MlirValue d = tcGradMatmul(b, xt, dy);
    tcGradStep(c, "rhs.unbroadcast-sum");
    tcGradGive(c, 1, tcGradReshape(b, tcGradUnbroadcast(b, d, &sy), &target));
  }
  return true;
}

// alpha · op(p) · op(q) as a gemm without c.
static MlirValue gemm(GradBuilder *b, MlirValue p, MlirValue q, double alpha, bool transP, bool transQ) {
  GradShape sp = tcGradShapeOf(p), sq = tcGradShapeOf(q);
  GradShape out = {2, {sp.dims[transP ? 1 : 0], sq.dims[transQ ? 0 : 1]}};
  MlirNamedAttribute attrs[4] = {tcGradNamed(b->ctx, "alpha", tcGradF64Attr(b->ctx, alpha)),
                                 tcGradNamed(b->ctx, "beta", tcGradF64Attr(b->ctx, 0.0)),
                                 tcGradNamed(b->ctx, "trans_a", mlirBoolAttrGet(b->ctx, transP)),
                                 tcGradNamed(b->ctx, "trans_b", mlirBoolAttrGet(b->ctx, transQ))};
  MlirValue operands[2] = {p, q};
  return tcGradOp(b, "tc_tensor.gemm", tcGradTensorType(b->ctx, &out, tcGradElem(p)), 2, operands, 4, attrs);
}

bool tcGradRuleGemm(GradCall *c) {
  GradBuilder *b = c->b;
  MlirValue a = tcGradOperand(c, 0), q = tcGradOperand(c, 1), dy = tcGradDy(c, 0);
  double alpha = tcGradAttrF64(c->op, "alpha"), beta = tcGradAttrF64(c->op, "beta");
  bool ta = tcGradAttrBool(c->op, "trans_a"), tb = tcGradAttrBool(c->op, "trans_b");
  if (tcGradWants(c, 0)) {
    tcGradStep(c, "a");
    // d op(a) = alpha·dy·op(b)ᵀ; with trans_a, da = (d op(a))ᵀ = alpha·op(b)·dyᵀ.
    tcGradGive(c, 0, ta ? gemm(b, q, dy, alpha, tb, true) : gemm(b, dy, q, alpha, false, !tb));
  }
  if (tcGradWants(c, 1)) {
    tcGradStep(c, "b");
    // d op(b) = alpha·op(a)ᵀ·dy; with trans_b, db = alpha·dyᵀ·op(a).
    tcGradGive(c, 1, tb ? gemm(b, dy, a, alpha, true, ta) : gemm(b, a, dy, alpha, !ta, false));
  }
  if (mlirOperationGetNumOperands(c->op) > 2 && tcGradWants(c, 2) && beta != 0) {
    GradShape target = tcGradShapeOf(tcGradOperand(c, 2));
    tcGradStep(c, "c.unbroadcast-sum");
    tcGradGive(c, 2, tcGradUnbroadcast(b, tcGradScale(b, dy, beta), &target));
  }
  return true;
}
