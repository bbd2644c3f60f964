//===- ComposeElementwise.c - Δ of elementwise ops (ComposeInternal.h) ----===//
//
// For each result element, with e the operands' bounds at the elements it
// reads (broadcast as the op broadcasts):
//
// - monotone functions (exp, log, sqrt, rsqrt, tanh, erf, sigmoid,
//   reciprocal, floor, ceil, round, sign, relu, identity, clip, casts from
//   a float): Δ = max(|f(x + e) - f(x)|, |f(x - e) - f(x)|), exact for a
//   monotone f on [x - e, x + e]; the endpoints are rounded outward, f is
//   evaluated in double (libm: a few ulp of double, covered by a relative
//   margin of 2^-48 on f(x)); an endpoint where f is not finite while f(x)
//   is (log past 0, reciprocal across 0, exp past overflow) gives INFINITY;
// - Lipschitz functions: Δ = L·e with L = 1 for abs, neg, sin, cos and
//   max |gelu'| = 1.1289 < 1.13 for gelu;
// - add, sub: ea + eb; mul: |a|·eb + |b|·ea + ea·eb; div: (|a|·eb +
//   |b|·ea) / (|b|·(|b| - eb)), INFINITY if |b| <= eb; max, min: max(ea, eb);
// - comparisons: 0 unless the operands' intervals meet (|a - b| <= ea + eb),
//   where the outcome can flip: INFINITY; where: the chosen branch's bound,
//   or, if the condition can flip, max(ea, eb) + |a - b|;
// - integer and bitwise ops, pow, mod, fmod, argmax, argmin: exact if every
//   operand is, else INFINITY (no bound through them).
//
// An operand element that is not finite has bound 0 (Compose.c), so the
// formulas never multiply an infinity by a bound; a term whose bound is 0
// is left out for the same reason.
//
//===----------------------------------------------------------------------===//
#include "ComposeInternal.h"

#include <string.h>

static bool kindIs(const RefPropagate *p, const char *kind) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(p->op));
  return name.length == strlen(kind) + 10 && memcmp(name.data + 10, kind, strlen(kind)) == 0;
}

// Every operand exact: 0; else INFINITY everywhere.
void tcRefComposeExactOrUnknown(RefPropagate *p) {
  for (intptr_t i = 0; i < p->numOperands; ++i)
    for (int64_t k = 0; p->operands[i].err && k < p->operands[i].value->numel; ++k)
      if (p->operands[i].err[k] > 0) {
        tcRefDeltaFill(p, INFINITY);
        return;
      }
  tcRefDeltaFill(p, 0);
}

//===-- Unary ----------------------------------------------------------------===//

static double sigmoidD(double x) { return 1 / (1 + exp(-x)); }
static double rsqrtD(double x) { return 1 / sqrt(x); }
static double reciprocalD(double x) { return 1 / x; }
static double signD(double x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }
static double reluD(double x) { return x > 0 ? x : 0; }
static double identityD(double x) { return x; }

typedef double (*Fn)(double);

typedef struct Monotone {
  const char *kind;
  Fn f;
} Monotone;

static const Monotone kMonotone[] = {
    {"exp", exp},       {"log", log},     {"sqrt", sqrt},          {"rsqrt", rsqrtD},     {"tanh", tanh},
    {"erf", erf},       {"sigmoid", sigmoidD}, {"reciprocal", reciprocalD}, {"floor", floor}, {"ceil", ceil},
    {"round", nearbyint}, {"sign", signD}, {"relu", reluD},       {"identity", identityD},
};

double tcRefMonotoneDelta(double (*f)(double), double x, double e, bool crossesPole) {
  if (e == 0)
    return 0;
  double lo = nextafter(x - e, -INFINITY), hi = nextafter(x + e, INFINITY);
  if (crossesPole && lo <= 0 && hi >= 0)
    return INFINITY;
  double fx = f(x), fl = f(lo), fh = f(hi);
  if (!isfinite(fl) || !isfinite(fh))
    return isfinite(fx) ? INFINITY : 0;
  return tcRefRoundUp(fmax(fabs(fh - fx), fabs(fl - fx)) + ldexp(fabs(fx), -48));
}

// clip(x, lo, hi) and a cast to an integer type are monotone; a cast to i1
// (x != 0) flips only where the interval meets 0.
static double clampOf(const RefPropagate *p, double x) {
  MlirAttribute lo = mlirOperationGetAttributeByName(p->op, mlirStringRefCreateFromCString("min"));
  MlirAttribute hi = mlirOperationGetAttributeByName(p->op, mlirStringRefCreateFromCString("max"));
  double l = mlirAttributeIsAFloat(lo) ? mlirFloatAttrGetValueDouble(lo) : -INFINITY;
  double h = mlirAttributeIsAFloat(hi) ? mlirFloatAttrGetValueDouble(hi) : INFINITY;
  return fmin(fmax(x, l), h);
}

static double castDelta(const RefPropagate *p, double x, double e) {
  TcRefDtype to = p->result->dtype;
  if (e == 0)
    return 0;
  if (tcRefDtypeIsFloat(to))
    return e;
  if (to == TC_REF_I1)
    return (x - e <= 0 && x + e >= 0) ? INFINITY : 0;
  double lo = trunc(nextafter(x - e, -INFINITY)), hi = trunc(nextafter(x + e, INFINITY)), t = trunc(x);
  return fmax(hi - t, t - lo); // saturation only narrows it
}

