//===- Compose.c - budgets composed through a function's producers ---------===//
//
// tcRefEvaluateComposed evaluates a function as tcRefEvaluateWithOptions
// does and, beside every value, keeps a bound E: per element, how far the
// value an artifact computes can be from the spec's value when every op of
// the artifact is within its own budget (the contract's tolerance of its
// kind, which the caller supplies through TcRefOpBudgetFn). The gate judges
// a function output against that bound (docs/conformance.md §2.2, which
// gives the derivation); this file only composes.
//
// It rides on the evaluator's dump callback: for every result of every op,
// in program order, the operands' values and bounds are at hand (arguments
// are exact: E = 0), the op's rule (refComposeRule) bounds
//
//   Δ ≥ |f(x̂) - f(x)|  for every x̂ within E of the operands x,
//
// and the result's bound is
//
//   E = own(v) + Δ + (Δ > 0 ? ulp(v) : 0),   v = |y| + ulp(y) + Δ,
//
// where y is the spec's result, v bounds the magnitude of the spec's result
// on the artifact's operands, own(v) = max(atol + rtol·v, U·ulp(v), the
// gamma term) is the op's own budget there, and the ulp term covers the
// rounding of that result, which is not 1-Lipschitz: |rnd(a) - rnd(b)| <=
// |a - b| + ulp. An exact op on exact operands keeps E = 0 (no array at
// all); a non-finite y gets E = 0, since the judge accepts only the same
// special value, so no artifact within budget differs there; an op kind
// without a rule gives E = INFINITY, and so does everything computed from
// it: the judge then uses the flat `outputs` budget for those elements.
//
// One more state is not a bound at all. An op with a gamma budget (an
// accumulation the contract lets an implementation sum in a float type:
// matmul, gemm, conv2d) promises γ_n·Σ|a||b| only while no partial sum can
// overflow that type; where the magnitude Σ|a||b| (on the artifact's
// operands, times 1 + γ_n for the rounding of the partial sums) passes the
// accumulation type's largest finite value, an implementation within the
// contract may give ±inf or NaN (inf − inf), depending on the order it sums
// in, and the contract bounds nothing there. Such an element gets E = NAN,
// "the contract does not constrain it", and so does every element of every
// value computed from a value holding one (whole values, not per element:
// coarse, and only ever toward judging less). The gate judges NAN as it
// judges INFINITY, by the flat budget, except in the wide draw, whose
// magnitudes are the only ones that reach it and where it leaves such an
// element unjudged and counts it (docs/conformance.md §2.2, "The wide draw").
//
//===----------------------------------------------------------------------===//
#include "ComposeInternal.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Bounded {
  const void *key;    ///< MlirValue.ptr
  TcRefTensor value;  ///< a shallow copy: the data is the evaluator's
  double *err;        ///< owned; NULL: exact
  bool unconstrained; ///< err holds NAN: the contract bounds nothing there
} Bounded;

typedef struct Composer {
  Bounded *slots;
  size_t cap, count;
  const TcRefOptions *options;
  TcRefOpBudgetFn budget;
  void *userData;
} Composer;

//===-- The table of bounds --------------------------------------------------===//

static Bounded *findBounded(Composer *c, const void *key) {
  for (size_t i = ((uintptr_t)key >> 4) * 0x9E3779B97F4A7C15ull & (c->cap - 1);; i = (i + 1) & (c->cap - 1))
    if (c->slots[i].key == key || !c->slots[i].key)
      return &c->slots[i];
}

static void insertBounded(Composer *c, MlirValue v, const TcRefTensor *value, double *err, bool unconstrained) {
  if (2 * (c->count + 1) > c->cap) {
    Composer bigger = *c;
    bigger.cap = c->cap * 2;
    if (!(bigger.slots = calloc(bigger.cap, sizeof *bigger.slots)))
      tcFatal("out of memory composing budgets");
    for (size_t i = 0; i < c->cap; ++i)
      if (c->slots[i].key)
        *findBounded(&bigger, c->slots[i].key) = c->slots[i];
    free(c->slots);
    c->slots = bigger.slots;
    c->cap = bigger.cap;
  }
  Bounded *s = findBounded(c, v.ptr);
  if (!s->key)
    c->count++;
  else
    free(s->err);
  *s = (Bounded){v.ptr, *value, err, unconstrained};
}

//===-- Helpers for the rules ------------------------------------------------===//

void tcRefDeltaFill(RefPropagate *p, double v) {
  for (int64_t k = 0; k < p->result->numel; ++k)
    p->delta[k] = v;
}

