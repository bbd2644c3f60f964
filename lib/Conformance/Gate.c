//===- Gate.c - the conformance gate: programs, seeds, variants, verdict ---===//
//
// For every checked function and seed: draw the inputs as tensor-ref --seed
// does, evaluate the program, then run every variant twice (the outputs
// poisoned with two different bytes) and judge each output of the first run
// under its budget (docs/conformance.md §2):
//
// - a returned argument must come back bit for bit (exact);
// - an output computed by one op straight from the arguments and constants
//   is that op's result: ops.<kind>.tolerance (for matmul and gemm with its
//   `gamma` bound, on the magnitude Magnitude.c evaluates);
// - any other output is a function output: outputs.<dtype>.
//
// The second run must equal the first bit for bit unless the contract lets
// an op of the function be nondeterministic (an unwritten output element
// shows up here even where the poison happens to pass). Variants must
// agree with the first variant bit for bit unless the contract lets an op of
// the function be reassociated, nondeterministic or fast-math; where it
// does, each variant only has to conform on its own.
//
//===----------------------------------------------------------------------===//
#include "ConformanceInternal.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/SemanticHash.h"

#include "mlir-c/BuiltinAttributes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Gate {
  const TcConfOptions *o;
  json_t *checks;
  json_t *worst;          ///< the worst finding (borrowed from checks)
  TcConfSeverity severity; ///< of `worst`
  double ratio;
  bool slow;              ///< a timed entry point was over budget
} Gate;

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool opIs(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), str(name));
}

// Records a finding; keeps the worst (most severe, then furthest out).
static void addCheck(Gate *g, json_t *check, TcConfSeverity severity, double ratio) {
  json_array_append_new(g->checks, check);
  bool isWorse = !g->worst || severity > g->severity || (severity == g->severity && ratio > g->ratio);
  if (isWorse && (severity > TC_CONF_NONE || !g->worst || g->severity == TC_CONF_NONE)) {
    g->worst = check;
    g->severity = severity;
    g->ratio = ratio;
  }
}

enum { GIVEN_INPUTS = -1 }; // the "seed" of a check on the caller's inputs

static json_t *where(const char *fn, int64_t seed, const TcConfVariant *v) {
  return json_pack("{s:s, s:o, s:s}", "function", fn, "seed",
                   seed == GIVEN_INPUTS ? json_null() : json_integer((json_int_t)seed), "variant", v->name);
}

//===-- Budgets and permissions ----------------------------------------------===//

static MlirBlock entryBlock(MlirOperation func) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

static bool fromInputs(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!mlirValueIsABlockArgument(v) && !opIs(mlirOpResultGetOwner(v), "tc_tensor.constant"))
      return false;
  }
  return true;
}

static ConfBudget budgetOf(const TcContract *c, MlirOperation func, intptr_t output, TcRefDtype dtype,
                           char *rule, size_t ruleSize) {
  MlirOperation ret = mlirBlockGetTerminator(entryBlock(func));
  MlirValue v = mlirOperationGetOperand(ret, output);
  ConfBudget b = {.tolerance = {0, 0, -1, 0}, .clause = "exact", .rule = rule};
  if (!tcRefDtypeIsFloat(dtype)) {
    snprintf(rule, ruleSize, "integers and bools are exact");
    return b;
  }
  if (mlirValueIsABlockArgument(v)) {
    snprintf(rule, ruleSize, "returned argument");
    return b;
  }
  MlirOperation def = mlirOpResultGetOwner(v);
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(def));
  if (fromInputs(def)) {
    char kind[128];
    snprintf(kind, sizeof kind, "%.*s", (int)name.length, name.data);
    snprintf(rule, ruleSize, "result of %s on the arguments", kind);
    b.tolerance = tcContractGetTolerance(c, kind, tcRefDtypeName(dtype), &b.clause);
    return b;
  }
  snprintf(rule, ruleSize, "function output");
  b.tolerance = tcContractGetOutputTolerance(c, tcRefDtypeName(dtype), &b.clause);
  return b;
}

