//===- GateGrad.c - the conformance gate for gradients ---------------------===//
//
// For every checked function f and seed (docs/autodiff.md §6, docs/conformance.md §5):
//
// 1. the VJP's interface follows from f and the configuration the artifact
//    was built with (tcRefVJPLayoutCreate: the differentiated arguments,
//    the weights, one cotangent per float result); a function with nothing
//    to differentiate has no VJP and is skipped, as tc-grad skips it;
// 2. its inputs are drawn (tcRefDrawVJPInputs: the arguments exactly as the
//    forward gate draws them, the weights' own values, the cotangents from a
//    second stream), so a finding replays with `tensor-ref --grad --seed N`;
// 3. the reference differentiates f with its own rules (tcRefEvaluateVJP);
// 4. each variant's entry point `f_vjp` runs twice in a child process, its
//    outputs poisoned with two bytes, and the first run's every gradient
//    element is judged: a function of one op on its arguments by
//    grads.ops.<kind>.tolerance, anything else by grads.outputs
//    (docs/contract.md §1.2); the second run must equal the first bit for
//    bit unless the contract lets some op be nondeterministic.
//
// Variants are not compared with each other: a VJP sums (broadcast
// reductions, contractions) wherever its forward does not, so each variant
// only has to conform on its own. Findings join the forward gate's report as
// `output` checks of the entry point `f_vjp`, with the gradient they are
// (`gradient_of`), so the report format and its printing are the forward's.
//
//===----------------------------------------------------------------------===//
#include "ConformanceInternal.h"

#include "tensorc/ConformanceGrad.h"
#include "tensorc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct GradGate {
  const TcConfOptions *o;
  const TcRefVJPConfig *vjp;
  json_t *checks, *errors, *functions; ///< borrowed from the report
  json_t *worst;                        ///< borrowed from checks
  TcConfSeverity severity;
  double ratio;
} GradGate;

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static MlirBlock entryBlock(MlirOperation func) { return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)); }

static bool opIs(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), str(name));
}

static void addCheck(GradGate *g, json_t *check, TcConfSeverity severity, double ratio) {
  json_array_append_new(g->checks, check);
  if (!g->worst || severity > g->severity || (severity == g->severity && ratio > g->ratio)) {
    g->worst = check;
    g->severity = severity;
    g->ratio = ratio;
  }
}

static json_t *where(const char *entry, int64_t seed, const TcConfVariant *v) {
  return json_pack("{s:s, s:I, s:s}", "function", entry, "seed", (json_int_t)seed, "variant", v->name);
}

//===-- Budgets ----------------------------------------------------------------===//

// The op kind of a function that is one op on its arguments and constants
// ("tc_tensor.add"), written into `kind`; false for anything else.
static bool singleOp(MlirOperation func, char *kind, size_t size) {
  MlirOperation only = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(entryBlock(func)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (opIs(op, "tc_tensor.constant") || opIs(op, "func.return"))
      continue;
    if (!mlirOperationIsNull(only))
      return false;
    only = op;
  }
  if (mlirOperationIsNull(only))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(only); ++i) {
    MlirValue v = mlirOperationGetOperand(only, i);
    if (!mlirValueIsABlockArgument(v) && !opIs(mlirOpResultGetOwner(v), "tc_tensor.constant"))
      return false;
  }
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(only));
  snprintf(kind, size, "%.*s", (int)name.length, name.data);
  return true;
}

static ConfBudget gradBudget(const TcContract *c, MlirOperation func, TcRefDtype dtype, char *rule, size_t size) {
  ConfBudget b = {.tolerance = {0, 0, -1, 0}, .clause = "exact", .rule = rule};
  char kind[128];
  if (singleOp(func, kind, sizeof kind)) {
    snprintf(rule, size, "gradient of %s on the arguments", kind);
    b.tolerance = tcContractGetGradTolerance(c, kind, tcRefDtypeName(dtype), &b.clause);
  } else {
    snprintf(rule, size, "gradient through the function");
    b.tolerance = tcContractGetGradOutputTolerance(c, tcRefDtypeName(dtype), &b.clause);
  }
  b.tolerance.gamma = 0;
  return b;
}