// The ulp of float dtype `d` at magnitude `v` >= 0 (the least subnormal
// at 0 and below the normal range).
static double refUlp(double v, TcRefDtype d) {
  int prec, qmin, e;
  tcRefFloatFormat(d, &prec, &qmin);
  if (!(v > 0) || !isfinite(v))
    return v > 0 ? INFINITY : ldexp(1, qmin);
  frexp(v, &e); // v in [2^(e-1), 2^e)
  int low = e - prec;
  return ldexp(1, low > qmin ? low : qmin);
}

double tcRefMagnitude(double v, TcRefDtype d) { return tcRefRoundUp(fabs(v) + refUlp(fabs(v), d)); }

bool tcRefBoundTensor(const RefPropagate *p, intptr_t i, bool magnitude, TcRefTensor *out) {
  const TcRefTensor *v = p->operands[i].value;
  if (!tcRefTensorCreate(out, TC_REF_F64, v->rank, v->dims))
    return false;
  for (int64_t k = 0; k < v->numel; ++k) {
    double e = refErrAt(p, i, k);
    out->data[k].f = magnitude ? tcRefRoundUp(fabs(tcRefGetDouble(v, k)) + e) : e;
  }
  return true;
}

//===-- An op evaluated in f64 -----------------------------------------------===//

static MlirType tensorType(MlirValue like, const TcRefTensor *t) {
  MlirType type = mlirValueGetType(like);
  if (t && t->dtype != TC_REF_F64)
    return type; // an integer operand, given as it is
  int64_t dims[TC_REF_MAX_RANK];
  intptr_t rank = mlirShapedTypeGetRank(type);
  for (intptr_t d = 0; d < rank; ++d)
    dims[d] = mlirShapedTypeGetDimSize(type, d);
  MlirContext ctx = mlirTypeGetContext(type);
  return mlirRankedTensorTypeGet(rank, dims, mlirF64TypeGet(ctx), mlirAttributeGetNull());
}

// |attr| for a float attribute (gemm's alpha and beta in a magnitude).
static MlirNamedAttribute absolute(MlirNamedAttribute a) {
  if (mlirAttributeIsAFloat(a.attribute))
    a.attribute = mlirFloatAttrDoubleGet(mlirAttributeGetContext(a.attribute), mlirAttributeGetType(a.attribute),
                                         fabs(mlirFloatAttrGetValueDouble(a.attribute)));
  return a;
}

// The op of p, renamed to `kind`, on `args`, f64 results, same attributes
// (their absolute values if `absScalars`).
static MlirOperation cloneAsF64(const RefPropagate *p, const char *kind, bool absScalars, MlirValue *args) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(p->op));
  char full[128];
  if (kind)
    snprintf(full, sizeof full, "tc_tensor.%s", kind);
  else
    snprintf(full, sizeof full, "%.*s", (int)name.length, name.data);
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString(full), mlirOperationGetLocation(p->op));
  mlirOperationStateAddOperands(&state, p->numOperands, args);
  for (intptr_t r = 0; r < mlirOperationGetNumResults(p->op); ++r) {
    MlirType t = tensorType(mlirOperationGetResult(p->op, r), NULL);
    mlirOperationStateAddResults(&state, 1, &t);
  }
  for (intptr_t a = 0; a < mlirOperationGetNumAttributes(p->op); ++a) {
    MlirNamedAttribute attr = mlirOperationGetAttribute(p->op, a);
    if (absScalars)
      attr = absolute(attr);
    if (mlirStringRefEqual(name, mlirStringRefCreateFromCString("tc_tensor.pad")) &&
        mlirStringRefEqual(mlirIdentifierStr(attr.name), mlirStringRefCreateFromCString("value")))
      attr.attribute = mlirFloatAttrDoubleGet(mlirOperationGetContext(p->op), mlirF64TypeGet(mlirOperationGetContext(p->op)), 0.0); // a pad value is exact
    mlirOperationStateAddAttributes(&state, 1, &attr);
  }
  return mlirOperationCreate(&state);
}

