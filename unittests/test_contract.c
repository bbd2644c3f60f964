//===- test_contract.c - unit tests of numerical contracts ----------------===//
//
// Parsing, validation, queries and the contract hash. Tolerances live only in
// contracts, so no tolerance value is written here: queries are checked
// against the default contract's own JSON, and invalid contracts are made by
// changing one member of the default contract (an edit at a JSON path),
// each of which must be refused with its own message at that member.
//
//===----------------------------------------------------------------------===//
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tensorc/Contract.h"
#include "tensorc/Dialects.h"
#include "tensorc/Parse.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/RegisterEverything.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirContext gCtx;
static char gMessage[1024];
static char gLocation[256];
static int gErrors;

static void appendTo(MlirStringRef s, void *userData) { strncat(userData, s.data, s.length); }

static MlirLogicalResult capture(MlirDiagnostic diag, void *userData) {
  ++gErrors;
  gMessage[0] = gLocation[0] = '\0';
  mlirDiagnosticPrint(diag, appendTo, gMessage);
  mlirLocationPrint(mlirDiagnosticGetLocation(diag), appendTo, gLocation);
  return mlirLogicalResultSuccess();
}

static int setUp(void **state) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  gCtx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(gCtx, capture, NULL, NULL);
  return mlirLogicalResultIsSuccess(tcRegisterDialects(gCtx)) ? 0 : -1;
}

static int tearDown(void **state) {
  mlirContextDestroy(gCtx);
  return 0;
}

static json_t *defaultJson(void) {
  json_t *j = json_loads(tcContractGetCanonicalJson(tcContractGetDefault()), 0, NULL);
  assert_non_null(j);
  return j;
}

// A number of the default contract, at members a.b[.c[.d[.e]]].
static double member(const char *a, const char *b, const char *c, const char *d, const char *e) {
  json_t *j = defaultJson();
  json_t *v = json_object_get(json_object_get(j, a), b);
  if (c)
    v = json_object_get(v, c);
  if (c && d)
    v = json_object_get(v, d);
  if (c && d && e)
    v = json_object_get(v, e);
  assert_non_null(v);
  double x = json_number_value(v);
  json_decref(j);
  return x;
}

static void default_contract_answers_queries(void **state) {
  const TcContract *c = tcContractGetDefault();
  const char *clause = NULL;
  assert_string_equal(tcContractGetName(c), "default");
  assert_true(tcContractAllows(c, "matmul", TC_CONTRACT_REASSOCIATE, &clause));
  assert_string_equal(clause, "ops.matmul.reassociate");
  assert_true(tcContractAllows(c, "tc_tensor.reduce_sum", TC_CONTRACT_REASSOCIATE, &clause));
  assert_false(tcContractAllows(c, "tc_tensor.sub", TC_CONTRACT_REASSOCIATE, &clause));
  assert_string_equal(clause, "ops.*.reassociate");
  assert_false(tcContractAllows(c, "matmul", TC_CONTRACT_NONDETERMINISTIC, &clause));
  assert_string_equal(clause, "ops.*.nondeterministic");
  assert_false(tcContractAllows(c, "exp", TC_CONTRACT_FAST_MATH, NULL));

  TcTolerance t = tcContractGetTolerance(c, "matmul", "f32", &clause);
  assert_string_equal(clause, "ops.matmul.tolerance.f32");
  assert_true(t.atol == member("ops", "matmul", "tolerance", "f32", "atol"));
  assert_true(t.rtol == member("ops", "matmul", "tolerance", "f32", "rtol"));
  t = tcContractGetTolerance(c, "tc_tensor.exp", "f32", &clause);
  assert_string_equal(clause, "ops.*.tolerance.f32");
  assert_int_equal(t.ulp, (int64_t)member("ops", "*", "tolerance", "f32", "ulp"));
  t = tcContractGetTolerance(c, "add", "f16", &clause);
  assert_string_equal(clause, "ops.add.tolerance.*");
  assert_true(t.atol == 0 && t.rtol == 0);
  t = tcContractGetTolerance(c, "exp", "i32", &clause);
  assert_string_equal(clause, "exact");
  assert_true(t.atol == 0 && t.rtol == 0 && t.ulp < 0);
  t = tcContractGetOutputTolerance(c, "bf16", &clause);
  assert_string_equal(clause, "outputs.bf16");
  assert_true(t.rtol == member("outputs", "bf16", "rtol", NULL, NULL));
  tcContractGetOutputTolerance(c, "i64", &clause);
  assert_string_equal(clause, "exact");

  assert_string_equal(tcContractGetAccumulationDtype(c, "f16", &clause), "f32");
  assert_string_equal(clause, "dtypes.f16.accumulate");
  assert_string_equal(tcContractGetElementDtype(c, "bf16", &clause), "bf16");
  assert_string_equal(tcContractGetElementDtype(c, "i32", &clause), "i32");
  assert_string_equal(clause, "as written");
}

