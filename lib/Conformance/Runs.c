//===- Runs.c - every variant on one input set: judged, and compared --------===//
//
// For one function and one input set (ConfCase: the reference's outputs,
// the inputs encoded for the artifact), every variant runs in a child
// process (Sandbox.c) and each of its outputs is judged under its budget.
// A variant of every input set runs twice on each standard draw (and on
// given inputs), its outputs poisoned with two bytes, and the second run
// must equal the first bit for bit unless the contract lets an op of the
// function be nondeterministic. On a stress draw, and a variant of the
// first input set only (the matrix of `tensorc compile`) everywhere, it
// runs once, poisoned with 0x5A, whose pattern is far out of every budget
// (f32 1.5e16, f64 1e125), so an element it never writes is caught by its
// own judgement or by the agreement.
//
// Variant agreement always runs, output by output, against the variant it
// names (`against`, else the first): bit for bit where no op producing the
// output may give another result in another build — every such op has an
// exact budget and no reassociate, nondeterministic or fast_math
// permission — and otherwise within the contract: both are judged within
// the output's budget against the same reference, and the check records
// how many elements differ and by how much. The check names what differs
// between the two builds (the forced variables, and `threads`).
//
//===----------------------------------------------------------------------===//
#include "ConformanceInternal.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

//===-- May an output differ between builds? --------------------------------===//

// True if the contract lets op kind `kind` give another value in another
// build: a permission, or a budget that is not exact.
static bool opMayVary(const TcContract *c, MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  char kind[128];
  snprintf(kind, sizeof kind, "%.*s", (int)name.length, name.data);
  if (strncmp(kind, "tc_tensor.", 10) != 0 || strcmp(kind, "tc_tensor.constant") == 0)
    return false;
  if (tcContractAllows(c, kind, TC_CONTRACT_REASSOCIATE, NULL) ||
      tcContractAllows(c, kind, TC_CONTRACT_NONDETERMINISTIC, NULL) ||
      tcContractAllows(c, kind, TC_CONTRACT_FAST_MATH, NULL))
    return true;
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r) {
    TcRefDtype d;
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, r));
    if (!mlirTypeIsARankedTensor(t) || !tcRefDtypeFromType(mlirShapedTypeGetElementType(t), &d))
      return true;
    TcTolerance tol = tcContractGetTolerance(c, kind, tcRefDtypeName(d), NULL);
    if (tcRefDtypeIsFloat(d) && (tol.atol > 0 || tol.rtol > 0 || tol.ulp > 0 || tol.gamma > 0))
      return true;
  }
  return false;
}

// Whether some producer of `v` may vary (depth-first; `depth` guards
// against pathological chains, which count as varying).
static bool valueMayVary(const TcContract *c, MlirValue v, int depth) {
  if (mlirValueIsABlockArgument(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (depth > 4096 || opMayVary(c, def))
    return true;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (valueMayVary(c, mlirOperationGetOperand(def, i), depth + 1))
      return true;
  return false;
}

static bool outputMayVary(const ConfCase *c, intptr_t output) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(c->func, 0));
  return valueMayVary(c->g->o->contract, mlirOperationGetOperand(mlirBlockGetTerminator(body), output), 0);
}

//===-- One run -----------------------------------------------------------------===//

// Runs variant `v` once with `poison`; false (and a critical finding) if the
// run itself failed.
static bool runOnce(ConfCase *c, const TcConfVariant *v, unsigned char poison, bool timed, ConfRun *run,
                    ConfBuffer *outputs) {
  tcConfShapeOutputs(c->expected, c->numOutputs, outputs);
  *run = (ConfRun){.artifact = v->artifact, .function = c->name, .threads = v->threads, .inputs = c->inputs,
                   .numInputs = (size_t)c->numInputs, .outputs = outputs, .numOutputs = (size_t)c->numOutputs,
                   .poison = poison, .timeoutSeconds = c->g->o->timeoutSeconds,
                   .timeRepeat = timed ? c->g->o->timeRepeat : 0};
  if (c->shapes) { // a dynamic entry point: these sizes are the reference's, so it must accept them
    run->declaredInputs = c->shapes->declaredInputs;
    run->declaredOutputs = c->shapes->declaredOutputs;
    run->expectAccept = true;
  }
  double t0 = tcConfNow();
  ConfRunStatus status = tcConfRunAllocOutputs(run) ? tcConfRunEntryPoint(run) : CONF_RUN_CRASHED;
  tcConfTimed(c->g, c->name, c->seed, c->draw, "run", v->name, tcConfNow() - t0);
  if (status == CONF_RUN_OK)
    return true;
  json_t *check = tcConfWhere(c->name, c->seed, c->draw, v);
  json_object_set_new(check, "kind", json_string("run"));
  json_object_set_new(check, "status", json_string(tcConfRunStatusName(status)));
  json_object_set_new(check, "message", json_string(run->message));
  json_object_set_new(check, "severity", json_string(tcConfSeverityName(TC_CONF_CRITICAL)));
  tcConfAddCheck(c->g, check, TC_CONF_CRITICAL, INFINITY);
  return false;
}

