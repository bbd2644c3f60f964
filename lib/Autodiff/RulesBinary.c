//===- RulesBinary.c - VJP rules of binary elementwise ops, where, clip, cast ===//
//
// A binary op's operand adjoint is its partial derivative times dy, summed
// over the dimensions broadcasting stretched the operand to (gUnbroadcast).
// The formulas are PyTorch's (tools/autograd/derivatives.yaml):
//
//   div  drhs = -dy · lhs / (rhs · rhs)
//   pow  dlhs = dy · rhs · lhs^(rhs − 1), 0 where rhs = 0;
//        drhs = dy · y · log(lhs), 0 where lhs = 0 and rhs ≥ 0
//   max  dlhs = dy where lhs > rhs, dy/2 at a tie, 0 where lhs < rhs (so a
//        NaN on either side passes dy to both, as torch.maximum); min alike
//   mod  drhs = −dy · floor(lhs / rhs); fmod: −dy · trunc(lhs / rhs)
//   where  the selected side gets dy, the other 0; cond has no adjoint
//   clip   dy where min ≤ x ≤ max (PyTorch's clamp: bounds included)
//   cast   float → float: dy cast back to x's dtype
//
// The step names (`rhs.negate`, `rhs.unbroadcast-sum`) tag the ops that
// test-only faults break (docs/autodiff.md).
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

#include <string.h>

static MlirValue bin(GradBuilder *b, const char *op, MlirValue x, MlirValue y) {
  char name[64] = "tc_tensor.";
  strcat(name, op);
  return gBinary(b, name, x, y);
}

static MlirValue cmp(GradBuilder *b, const char *op, MlirValue x, MlirValue y) {
  char name[64] = "tc_tensor.";
  strcat(name, op);
  return gCompare(b, name, x, y);
}

static MlirValue zero(GradBuilder *b, MlirValue like) { return gScalar(b, gElem(like), 0.0); }

// Gives operand i the adjoint `v` (the broadcast shape), unbroadcast.
static void giveUnbroadcast(GradCall *c, intptr_t i, MlirValue v) {
  GradShape target = gShapeOf(gradOperand(c, i));
  gradStep(c, i == 0 ? "lhs.unbroadcast-sum" : "rhs.unbroadcast-sum");
  gradGive(c, i, gUnbroadcast(c->b, v, &target));
}

// dy where `off` is false, dy/2 where `tie`, 0 where `off`: max and min.
static MlirValue extremeShare(GradBuilder *b, MlirValue dy, MlirValue tie, MlirValue off) {
  MlirValue shared = gWhere(b, tie, gScale(b, dy, 0.5), dy);
  return gWhere(b, off, zero(b, dy), shared);
}

// trunc(v) = ceil(v) for v < 0, floor(v) otherwise.
static MlirValue truncate(GradBuilder *b, MlirValue v) {
  return gWhere(b, cmp(b, "lt", v, zero(b, v)), gUnary(b, "tc_tensor.ceil", v), gUnary(b, "tc_tensor.floor", v));
}

static void powRule(GradCall *c, MlirValue x, MlirValue y, MlirValue z, MlirValue dy) {
  GradBuilder *b = c->b;
  if (gradWants(c, 0)) {
    gradStep(c, "lhs");
    MlirValue e = gBinary(b, "tc_tensor.pow", x, bin(b, "sub", y, gScalar(b, gElem(y), 1.0)));
    MlirValue v = bin(b, "mul", dy, bin(b, "mul", y, e));
    giveUnbroadcast(c, 0, gWhere(b, cmp(b, "eq", y, zero(b, y)), zero(b, dy), v));
  }
  if (gradWants(c, 1)) {
    gradStep(c, "rhs");
    MlirValue v = bin(b, "mul", dy, bin(b, "mul", z, gUnary(b, "tc_tensor.log", x)));
    MlirValue off = bin(b, "and", cmp(b, "eq", x, zero(b, x)), cmp(b, "ge", y, zero(b, y)));
    giveUnbroadcast(c, 1, gWhere(b, off, zero(b, dy), v));
  }
}

static void maxMinRule(GradCall *c, MlirValue x, MlirValue y, MlirValue dy, bool isMax) {
  GradBuilder *b = c->b;
  gradStep(c, "select");
  MlirValue tie = cmp(b, "eq", x, y);
  if (gradWants(c, 0)) {
    gradStep(c, "lhs");
    giveUnbroadcast(c, 0, extremeShare(b, dy, tie, cmp(b, isMax ? "lt" : "gt", x, y)));
  }
  if (gradWants(c, 1)) {
    gradStep(c, "rhs");
    giveUnbroadcast(c, 1, extremeShare(b, dy, tie, cmp(b, isMax ? "gt" : "lt", x, y)));
  }
}