static TcContract *parse(const char *text) {
  gErrors = 0;
  return tcContractParse(gCtx, mlirStringRefCreateFromCString(text), "c.json");
}

static char *dumpPretty(json_t *j, size_t flags) {
  char *text = json_dumps(j, flags);
  assert_non_null(text);
  return text;
}

// Spelling does not change a contract's identity: key order, whitespace and
// number spelling (0 and 0.0, 1e-05 and 0.00001) give the same hash.
static void hash_ignores_spelling(void **state) {
  json_t *j = defaultJson();
  char *compact = dumpPretty(j, JSON_COMPACT), *indented = dumpPretty(j, JSON_INDENT(4) | JSON_PRESERVE_ORDER);
  TcContract *a = parse(compact), *b = parse(indented);
  assert_non_null(a);
  assert_non_null(b);
  assert_true(tcHashEqual(tcContractGetHash(a), tcContractGetHash(b)));
  assert_true(tcHashEqual(tcContractGetHash(a), tcContractGetHash(tcContractGetDefault())));
  // An integral tolerance written as an integer is the same value.
  json_t *tol = json_object_get(json_object_get(json_object_get(j, "ops"), "add"), "tolerance");
  json_object_set_new(json_object_get(tol, "*"), "atol", json_integer(0));
  char *intText = dumpPretty(j, JSON_COMPACT);
  TcContract *c = parse(intText);
  assert_true(tcHashEqual(tcContractGetHash(a), tcContractGetHash(c)));
  tcContractDestroy(a);
  tcContractDestroy(b);
  tcContractDestroy(c);
  free(compact);
  free(indented);
  free(intText);
  json_decref(j);
}

typedef struct Edit {
  const char *path[5]; // members from the top; the last one is set or removed
  const char *value;   // JSON text to set, or NULL to remove the member
  const char *error;   // expected part of the message
} Edit;