static void judgeRun(ConfCase *c, const TcConfVariant *v, const ConfBuffer *outputs) {
  double t0 = tcConfNow();
  TcConfSeverity worst = TC_CONF_NONE;
  for (intptr_t i = 0; i < c->numOutputs; ++i) {
    char rule[160];
    ConfBudget budget = tcConfBudgetOf(c->g->o->contract, c->func, i, c->expected[i].dtype, rule, sizeof rule);
    budget.magnitude = c->magnitudes[i];
    if (strncmp(rule, "function output", 15) == 0) {
      budget.composed = c->composed[i];
      budget.composedAlone = c->draw == TC_REF_DRAW_WIDE; // docs/conformance.md §2.2, "The wide draw"
    }
    TcConfSeverity severity;
    double ratio;
    json_t *check = tcConfWhere(c->name, c->seed, c->draw, v);
    json_object_set_new(check, "kind", json_string("output"));
    json_object_set_new(check, "output", json_integer(i));
    json_t *verdict = tcConfJudgeOutput(&c->expected[i], &outputs[i], &budget, &severity, &ratio);
    json_object_update(check, verdict);
    json_decref(verdict);
    tcConfAddCheck(c->g, check, severity, ratio);
    worst = severity > worst ? severity : worst;
  }
  tcConfTimed(c->g, c->name, c->seed, c->draw, "judge", v->name, tcConfNow() - t0);
  tcConfProgress(c->g, "@%s seed %lld draw %s [%s]: %s", c->name, (long long)c->seed, tcRefDrawName(c->draw), v->name,
                 worst == TC_CONF_NONE ? "conforms" : tcConfSeverityName(worst));
}

static void checkTime(ConfCase *c, const TcConfVariant *v, const ConfRun *run) {
  bool slow = run->medianSeconds > c->g->o->timeBudgetSeconds;
  json_t *check = tcConfWhere(c->name, c->seed, c->draw, v);
  json_object_set_new(check, "kind", json_string("time"));
  json_object_set_new(check, "median_seconds", json_real(run->medianSeconds));
  json_object_set_new(check, "budget_seconds", json_real(c->g->o->timeBudgetSeconds));
  json_object_set_new(check, "calls", json_integer(c->g->o->timeRepeat));
  json_object_set_new(check, "over_budget", json_boolean(slow));
  if (c->g->sizes)
    json_object_set(check, "sizes", c->g->sizes);
  json_array_append_new(c->g->checks, check);
  c->g->slow |= slow;
}

//===-- Comparing two runs ----------------------------------------------------===//

static const char *choiceOf(const TcConfVariant *v, const char *variable) {
  for (int i = 0; i < v->numChoices; ++i)
    if (strcmp(v->choices[i].variable, variable) == 0)
      return v->choices[i].value;
  return NULL;
}

// The forced variables whose values differ between a and b, and "threads".
static json_t *differsIn(const TcConfVariant *a, const TcConfVariant *b) {
  json_t *list = json_array();
  const TcConfVariant *both[2] = {a, b};
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < both[s]->numChoices; ++i) {
      const char *var = both[s]->choices[i].variable, *x = choiceOf(a, var), *y = choiceOf(b, var);
      bool seen = s == 1 && choiceOf(a, var);
      if (!seen && (!x || !y || strcmp(x, y) != 0))
        json_array_append_new(list, json_string(var));
    }
  if (a->threads != b->threads)
    json_array_append_new(list, json_string("threads"));
  return list;
}

static double largestDifference(const ConfBuffer *x, const ConfBuffer *y) {
  double largest = 0;
  for (int64_t k = 0; tcRefDtypeIsFloat(x->dtype) && k < x->numel; ++k) {
    double d = fabs(tcConfDecode(x->dtype, x->data, k).f - tcConfDecode(y->dtype, y->data, k).f);
    if (d > largest || d != d)
      largest = d != d ? largest : d;
  }
  return largest;
}

