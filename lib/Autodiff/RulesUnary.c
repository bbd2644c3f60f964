//===- RulesUnary.c - VJP rules of the unary elementwise ops ---------------===//
//
// dx = dy · f'(x) for each differentiable unary op, written as PyTorch's
// autograd formulas write it (tools/autograd/derivatives.yaml), from the
// result y where the derivative is a function of it (exp, sqrt, rsqrt,
// tanh, sigmoid, reciprocal) and from x otherwise. At the points where f'
// is undefined the conventions are PyTorch's: abs'(0) = abs'(NaN) = 0 (its
// sgn is (x > 0) - (x < 0)) and relu'(0) = 0 (relu's adjoint is dy where
// y > 0, so a NaN input passes dy through, as threshold_backward does).
// Constants are rank-0 tensors of x's dtype, rounded to it.
//
// floor, ceil, round and sign are piecewise constant: the rule table gives
// them no rule, so they contribute nothing (PyTorch's zero gradient).
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

#include <string.h>

static const double kSqrtHalf = 0.70710678118654752440;   // 1/sqrt(2)
static const double kTwoOverSqrtPi = 1.12837916709551257390; // 2/sqrt(pi)

static MlirValue mul(GradBuilder *b, MlirValue x, MlirValue y) { return tcGradBinary(b, "tc_tensor.mul", x, y); }

static MlirValue one(GradBuilder *b, MlirValue like) { return tcGradScalar(b, tcGradElem(like), 1.0); }

// gelu'(x) = Phi(x) + x·phi(x) = (1 + erf(x/sqrt 2))/2 + x·exp(-x²/2)/sqrt(2 pi).
static MlirValue geluSlope(GradBuilder *b, MlirValue x) {
  MlirValue cdf = tcGradScale(
      b, tcGradBinary(b, "tc_tensor.add", one(b, x), tcGradUnary(b, "tc_tensor.erf", tcGradScale(b, x, kSqrtHalf))),
      0.5);
  MlirValue pdf = tcGradScale(b, tcGradUnary(b, "tc_tensor.exp", tcGradScale(b, mul(b, x, x), -0.5)),
                              kTwoOverSqrtPi * kSqrtHalf * 0.5);
  return tcGradBinary(b, "tc_tensor.add", cdf, mul(b, x, pdf));
}

// f'(x) as a tensor to multiply dy by, or a null value where the adjoint is
// built another way (relu, neg, identity).
static MlirValue slope(GradCall *c, const char *k, MlirValue x, MlirValue y) {
  GradBuilder *b = c->b;
  if (!strcmp(k, "abs")) // sign(x), but 0 for NaN as PyTorch's sgn: (x > 0) - (x < 0)
    return tcGradBinary(
        b, "tc_tensor.sub",
        tcGradCast(b, tcGradCompare(b, "tc_tensor.gt", x, tcGradScalar(b, tcGradElem(x), 0.0)), tcGradElem(x)),
        tcGradCast(b, tcGradCompare(b, "tc_tensor.lt", x, tcGradScalar(b, tcGradElem(x), 0.0)), tcGradElem(x)));
  if (!strcmp(k, "exp"))
    return y;
  if (!strcmp(k, "log"))
    return tcGradBinary(b, "tc_tensor.div", one(b, x), x);
  if (!strcmp(k, "sqrt"))
    return tcGradBinary(b, "tc_tensor.div", one(b, x), tcGradScale(b, y, 2.0));
  if (!strcmp(k, "rsqrt"))
    return tcGradScale(b, mul(b, mul(b, y, y), y), -0.5);
  if (!strcmp(k, "tanh"))
    return tcGradBinary(b, "tc_tensor.sub", one(b, y), mul(b, y, y));
  if (!strcmp(k, "sigmoid"))
    return mul(b, tcGradBinary(b, "tc_tensor.sub", one(b, y), y), y);
  if (!strcmp(k, "gelu"))
    return geluSlope(b, x);
  if (!strcmp(k, "erf"))
    return tcGradScale(b, tcGradUnary(b, "tc_tensor.exp", tcGradUnary(b, "tc_tensor.neg", mul(b, x, x))),
                       kTwoOverSqrtPi);
  if (!strcmp(k, "sin"))
    return tcGradUnary(b, "tc_tensor.cos", x);
  if (!strcmp(k, "cos"))
    return tcGradUnary(b, "tc_tensor.neg", tcGradUnary(b, "tc_tensor.sin", x));
  if (!strcmp(k, "reciprocal"))
    return tcGradUnary(b, "tc_tensor.neg", mul(b, y, y));
  return (MlirValue){NULL};
}

bool tcGradRuleUnary(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  MlirValue x = tcGradOperand(c, 0), y = tcGradResult(c, 0), dy = tcGradDy(c, 0);
  GradBuilder *b = c->b;
  const char *k = c->kind;
  if (!strcmp(k, "identity")) {
    tcGradGive(c, 0, dy);
  } else if (!strcmp(k, "neg")) {
    tcGradGive(c, 0, tcGradUnary(b, "tc_tensor.neg", dy));
  } else if (!strcmp(k, "relu")) {
    MlirValue off = tcGradCompare(b, "tc_tensor.le", y, tcGradScalar(b, tcGradElem(y), 0.0));
    tcGradGive(c, 0, tcGradWhere(b, off, tcGradScalar(b, tcGradElem(y), 0.0), dy));
  } else {
    tcGradGive(c, 0, mul(b, dy, slope(c, k, x, y)));
  }
  return true;
}