static const Edit kEdits[] = {
    {{"format"}, NULL, "missing member 'format'"},
    {{"format"}, "\"tensorc-contract/2\"", "format: unsupported contract format"},
    {{"name"}, NULL, "missing member 'name'"},
    {{"name"}, "\"\"", "name: 'name' must be a non-empty string"},
    {{"description"}, "7", "description: 'description' must be a string"},
    {{"tolerances"}, "{}", "tolerances: unknown member 'tolerances'"},
    {{"ops"}, NULL, "missing member 'ops'"},
    {{"outputs"}, NULL, "missing member 'outputs'"},
    {{"dtypes"}, NULL, "missing member 'dtypes'"},
    {{"ops"}, "[]", "ops: 'ops' must be an object"},
    {{"ops", "*"}, NULL, "ops: missing member '*'"},
    {{"ops", "*", "reassociate"}, NULL, "ops.*: missing member 'reassociate' (ops.* must give every permission)"},
    {{"ops", "matmull"}, "{}", "ops.matmull: unknown op kind 'matmull' (not a tc_tensor op)"},
    {{"ops", "matmul", "reassociate"}, "\"yes\"", "ops.matmul.reassociate: 'reassociate' must be true or false"},
    {{"ops", "matmul", "reassociates"}, "true", "ops.matmul.reassociates: unknown member 'reassociates'"},
    {{"ops", "matmul"}, "3", "ops.matmul: an op entry must be an object"},
    {{"ops", "matmul", "tolerance", "f128"}, "{}", "ops.matmul.tolerance.f128: unknown dtype 'f128'"},
    {{"ops", "matmul", "tolerance", "f32", "atol"}, NULL, "ops.matmul.tolerance.f32.atol: missing member 'atol'"},
    {{"ops", "matmul", "tolerance", "f32", "rtol"}, "-1", "ops.matmul.tolerance.f32.rtol: 'rtol' must be a finite number >= 0"},
    {{"ops", "matmul", "tolerance", "f32", "atol"}, "\"small\"", "'atol' must be a finite number >= 0"},
    {{"ops", "*", "tolerance", "f32", "ulp"}, "1.5", "ops.*.tolerance.f32.ulp: 'ulp' must be an integer >= 0"},
    {{"ops", "*", "tolerance", "f32", "ulps"}, "1", "ops.*.tolerance.f32.ulps: unknown member 'ulps'"},
    {{"ops", "*", "tolerance", "f32"}, "[]", "ops.*.tolerance.f32: a tolerance must be an object"},
    {{"ops", "matmul", "tolerance", "f32", "gamma"}, "-1", "ops.matmul.tolerance.f32.gamma: 'gamma' must be a finite number >= 0"},
    {{"ops", "gemm", "tolerance", "f32", "gamma"}, "\"two\"", "ops.gemm.tolerance.f32.gamma: 'gamma' must be a finite number >= 0"},
    {{"ops", "add", "tolerance", "*", "gamma"}, "1", "ops.add.tolerance.*.gamma: 'gamma' is defined for ops.matmul and ops.gemm"},
    {{"ops", "*", "tolerance", "f32", "gamma"}, "1", "ops.*.tolerance.f32.gamma: 'gamma' is defined for ops.matmul and ops.gemm"},
    {{"outputs", "f32", "gamma"}, "1", "outputs.f32.gamma: 'gamma' is defined for ops.matmul and ops.gemm"},
    {{"outputs"}, "1", "outputs: a tolerance map must be an object"},
    {{"outputs", "f32", "atol"}, NULL, "outputs.f32.atol: missing member 'atol'"},
    {{"dtypes", "i32"}, "{}", "dtypes.i32: 'i32' is not a float dtype"},
    {{"dtypes", "f32", "element"}, "\"f16\"", "dtypes.f32: element dtype 'f16' is not at least as precise as 'f32'"},
    {{"dtypes", "f32", "accumulate"}, "\"f16\"", "accumulation dtype 'f16' is not at least as precise as the element dtype 'f32'"},
    {{"dtypes", "f16", "accumulate"}, "\"bf16\"", "accumulation dtype 'bf16' is not at least as precise as the element dtype 'f16'"},
    {{"dtypes", "f16", "element"}, "\"i8\"", "dtypes.f16.element: 'element' must be a float dtype"},
    {{"dtypes", "f16", "accumulate"}, NULL, "dtypes.f16.accumulate: missing member 'accumulate'"},
    {{"dtypes", "f16", "width"}, "16", "dtypes.f16.width: unknown member 'width'"},
    {{"grads", "ops"}, NULL, "grads: missing member 'ops'"},
    {{"grads", "outputs"}, NULL, "grads: missing member 'outputs'"},
    {{"grads", "budgets"}, "{}", "grads.budgets: unknown member 'budgets'"},
    {{"grads"}, "[]", "grads: 'grads' must be an object"},
    {{"grads", "ops", "matmull"}, "{}", "grads.ops.matmull: unknown op kind 'matmull' (not a tc_tensor op)"},
    {{"grads", "ops", "*", "reassociate"}, "true", "grads.ops.*.reassociate: unknown member 'reassociate'"},
    {{"grads", "ops", "*", "tolerance", "f32"}, "{\"atol\": 0, \"rtol\": 0, \"gamma\": 1}",
     "grads.ops.*.tolerance.f32.gamma: 'gamma' is defined for ops.matmul and ops.gemm"},
    {{"grads", "ops", "*", "tolerance", "f128"}, "{}", "grads.ops.*.tolerance.f128: unknown dtype 'f128'"},
    {{"grads", "outputs", "f32", "atol"}, NULL, "grads.outputs.f32.atol: missing member 'atol'"},
};

