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
  GradShape s = gShapeOf(v);
  if (s.rank != 1)
    return v;
  GradShape m = {2, {1, 1}};
  m.dims[isLhs ? 1 : 0] = s.dims[0];
  return gReshape(b, v, &m);
}

bool gradRuleMatmul(GradCall *c) {
  GradBuilder *b = c->b;
  MlirValue x = gradOperand(c, 0), y = gradOperand(c, 1);
  gradStep(c, "promote");
  MlirValue xm = promote(b, x, true), ym = promote(b, y, false);
  GradShape sx = gShapeOf(xm), sy = gShapeOf(ym), bx = sx, by = sy;
  bx.rank -= 2;
  by.rank -= 2;
  GradShape full = gBroadcastShape(&bx, &by);
  full.dims[full.rank++] = sx.dims[sx.rank - 2];
  full.dims[full.rank++] = sy.dims[sy.rank - 1];
  MlirValue dy = gReshape(b, gradDy(c, 0), &full);
  if (gradWants(c, 0)) {
    GradShape target = gShapeOf(x);
    gradStep(c, "lhs");
    MlirValue d = gMatmul(b, dy, gTransposeLast2(b, ym));
    gradStep(c, "lhs.unbroadcast-sum");
    gradGive(c, 0, gReshape(b, gUnbroadcast(b, d, &sx), &target));
  }
  if (gradWants(c, 1)) {
    GradShape target = gShapeOf(y);
    gradStep(c, "rhs.transpose-lhs");
    MlirValue xt = gTransposeLast2(b, xm);
    gradStep(c, "rhs");
    MlirValue d = gMatmul(b, xt, dy);
    gradStep(c, "rhs.unbroadcast-sum");
    gradGive(c, 1, gReshape(b, gUnbroadcast(b, d, &sy), &target));
  }
  return true;
}

// alpha · op(p) · op(q) as a gemm without c.
static MlirValue gemm(GradBuilder *b, MlirValue p, MlirValue q, double alpha, bool transP, bool transQ) {
  GradShape sp = gShapeOf(p), sq = gShapeOf(q);
  GradShape out = {2, {sp.dims[transP ? 1 : 0], sq.dims[transQ ? 0 : 1]}};
  MlirNamedAttribute attrs[4] = {gNamed(b->ctx, "alpha", gF64Attr(b->ctx, alpha)),
                                 gNamed(b->ctx, "beta", gF64Attr(b->ctx, 0.0)),
                                 gNamed(b->ctx, "trans_a", mlirBoolAttrGet(b->ctx, transP)),
                                 gNamed(b->ctx, "trans_b", mlirBoolAttrGet(b->ctx, transQ))};
  MlirValue operands[2] = {p, q};
  return gOp(b, "tc_tensor.gemm", gTensorType(b->ctx, &out, gElem(p)), 2, operands, 4, attrs);
}

bool gradRuleGemm(GradCall *c) {
  GradBuilder *b = c->b;
  MlirValue a = gradOperand(c, 0), q = gradOperand(c, 1), dy = gradDy(c, 0);
  double alpha = gAttrF64(c->op, "alpha"), beta = gAttrF64(c->op, "beta");
  bool ta = gAttrBool(c->op, "trans_a"), tb = gAttrBool(c->op, "trans_b");
  if (gradWants(c, 0)) {
    gradStep(c, "a");
    // d op(a) = alpha·dy·op(b)ᵀ; with trans_a, da = (d op(a))ᵀ = alpha·op(b)·dyᵀ.
    gradGive(c, 0, ta ? gemm(b, q, dy, alpha, tb, true) : gemm(b, dy, q, alpha, false, !tb));
  }
  if (gradWants(c, 1)) {
    gradStep(c, "b");
    // d op(b) = alpha·op(a)ᵀ·dy; with trans_b, db = alpha·dyᵀ·op(a).
    gradGive(c, 1, tb ? gemm(b, dy, a, alpha, true, ta) : gemm(b, a, dy, alpha, !ta, false));
  }
  if (mlirOperationGetNumOperands(c->op) > 2 && gradWants(c, 2) && beta != 0) {
    GradShape target = gShapeOf(gradOperand(c, 2));
    gradStep(c, "c.unbroadcast-sum");
    gradGive(c, 2, gUnbroadcast(b, gScale(b, dy, beta), &target));
  }
  return true;
}