// Runs that must agree: bit for bit (`bitwise`), or each within the contract.
static void compareRuns(ConfCase *c, const char *kind, const TcConfVariant *va, const char *a, const char *b,
                        const ConfBuffer *x, const ConfBuffer *y, const TcConfVariant *v, const bool *bitwise) {
  for (intptr_t i = 0; i < c->numOutputs; ++i) {
    int64_t first;
    int64_t count = tcConfBitwiseDifferences(&x[i], &y[i], &first);
    bool strict = bitwise[i];
    json_t *check = tcConfWhere(c->name, c->seed, c->draw, v);
    json_object_set_new(check, "kind", json_string(kind));
    json_object_set_new(check, "output", json_integer(i));
    json_object_set_new(check, "between", json_pack("[s, s]", a, b));
    json_object_set_new(check, "mode", json_string(strict ? "bitwise" : "within-contract"));
    if (va)
      json_object_set_new(check, "differs_in", differsIn(va, v));
    json_object_set_new(check, "elements", json_integer(x[i].numel));
    json_object_set_new(check, "differing", json_integer(count));
    if (count) {
      char vx[64], vy[64];
      tcConfFormatScalar(x[i].dtype, tcConfDecode(x[i].dtype, x[i].data, first), vx, sizeof vx);
      tcConfFormatScalar(y[i].dtype, tcConfDecode(y[i].dtype, y[i].data, first), vy, sizeof vy);
      json_object_set_new(check, "first", json_pack("{s:I, s:s, s:s}", "flat_index", (json_int_t)first, a, vx, b, vy));
      if (!strict)
        json_object_set_new(check, "largest_difference", json_real(largestDifference(&x[i], &y[i])));
    }
    TcConfSeverity severity = strict && count ? TC_CONF_MAJOR : TC_CONF_NONE;
    json_object_set_new(check, "severity", json_string(tcConfSeverityName(severity)));
    tcConfAddCheck(c->g, check, severity, severity ? INFINITY : 0);
  }
}

//===-- Every variant ------------------------------------------------------------===//

typedef struct Kept {
  bool ran;
  ConfRun run; ///< its outputs, kept for the variants that agree with it
} Kept;

static bool firstInputSet(const ConfCase *c) {
  const TcConfOptions *o = c->g->o;
  return o->numInputs || (c->seed == (int64_t)o->seeds[0] && c->draw == TC_REF_DRAW_STANDARD);
}

static size_t againstIndex(const TcConfOptions *o, const TcConfVariant *v) {
  for (size_t i = 0; v->against && i < o->numVariants; ++i)
    if (strcmp(o->variants[i].name, v->against) == 0)
      return i;
  return 0;
}

// Runs variant vi; keeps its outputs in kept[vi] on success. `exact` is
// all true: runs of one build must give the same bits.
static void runVariant(ConfCase *c, size_t vi, Kept *kept, bool deterministic, const bool *exact, const bool *bitwise) {
  const TcConfOptions *o = c->g->o;
  const TcConfVariant *v = &o->variants[vi];
  size_t n = (size_t)(c->numOutputs ? c->numOutputs : 1);
  ConfBuffer *first = calloc(n, sizeof *first), *again = calloc(n, sizeof *again);
  bool timed = o->timeBudgetSeconds >= 0 && !v->firstOnly && firstInputSet(c);
  bool twice = !v->firstOnly && (c->seed == CONF_GIVEN_INPUTS || c->draw == TC_REF_DRAW_STANDARD);
  ConfRun r1 = {0};
  Kept *k = &kept[vi];
  k->run.outputs = NULL;
  if ((k->ran = runOnce(c, v, twice ? 0xA5 : 0x5A, timed, &k->run, first))) {
    judgeRun(c, v, first);
    if (timed)
      checkTime(c, v, &k->run);
    if (twice && deterministic && runOnce(c, v, 0x5A, false, &r1, again))
      compareRuns(c, "run-to-run", NULL, "run 1", "run 2", first, again, v, exact);
    size_t to = againstIndex(o, v);
    if (vi > 0 && kept[to].ran)
      compareRuns(c, "variant-agreement", &o->variants[to], o->variants[to].name, v->name, kept[to].run.outputs,
                  first, v, bitwise);
  } else {
    tcConfRunFreeOutputs(&k->run);
    free(first);
  }
  tcConfRunFreeOutputs(&r1);
  free(again);
}

void tcConfRunCase(ConfCase *c) {
  const TcConfOptions *o = c->g->o;
  bool deterministic = !tcConfAnyAllows(o->contract, c->func, TC_CONTRACT_NONDETERMINISTIC);
  size_t n = (size_t)(c->numOutputs ? c->numOutputs : 1);
  bool *bitwise = calloc(n, sizeof *bitwise), *exact = calloc(n, sizeof *exact);
  for (intptr_t i = 0; i < c->numOutputs; ++i) {
    bitwise[i] = !outputMayVary(c, i);
    exact[i] = true;
  }
  Kept *kept = calloc(o->numVariants ? o->numVariants : 1, sizeof *kept);
  for (size_t vi = 0; vi < o->numVariants; ++vi)
    if (!o->variants[vi].firstOnly || firstInputSet(c))
      runVariant(c, vi, kept, deterministic, exact, bitwise);
  for (size_t vi = 0; vi < o->numVariants; ++vi)
    if (kept[vi].ran) {
      tcConfRunFreeOutputs(&kept[vi].run);
      free(kept[vi].run.outputs);
    }
  free(kept);
  free(bitwise);
  free(exact);
}