// func.func @bound(args) { %r = op(args); return %r }
static MlirOperation wrapInFunction(const RefPropagate *p, const char *kind, bool absScalars,
                                    const TcRefTensor *const *operands) {
  MlirContext ctx = mlirOperationGetContext(p->op);
  MlirLocation loc = mlirOperationGetLocation(p->op);
  MlirType in[REF_MAX_OPERANDS], out[REF_MAX_RESULTS];
  MlirLocation locs[REF_MAX_OPERANDS];
  for (intptr_t i = 0; i < p->numOperands; ++i) {
    in[i] = tensorType(mlirOperationGetOperand(p->op, i), operands[i]);
    locs[i] = loc;
  }
  MlirBlock block = mlirBlockCreate(p->numOperands, in, locs);
  MlirValue args[REF_MAX_OPERANDS];
  for (intptr_t i = 0; i < p->numOperands; ++i)
    args[i] = mlirBlockGetArgument(block, i);
  MlirOperation inner = cloneAsF64(p, kind, absScalars, args);
  mlirBlockAppendOwnedOperation(block, inner);
  intptr_t nr = mlirOperationGetNumResults(inner);
  MlirValue results[REF_MAX_RESULTS];
  for (intptr_t r = 0; r < nr; ++r) {
    results[r] = mlirOperationGetResult(inner, r);
    out[r] = mlirValueGetType(results[r]);
  }
  MlirOperationState ret = mlirOperationStateGet(mlirStringRefCreateFromCString("func.return"), loc);
  mlirOperationStateAddOperands(&ret, nr, results);
  mlirBlockAppendOwnedOperation(block, mlirOperationCreate(&ret));
  MlirRegion body = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(body, block);
  MlirNamedAttribute attrs[2] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("sym_name")),
                            mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("bound"))),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("function_type")),
                            mlirTypeAttrGet(mlirFunctionTypeGet(ctx, p->numOperands, in, nr, out))),
  };
  MlirOperationState fn = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), loc);
  mlirOperationStateAddAttributes(&fn, 2, attrs);
  mlirOperationStateAddOwnedRegions(&fn, 1, &body);
  return mlirOperationCreate(&fn);
}

static bool evalAsF64(const RefPropagate *p, const char *kind, bool absScalars, const TcRefTensor *const *operands,
                      TcRefTensor *out) {
  MlirOperation fn = wrapInFunction(p, kind, absScalars, operands);
  TcRefTensor inputs[REF_MAX_OPERANDS], *results = NULL;
  intptr_t numResults = 0;
  for (intptr_t i = 0; i < p->numOperands; ++i)
    inputs[i] = *operands[i];
  TcRefOptions options = *p->options;
  bool ok = mlirLogicalResultIsSuccess(tcRefEvaluateWithOptions(fn, inputs, p->numOperands, &options, &results,
                                                                &numResults, NULL, NULL, NULL));
  mlirOperationDestroy(fn);
  for (intptr_t r = 0; r < numResults; ++r) {
    if (ok && r == p->resultIndex)
      *out = results[r];
    else
      tcRefTensorDestroy(&results[r]);
  }
  free(results);
  return ok && p->resultIndex < numResults;
}

bool tcRefEvalAsF64(const RefPropagate *p, const char *kind, const TcRefTensor *const *operands, TcRefTensor *out) {
  return evalAsF64(p, kind, false, operands, out);
}

//===-- One result of one op -------------------------------------------------===//

// The rule for op kind `kind` (without "tc_tensor."), or NULL: no rule,
// no composed bound through the op (defined with the rules, below).
static RefPropagateFn refComposeRule(MlirStringRef kind);

static void ownBudget(Composer *c, const RefPropagate *p, TcRefOpBudget *b) {
  *b = (TcRefOpBudget){0};
  if (tcRefDtypeIsFloat(p->result->dtype) && c->budget)
    c->budget(p->op, p->result->dtype, b, c->userData);
}

static bool isExactBudget(const TcRefOpBudget *b) {
  return b->atol == 0 && b->rtol == 0 && b->ulp <= 0 && b->gamma <= 0;
}

// The n of γ_n: K + 1 for matmul, K + 4 for gemm, taps + 1 (+ 1 with a
// bias) for conv2d, as lib/Conformance/Magnitude.c counts them.
static int64_t gammaLength(const RefPropagate *p) {
  MlirStringRef kind = mlirIdentifierStr(mlirOperationGetName(p->op));
  if (mlirStringRefEqual(kind, mlirStringRefCreateFromCString("tc_tensor.conv2d"))) {
    MlirType w = mlirValueGetType(mlirOperationGetOperand(p->op, 1)); // [M, C/group, KH, KW]
    int64_t taps = mlirShapedTypeGetDimSize(w, 1) * mlirShapedTypeGetDimSize(w, 2) * mlirShapedTypeGetDimSize(w, 3);
    return taps + 1 + (p->numOperands == 3);
  }
  MlirType t = mlirValueGetType(mlirOperationGetOperand(p->op, 0));
  intptr_t rank = mlirShapedTypeGetRank(t);
  bool gemm = mlirStringRefEqual(kind, mlirStringRefCreateFromCString("tc_tensor.gemm"));
  MlirAttribute ta = mlirOperationGetAttributeByName(p->op, mlirStringRefCreateFromCString("trans_a"));
  bool transA = gemm && !mlirAttributeIsNull(ta) && mlirBoolAttrGetValue(ta);
  return mlirShapedTypeGetDimSize(t, transA ? 0 : rank - 1) + (gemm ? 4 : 1);
}

