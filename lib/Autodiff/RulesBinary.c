//===- RulesBinary.c - VJP rules of binary elementwise ops, where, clip, cast ===//
//
// A binary op's operand adjoint is its partial derivative times dy, summed
// over the dimensions broadcasting stretched the operand to (tcGradUnbroadcast).
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
  return tcGradBinary(b, name, x, y);
}

static MlirValue cmp(GradBuilder *b, const char *op, MlirValue x, MlirValue y) {
  char name[64] = "tc_tensor.";
  strcat(name, op);
  return tcGradCompare(b, name, x, y);
}

static MlirValue zero(GradBuilder *b, MlirValue like) { return tcGradScalar(b, tcGradElem(like), 0.0); }

// Gives operand i the adjoint `v` (the broadcast shape), unbroadcast.
static void giveUnbroadcast(GradCall *c, intptr_t i, MlirValue v) {
  GradShape target = tcGradShapeOf(tcGradOperand(c, i));
  tcGradStep(c, i == 0 ? "lhs.unbroadcast-sum" : "rhs.unbroadcast-sum");
  tcGradGive(c, i, tcGradUnbroadcast(c->b, v, &target));
}

// dy where `off` is false, dy/2 where `tie`, 0 where `off`: max and min.
static MlirValue extremeShare(GradBuilder *b, MlirValue dy, MlirValue tie, MlirValue off) {
  MlirValue shared = tcGradWhere(b, tie, tcGradScale(b, dy, 0.5), dy);
  return tcGradWhere(b, off, zero(b, dy), shared);
}

// trunc(v) = ceil(v) for v < 0, floor(v) otherwise.
static MlirValue truncate(GradBuilder *b, MlirValue v) {
  return tcGradWhere(b, cmp(b, "lt", v, zero(b, v)), tcGradUnary(b, "tc_tensor.ceil", v),
                     tcGradUnary(b, "tc_tensor.floor", v));
}

static void powRule(GradCall *c, MlirValue x, MlirValue y, MlirValue z, MlirValue dy) {
  GradBuilder *b = c->b;
  if (tcGradWants(c, 0)) {
    tcGradStep(c, "lhs");
    MlirValue e = tcGradBinary(b, "tc_tensor.pow", x, bin(b, "sub", y, tcGradScalar(b, tcGradElem(y), 1.0)));
    MlirValue v = bin(b, "mul", dy, bin(b, "mul", y, e));
    giveUnbroadcast(c, 0, tcGradWhere(b, cmp(b, "eq", y, zero(b, y)), zero(b, dy), v));
  }
  if (tcGradWants(c, 1)) {
    tcGradStep(c, "rhs");
    MlirValue v = bin(b, "mul", dy, bin(b, "mul", z, tcGradUnary(b, "tc_tensor.log", x)));
    MlirValue off = bin(b, "and", cmp(b, "eq", x, zero(b, x)), cmp(b, "ge", y, zero(b, y)));
    giveUnbroadcast(c, 1, tcGradWhere(b, off, zero(b, dy), v));
  }
}

static void maxMinRule(GradCall *c, MlirValue x, MlirValue y, MlirValue dy, bool isMax) {
  GradBuilder *b = c->b;
  tcGradStep(c, "select");
  MlirValue tie = cmp(b, "eq", x, y);
  if (tcGradWants(c, 0)) {
    tcGradStep(c, "lhs");
    giveUnbroadcast(c, 0, extremeShare(b, dy, tie, cmp(b, isMax ? "lt" : "gt", x, y)));
  }
  if (tcGradWants(c, 1)) {
    tcGradStep(c, "rhs");
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
  MlirValue whole = !strcmp(k, "mod") ? tcGradUnary(b, "tc_tensor.floor", q) : truncate(b, q);
  return tcGradUnary(b, "tc_tensor.neg", bin(b, "mul", dy, whole));
}

bool tcGradRuleBinary(GradCall *c) {
  MlirValue x = tcGradOperand(c, 0), y = tcGradOperand(c, 1), dy = tcGradDy(c, 0);
  GradBuilder *b = c->b;
  const char *k = c->kind;
  if (!strcmp(k, "pow")) {
    powRule(c, x, y, tcGradResult(c, 0), dy);
  } else if (!strcmp(k, "max") || !strcmp(k, "min")) {
    maxMinRule(c, x, y, dy, !strcmp(k, "max"));
  } else if (!strcmp(k, "mul") || !strcmp(k, "div")) {
    if (tcGradWants(c, 0)) {
      tcGradStep(c, "lhs");
      giveUnbroadcast(c, 0, bin(b, !strcmp(k, "mul") ? "mul" : "div", dy, y));
    }
    if (tcGradWants(c, 1)) {
      tcGradStep(c, "rhs");
      MlirValue v = !strcmp(k, "mul")
                        ? bin(b, "mul", dy, x)
                        : bin(b, "div", bin(b, "mul", tcGradUnary(b, "tc_tensor.neg", dy), x), bin(b, "mul", y, y));
      giveUnbroadcast(c, 1, v);
    }
  } else { // add, sub, mod, fmod: dlhs = dy
    if (tcGradWants(c, 0))
      giveUnbroadcast(c, 0, dy);
    if (!tcGradWants(c, 1))
      return true;
    tcGradStep(c, "rhs");
    MlirValue v = rhsAdjoint(c, x, y, dy);
    GradShape target = tcGradShapeOf(y);
    tcGradStep(c, "rhs.unbroadcast-sum");
    MlirValue u = tcGradUnbroadcast(b, v, &target);
    if (!strcmp(k, "sub")) {
      tcGradStep(c, "rhs.negate");
      u = tcGradUnary(b, "tc_tensor.neg", u);
    }
    tcGradGive(c, 1, u);
  }
  return true;
}

bool tcGradRuleWhere(GradCall *c) {
  GradBuilder *b = c->b;
  MlirValue cond = tcGradOperand(c, 0), dy = tcGradDy(c, 0);
  if (tcGradWants(c, 1)) {
    GradShape target = tcGradShapeOf(tcGradOperand(c, 1));
    tcGradStep(c, "lhs");
    tcGradGive(c, 1, tcGradUnbroadcast(b, tcGradWhere(b, cond, dy, zero(b, dy)), &target));
  }
  if (tcGradWants(c, 2)) {
    GradShape target = tcGradShapeOf(tcGradOperand(c, 2));
    tcGradStep(c, "rhs");
    tcGradGive(c, 2, tcGradUnbroadcast(b, tcGradWhere(b, cond, zero(b, dy), dy), &target));
  }
  return true;
}

bool tcGradRuleClip(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  GradBuilder *b = c->b;
  MlirValue x = tcGradOperand(c, 0), dy = tcGradDy(c, 0);
  MlirValue lo = tcGradScalar(b, tcGradElem(x), tcGradAttrF64(c->op, "min")),
            hi = tcGradScalar(b, tcGradElem(x), tcGradAttrF64(c->op, "max"));
  MlirValue inside = bin(b, "and", cmp(b, "ge", x, lo), cmp(b, "le", x, hi));
  tcGradGive(c, 0, tcGradWhere(b, inside, dy, zero(b, dy)));
  return true;
}

bool tcGradRuleCast(GradCall *c) {
  if (tcGradWants(c, 0) && tcGradIsFloat(tcGradResult(c, 0)))
    tcGradGive(c, 0, tcGradCast(c->b, tcGradDy(c, 0), tcGradElem(tcGradOperand(c, 0))));
  return true;
}
