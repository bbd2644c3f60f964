//===- Gate.c - the conformance gate: programs, seeds, variants, verdict ---===//
//
// For every checked function and seed: draw the inputs as tensor-ref --seed
// does, evaluate the program, then run every variant twice (the outputs
// poisoned with two different bytes) and judge each output of the first run
// under its budget (docs/conformance.md §2):
//
// - a returned argument must come back bit for bit (exact);
// - an output computed by one op straight from the arguments and constants
//   is that op's result: ops.<kind>.tolerance (for matmul, gemm and conv2d with its
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
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef ConfGate Gate;
typedef ConfCase Case;

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool opIs(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), str(name));
}

void tcConfAddCheck(ConfGate *g, json_t *check, TcConfSeverity severity, double ratio) {
  if (g->sizes)
    json_object_set(check, "sizes", g->sizes);
  json_array_append_new(g->checks, check);
  bool isWorse = !g->worst || severity > g->severity || (severity == g->severity && ratio > g->ratio);
  if (isWorse && (severity > TC_CONF_NONE || !g->worst || g->severity == TC_CONF_NONE)) {
    g->worst = check;
    g->severity = severity;
    g->ratio = ratio;
  }
}

json_t *tcConfWhere(const char *fn, int64_t seed, TcRefDraw draw, const TcConfVariant *v) {
  return json_pack("{s:s, s:o, s:o, s:s}", "function", fn, "seed",
                   seed == CONF_GIVEN_INPUTS ? json_null() : json_integer((json_int_t)seed), "draw",
                   seed == CONF_GIVEN_INPUTS ? json_null() : json_string(tcRefDrawName(draw)), "variant", v->name);
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

ConfBudget tcConfBudgetOf(const TcContract *c, MlirOperation func, intptr_t output, TcRefDtype dtype, char *rule,
                          size_t ruleSize) {
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

// The contract's budget of `op`'s results of `dtype`, for composing
// (tcRefEvaluateComposed's callback; `userData` is the TcContract).
static void confOpBudget(MlirOperation op, TcRefDtype dtype, TcRefOpBudget *out, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  char kind[128];
  snprintf(kind, sizeof kind, "%.*s", (int)name.length, name.data);
  TcTolerance t = tcContractGetTolerance(userData, kind, tcRefDtypeName(dtype), NULL);
  *out = (TcRefOpBudget){t.atol, t.rtol, t.ulp > 0 ? t.ulp : 0, t.gamma};
}

bool tcConfAnyAllows(const TcContract *c, MlirOperation func, TcContractPermission permission) {
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
    b->bytes = (size_t)b->numel * tcConfDtypeSize(b->dtype);
    if (!(b->data = aligned_alloc(64, (b->bytes + 63) / 64 * 64 + 64)))
      return false;
    tcConfEncode(&inputs[i], b->data);
  }
  return true;
}

void tcConfShapeOutputs(const TcRefTensor *outputs, intptr_t n, ConfBuffer *buffers) {
  for (intptr_t i = 0; i < n; ++i) {
    buffers[i] = (ConfBuffer){.dtype = outputs[i].dtype, .rank = outputs[i].rank, .numel = outputs[i].numel};
    memcpy(buffers[i].dims, outputs[i].dims, sizeof buffers[i].dims);
  }
}

//===-- One function, one seed ------------------------------------------------===//

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
    if (mlirValueIsABlockArgument(v) || !tcConfMagnitudeApplies(mlirOpResultGetOwner(v)) ||
        tcConfBudgetOf(contract, func, i, outputs[i].dtype, rule, sizeof rule).tolerance.gamma <= 0)
      continue;
    m[i] = calloc(1, sizeof *m[i]);
    if (!tcConfMagnitude(func, i, inputs, numInputs, o->reference, m[i])) {
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

// Every argument must be a ranked tensor of a dtype the spec has (docs/
// dialects.md §1.1), static or with `?` (§1.5); anything else is a
// structural rejection, as tensor-opt calls it, before any input is drawn.
static int checkArguments(MlirOperation func, const char *name, json_t *errors) {
  bool dynamic = tcConfFunctionIsDynamic(func);
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(entryBlock(func)); ++i) {
    TcRefTensor t = {0};
    MlirType type = mlirValueGetType(mlirBlockGetArgument(entryBlock(func), i));
    TcRefDtype d;
    bool ranked = dynamic && mlirTypeIsARankedTensor(type) &&
                  tcRefDtypeFromType(mlirShapedTypeGetElementType(type), &d) &&
                  mlirShapedTypeGetRank(type) <= TC_REF_MAX_RANK;
    if (!ranked && !tcRefArgumentTensor(func, i, &t)) {
      json_array_append_new(errors, json_sprintf("@%s: argument #%ld is not a static tensor of a supported dtype "
                                                 "(docs/dialects.md §1.1)", name, (long)i));
      return TC_EXIT_STRUCTURAL;
    }
    tcRefTensorDestroy(&t);
  }
  return TC_EXIT_SUCCESS;
}

// The first run-time constraint the reference names while a dynamic
// function is evaluated: that diagnostic is the gate's finding, not an
// error to print; every other diagnostic goes on to the next handler.
typedef struct Captured {
  char constraint[64];
} Captured;

static void appendText(MlirStringRef s, void *userData) {
  char *buf = userData;
  size_t used = strlen(buf);
  snprintf(buf + used, 1024 - used, "%.*s", (int)s.length, s.data);
}

static MlirLogicalResult captureConstraint(MlirDiagnostic d, void *userData) {
  Captured *c = userData;
  char text[1024] = "";
  mlirDiagnosticPrint(d, appendText, text);
  if (c->constraint[0] || !tcConfConstraintOf(text, c->constraint, sizeof c->constraint))
    return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult evaluate(Gate *g, MlirOperation func, const TcRefTensor *inputs, intptr_t n,
                                  const ConfShapes *shapes, TcRefTensor **outputs, intptr_t *numOutputs,
                                  double ***composed, TcRefFailure *failure, Captured *captured) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirDiagnosticHandlerID id = 0;
  if (shapes)
    id = mlirContextAttachDiagnosticHandler(ctx, captureConstraint, captured, NULL);
  MlirLogicalResult r = tcRefEvaluateComposed(func, inputs, n, g->o->reference, confOpBudget, (void *)g->o->contract,
                                              outputs, numOutputs, composed, failure);
  if (shapes)
    mlirContextDetachDiagnosticHandler(ctx, id);
  return r;
}

int tcConfCheckSeed(Gate *g, MlirOperation func, const char *name, int64_t seed, TcRefDraw draw,
                    const ConfShapes *shapes, json_t *errors) {
  intptr_t n = mlirBlockGetNumArguments(entryBlock(func));
  TcRefTensor *inputs = calloc((size_t)(n ? n : 1), sizeof *inputs), *outputs = NULL;
  ConfBuffer *buffers = calloc((size_t)(n ? n : 1), sizeof *buffers);
  intptr_t numOutputs = 0;
  char err[512];
  TcRefFailure failure = TC_REF_OK;
  double **composed = NULL;
  int rc = TC_EXIT_SUCCESS;
  double t0 = tcConfNow();
  Captured captured = {""};
  bool drawn = seed == CONF_GIVEN_INPUTS ? givenInputs(g->o, func, inputs, err, sizeof err)
               : shapes ? tcRefDrawInputsAtShapes(func, (uint64_t)seed, draw, shapes->inputShapes, inputs, err, sizeof err)
                        : tcRefDrawInputsOfKind(func, (uint64_t)seed, draw, inputs, err, sizeof err);
  double t1 = tcConfNow();
  tcConfTimed(g, name, seed, draw, "draw", NULL, t1 - t0);
  if (!drawn) {
    json_array_append_new(errors, json_sprintf("@%s: %s", name, err));
    rc = TC_EXIT_USAGE;
  } else if (mlirLogicalResultIsFailure(evaluate(g, func, inputs, n, shapes, &outputs, &numOutputs, &composed,
                                                  &failure, &captured))) {
    if (captured.constraint[0] && failure == TC_REF_BAD_INPUT && makeInputs(inputs, n, buffers)) {
      tcConfTimed(g, name, seed, draw, "reference", NULL, tcConfNow() - t1);
      tcConfCheckRejected(g, func, name, seed, draw, shapes, buffers, captured.constraint);
    } else {
      json_array_append_new(errors, json_sprintf("@%s: the reference evaluator failed", name));
      rc = classifyReference(failure);
    }
  } else if (!makeInputs(inputs, n, buffers)) {
    json_array_append_new(errors, json_sprintf("@%s: out of memory for the inputs", name));
    rc = TC_EXIT_USAGE;
  } else {
    Case c = {g, func, name, seed, draw, outputs, numOutputs, buffers, n,
              magnitudesOf(g->o, func, inputs, n, outputs, numOutputs), composed, shapes};
    tcConfTimed(g, name, seed, draw, "reference", NULL, tcConfNow() - t1);
    tcConfProgress(g, "@%s seed %lld draw %s: reference evaluated in %.2fs", name, (long long)seed, tcRefDrawName(draw),
                   tcConfNow() - t1);
    tcConfRunCase(&c);
    freeMagnitudes(c.magnitudes, numOutputs);
  }
  for (intptr_t i = 0; i < n; ++i) {
    tcRefTensorDestroy(&inputs[i]);
    free(buffers[i].data);
  }
  for (intptr_t i = 0; i < numOutputs; ++i) {
    tcRefTensorDestroy(&outputs[i]);
    free(composed ? composed[i] : NULL);
  }
  free(composed);
  free(inputs);
  free(buffers);
  free(outputs);
  return rc;
}

// The kinds of draw the options ask for, standard first.
static size_t drawKinds(const TcConfOptions *o, TcRefDraw *kinds) {
  size_t n = 0;
  kinds[n++] = TC_REF_DRAW_STANDARD;
  for (int k = 1; k < TC_REF_DRAW_COUNT; ++k) {
    bool listed = !o->draws;
    for (size_t i = 0; o->draws && i < o->numDraws; ++i)
      listed |= o->draws[i] == (TcRefDraw)k;
    if (listed)
      kinds[n++] = (TcRefDraw)k;
  }
  return n;
}

int tcConfCheckInputSets(Gate *g, MlirOperation func, const char *fn, const ConfShapes *shapes, json_t *errors) {
  const TcConfOptions *o = g->o;
  TcRefDraw kinds[TC_REF_DRAW_COUNT];
  size_t numKinds = drawKinds(o, kinds);
  int rc = TC_EXIT_SUCCESS;
  tcConfProgress(g, "@%s: %zu seed(s), %zu draw(s) on the first, %zu variant(s)", fn, o->numSeeds, numKinds,
                 o->numVariants);
  for (size_t i = 0; i < o->numSeeds && rc == TC_EXIT_SUCCESS; ++i)
    for (size_t k = 0; k < (i == 0 ? numKinds : 1) && rc == TC_EXIT_SUCCESS; ++k)
      if (tcRefDrawApplies(func, kinds[k]))
        rc = tcConfCheckSeed(g, func, fn, (int64_t)o->seeds[i], kinds[k], shapes, errors);
  return rc;
}

// Every input set of one function: the caller's inputs, or each seed in the
// standard draw and the first seed also in every other kind that applies
// (an argument of the function declares no distribution); a dynamic
// function at each of its drawn shapes (Dynamic.c).
static int checkFunction(Gate *g, MlirOperation func, const char *fn, json_t *dynamic, json_t *errors) {
  bool isDynamic = tcConfFunctionIsDynamic(func);
  if (g->o->numInputs && isDynamic) {
    json_array_append_new(errors, json_sprintf("@%s: given inputs for a function with dynamic dimensions are not "
                                               "supported; the gate draws its sizes itself", fn));
    return TC_EXIT_USAGE;
  }
  if (g->o->numInputs)
    return tcConfCheckSeed(g, func, fn, CONF_GIVEN_INPUTS, TC_REF_DRAW_STANDARD, NULL, errors);
  if (!isDynamic)
    return tcConfCheckInputSets(g, func, fn, NULL, errors);
  json_t *entry = json_object();
  int rc = tcConfCheckDynamic(g, func, fn, entry, errors);
  json_object_set_new(dynamic, fn, entry);
  return rc;
}

static json_t *drawsJson(const TcConfOptions *o) {
  TcRefDraw kinds[TC_REF_DRAW_COUNT];
  json_t *list = json_array();
  for (size_t k = 0, n = drawKinds(o, kinds); !o->numInputs && k < n; ++k)
    json_array_append_new(list, json_string(tcRefDrawName(kinds[k])));
  return list;
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
    json_t *j = json_pack("{s:s, s:o, s:s}", "name", v->name, "artifact", fileHash(v->artifact), "inputs",
                          v->firstOnly ? "first" : "all");
    json_object_set_new(j, "threads", v->threads > 0 ? json_integer(v->threads) : json_null());
    json_t *choices = json_object();
    for (int c = 0; c < v->numChoices; ++c)
      json_object_set_new(choices, v->choices[c].variable, json_string(v->choices[c].value));
    json_object_set_new(j, "choices", choices);
    if (v->against)
      json_object_set_new(j, "against", json_string(v->against));
    json_t *manifest = v->manifest ? json_load_file(v->manifest, 0, NULL) : NULL;
    if (manifest) // what it was built from and how, as deterministic as the rest of the report
      json_object_del(manifest, "timings");
    json_object_set_new(j, "manifest", manifest ? manifest : json_null());
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
  Gate g = {.o = o, .checks = json_array(), .timings = json_array(), .start = tcConfNow()};
  bool drift;
  json_t *report = json_pack("{s:s, s:o, s:o, s:o, s:s}", "format", TC_CONFORMANCE_FORMAT, "program",
                             programIdentity(module, &drift), "contract", contractJson(o->contract), "variants",
                             variantsJson(o), "reference", o->reference && o->reference->exact ? "exact" : "fast");
  json_t *seeds = json_array(), *functions = json_array(), *errors = json_array(), *dynamic = json_object();
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
    if (rc == TC_EXIT_SUCCESS)
      rc = checkFunction(&g, op, fn, dynamic, errors);
    free(fn);
  }
  if (rc == TC_EXIT_SUCCESS && !drift && json_array_size(functions) == 0) {
    json_array_append_new(errors, json_string("the program has no public function to check"));
    rc = TC_EXIT_STRUCTURAL; // as in every tool that needs an entry point (docs/exit-codes.md)
  }
  json_object_set_new(report, "seeds", seeds);
  json_object_set_new(report, "draws", drawsJson(o));
  json_object_set_new(report, "functions", functions);
  json_object_set_new(report, "errors", errors);
  if (json_object_size(dynamic)) // only a program with dynamic dimensions has the member
    json_object_set_new(report, "dynamic", dynamic);
  else
    json_decref(dynamic);
  // The gate's own identity: the executable that judged (the reference
  // evaluator is linked into it), so a verdict names its judge.
  json_object_set_new(report, "gate", json_pack("{s:o}", "executable", fileHash("/proc/self/exe")));
  rc = verdict(&g, report, rc, drift);
  json_object_set_new(report, "checks", g.checks);
  json_object_set_new(report, "timings", tcConfTimingsJson(&g));
  json_decref(g.timings);
  *reportOut = report;
  return rc;
}