// n·u/(1 - n·u) for the reduction's n (gammaLength); INFINITY where
// n·u >= 1.
static double gammaFactor(const RefPropagate *p) {
  int prec, qmin;
  tcRefFloatFormat(p->result->dtype, &prec, &qmin);
  double nu = (double)gammaLength(p) * ldexp(1, -prec);
  return nu < 1 ? tcRefRoundUp(nu / (1 - nu)) : INFINITY;
}

// The gamma term's magnitude: the op on |operand| + bound (gemm with |alpha|
// and |beta|), or NULL (no gamma term) if it cannot be evaluated.
static TcRefTensor *gammaMagnitude(const RefPropagate *p, TcRefTensor *storage) {
  TcRefTensor m[REF_MAX_OPERANDS];
  const TcRefTensor *ops[REF_MAX_OPERANDS];
  bool ok = true;
  for (intptr_t i = 0; i < p->numOperands; ++i) {
    ok &= tcRefBoundTensor(p, i, true, &m[i]);
    ops[i] = &m[i];
  }
  ok = ok && evalAsF64(p, NULL, true, ops, storage);
  for (intptr_t i = 0; i < p->numOperands; ++i)
    tcRefTensorDestroy(&m[i]);
  return ok ? storage : NULL;
}

static double ownAt(const TcRefOpBudget *b, double v, TcRefDtype d, double gammaTerm) {
  double own = b->atol + b->rtol * v;
  if (b->ulp > 0)
    own = fmax(own, (double)b->ulp * refUlp(v, d));
  return fmax(own, gammaTerm);
}

// The largest finite value of the type an op of result dtype `d` may
// accumulate in: f32 for f16 and bf16 (the least the contract allows, as
// the wide draw assumes: docs/reference.md, "Where the math allows"), the
// dtype itself otherwise.
static double accumulateMax(TcRefDtype d) {
  int prec, qmin;
  tcRefFloatFormat(d == TC_REF_F16 || d == TC_REF_BF16 ? TC_REF_F32 : d, &prec, &qmin);
  return prec > 24 ? DBL_MAX : (double)FLT_MAX;
}

static bool allFinite(const TcRefTensor *t) {
  for (int64_t k = 0; tcRefDtypeIsFloat(t->dtype) && k < t->numel; ++k)
    if (!isfinite(tcRefGetDouble(t, k)))
      return false;
  return true;
}

// Whether the gamma term at an element of magnitude m leaves the contract's
// domain: some order of summing the finite terms may overflow the
// accumulation type (the file comment). Operands holding ±inf or NaN sum to
// the same special value in every order, so they never count.
static bool mayOverflow(const RefPropagate *p, double m, double gammaFactorN, bool finiteOperands) {
  return finiteOperands && !(tcRefRoundUp(m) * (1 + gammaFactorN) <= accumulateMax(p->result->dtype));
}

// E from Δ (the file comment's formula); true if an element got NAN.
static bool finish(const RefPropagate *p, const TcRefOpBudget *b, const TcRefTensor *gammaMag, double *err) {
  TcRefDtype d = p->result->dtype;
  double factor = gammaMag ? gammaFactor(p) : 0, gamma = b->gamma * factor;
  bool finiteOperands = true, unconstrained = false;
  for (intptr_t i = 0; gammaMag && i < p->numOperands; ++i)
    finiteOperands &= allFinite(p->operands[i].value);
  for (int64_t k = 0; k < p->result->numel; ++k) {
    if (gammaMag && mayOverflow(p, gammaMag->data[k].f, factor, finiteOperands)) {
      err[k] = NAN;
      unconstrained = true;
      continue;
    }
    double delta = p->delta[k];
    if (!tcRefDtypeIsFloat(d)) {
      err[k] = delta > 0 ? INFINITY : 0; // an integer either is the spec's or is anything
      continue;
    }
    double y = p->result->data[k].f;
    if (!isfinite(y) || !(delta < INFINITY)) {
      err[k] = isfinite(y) ? INFINITY : 0;
      continue;
    }
    double v = tcRefRoundUp(tcRefMagnitude(y, d) + delta);
    double g = gammaMag ? gamma * tcRefRoundUp(gammaMag->data[k].f) : 0;
    err[k] = tcRefRoundUp(ownAt(b, v, d, g) + delta + (delta > 0 ? refUlp(v, d) : 0));
  }
  return unconstrained;
}