static void applyEdit(json_t *j, const Edit *e) {
  json_t *parent = j;
  int last = 0;
  while (last < 4 && e->path[last + 1])
    parent = json_object_get(parent, e->path[last++]);
  assert_non_null(parent);
  if (!e->value) {
    assert_int_equal(json_object_del(parent, e->path[last]), 0);
    return;
  }
  json_t *v = json_loads(e->value, JSON_DECODE_ANY, NULL);
  assert_non_null(v);
  json_object_set_new(parent, e->path[last], v);
}

static void invalid_contracts_are_refused_at_the_member(void **state) {
  for (size_t i = 0; i < sizeof kEdits / sizeof kEdits[0]; ++i) {
    json_t *j = defaultJson();
    applyEdit(j, &kEdits[i]);
    char *text = dumpPretty(j, JSON_INDENT(2) | JSON_SORT_KEYS);
    TcContract *c = parse(text);
    if (c || gErrors != 1 || !strstr(gMessage, kEdits[i].error))
      fail_msg("edit %zu: expected one error containing \"%s\", got %d: \"%s\"", i, kEdits[i].error, gErrors, gMessage);
    assert_non_null(strstr(gMessage, "invalid contract: "));
    free(text);
    json_decref(j);
  }
}

// Any value is identity: each change gives a new hash.
static void hash_sees_values(void **state) {
  static const Edit changes[] = {
      {{"name"}, "\"other\"", NULL},
      {{"description"}, "\"changed\"", NULL},
      {{"ops", "matmul", "reassociate"}, "false", NULL},
      {{"ops", "*", "fast_math"}, "true", NULL},
      {{"dtypes", "f16", "accumulate"}, "\"f64\"", NULL},
      {{"ops", "*", "tolerance", "f32"}, NULL, NULL},
      {{"outputs", "f16"}, NULL, NULL},
      {{"ops", "matmul", "tolerance", "f32", "gamma"}, "1", NULL},
      {{"ops", "gemm", "tolerance", "f64", "gamma"}, "0", NULL},
      {{"grads"}, NULL, NULL},
      {{"grads", "outputs", "f32", "atol"}, "0.5", NULL},
      {{"grads", "ops", "matmul"}, "{}", NULL},
  };
  TcHash128 base = tcContractGetHash(tcContractGetDefault());
  for (size_t i = 0; i < sizeof changes / sizeof changes[0]; ++i) {
    json_t *j = defaultJson();
    applyEdit(j, &changes[i]);
    char *text = dumpPretty(j, JSON_COMPACT);
    TcContract *c = parse(text);
    if (!c)
      fail_msg("change %zu does not parse: %s", i, gMessage);
    assert_false(tcHashEqual(base, tcContractGetHash(c)));
    tcContractDestroy(c);
    free(text);
    json_decref(j);
  }
}

// `gamma` is read where given (0 where not), and its spelling (an integer or a
// real) does not change the hash.
static void gamma_is_queried(void **state) {
  const char *clause;
  assert_true(tcContractGetTolerance(tcContractGetDefault(), "matmul", "f32", &clause).gamma == 0);
  static const Edit asInteger = {{"ops", "matmul", "tolerance", "f32", "gamma"}, "3", NULL};
  static const Edit asReal = {{"ops", "matmul", "tolerance", "f32", "gamma"}, "3.0", NULL};
  TcContract *c[2];
  for (int i = 0; i < 2; ++i) {
    json_t *j = defaultJson();
    applyEdit(j, i ? &asReal : &asInteger);
    char *text = dumpPretty(j, JSON_COMPACT);
    c[i] = parse(text);
    assert_non_null(c[i]);
    free(text);
    json_decref(j);
  }
  TcTolerance t = tcContractGetTolerance(c[0], "tc_tensor.matmul", "f32", &clause);
  assert_string_equal(clause, "ops.matmul.tolerance.f32");
  assert_true(t.gamma == atof(asInteger.value));
  assert_true(tcContractGetTolerance(c[0], "matmul", "f64", NULL).gamma == 0);
  assert_true(tcHashEqual(tcContractGetHash(c[0]), tcContractGetHash(c[1])));
  tcContractDestroy(c[0]);
  tcContractDestroy(c[1]);
}

