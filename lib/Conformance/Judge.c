//===- Judge.c - one output of one run against the reference ---------------===//
//
// docs/contract.md §1 defines when an element passes: |y - r| <= atol +
// rtol·|r|, or y within `ulp` ulps of r, or, for a matmul or gemm result
// under a tolerance with `gamma` c, |y - r| <= c·γ_n·m (§1.1; the magnitude
// m comes from Magnitude.c). The special values (docs/conformance.md
// §2.1): NaN matches NaN whatever its payload, an infinity only the same
// infinity, and an exact
// budget asks for the same bits (so -0 does not match +0). Integers and
// bools must be equal. This is the only judge: the gate calls it on a
// run's buffers, `tensor-conform compare` (Compare.c) on output files.
//
// The reference value r may carry the evaluator's own error bound b
// (TcRefTensor.bound, docs/reference.md): the spec's value is then some v
// with |v - r| <= b, unknown beyond that. The element is judged against
// the v nearest to y, clamp(y, r - b, r + b): it passes if it would pass
// against some value the spec's result can be, which widens the budget by
// the reference's provable error and nothing else. An exact budget then
// accepts every y within b of r (the zero sign included), the one
// comparison where the bound is visible; b = 0 is the plain comparison.
// A gamma magnitude m with a bound is raised to m + b, an upper bound of
// the exact magnitude.
//
// A function output also has a composed budget (ConfBudget.composed,
// docs/conformance.md §2.2): where it composes, an element must be within
// it as well as within the flat `outputs` tolerance, so the composed bound
// can only tighten the judgement (an exact chain of ops is judged exactly);
// it never loosens it. An element outside the flat tolerance but within the
// composed bound is counted apart (`outside_flat_only`): every op of the
// artifact may be within its own budget there, which the contract's output
// budget still forbids. The one exception is the wide draw
// (ConfBudget.composedAlone): its magnitudes across the dtype's range are
// not those the output budget is stated for, and there a finite composed
// bound alone judges: the element passes if every op may have been within
// its own budget, and is still counted in `outside_flat_only`.
//
// Besides pass or fail, each failing element gets a severity: how far out of
// its budget it is (the smaller of the absolute/relative ratio and the ulp
// ratio; ulps for an exact budget), critical for a wrong special value.
// The worst element of an output is the most severe, then the furthest out;
// for an output that passes, the one closest to its budget.
//
//===----------------------------------------------------------------------===//
#include "ConformanceInternal.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>

enum { MINOR_LIMIT = 10 }; // a failure within 10 budgets is minor

typedef struct Verdict {
  bool ok;
  TcConfSeverity severity;
  double ratio, absError, ulpError; // NAN where not meaningful
} Verdict;

static bool sameFloatBits(double a, double b) {
  return (isnan(a) && isnan(b)) || (a == b && signbit(a) == signbit(b));
}

// `gammaBound`: c·γ_n·m for this element (docs/contract.md §1.1), or NAN.
static Verdict judgeFloat(TcRefDtype dtype, double r, double y, const TcTolerance *tol, double gammaBound) {
  Verdict v = {true, TC_CONF_NONE, 0, NAN, NAN};
  bool finite = isfinite(r) && isfinite(y);
  if (finite) {
    v.absError = fabs(y - r);
    v.ulpError = tcConfUlpDistance(dtype, y, r);
  }
  bool exact = tol->atol == 0 && tol->rtol == 0 && tol->ulp <= 0 && !(gammaBound >= 0);
  if (exact) {
    v.ok = sameFloatBits(r, y);
    v.ratio = v.ok ? 0 : finite ? fmax(v.ulpError, 1) : INFINITY;
  } else if (!finite) {
    v.ok = (isnan(r) && isnan(y)) || (isinf(r) && y == r);
    v.ratio = v.ok ? 0 : INFINITY;
  } else {
    double allowed = tol->atol + tol->rtol * fabs(r);
    double byAbs = allowed > 0 ? v.absError / allowed : (v.absError > 0 ? INFINITY : 0);
    double byUlp = tol->ulp > 0 ? v.ulpError / (double)tol->ulp : INFINITY;
    double byGamma = gammaBound > 0 ? v.absError / gammaBound : INFINITY; // NAN > 0 is false
    v.ratio = fmin(fmin(byAbs, byUlp), byGamma);
    v.ok = v.absError <= allowed || (tol->ulp > 0 && v.ulpError <= (double)tol->ulp) || v.absError <= gammaBound;
  }
  if (!v.ok) // a wrong special value is critical; a finite miss is graded by how far out it is
    v.severity = !finite ? TC_CONF_CRITICAL : v.ratio <= MINOR_LIMIT ? TC_CONF_MINOR : TC_CONF_MAJOR;
  return v;
}