// True if the contract lets some op of `func` use `permission`.
static bool anyAllows(const TcContract *c, MlirOperation func, TcContractPermission permission) {
  for (MlirOperation op = mlirBlockGetFirstOperation(entryBlock(func)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    char kind[128];
    snprintf(kind, sizeof kind, "%.*s", (int)name.length, name.data);
    if (strncmp(kind, "tc_tensor.", 10) == 0 && tcContractAllows(c, kind, permission, NULL))
      return true;
  }
  return false;
}

//===-- Buffers ---------------------------------------------------------------===//

static bool makeInputs(const TcRefTensor *inputs, intptr_t n, ConfBuffer *buffers) {
  for (intptr_t i = 0; i < n; ++i) {
    ConfBuffer *b = &buffers[i];
    b->dtype = inputs[i].dtype;
    b->rank = inputs[i].rank;
    memcpy(b->dims, inputs[i].dims, sizeof b->dims);
    b->numel = inputs[i].numel;
    b->bytes = (size_t)b->numel * confDtypeSize(b->dtype);
    if (!(b->data = aligned_alloc(64, (b->bytes + 63) / 64 * 64 + 64)))
      return false;
    confEncode(&inputs[i], b->data);
  }
  return true;
}

static void shapeOutputs(const TcRefTensor *outputs, intptr_t n, ConfBuffer *buffers) {
  for (intptr_t i = 0; i < n; ++i) {
    buffers[i] = (ConfBuffer){.dtype = outputs[i].dtype, .rank = outputs[i].rank, .numel = outputs[i].numel};
    memcpy(buffers[i].dims, outputs[i].dims, sizeof buffers[i].dims);
  }
}

//===-- One function, one seed ------------------------------------------------===//

typedef struct Case {
  Gate *g;
  MlirOperation func;
  const char *name;
  int64_t seed; ///< GIVEN_INPUTS for the caller's inputs
  TcRefTensor *expected;
  intptr_t numOutputs;
  ConfBuffer *inputs;
  intptr_t numInputs;
  ConfMagnitude **magnitudes; ///< per output: for a `gamma` budget, else NULL
} Case;

// Runs variant `v` once with `poison`; false (and a critical finding) if the
// run itself failed.
static bool runOnce(Case *c, const TcConfVariant *v, unsigned char poison, bool timed, ConfRun *run,
                    ConfBuffer *outputs) {
  shapeOutputs(c->expected, c->numOutputs, outputs);
  *run = (ConfRun){.artifact = v->artifact, .function = c->name, .threads = v->threads, .inputs = c->inputs,
                   .numInputs = (size_t)c->numInputs, .outputs = outputs, .numOutputs = (size_t)c->numOutputs,
                   .poison = poison, .timeoutSeconds = c->g->o->timeoutSeconds,
                   .timeRepeat = timed ? c->g->o->timeRepeat : 0};
  ConfRunStatus status = confRunAllocOutputs(run) ? confRunEntryPoint(run) : CONF_RUN_CRASHED;
  if (status == CONF_RUN_OK)
    return true;
  json_t *check = where(c->name, c->seed, v);
  json_object_set_new(check, "kind", json_string("run"));
  json_object_set_new(check, "status", json_string(confRunStatusName(status)));
  json_object_set_new(check, "message", json_string(run->message));
  json_object_set_new(check, "severity", json_string(tcConfSeverityName(TC_CONF_CRITICAL)));
  addCheck(c->g, check, TC_CONF_CRITICAL, INFINITY);
  return false;
}

static void judgeRun(Case *c, const TcConfVariant *v, const ConfBuffer *outputs) {
  for (intptr_t i = 0; i < c->numOutputs; ++i) {
    char rule[160];
    ConfBudget budget = budgetOf(c->g->o->contract, c->func, i, c->expected[i].dtype, rule, sizeof rule);
    budget.magnitude = c->magnitudes[i];
    TcConfSeverity severity;
    double ratio;
    json_t *check = where(c->name, c->seed, v);
    json_object_set_new(check, "kind", json_string("output"));
    json_object_set_new(check, "output", json_integer(i));
    json_t *judged = confJudgeOutput(&c->expected[i], &outputs[i], &budget, &severity, &ratio);
    json_object_update(check, judged);
    json_decref(judged);
    addCheck(c->g, check, severity, ratio);
  }
}

// Two runs (or two variants) that must agree bit for bit.
static void compareRuns(Case *c, const char *kind, const char *a, const char *b, const ConfBuffer *x,
                        const ConfBuffer *y, const TcConfVariant *v) {
  for (intptr_t i = 0; i < c->numOutputs; ++i) {
    int64_t first;
    int64_t count = confBitwiseDifferences(&x[i], &y[i], &first);
    json_t *check = where(c->name, c->seed, v);
    json_object_set_new(check, "kind", json_string(kind));
    json_object_set_new(check, "output", json_integer(i));
    json_object_set_new(check, "between", json_pack("[s, s]", a, b));
    json_object_set_new(check, "elements", json_integer(x[i].numel));
    json_object_set_new(check, "differing", json_integer(count));
    if (count) {
      char vx[64], vy[64];
      confFormatScalar(x[i].dtype, confDecode(x[i].dtype, x[i].data, first), vx, sizeof vx);
      confFormatScalar(y[i].dtype, confDecode(y[i].dtype, y[i].data, first), vy, sizeof vy);
      json_object_set_new(check, "first", json_pack("{s:I, s:s, s:s}", "flat_index", (json_int_t)first, a, vx, b, vy));
    }
    json_object_set_new(check, "severity", json_string(tcConfSeverityName(count ? TC_CONF_MAJOR : TC_CONF_NONE)));
    addCheck(c->g, check, count ? TC_CONF_MAJOR : TC_CONF_NONE, count ? INFINITY : 0);
  }
}

static void checkTime(Case *c, const TcConfVariant *v, const ConfRun *run) {
  bool slow = run->medianSeconds > c->g->o->timeBudgetSeconds;
  json_t *check = where(c->name, c->seed, v);
  json_object_set_new(check, "kind", json_string("time"));
  json_object_set_new(check, "median_seconds", json_real(run->medianSeconds));
  json_object_set_new(check, "budget_seconds", json_real(c->g->o->timeBudgetSeconds));
  json_object_set_new(check, "calls", json_integer(c->g->o->timeRepeat));
  json_object_set_new(check, "over_budget", json_boolean(slow));
  json_array_append_new(c->g->checks, check);
  c->g->slow |= slow;
}

static void runVariants(Case *c) {
  const TcConfOptions *o = c->g->o;
  bool deterministic = !anyAllows(o->contract, c->func, TC_CONTRACT_NONDETERMINISTIC);
  bool sameBits = deterministic && !anyAllows(o->contract, c->func, TC_CONTRACT_REASSOCIATE) &&
                  !anyAllows(o->contract, c->func, TC_CONTRACT_FAST_MATH);
  size_t n = (size_t)(c->numOutputs ? c->numOutputs : 1);
  ConfBuffer *first = calloc(n, sizeof *first), *again = calloc(n, sizeof *again), *base = calloc(n, sizeof *base);
  ConfRun kept = {0}; // the first variant's run, whose outputs the others are compared with
  for (size_t vi = 0; vi < o->numVariants; ++vi) {
    const TcConfVariant *v = &o->variants[vi];
    bool timed = o->timeBudgetSeconds >= 0 && (o->numInputs ? true : c->seed == (int64_t)o->seeds[0]);
    ConfRun r0 = {0}, r1 = {0};
    if (runOnce(c, v, 0xA5, timed, &r0, first)) {
      judgeRun(c, v, first);
      if (timed)
        checkTime(c, v, &r0);
      if (deterministic && runOnce(c, v, 0x5A, false, &r1, again))
        compareRuns(c, "run-to-run", "run 1", "run 2", first, again, v);
      if (vi == 0) {
        kept = r0;
        memcpy(base, first, n * sizeof *base);
        kept.outputs = base;
        r0.numOutputs = 0; // now owned by `kept`
      } else if (sameBits && kept.numOutputs) {
        compareRuns(c, "variant-agreement", o->variants[0].name, v->name, base, first, v);
      }
    }
    confRunFreeOutputs(&r0);
    confRunFreeOutputs(&r1);
  }
  confRunFreeOutputs(&kept);
  free(first);
  free(again);
  free(base);
}

static int classifyReference(TcRefFailure failure) {
  return failure == TC_REF_BAD_INPUT     ? TC_EXIT_USAGE
         : failure == TC_REF_UNSUPPORTED ? TC_EXIT_COMPILE
                                         : TC_EXIT_STRUCTURAL;
}

// The caller's inputs, checked against the function's arguments and copied.
static bool givenInputs(const TcConfOptions *o, MlirOperation func, TcRefTensor *inputs, char *err, size_t size) {
  intptr_t n = mlirBlockGetNumArguments(entryBlock(func));
  if ((size_t)n != o->numInputs) {
    snprintf(err, size, "the function takes %ld arguments, %zu inputs given", (long)n, o->numInputs);
    return false;
  }
  for (intptr_t i = 0; i < n; ++i) {
    TcRefTensor want;
    bool same = tcRefArgumentTensor(func, i, &want) && want.dtype == o->inputs[i].dtype &&
                want.rank == o->inputs[i].rank &&
                memcmp(want.dims, o->inputs[i].dims, (size_t)want.rank * sizeof want.dims[0]) == 0;
    tcRefTensorDestroy(&want);
    if (!same || !tcRefTensorCreate(&inputs[i], o->inputs[i].dtype, o->inputs[i].rank, o->inputs[i].dims)) {
      snprintf(err, size, "input #%ld does not have the dtype and shape of argument #%ld", (long)i, (long)i);
      for (intptr_t j = 0; j < i; ++j)
        tcRefTensorDestroy(&inputs[j]);
      return false;
    }
    memcpy(inputs[i].data, o->inputs[i].data, (size_t)inputs[i].numel * sizeof inputs[i].data[0]);
  }
  return true;
}

// The magnitude of every output whose budget has a `gamma` (docs/contract.md
// §1.1): the result of a matmul or gemm on the arguments and constants. An
// evaluation that fails leaves it NULL: no gamma bound, never a laxer one.
static ConfMagnitude **magnitudesOf(const TcConfOptions *o, MlirOperation func, const TcRefTensor *inputs,
                                    intptr_t numInputs, const TcRefTensor *outputs, intptr_t numOutputs) {
  const TcContract *contract = o->contract;
  ConfMagnitude **m = calloc((size_t)(numOutputs ? numOutputs : 1), sizeof *m);
  MlirOperation ret = mlirBlockGetTerminator(entryBlock(func));
  for (intptr_t i = 0; i < numOutputs; ++i) {
    char rule[160];
    MlirValue v = mlirOperationGetOperand(ret, i);
    if (mlirValueIsABlockArgument(v) || !confMagnitudeApplies(mlirOpResultGetOwner(v)) ||
        budgetOf(contract, func, i, outputs[i].dtype, rule, sizeof rule).tolerance.gamma <= 0)
      continue;
    m[i] = calloc(1, sizeof *m[i]);
    if (!confMagnitude(func, i, inputs, numInputs, o->reference, m[i])) {
      tcRefTensorDestroy(&m[i]->m);
      free(m[i]);
      m[i] = NULL;
    }
  }
  return m;
}

static void freeMagnitudes(ConfMagnitude **m, intptr_t n) {
  for (intptr_t i = 0; m && i < n; ++i)
    if (m[i]) {
      tcRefTensorDestroy(&m[i]->m);
      free(m[i]);
    }
  free(m);
}

// Checks one function on one seed (or the given inputs); returns an exit
// code for failures that stop the gate before any verdict.
// Every argument must be a static tensor of a dtype the spec has (docs/
// dialects.md §1.1); anything else is a structural rejection, as tensor-opt
// calls it, before any input is drawn.
static int checkArguments(MlirOperation func, const char *name, json_t *errors) {
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(entryBlock(func)); ++i) {
    TcRefTensor t;
    if (!tcRefArgumentTensor(func, i, &t)) {
      json_array_append_new(errors, json_sprintf("@%s: argument #%ld is not a static tensor of a supported dtype "
                                                 "(docs/dialects.md §1.1)", name, (long)i));
      return TC_EXIT_STRUCTURAL;
    }
    tcRefTensorDestroy(&t);
  }
  return TC_EXIT_SUCCESS;
}