static bool anyBounded(const RefPropagate *p) {
  for (intptr_t i = 0; i < p->numOperands; ++i)
    if (p->operands[i].err)
      return true;
  return false;
}

// The bound of one result (NULL: exact); `*unconstrained` if it holds NAN.
static double *composeResult(Composer *c, RefPropagate *p, bool *unconstrained) {
  TcRefOpBudget b;
  ownBudget(c, p, &b);
  bool bounded = anyBounded(p);
  if (!bounded && isExactBudget(&b))
    return NULL;
  int64_t n = p->result->numel;
  double *err = malloc((size_t)(n ? n : 1) * sizeof *err);
  p->delta = calloc((size_t)(n ? n : 1), sizeof *p->delta);
  if (!err || !p->delta)
    tcFatal("out of memory composing budgets");
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(p->op));
  RefPropagateFn rule = name.length > 10 ? refComposeRule(mlirStringRefCreate(name.data + 10, name.length - 10)) : NULL;
  if (bounded && rule)
    rule(p);
  else if (bounded)
    tcRefDeltaFill(p, INFINITY);
  TcRefTensor storage = {0}, *mag = b.gamma > 0 ? gammaMagnitude(p, &storage) : NULL;
  *unconstrained = finish(p, &b, mag, err);
  tcRefTensorDestroy(&storage);
  free(p->delta);
  return err;
}

static void onValue(MlirOperation op, intptr_t index, intptr_t result, const TcRefTensor *value, void *userData) {
  Composer *c = userData;
  RefPropagate p = {.op = op, .options = c->options, .numOperands = mlirOperationGetNumOperands(op),
                    .resultIndex = result, .result = value};
  bool inherited = false;
  for (intptr_t i = 0; i < p.numOperands && i < REF_MAX_OPERANDS; ++i) {
    Bounded *s = findBounded(c, mlirOperationGetOperand(op, i).ptr);
    if (!s->key)
      tcFatal("composing budgets: an operand has no value");
    p.operands[i] = (RefBounded){&s->value, s->err};
    inherited |= s->unconstrained;
  }
  bool unconstrained = inherited;
  double *err;
  if (inherited) { // computed from a value the contract does not constrain
    if (!(err = malloc((size_t)(value->numel ? value->numel : 1) * sizeof *err)))
      tcFatal("out of memory composing budgets");
    for (int64_t k = 0; k < value->numel; ++k)
      err[k] = NAN;
  } else {
    err = composeResult(c, &p, &unconstrained);
  }
  insertBounded(c, mlirOperationGetResult(op, result), value, err, unconstrained);
}

//===-- The entry point ------------------------------------------------------===//

static double *returnedBound(Composer *c, MlirValue v, int64_t numel) {
  double *out = calloc((size_t)(numel ? numel : 1), sizeof *out);
  Bounded *s = findBounded(c, v.ptr);
  if (!out)
    tcFatal("out of memory composing budgets");
  if (s->key && s->err)
    memcpy(out, s->err, (size_t)numel * sizeof *out);
  return out;
}

MlirLogicalResult tcRefEvaluateComposed(MlirOperation func, const TcRefTensor *inputs, intptr_t numInputs,
                                        const TcRefOptions *options, TcRefOpBudgetFn budget, void *userData,
                                        TcRefTensor **outputs, intptr_t *numOutputs, double ***bounds,
                                        TcRefFailure *failure) {
  TcRefOptions o = options ? *options : (TcRefOptions){0};
  if (o.threads <= 0)
    o.threads = tcRefDefaultThreads();
  Composer c = {calloc(64, sizeof(Bounded)), 64, 0, &o, budget, userData};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (intptr_t i = 0; i < numInputs && i < mlirBlockGetNumArguments(body); ++i)
    insertBounded(&c, mlirBlockGetArgument(body, i), &inputs[i], NULL, false);
  MlirLogicalResult rc =
      tcRefEvaluateWithOptions(func, inputs, numInputs, &o, outputs, numOutputs, onValue, &c, failure);
  *bounds = NULL;
  if (mlirLogicalResultIsSuccess(rc)) {
    MlirOperation ret = mlirBlockGetTerminator(body);
    *bounds = calloc((size_t)(*numOutputs ? *numOutputs : 1), sizeof **bounds);
    for (intptr_t i = 0; i < *numOutputs; ++i)
      (*bounds)[i] = returnedBound(&c, mlirOperationGetOperand(ret, i), (*outputs)[i].numel);
  }
  for (size_t i = 0; i < c.cap; ++i)
    free(c.slots[i].err);
  free(c.slots);
  return rc;
}