static bool anyNondeterministic(const TcContract *c, MlirOperation func) {
  if (tcContractAllows(c, "*", TC_CONTRACT_NONDETERMINISTIC, NULL))
    return true;
  for (MlirOperation op = mlirBlockGetFirstOperation(entryBlock(func)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    char kind[128];
    snprintf(kind, sizeof kind, "%.*s", (int)name.length, name.data);
    if (strncmp(kind, "tc_tensor.", 10) == 0 && tcContractAllows(c, kind, TC_CONTRACT_NONDETERMINISTIC, NULL))
      return true;
  }
  return false;
}

//===-- Buffers ----------------------------------------------------------------===//

static bool encode(const TcRefTensor *t, ConfBuffer *b) {
  *b = (ConfBuffer){.dtype = t->dtype, .rank = t->rank, .numel = t->numel};
  memcpy(b->dims, t->dims, sizeof b->dims);
  b->bytes = (size_t)b->numel * tcConfDtypeSize(b->dtype);
  if (!(b->data = aligned_alloc(64, (b->bytes + 63) / 64 * 64 + 64)))
    return false;
  tcConfEncode(t, b->data);
  return true;
}

static void shapeLike(const TcRefTensor *t, intptr_t n, ConfBuffer *out) {
  for (intptr_t i = 0; i < n; ++i) {
    out[i] = (ConfBuffer){.dtype = t[i].dtype, .rank = t[i].rank, .numel = t[i].numel};
    memcpy(out[i].dims, t[i].dims, sizeof out[i].dims);
  }
}

//===-- One function, one seed ---------------------------------------------------===//

typedef struct GradCase {
  GradGate *g;
  MlirOperation func;
  const TcRefVJPLayout *layout;
  char entry[256];
  int64_t seed;
  TcRefTensor *expected; ///< the reference's gradients
  ConfBuffer *inputs;
  intptr_t numInputs;
} GradCase;

static bool runOnce(GradCase *c, const TcConfVariant *v, unsigned char poison, ConfRun *run, ConfBuffer *out) {
  intptr_t n = c->layout->numGrads;
  shapeLike(c->expected, n, out);
  *run = (ConfRun){.artifact = v->artifact, .function = c->entry, .threads = v->threads, .inputs = c->inputs,
                   .numInputs = (size_t)c->numInputs, .outputs = out, .numOutputs = (size_t)n, .poison = poison,
                   .timeoutSeconds = c->g->o->timeoutSeconds};
  ConfRunStatus status = tcConfRunAllocOutputs(run) ? tcConfRunEntryPoint(run) : CONF_RUN_CRASHED;
  if (status == CONF_RUN_OK)
    return true;
  json_t *check = where(c->entry, c->seed, v);
  json_object_set_new(check, "kind", json_string("run"));
  json_object_set_new(check, "status", json_string(tcConfRunStatusName(status)));
  json_object_set_new(check, "message", json_string(run->message));
  json_object_set_new(check, "severity", json_string(tcConfSeverityName(TC_CONF_CRITICAL)));
  addCheck(c->g, check, TC_CONF_CRITICAL, INFINITY);
  return false;
}

// What gradient #i is: "argument #k" or "weight #k".
static void gradientOf(const TcRefVJPLayout *l, intptr_t i, char *buf, size_t size) {
  intptr_t g = 0;
  for (intptr_t a = 0; a < l->numArgs; ++a)
    if (l->wrt[a] && g++ == i) {
      snprintf(buf, size, "argument #%ld", (long)a);
      return;
    }
  snprintf(buf, size, "weight #%ld", (long)(i - g));
}

static void judge(GradCase *c, const TcConfVariant *v, const ConfBuffer *out) {
  for (intptr_t i = 0; i < c->layout->numGrads; ++i) {
    char rule[160], of[64];
    ConfBudget budget = gradBudget(c->g->o->contract, c->func, c->expected[i].dtype, rule, sizeof rule);
    TcConfSeverity severity;
    double ratio;
    gradientOf(c->layout, i, of, sizeof of);
    json_t *check = where(c->entry, c->seed, v);
    json_object_set_new(check, "kind", json_string("output"));
    json_object_set_new(check, "output", json_integer(i));
    json_object_set_new(check, "gradient_of", json_string(of));
    json_object_update(check, tcConfJudgeOutput(&c->expected[i], &out[i], &budget, &severity, &ratio));
    addCheck(c->g, check, severity, ratio);
  }
}

static void runToRun(GradCase *c, const TcConfVariant *v, const ConfBuffer *a, const ConfBuffer *b) {
  for (intptr_t i = 0; i < c->layout->numGrads; ++i) {
    int64_t first, count = tcConfBitwiseDifferences(&a[i], &b[i], &first);
    json_t *check = where(c->entry, c->seed, v);
    json_object_set_new(check, "kind", json_string("run-to-run"));
    json_object_set_new(check, "output", json_integer(i));
    json_object_set_new(check, "between", json_pack("[s, s]", "run 1", "run 2"));
    json_object_set_new(check, "elements", json_integer(a[i].numel));
    json_object_set_new(check, "differing", json_integer(count));
    if (count)
      json_object_set_new(check, "first", json_pack("{s:I}", "flat_index", (json_int_t)first));
    json_object_set_new(check, "severity", json_string(tcConfSeverityName(count ? TC_CONF_MAJOR : TC_CONF_NONE)));
    addCheck(c->g, check, count ? TC_CONF_MAJOR : TC_CONF_NONE, count ? INFINITY : 0);
  }
}

static void runVariants(GradCase *c) {
  const TcConfOptions *o = c->g->o;
  bool deterministic = !anyNondeterministic(o->contract, c->func);
  size_t n = (size_t)(c->layout->numGrads ? c->layout->numGrads : 1);
  ConfBuffer *first = calloc(n, sizeof *first), *again = calloc(n, sizeof *again);
  for (size_t vi = 0; vi < o->numVariants; ++vi) {
    ConfRun r0 = {0}, r1 = {0};
    if (runOnce(c, &o->variants[vi], 0xA5, &r0, first)) {
      judge(c, &o->variants[vi], first);
      if (deterministic && runOnce(c, &o->variants[vi], 0x5A, &r1, again))
        runToRun(c, &o->variants[vi], first, again);
    }
    tcConfRunFreeOutputs(&r0);
    tcConfRunFreeOutputs(&r1);
  }
  free(first);
  free(again);
}

static void destroyAll(TcRefTensor *t, intptr_t n) {
  for (intptr_t i = 0; t && i < n; ++i)
    tcRefTensorDestroy(&t[i]);
  free(t);
}

// Checks f's VJP on one seed; an exit code for what stops the gate.
static int checkSeed(GradGate *g, MlirOperation func, const char *name, const TcRefVJPLayout *l, int64_t seed) {
  intptr_t numIn = l->numArgs + l->numWeights, numAll = numIn + l->numCotangents;
  TcRefTensor *inputs = calloc((size_t)numIn + 1, sizeof *inputs), *cots = calloc((size_t)l->numCotangents + 1, sizeof *cots);
  TcRefTensor *grads = NULL;
  ConfBuffer *buffers = calloc((size_t)numAll + 1, sizeof *buffers);
  char err[512];
  TcRefFailure failure = TC_REF_OK;
  int rc = TC_EXIT_SUCCESS;
  if (!tcRefDrawVJPInputs(func, l, (uint64_t)seed, inputs, cots, err, sizeof err)) {
    json_array_append_new(g->errors, json_sprintf("@%s: %s", name, err));
    rc = TC_EXIT_USAGE;
  } else if (mlirLogicalResultIsFailure(tcRefEvaluateVJP(func, l, inputs, cots, g->o->reference, &grads, NULL, NULL, &failure))) {
    json_array_append_new(g->errors, json_sprintf("@%s: the reference evaluator could not differentiate it", name));
    rc = failure == TC_REF_UNSUPPORTED ? TC_EXIT_COMPILE : failure == TC_REF_BAD_INPUT ? TC_EXIT_USAGE : TC_EXIT_STRUCTURAL;
  } else {
    bool ok = true;
    for (intptr_t i = 0; ok && i < numAll; ++i)
      ok = encode(i < numIn ? &inputs[i] : &cots[i - numIn], &buffers[i]);
    GradCase c = {g, func, l, "", seed, grads, buffers, numAll};
    snprintf(c.entry, sizeof c.entry, "%s%s", name, "_vjp");
    if (ok)
      runVariants(&c);
    else
      json_array_append_new(g->errors, json_sprintf("@%s: out of memory for the inputs", name)), rc = TC_EXIT_USAGE;
  }
  for (intptr_t i = 0; i < numAll; ++i)
    free(buffers[i].data);
  free(buffers);
  destroyAll(inputs, numIn);
  destroyAll(cots, l->numCotangents);
  destroyAll(grads, grads ? l->numGrads : 0);
  return rc;
}

//===-- The program ------------------------------------------------------------===//

static bool isForwardFunction(MlirOperation op) {
  if (!opIs(op, "func.func") || mlirBlockIsNull(entryBlock(op)) ||
      !mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(op, str("tc.vjp"))))
    return false;
  MlirAttribute vis = mlirOperationGetInherentAttributeByName(op, str("sym_visibility"));
  return mlirAttributeIsNull(vis) || mlirStringRefEqual(mlirStringAttrGetValue(vis), str("public"));
}