static int checkSeed(Gate *g, MlirOperation func, const char *name, int64_t seed, json_t *errors) {
  intptr_t n = mlirBlockGetNumArguments(entryBlock(func));
  TcRefTensor *inputs = calloc((size_t)(n ? n : 1), sizeof *inputs), *outputs = NULL;
  ConfBuffer *buffers = calloc((size_t)(n ? n : 1), sizeof *buffers);
  intptr_t numOutputs = 0;
  char err[512];
  TcRefFailure failure = TC_REF_OK;
  int rc = TC_EXIT_SUCCESS;
  bool drawn = seed == GIVEN_INPUTS ? givenInputs(g->o, func, inputs, err, sizeof err)
                                    : tcRefDrawInputs(func, (uint64_t)seed, inputs, err, sizeof err);
  if (!drawn) {
    json_array_append_new(errors, json_sprintf("@%s: %s", name, err));
    rc = TC_EXIT_USAGE;
  } else if (mlirLogicalResultIsFailure(tcRefEvaluateWithOptions(func, inputs, n, g->o->reference, &outputs,
                                                                  &numOutputs, NULL, NULL, &failure))) {
    json_array_append_new(errors, json_sprintf("@%s: the reference evaluator failed", name));
    rc = classifyReference(failure);
  } else if (!makeInputs(inputs, n, buffers)) {
    json_array_append_new(errors, json_sprintf("@%s: out of memory for the inputs", name));
    rc = TC_EXIT_USAGE;
  } else {
    Case c = {g, func, name, seed, outputs, numOutputs, buffers, n,
              magnitudesOf(g->o, func, inputs, n, outputs, numOutputs)};
    runVariants(&c);
    freeMagnitudes(c.magnitudes, numOutputs);
  }
  for (intptr_t i = 0; i < n; ++i) {
    tcRefTensorDestroy(&inputs[i]);
    free(buffers[i].data);
  }
  for (intptr_t i = 0; i < numOutputs; ++i)
    tcRefTensorDestroy(&outputs[i]);
  free(inputs);
  free(buffers);
  free(outputs);
  return rc;
}