// A tolerance of the default contract's grads section, at grads.<section>.<...>.
static double gradMember(const char *section, const char *kind, const char *dtype, const char *key) {
  json_t *j = defaultJson(), *v = json_object_get(json_object_get(j, "grads"), section);
  v = kind ? json_object_get(json_object_get(json_object_get(v, kind), "tolerance"), dtype) : json_object_get(v, dtype);
  assert_non_null(json_object_get(v, key));
  double x = json_number_value(json_object_get(v, key));
  json_decref(j);
  return x;
}

// Gradient budgets follow the lookup order of forward budgets, under
// grads.ops and grads.outputs; a contract without a grads section judges
// gradients exactly.
static void grads_are_queried(void **state) {
  const TcContract *d = tcContractGetDefault();
  const char *clause;
  assert_true(tcContractHasGrads(d));
  TcTolerance t = tcContractGetGradTolerance(d, "tc_tensor.matmul", "f32", &clause);
  assert_string_equal(clause, "grads.ops.*.tolerance.f32");
  assert_true(t.atol == gradMember("ops", "*", "f32", "atol") && t.rtol == gradMember("ops", "*", "f32", "rtol"));
  t = tcContractGetGradOutputTolerance(d, "bf16", &clause);
  assert_string_equal(clause, "grads.outputs.bf16");
  assert_true(t.atol == gradMember("outputs", NULL, "bf16", "atol"));
  tcContractGetGradTolerance(d, "add", "i32", &clause);
  assert_string_equal(clause, "exact");
  static const Edit perOp = {{"grads", "ops", "softmax"}, "{\"tolerance\": {\"f32\": {\"atol\": 0.5, \"rtol\": 0}}}", NULL};
  static const Edit none = {{"grads"}, NULL, NULL};
  for (int i = 0; i < 2; ++i) {
    json_t *j = defaultJson();
    applyEdit(j, i ? &none : &perOp);
    char *text = dumpPretty(j, JSON_COMPACT);
    TcContract *c = parse(text);
    assert_non_null(c);
    t = tcContractGetGradTolerance(c, "softmax", "f32", &clause);
    assert_string_equal(clause, i ? "exact" : "grads.ops.softmax.tolerance.f32");
    assert_true(i ? t.atol == 0 && t.ulp < 0 : t.atol == 0.5);
    assert_true(tcContractHasGrads(c) == !i);
    tcContractGetGradOutputTolerance(c, "f32", &clause);
    assert_string_equal(clause, i ? "exact" : "grads.outputs.f32");
    tcContractDestroy(c);
    free(text);
    json_decref(j);
  }
}

// Errors point at the offending member of the file, or at the syntax error.
static void errors_are_located(void **state) {
  static const char unknownOp[] = "{\n  \"format\": \"tensorc-contract/1\",\n  \"name\": \"x\",\n  \"dtypes\": {},\n"
                                  "  \"ops\": {\n    \"*\": {\"reassociate\": false, \"nondeterministic\": false, "
                                  "\"fast_math\": false},\n      \"matmull\": {}\n  },\n  \"outputs\": {}\n}\n";
  assert_null(parse(unknownOp));
  assert_string_equal(gLocation, "loc(\"c.json\":7:7)");
  assert_null(parse("{\n  \"name\": \"x\",\n  \"name\": \"y\"\n}"));
  assert_non_null(strstr(gMessage, "invalid contract JSON: duplicate object key"));
  assert_string_equal(gLocation, "loc(\"c.json\":3:8)");
  assert_null(parse("{\n  \"format\": \"tensorc-contract/1\",\n  oops\n}"));
  assert_non_null(strstr(gMessage, "invalid contract JSON:"));
  assert_non_null(strstr(gLocation, "\"c.json\":3:"));
  assert_null(parse("[1, 2]"));
  assert_non_null(strstr(gMessage, "invalid contract: (top level): a contract must be a JSON object"));
}

static MlirOperation parseModule(const char *text, MlirModule *m) {
  *m = tcParseSourceModule(gCtx, mlirStringRefCreateFromCString(text), mlirStringRefCreateFromCString("m.mlir"));
  assert_false(mlirModuleIsNull(*m));
  return mlirModuleGetOperation(*m);
}