static bool wanted(const TcConfOptions *o, MlirStringRef name) {
  for (size_t i = 0; o->functions && i < o->numFunctions; ++i)
    if (mlirStringRefEqual(name, str(o->functions[i])))
      return true;
  return !o->functions;
}

static int checkFunction(GradGate *g, MlirOperation func, const char *name) {
  TcRefVJPLayout layout;
  char err[512];
  if (!tcRefVJPLayoutCreate(func, g->vjp, &layout, err, sizeof err)) {
    json_array_append_new(g->errors, json_sprintf("@%s: %s", name, err));
    return TC_EXIT_USAGE;
  }
  int rc = TC_EXIT_SUCCESS;
  if (layout.numGrads > 0) {
    json_array_append_new(g->functions, json_sprintf("%s_vjp", name));
    for (size_t i = 0; i < g->o->numSeeds && rc == TC_EXIT_SUCCESS; ++i)
      rc = checkSeed(g, func, name, &layout, (int64_t)g->o->seeds[i]);
  }
  tcRefVJPLayoutDestroy(&layout);
  return rc;
}

static TcConfSeverity severityNamed(const char *name) {
  for (int s = TC_CONF_NONE; s <= TC_CONF_CRITICAL; ++s)
    if (name && strcmp(name, tcConfSeverityName((TcConfSeverity)s)) == 0)
      return (TcConfSeverity)s;
  return TC_CONF_NONE;
}