//===-- The program -----------------------------------------------------------===//

static bool isPublicFunction(MlirOperation op) {
  if (!opIs(op, "func.func") || mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
    return false;
  MlirAttribute vis = mlirOperationGetInherentAttributeByName(op, str("sym_visibility"));
  return mlirAttributeIsNull(vis) || mlirStringRefEqual(mlirStringAttrGetValue(vis), str("public"));
}

static bool wanted(const TcConfOptions *o, MlirStringRef name) {
  if (!o->functions)
    return true;
  for (size_t i = 0; i < o->numFunctions; ++i)
    if (mlirStringRefEqual(name, str(o->functions[i])))
      return true;
  return false;
}

// Every name of --fn must be a public function.
static bool functionsExist(MlirOperation module, const TcConfOptions *o, json_t *errors) {
  bool ok = true;
  for (size_t i = 0; o->functions && i < o->numFunctions; ++i) {
    bool found = false;
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
    for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op))
      found |= isPublicFunction(op) &&
               mlirStringRefEqual(mlirStringAttrGetValue(mlirOperationGetInherentAttributeByName(op, str("sym_name"))),
                                  str(o->functions[i]));
    if (!found)
      json_array_append_new(errors, json_sprintf("no public function named '%s' in the program", o->functions[i]));
    ok &= found;
  }
  return ok;
}