// The rhs adjoint of the ops whose lhs adjoint is dy itself.
static MlirValue rhsAdjoint(GradCall *c, MlirValue x, MlirValue y, MlirValue dy) {
  GradBuilder *b = c->b;
  const char *k = c->kind;
  if (!strcmp(k, "add"))
    return dy;
  if (!strcmp(k, "sub"))
    return dy; // negated after the unbroadcast, below
  MlirValue q = bin(b, "div", x, y);
  MlirValue whole = !strcmp(k, "mod") ? gUnary(b, "tc_tensor.floor", q) : truncate(b, q);
  return gUnary(b, "tc_tensor.neg", bin(b, "mul", dy, whole));
}

bool gradRuleBinary(GradCall *c) {
  MlirValue x = gradOperand(c, 0), y = gradOperand(c, 1), dy = gradDy(c, 0);
  GradBuilder *b = c->b;
  const char *k = c->kind;
  if (!strcmp(k, "pow")) {
    powRule(c, x, y, gradResult(c, 0), dy);
  } else if (!strcmp(k, "max") || !strcmp(k, "min")) {
    maxMinRule(c, x, y, dy, !strcmp(k, "max"));
  } else if (!strcmp(k, "mul") || !strcmp(k, "div")) {
    if (gradWants(c, 0)) {
      gradStep(c, "lhs");
      giveUnbroadcast(c, 0, bin(b, !strcmp(k, "mul") ? "mul" : "div", dy, y));
    }
    if (gradWants(c, 1)) {
      gradStep(c, "rhs");
      MlirValue v = !strcmp(k, "mul") ? bin(b, "mul", dy, x)
                                      : bin(b, "div", bin(b, "mul", gUnary(b, "tc_tensor.neg", dy), x), bin(b, "mul", y, y));
      giveUnbroadcast(c, 1, v);
    }
  } else { // add, sub, mod, fmod: dlhs = dy
    if (gradWants(c, 0))
      giveUnbroadcast(c, 0, dy);
    if (!gradWants(c, 1))
      return true;
    gradStep(c, "rhs");
    MlirValue v = rhsAdjoint(c, x, y, dy);
    GradShape target = gShapeOf(y);
    gradStep(c, "rhs.unbroadcast-sum");
    MlirValue u = gUnbroadcast(b, v, &target);
    if (!strcmp(k, "sub")) {
      gradStep(c, "rhs.negate");
      u = gUnary(b, "tc_tensor.neg", u);
    }
    gradGive(c, 1, u);
  }
  return true;
}

bool gradRuleWhere(GradCall *c) {
  GradBuilder *b = c->b;
  MlirValue cond = gradOperand(c, 0), dy = gradDy(c, 0);
  if (gradWants(c, 1)) {
    GradShape target = gShapeOf(gradOperand(c, 1));
    gradStep(c, "lhs");
    gradGive(c, 1, gUnbroadcast(b, gWhere(b, cond, dy, zero(b, dy)), &target));
  }
  if (gradWants(c, 2)) {
    GradShape target = gShapeOf(gradOperand(c, 2));
    gradStep(c, "rhs");
    gradGive(c, 2, gUnbroadcast(b, gWhere(b, cond, zero(b, dy), dy), &target));
  }
  return true;
}

bool gradRuleClip(GradCall *c) {
  if (!gradWants(c, 0))
    return true;
  GradBuilder *b = c->b;
  MlirValue x = gradOperand(c, 0), dy = gradDy(c, 0);
  MlirValue lo = gScalar(b, gElem(x), gAttrF64(c->op, "min")), hi = gScalar(b, gElem(x), gAttrF64(c->op, "max"));
  MlirValue inside = bin(b, "and", cmp(b, "ge", x, lo), cmp(b, "le", x, hi));
  gradGive(c, 0, gWhere(b, inside, dy, zero(b, dy)));
  return true;
}

bool gradRuleCast(GradCall *c) {
  if (gradWants(c, 0) && gIsFloat(gradResult(c, 0)))
    gradGive(c, 0, gCast(c->b, gradDy(c, 0), gElem(gradOperand(c, 0))));
  return true;
}