// tc.contract mirrors the JSON: the same contract written as a dictionary has
// the same hash as the file; an invalid one is refused at the module.
static void module_contracts_mirror_json(void **state) {
  static const char module[] =
      "module attributes {tc.contract = {format = \"tensorc-contract/1\", name = \"m\", dtypes = {f16 = {element = "
      "\"f16\", accumulate = \"f32\"}}, ops = {\"*\" = {reassociate = false, nondeterministic = false, fast_math = "
      "false}, matmul = {reassociate = true, tolerance = {f32 = {atol = 0, rtol = 0, ulp = 1}}}}, outputs = {}}} {\n}\n";
  static const char json[] =
      "{\"format\": \"tensorc-contract/1\", \"name\": \"m\", \"dtypes\": {\"f16\": {\"element\": \"f16\", "
      "\"accumulate\": \"f32\"}}, \"ops\": {\"*\": {\"reassociate\": false, \"nondeterministic\": false, "
      "\"fast_math\": false}, \"matmul\": {\"reassociate\": true, \"tolerance\": {\"f32\": {\"atol\": 0.0, "
      "\"rtol\": 0, \"ulp\": 1}}}}, \"outputs\": {}}";
  MlirModule m;
  TcContract *fromModule = NULL, *fromFile = parse(json);
  assert_true(mlirLogicalResultIsSuccess(tcContractFromModule(parseModule(module, &m), &fromModule)));
  assert_non_null(fromModule);
  assert_non_null(fromFile);
  assert_true(tcHashEqual(tcContractGetHash(fromModule), tcContractGetHash(fromFile)));
  assert_string_equal(tcContractGetCanonicalJson(fromModule), tcContractGetCanonicalJson(fromFile));
  const char *clause;
  assert_true(tcContractAllows(fromModule, "matmul", TC_CONTRACT_REASSOCIATE, &clause));
  tcContractDestroy(fromModule);
  tcContractDestroy(fromFile);
  mlirModuleDestroy(m);

  assert_true(mlirLogicalResultIsSuccess(tcContractFromModule(parseModule("module {\n}\n", &m), &fromModule)));
  assert_null(fromModule);
  mlirModuleDestroy(m);

  gErrors = 0;
  assert_true(mlirLogicalResultIsFailure(
      tcContractFromModule(parseModule("module attributes {tc.contract = {format = \"x\"}} {\n}\n", &m), &fromModule)));
  assert_int_equal(gErrors, 1);
  assert_non_null(strstr(gMessage, "invalid tc.contract: format: unsupported contract format"));
  assert_string_equal(gLocation, "loc(\"m.mlir\":1:1)");
  mlirModuleDestroy(m);

  assert_true(mlirLogicalResultIsFailure(
      tcContractFromModule(parseModule("module attributes {tc.contract = {format = f32}} {\n}\n", &m), &fromModule)));
  assert_non_null(strstr(gMessage, "invalid tc.contract: it holds a value with no JSON form (an attribute that is "
                                   "not a dictionary"));
  mlirModuleDestroy(m);
}

// Activation is per context; without one, passes see the default.
static void activation_is_per_context(void **state) {
  MlirContext other = mlirContextCreate();
  const TcContract *d = tcContractGetDefault();
  assert_null(tcContractGetActive(gCtx));
  tcContractActivate(gCtx, d);
  assert_ptr_equal(tcContractGetActive(gCtx), d);
  assert_null(tcContractGetActive(other));
  tcContractActivate(gCtx, NULL);
  assert_null(tcContractGetActive(gCtx));
  mlirContextDestroy(other);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(default_contract_answers_queries),
      cmocka_unit_test(hash_ignores_spelling),
      cmocka_unit_test(hash_sees_values),
      cmocka_unit_test(gamma_is_queried),
      cmocka_unit_test(grads_are_queried),
      cmocka_unit_test(invalid_contracts_are_refused_at_the_member),
      cmocka_unit_test(errors_are_located),
      cmocka_unit_test(module_contracts_mirror_json),
      cmocka_unit_test(activation_is_per_context),
  };
  return cmocka_run_group_tests(tests, setUp, tearDown);
}