// The program's stamp, checked against its content: "drift" if it does not match.
static json_t *programIdentity(MlirOperation module, bool *drift) {
  MlirAttribute stamp = mlirOperationGetDiscardableAttributeByName(module, str("tc.semantic_hash"));
  TcHash128 computed, claimed;
  char text[TC_HASH_TEXT_SIZE];
  *drift = false;
  if (mlirLogicalResultIsFailure(tcComputeSemanticHash(module, &computed)))
    return json_pack("{s:n, s:n}", "semantic_hash", "stamp");
  tcFormatHash(computed, text);
  json_t *id = json_pack("{s:s}", "semantic_hash", text);
  if (mlirAttributeIsNull(stamp)) {
    json_object_set_new(id, "stamp", json_null());
    return id;
  }
  if (!mlirAttributeIsAString(stamp)) { // drift, as tensor-opt and tensorc call a stamp that is not a hash
    json_object_set_new(id, "stamp", json_string("(not a string)"));
    *drift = true;
    return id;
  }
  MlirStringRef s = mlirStringAttrGetValue(stamp);
  json_object_set_new(id, "stamp", json_stringn(s.data, s.length));
  *drift = !tcParseHash(s, &claimed) || !tcHashEqual(claimed, computed);
  return id;
}

static json_t *contractJson(const TcContract *c) {
  char hash[TC_HASH_TEXT_SIZE];
  return json_pack("{s:s, s:s}", "name", tcContractGetName(c), "hash", tcFormatHash(tcContractGetHash(c), hash));
}

// The hash of a file the gate judged or is: null if it cannot be read.
static json_t *fileHash(const char *path) {
  char hash[TC_HASH_TEXT_SIZE];
  return tcHashFile(path, hash) ? json_string(hash) : json_null();
}