// The combined verdict: a forward failure other than conformance or time
// stands; otherwise a gradient gate error, then a conformance failure of
// either, then the forward's time verdict.
static int combine(GradGate *g, json_t *report, int forwardCode, int gradCode) {
  int rc = forwardCode;
  if (rc == TC_EXIT_SUCCESS || rc == TC_EXIT_PERFORMANCE) {
    if (gradCode != TC_EXIT_SUCCESS)
      rc = gradCode;
    else if (g->severity > TC_CONF_NONE)
      rc = TC_EXIT_CONFORMANCE;
  }
  TcConfSeverity before = severityNamed(json_string_value(json_object_get(report, "severity")));
  if (g->worst && g->severity > before) {
    json_object_set_new(report, "severity", json_string(tcConfSeverityName(g->severity)));
    json_object_set_new(report, "worst", json_deep_copy(g->worst));
  }
  json_object_set_new(report, "verdict", json_string(rc == TC_EXIT_SUCCESS ? "pass" : "fail"));
  json_object_set_new(report, "class", rc == TC_EXIT_SUCCESS ? json_null() : json_string(tcExitCodePrefix(rc)));
  json_object_set_new(report, "exit_code", json_integer(rc));
  return rc;
}

int tcConformanceRunGrad(MlirOperation module, const TcConfOptions *o, const TcRefVJPConfig *vjp, void *reportOut,
                         int forwardCode) {
  json_t *report = reportOut;
  GradGate g = {o, vjp, json_object_get(report, "checks"), json_object_get(report, "errors"),
                json_object_get(report, "functions"), NULL, TC_CONF_NONE, 0};
  int rc = TC_EXIT_SUCCESS;
  if (o->numInputs) {
    json_array_append_new(g.errors, json_string("--grad draws its inputs and cotangents: give seeds, not inputs"));
    rc = TC_EXIT_USAGE;
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); rc == TC_EXIT_SUCCESS && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isForwardFunction(op))
      continue;
    MlirStringRef name = mlirStringAttrGetValue(mlirOperationGetInherentAttributeByName(op, str("sym_name")));
    if (!wanted(o, name))
      continue;
    char *fn = strndup(name.data, name.length);
    rc = checkFunction(&g, op, fn);
    free(fn);
  }
  json_object_set_new(report, "gradients", json_pack("{s:b, s:o}", "wrt_constants", vjp->wrtConstants, "wrt",
                                                     vjp->wrtGiven ? json_array() : json_null()));
  for (intptr_t i = 0; vjp->wrtGiven && i < vjp->numWrt; ++i)
    json_array_append_new(json_object_get(json_object_get(report, "gradients"), "wrt"), json_integer(vjp->wrt[i]));
  return combine(&g, report, forwardCode, rc);
}
