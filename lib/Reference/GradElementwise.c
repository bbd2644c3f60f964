//===- GradElementwise.c - reference derivatives of elementwise ops --------===//
//
// docs/autodiff.md §3.1. For result element k of an elementwise op, the
// operand elements it read are found with the broadcasting rule
// (tcRefBroadcastIndex), and each operand's accumulator gets
// dy[k] · ∂f/∂operand evaluated in binary128 at the operand values; an
// operand broadcast along some dimension thus collects the sum over it.
// The derivative is a function of the operands only (never of the rounded
// result), and at the points where it is undefined it takes PyTorch's
// value:
//
//   abs'   (x > 0) − (x < 0): 0 at ±0 and at NaN      relu'  0 for x ≤ 0, 1 else (NaN: 1)
//   max    ∂/∂lhs = 1 where lhs > rhs, ½ at a tie, 0 where lhs < rhs, 1 where
//          unordered (NaN), and symmetrically ∂/∂rhs; min alike
//   pow    ∂/∂lhs = 0 where rhs = 0; ∂/∂rhs = 0 where lhs = 0 and rhs ≥ 0
//   clip   1 where min ≤ x ≤ max (the bounds rounded to x's dtype), else 0
//   where  1 for the selected operand, 0 for the other
//   mod    ∂/∂rhs = −floor(lhs / rhs); fmod: −trunc(lhs / rhs)
//
// floor, ceil, round and sign have derivative 0 and no rule; integer and
// bool operands have none (GradEval.c).
//
//===----------------------------------------------------------------------===//
#include "GradInternal.h"

#include <math.h>

static const Quad kPi = 3.14159265358979323846264338327950288Q;

static Quad sigmoidQ(Quad x) {
  if (x < 0) {
    Quad e = expf128(x);
    return e / (1 + e);
  }
  return 1 / (1 + expf128(-x));
}

// gelu'(x) = Phi(x) + x·phi(x).
static Quad geluSlope(Quad x) {
  if (isinf((double)x))
    return x > 0 ? 1 : 0;
  return erfcf128(-x / sqrtf128(2)) / 2 + x * expf128(-x * x / 2) / sqrtf128(2 * kPi);
}

static Quad unarySlope(RefGrad *g, Quad x) {
  RefOp *r = &g->r;
  if (tcRefOpIs(r, "neg"))
    return -1;
  if (tcRefOpIs(r, "abs"))
    return (x > 0) - (x < 0);
  if (tcRefOpIs(r, "exp"))
    return expf128(x);
  if (tcRefOpIs(r, "log"))
    return 1 / x;
  if (tcRefOpIs(r, "sqrt"))
    return 1 / (2 * sqrtf128(x));
  if (tcRefOpIs(r, "rsqrt"))
    return -1 / (2 * x * sqrtf128(x));
  if (tcRefOpIs(r, "tanh")) {
    Quad t = tanhf128(x);
    return 1 - t * t;
  }
  if (tcRefOpIs(r, "sigmoid")) {
    Quad s = sigmoidQ(x);
    return s * (1 - s);
  }
  if (tcRefOpIs(r, "relu"))
    return x > 0 || isnan((double)x) ? 1 : 0;
  if (tcRefOpIs(r, "gelu"))
    return geluSlope(x);
  if (tcRefOpIs(r, "erf"))
    return 2 / sqrtf128(kPi) * expf128(-x * x);
  if (tcRefOpIs(r, "sin"))
    return cosf128(x);
  if (tcRefOpIs(r, "cos"))
    return -sinf128(x);
  if (tcRefOpIs(r, "reciprocal"))
    return -1 / (x * x);
  return 1; // identity
}

bool tcRefGradUnary(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0];
  for (int64_t k = 0; g->dx[0] && g->dy[0] && k < x->numel; ++k)
    g->dx[0][k] += g->dy[0][k] * unarySlope(g, refGradX(x, k));
  return true;
}

//===-- Binary ------------------------------------------------------------------===//