// Each variant names the artifact it ran by its hash, so a cached verdict
// can be bound to the bytes it judged (docs/conformance.md §4).
static json_t *variantsJson(const TcConfOptions *o) {
  json_t *list = json_array();
  for (size_t i = 0; i < o->numVariants; ++i) {
    const TcConfVariant *v = &o->variants[i];
    json_t *j = json_pack("{s:s, s:o}", "name", v->name, "artifact", fileHash(v->artifact));
    json_object_set_new(j, "threads", v->threads > 0 ? json_integer(v->threads) : json_null());
    json_array_append_new(list, j);
  }
  return list;
}

static int verdict(Gate *g, json_t *report, int rc, bool drift) {
  const char *cls = NULL;
  if (rc == TC_EXIT_SUCCESS && drift)
    rc = TC_EXIT_DRIFT;
  if (rc == TC_EXIT_SUCCESS && g->severity > TC_CONF_NONE)
    rc = TC_EXIT_CONFORMANCE;
  if (rc == TC_EXIT_SUCCESS && g->slow)
    rc = TC_EXIT_PERFORMANCE;
  if (rc != TC_EXIT_SUCCESS)
    cls = tcExitCodePrefix((TcExitCode)rc);
  json_object_set_new(report, "verdict", json_string(rc == TC_EXIT_SUCCESS ? "pass" : "fail"));
  json_object_set_new(report, "class", cls ? json_string(cls) : json_null());
  json_object_set_new(report, "exit_code", json_integer(rc));
  json_object_set_new(report, "severity", json_string(tcConfSeverityName(g->severity)));
  json_object_set_new(report, "worst", g->worst ? json_deep_copy(g->worst) : json_null());
  return rc;
}

int tcConformanceRun(MlirOperation module, const TcConfOptions *o, void **reportOut) {
  Gate g = {.o = o, .checks = json_array()};
  bool drift;
  json_t *report = json_pack("{s:s, s:o, s:o, s:o, s:s}", "format", TC_CONFORMANCE_FORMAT, "program",
                             programIdentity(module, &drift), "contract", contractJson(o->contract), "variants",
                             variantsJson(o), "reference", o->reference && o->reference->exact ? "exact" : "fast");
  json_t *seeds = json_array(), *functions = json_array(), *errors = json_array();
  for (size_t i = 0; !o->numInputs && i < o->numSeeds; ++i)
    json_array_append_new(seeds, json_integer((json_int_t)o->seeds[i]));
  int rc = functionsExist(module, o, errors) ? TC_EXIT_SUCCESS : TC_EXIT_USAGE;
  if (drift)
    json_array_append_new(errors, json_string("the program's tc.semantic_hash does not match its content"));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); rc == TC_EXIT_SUCCESS && !drift && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isPublicFunction(op))
      continue;
    MlirStringRef name = mlirStringAttrGetValue(mlirOperationGetInherentAttributeByName(op, str("sym_name")));
    if (!wanted(o, name))
      continue;
    char *fn = strndup(name.data, name.length);
    json_array_append_new(functions, json_string(fn));
    rc = checkArguments(op, fn, errors);
    if (rc == TC_EXIT_SUCCESS && o->numInputs)
      rc = checkSeed(&g, op, fn, GIVEN_INPUTS, errors);
    for (size_t i = 0; !o->numInputs && i < o->numSeeds && rc == TC_EXIT_SUCCESS; ++i)
      rc = checkSeed(&g, op, fn, (int64_t)o->seeds[i], errors);
    free(fn);
  }
  if (rc == TC_EXIT_SUCCESS && !drift && json_array_size(functions) == 0) {
    json_array_append_new(errors, json_string("the program has no public function to check"));
    rc = TC_EXIT_STRUCTURAL; // as in every tool that needs an entry point (docs/exit-codes.md)
  }
  json_object_set_new(report, "seeds", seeds);
  json_object_set_new(report, "functions", functions);
  json_object_set_new(report, "errors", errors);
  // The gate's own identity: the executable that judged (the reference
  // evaluator is linked into it), so a verdict names its judge.
  json_object_set_new(report, "gate", json_pack("{s:o}", "executable", fileHash("/proc/self/exe")));
  rc = verdict(&g, report, rc, drift);
  json_object_set_new(report, "checks", g.checks);
  *reportOut = report;
  return rc;
}