static Verdict judgeInteger(TcRefDtype dtype, TcRefScalar r, TcRefScalar y) {
  bool same = (dtype >= TC_REF_UI8 && dtype <= TC_REF_UI64) ? r.u == y.u : r.i == y.i;
  return (Verdict){same, same ? TC_CONF_NONE : TC_CONF_MAJOR, same ? 0 : INFINITY, NAN, NAN};
}

void tcConfFormatScalar(TcRefDtype dtype, TcRefScalar v, char *buf, size_t size) {
  if (dtype == TC_REF_I1)
    snprintf(buf, size, "%s", v.i == 0 ? "false" : v.i == 1 ? "true" : "invalid bool");
  else if (tcRefDtypeIsFloat(dtype))
    snprintf(buf, size, isnan(v.f) ? "nan" : isinf(v.f) ? (v.f < 0 ? "-inf" : "inf") : "%.17g", v.f);
  else if (dtype >= TC_REF_UI8 && dtype <= TC_REF_UI64)
    snprintf(buf, size, "%" PRIu64, v.u);
  else
    snprintf(buf, size, "%" PRId64, v.i);
}

static json_t *realOrNull(double x) { return isfinite(x) ? json_real(x) : json_null(); }

static json_t *shapeJson(const int64_t *dims, intptr_t rank) {
  json_t *a = json_array();
  for (intptr_t d = 0; d < rank; ++d)
    json_array_append_new(a, json_integer(dims[d]));
  return a;
}

static json_t *elementJson(const TcRefTensor *expected, const ConfBuffer *actual, int64_t k, const Verdict *v) {
  int64_t index[TC_REF_MAX_RANK], rest = k;
  for (intptr_t d = expected->rank - 1; d >= 0; --d) {
    index[d] = expected->dims[d] ? rest % expected->dims[d] : 0;
    rest = expected->dims[d] ? rest / expected->dims[d] : 0;
  }
  char want[64], got[64];
  tcConfFormatScalar(expected->dtype, expected->data[k], want, sizeof want);
  tcConfFormatScalar(actual->dtype, tcConfDecode(actual->dtype, actual->data, k), got, sizeof got);
  double bound = expected->bound ? expected->bound[k] : 0;
  return json_pack("{s:o, s:s, s:s, s:o, s:o, s:o, s:s, s:o}", "index", shapeJson(index, expected->rank), "expected",
                   want, "observed", got, "abs_error", realOrNull(v->absError), "ulp_error", realOrNull(v->ulpError),
                   "ratio", realOrNull(v->ratio), "severity", tcConfSeverityName(v->severity), "reference_bound",
                   bound > 0 ? json_real(bound) : json_null());
}

// How many elements the composed budget judged, how many it left to the
// flat tolerance, how many the contract does not constrain (NAN: an
// accumulation it lets overflow, or computed from one), and its largest
// finite bound.
static json_t *composedJson(const ConfBudget *b, int64_t numel) {
  int64_t fallback = 0, unconstrained = 0;
  double largest = 0;
  for (int64_t k = 0; k < numel; ++k)
    if (b->composed[k] < INFINITY)
      largest = fmax(largest, b->composed[k]);
    else if (isnan(b->composed[k]))
      ++unconstrained;
    else
      ++fallback;
  return json_pack("{s:I, s:I, s:I, s:f}", "elements", (json_int_t)(numel - fallback - unconstrained), "fallback",
                   (json_int_t)fallback, "unconstrained", (json_int_t)unconstrained, "largest", largest);
}

static json_t *budgetJson(const ConfBudget *b, int64_t numel) {
  json_t *j = json_pack("{s:s, s:s, s:f, s:f}", "clause", b->clause, "rule", b->rule, "atol", b->tolerance.atol,
                        "rtol", b->tolerance.rtol);
  if (b->composed)
    json_object_set_new(j, "composed", composedJson(b, numel));
  json_object_set_new(j, "ulp", b->tolerance.ulp > 0 ? json_integer(b->tolerance.ulp) : json_null());
  if (b->tolerance.gamma > 0) {
    json_object_set_new(j, "gamma", json_real(b->tolerance.gamma));
    json_object_set_new(j, "gamma_n", b->magnitude ? json_integer(b->magnitude->length) : json_null());
  }
  return j;
}

static bool worse(const Verdict *a, const Verdict *b) {
  return a->severity != b->severity ? a->severity > b->severity : a->ratio > b->ratio;
}

// The reference value y is judged against: r, or the value of the dtype
// within r's bound b nearest to y (the spec's value is a value of the
// dtype). b carries a relative margin of 2^-40 (Certify.c), far more than
// the double rounding of r ± b.
static double nearestReference(TcRefDtype d, double r, double b, double y) {
  if (!(b > 0) || !isfinite(r) || !isfinite(y))
    return r;
  if (fabs(y - r) <= b)
    return y;
  bool up = y > r;
  double edge = up ? r + b : r - b, c = tcRefRoundToFloat(edge, d);
  if (up ? c > edge : c < edge) // rounded past the edge: one value back
    c = tcRefNextFloat(c, d, !up);
  for (double next; (next = tcRefNextFloat(c, d, up)), up ? next <= edge : next >= edge;)
    c = next;
  return c;
}