//===-- The rules ------------------------------------------------------------===//

typedef struct ComposeRule {
  const char *kind;
  RefPropagateFn fn;
} ComposeRule;

static const ComposeRule kComposeRules[] = {
    {"abs", tcRefComposeUnary},          {"ceil", tcRefComposeUnary},        {"cos", tcRefComposeUnary},
    {"erf", tcRefComposeUnary},          {"exp", tcRefComposeUnary},         {"floor", tcRefComposeUnary},
    {"gelu", tcRefComposeUnary},         {"identity", tcRefComposeUnary},    {"log", tcRefComposeUnary},
    {"neg", tcRefComposeUnary},          {"reciprocal", tcRefComposeUnary},  {"relu", tcRefComposeUnary},
    {"round", tcRefComposeUnary},        {"rsqrt", tcRefComposeUnary},       {"sigmoid", tcRefComposeUnary},
    {"sign", tcRefComposeUnary},         {"sin", tcRefComposeUnary},         {"sqrt", tcRefComposeUnary},
    {"tanh", tcRefComposeUnary},         {"cast", tcRefComposeUnary},        {"clip", tcRefComposeUnary},
    {"add", tcRefComposeBinary},         {"sub", tcRefComposeBinary},        {"mul", tcRefComposeBinary},
    {"div", tcRefComposeBinary},         {"max", tcRefComposeBinary},        {"min", tcRefComposeBinary},
    {"eq", tcRefComposeCompare},         {"ne", tcRefComposeCompare},        {"lt", tcRefComposeCompare},
    {"le", tcRefComposeCompare},         {"gt", tcRefComposeCompare},        {"ge", tcRefComposeCompare},
    {"where", tcRefComposeWhere},        {"not", tcRefComposeExactOrUnknown}, {"and", tcRefComposeExactOrUnknown},
    {"or", tcRefComposeExactOrUnknown},  {"xor", tcRefComposeExactOrUnknown}, {"pow", tcRefComposeExactOrUnknown},
    {"mod", tcRefComposeExactOrUnknown}, {"fmod", tcRefComposeExactOrUnknown}, {"argmax", tcRefComposeExactOrUnknown},
    {"argmin", tcRefComposeExactOrUnknown},
    {"matmul", tcRefComposeMatmul},      {"gemm", tcRefComposeGemm},         {"conv2d", tcRefComposeConv2d},
    {"softmax", tcRefComposeSoftmax},    {"log_softmax", tcRefComposeSoftmax}, {"layer_norm", tcRefComposeLayerNorm},
    {"batch_norm", tcRefComposeBatchNorm}, {"reduce_prod", tcRefComposeReduceProd},
    {"reduce_sum", tcRefComposeByF64},   {"reduce_mean", tcRefComposeByF64}, {"reduce_max", tcRefComposeByF64},
    {"reduce_min", tcRefComposeByF64},   {"max_pool2d", tcRefComposeByF64},  {"avg_pool2d", tcRefComposeByF64},
    {"global_max_pool", tcRefComposeByF64}, {"global_avg_pool", tcRefComposeByF64},
    {"transpose", tcRefComposeByF64},    {"reshape", tcRefComposeByF64},     {"broadcast_to", tcRefComposeByF64},
    {"concat", tcRefComposeByF64},       {"split", tcRefComposeByF64},       {"slice", tcRefComposeByF64},
    {"pad", tcRefComposeByF64},          {"gather", tcRefComposeByF64},
};

static RefPropagateFn refComposeRule(MlirStringRef kind) {
  for (size_t i = 0; i < sizeof kComposeRules / sizeof kComposeRules[0]; ++i)
    if (mlirStringRefEqual(kind, mlirStringRefCreateFromCString(kComposeRules[i].kind)))
      return kComposeRules[i].fn;
  return NULL;
}