static double lipschitz(const RefPropagate *p) {
  return kindIs(p, "gelu") ? 1.13 : 1.0; // abs, neg, sin, cos
}

void tcRefComposeUnary(RefPropagate *p) {
  const TcRefTensor *x = p->operands[0].value;
  if (!tcRefDtypeIsFloat(x->dtype)) {
    tcRefComposeExactOrUnknown(p);
    return;
  }
  Fn f = NULL;
  for (size_t i = 0; i < sizeof kMonotone / sizeof kMonotone[0]; ++i)
    if (kindIs(p, kMonotone[i].kind))
      f = kMonotone[i].f;
  bool pole = kindIs(p, "reciprocal") || kindIs(p, "rsqrt"), isCast = kindIs(p, "cast"), isClip = kindIs(p, "clip");
  double lip = lipschitz(p);
  for (int64_t k = 0; k < p->result->numel; ++k) {
    double v = x->data[k].f, e = refErrAt(p, 0, k);
    if (isCast)
      p->delta[k] = castDelta(p, v, e);
    else if (isClip)
      p->delta[k] =
          e == 0 ? 0
                 : tcRefRoundUp(fmax(fabs(clampOf(p, v + e) - clampOf(p, v)), fabs(clampOf(p, v - e) - clampOf(p, v))));
    else
      p->delta[k] = f ? tcRefMonotoneDelta(f, v, e, pole) : tcRefRoundUp(lip * e);
  }
}

//===-- Binary ---------------------------------------------------------------===//

typedef struct Pair {
  double a, b, ea, eb;
} Pair;

// The operands' values and bounds at result element k (broadcast).
static Pair pairAt(const RefPropagate *p, int64_t k, RefShape *out, int64_t *idx) {
  tcRefUnravel(k, out, idx);
  const TcRefTensor *a = p->operands[0].value, *b = p->operands[1].value;
  int64_t ia = tcRefBroadcastIndex(a, idx, out->rank), ib = tcRefBroadcastIndex(b, idx, out->rank);
  return (Pair){tcRefGetDouble(a, ia), tcRefGetDouble(b, ib), refErrAt(p, 0, ia), refErrAt(p, 1, ib)};
}

double tcRefDivDelta(double a, double b, double ea, double eb) {
  double mb = fabs(b);
  if (eb == 0)
    return ea == 0 ? 0 : tcRefRoundUp(ea / mb);
  if (mb <= eb)
    return INFINITY;
  double num = fabs(a) * eb + (ea ? mb * ea : 0);
  return tcRefRoundUp(tcRefRoundUp(num) / (mb * (mb - eb) * (1 - 0x1p-50)));
}

double tcRefMulDelta(double a, double b, double ea, double eb) {
  return tcRefRoundUp((eb ? fabs(a) * eb : 0) + (ea ? fabs(b) * ea : 0) + ea * eb);
}

static double binaryDelta(const RefPropagate *p, Pair q) {
  if (kindIs(p, "add") || kindIs(p, "sub"))
    return tcRefRoundUp(q.ea + q.eb);
  if (kindIs(p, "max") || kindIs(p, "min"))
    return fmax(q.ea, q.eb);
  if (kindIs(p, "mul"))
    return tcRefMulDelta(q.a, q.b, q.ea, q.eb);
  return tcRefDivDelta(q.a, q.b, q.ea, q.eb);
}

void tcRefComposeBinary(RefPropagate *p) {
  if (!tcRefDtypeIsFloat(p->result->dtype)) {
    tcRefComposeExactOrUnknown(p);
    return;
  }
  RefShape out = tcRefShapeOf(p->result);
  int64_t idx[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < p->result->numel; ++k)
    p->delta[k] = binaryDelta(p, pairAt(p, k, &out, idx));
}

void tcRefComposeCompare(RefPropagate *p) {
  if (!tcRefDtypeIsFloat(p->operands[0].value->dtype)) {
    tcRefComposeExactOrUnknown(p);
    return;
  }
  RefShape out = tcRefShapeOf(p->result);
  int64_t idx[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < p->result->numel; ++k) {
    Pair q = pairAt(p, k, &out, idx);
    double slack = q.ea + q.eb;
    p->delta[k] = slack > 0 && !(fabs(q.a - q.b) > tcRefRoundUp(slack)) ? INFINITY : 0;
  }
}

void tcRefComposeWhere(RefPropagate *p) {
  RefShape out = tcRefShapeOf(p->result);
  int64_t idx[TC_REF_MAX_RANK];
  const TcRefTensor *c = p->operands[0].value, *a = p->operands[1].value, *b = p->operands[2].value;
  for (int64_t k = 0; k < p->result->numel; ++k) {
    tcRefUnravel(k, &out, idx);
    int64_t ic = tcRefBroadcastIndex(c, idx, out.rank), ia = tcRefBroadcastIndex(a, idx, out.rank),
            ib = tcRefBroadcastIndex(b, idx, out.rank);
    double ea = refErrAt(p, 1, ia), eb = refErrAt(p, 2, ib);
    if (!tcRefDtypeIsFloat(p->result->dtype))
      p->delta[k] = refErrAt(p, 0, ic) > 0 || ea > 0 || eb > 0 ? INFINITY : 0;
    else if (refErrAt(p, 0, ic) > 0) // the condition may flip
      p->delta[k] = tcRefRoundUp(fmax(ea, eb) + fabs(tcRefGetDouble(a, ia) - tcRefGetDouble(b, ib)));
    else
      p->delta[k] = tcRefGetBits(c, ic) ? ea : eb;
  }
}