// c·γ_n·m for element k (NAN: no gamma bound), m raised by its own bound.
static double gammaBoundAt(const ConfBudget *budget, int64_t k) {
  const ConfMagnitude *mag = budget->tolerance.gamma > 0 ? budget->magnitude : NULL;
  if (!mag || !isfinite(mag->m.data[k].f))
    return NAN;
  double m = mag->m.data[k].f + (mag->m.bound ? mag->m.bound[k] : 0);
  return budget->tolerance.gamma * mag->gammaN * m;
}

// How many elements carry a reference bound, and the largest.
static json_t *boundJson(const TcRefTensor *expected) {
  int64_t count = 0;
  double largest = 0;
  for (int64_t k = 0; expected->bound && k < expected->numel; ++k) {
    count += expected->bound[k] > 0;
    largest = fmax(largest, expected->bound[k]);
  }
  return count ? json_pack("{s:I, s:f}", "elements", (json_int_t)count, "largest", largest) : json_null();
}

json_t *tcConfJudgeOutput(const TcRefTensor *expected, const ConfBuffer *actual, const ConfBudget *budget,
                          TcConfSeverity *severity, double *ratio) {
  bool isFloat = tcRefDtypeIsFloat(expected->dtype);
  int64_t failing = 0, worstK = -1, flatOnly = 0, unjudged = 0;
  Verdict worst = {true, TC_CONF_NONE, -1, NAN, NAN};
  for (int64_t k = 0; k < expected->numel; ++k) {
    if (budget->composedAlone && budget->composed && isnan(budget->composed[k])) {
      ++unjudged; // the contract does not constrain it, and the wide draw judges by the contract alone
      continue;
    }
    TcRefScalar y = tcConfDecode(actual->dtype, actual->data, k);
    double b = expected->bound ? expected->bound[k] : 0;
    double r = isFloat ? nearestReference(expected->dtype, expected->data[k].f, b, y.f) : 0;
    Verdict v = !isFloat ? judgeInteger(expected->dtype, expected->data[k], y)
                         : judgeFloat(expected->dtype, r, y.f, &budget->tolerance, gammaBoundAt(budget, k));
    if (isFloat && budget->composed && budget->composed[k] < INFINITY) { // both bounds hold (the file comment)
      TcTolerance within = {budget->composed[k], 0, -1, 0};
      Verdict vc = judgeFloat(expected->dtype, r, y.f, &within, NAN);
      flatOnly += !v.ok && vc.ok;
      if (budget->composedAlone || (!vc.ok && (v.ok || worse(&vc, &v))))
        v = vc;
    }
    failing += !v.ok;
    if (worstK < 0 || worse(&v, &worst)) {
      worst = v;
      worstK = k;
    }
  }
  *severity = worst.severity;
  *ratio = worstK < 0 ? 0 : worst.ratio;
  json_t *j = json_pack("{s:s, s:o, s:o, s:I, s:I, s:s}", "dtype", tcRefDtypeName(expected->dtype), "shape",
                        shapeJson(expected->dims, expected->rank), "budget", budgetJson(budget, expected->numel), "elements",
                        (json_int_t)expected->numel, "failing", (json_int_t)failing, "severity",
                        tcConfSeverityName(worst.severity));
  json_object_set_new(j, "worst", worstK < 0 ? json_null() : elementJson(expected, actual, worstK, &worst));
  json_object_set_new(j, "reference_bound", boundJson(expected));
  if (budget->composed) {
    json_t *composed = json_object_get(json_object_get(j, "budget"), "composed");
    json_object_set_new(composed, "outside_flat_only", json_integer(flatOnly));
    json_object_set_new(composed, "alone", json_boolean(budget->composedAlone));
    json_object_set_new(composed, "unjudged", json_integer(unjudged));
  }
  return j;
}

int64_t tcConfBitwiseDifferences(const ConfBuffer *a, const ConfBuffer *b, int64_t *first) {
  int64_t count = 0;
  *first = -1;
  for (int64_t k = 0; k < a->numel; ++k) {
    TcRefScalar x = tcConfDecode(a->dtype, a->data, k), y = tcConfDecode(b->dtype, b->data, k);
    bool same = tcRefDtypeIsFloat(a->dtype) ? sameFloatBits(x.f, y.f) : x.u == y.u;
    if (!same && count++ == 0)
      *first = k;
  }
  return count;
}

const char *tcConfSeverityName(TcConfSeverity severity) {
  static const char *names[] = {"none", "minor", "major", "critical"};
  return names[severity];
}