// ∂f/∂lhs and ∂f/∂rhs at (x, y); z = f(x, y) exactly where needed.
static void binarySlopes(RefGrad *g, Quad x, Quad y, Quad *dx, Quad *dy) {
  RefOp *r = &g->r;
  if (tcRefOpIs(r, "add") || tcRefOpIs(r, "sub")) {
    *dx = 1;
    *dy = tcRefOpIs(r, "add") ? 1 : -1;
  } else if (tcRefOpIs(r, "mul")) {
    *dx = y;
    *dy = x;
  } else if (tcRefOpIs(r, "div")) {
    *dx = 1 / y;
    *dy = -x / (y * y);
  } else if (tcRefOpIs(r, "pow")) {
    *dx = y == 0 ? 0 : y * powf128(x, y - 1);
    *dy = x == 0 && y >= 0 ? 0 : powf128(x, y) * logf128(x);
  } else if (tcRefOpIs(r, "max") || tcRefOpIs(r, "min")) {
    bool isMax = tcRefOpIs(r, "max");
    bool unordered = isnan((double)x) || isnan((double)y);
    *dx = unordered ? 1 : x == y ? 0.5Q : (isMax ? x > y : x < y);
    *dy = unordered ? 1 : x == y ? 0.5Q : (isMax ? y > x : y < x);
  } else { // mod, fmod
    Quad q = x / y;
    *dx = 1;
    *dy = -(tcRefOpIs(r, "mod") ? floorf128(q) : truncf128(q));
  }
}

bool tcRefGradBinary(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0], *y = g->r.operands[1], *z = g->results[0];
  RefShape shape = tcRefShapeOf(z);
  int64_t idx[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < z->numel; ++k) {
    if (!g->dy[0])
      break;
    Quad d = g->dy[0][k];
    tcRefUnravel(k, &shape, idx);
    int64_t a = tcRefBroadcastIndex(x, idx, shape.rank), b = tcRefBroadcastIndex(y, idx, shape.rank);
    Quad sx, sy;
    binarySlopes(g, refGradX(x, a), refGradX(y, b), &sx, &sy);
    if (g->dx[0])
      g->dx[0][a] += d * sx;
    if (g->dx[1])
      g->dx[1][b] += d * sy;
  }
  return true;
}

bool tcRefGradWhere(RefGrad *g) {
  const TcRefTensor *c = g->r.operands[0], *x = g->r.operands[1], *y = g->r.operands[2], *z = g->results[0];
  RefShape shape = tcRefShapeOf(z);
  int64_t idx[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < z->numel; ++k) {
    tcRefUnravel(k, &shape, idx);
    bool pick = c->data[tcRefBroadcastIndex(c, idx, shape.rank)].i != 0;
    intptr_t which = pick ? 1 : 2;
    const TcRefTensor *from = pick ? x : y;
    if (g->dx[which])
      g->dx[which][tcRefBroadcastIndex(from, idx, shape.rank)] += refGradDy(g, 0, k);
  }
  return true;
}

bool tcRefGradClip(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0];
  double lo, hi;
  if (!tcRefGetF64Attr(&g->r, "min", &lo) || !tcRefGetF64Attr(&g->r, "max", &hi))
    return false;
  lo = tcRefRoundToFloat(lo, x->dtype); // the bounds the forward compares with
  hi = tcRefRoundToFloat(hi, x->dtype);
  for (int64_t k = 0; g->dx[0] && k < x->numel; ++k) {
    double v = x->data[k].f;
    if (v >= lo && v <= hi)
      g->dx[0][k] += refGradDy(g, 0, k);
  }
  return true;
}

bool tcRefGradCast(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0];
  if (!tcRefDtypeIsFloat(g->results[0]->dtype)) // to an integer or bool: no derivative
    return true;
  for (int64_t k = 0; g->dx[0] && k < x->numel; ++k)
    g->dx[0][k] += refGradDy(g, 0, k);
  return true;
}
