//===- test_manifest.c - unit tests of the manifest's data structures -----===//
//
// The decision log (thread-safe, per context, drained in a deterministic
// order), records in `tc.manifest` (positions, history kept by the driver),
// the JSON <-> attribute mapping they travel through, and the document
// (sorted keys; timings the only part that differs between runs).
//
//===----------------------------------------------------------------------===//
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tensorc/JsonAttribute.h"
#include "tensorc/Manifest.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

#include <pthread.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kThreads = 8, kPerThread = 200 };

typedef struct Worker {
  MlirContext ctx;
  int id;
} Worker;

static void *recordMany(void *arg) {
  Worker *w = arg;
  for (int i = 0; i < kPerThread; ++i) {
    char subject[64], detail[64];
    snprintf(subject, sizeof subject, "op %03d", i);
    snprintf(detail, sizeof detail, "thread %d", w->id);
    TcDecision d = {"fuse", subject, detail, i % 2 ? "ops.*.reassociate" : NULL};
    tcManifestRecordDecision(w->ctx, &d);
  }
  return NULL;
}

// Decisions recorded from many threads at once all arrive, sorted by text,
// whatever order the threads ran in.
static void decision_log_is_thread_safe_and_sorted(void **state) {
  MlirContext ctx = mlirContextCreate();
  tcDecisionLogAttach(ctx);
  pthread_t threads[kThreads];
  Worker workers[kThreads];
  for (int t = 0; t < kThreads; ++t) {
    workers[t] = (Worker){ctx, t};
    assert_int_equal(pthread_create(&threads[t], NULL, recordMany, &workers[t]), 0);
  }
  for (int t = 0; t < kThreads; ++t)
    pthread_join(threads[t], NULL);
  json_t *drained = tcDecisionLogDrain(ctx);
  assert_int_equal(json_array_size(drained), kThreads * kPerThread);
  char *previous = NULL;
  for (size_t i = 0; i < json_array_size(drained); ++i) {
    char *text = json_dumps(json_array_get(drained, i), JSON_SORT_KEYS | JSON_COMPACT);
    if (previous)
      assert_true(strcmp(previous, text) <= 0);
    free(previous);
    previous = text;
  }
  free(previous);
  json_t *first = json_array_get(drained, 0);
  assert_string_equal(json_string_value(json_object_get(first, "what")), "fuse");
  json_decref(drained);
  drained = tcDecisionLogDrain(ctx);
  assert_int_equal(json_array_size(drained), 0);
  json_decref(drained);
  tcDecisionLogDetach(ctx);
  mlirContextDestroy(ctx);
}

// Each context has its own log; without one, decisions are dropped.
static void decision_logs_are_per_context(void **state) {
  MlirContext a = mlirContextCreate(), b = mlirContextCreate();
  tcDecisionLogAttach(a);
  TcDecision d = {"stamp", "module", "set", NULL};
  tcManifestRecordDecision(a, &d);
  tcManifestRecordDecision(b, &d);
  json_t *fromA = tcDecisionLogDrain(a), *fromB = tcDecisionLogDrain(b);
  assert_int_equal(json_array_size(fromA), 1);
  assert_int_equal(json_array_size(fromB), 0);
  assert_null(json_object_get(json_array_get(fromA, 0), "clause"));
  json_decref(fromA);
  json_decref(fromB);
  tcDecisionLogDetach(a);
  tcManifestRecordDecision(a, &d);
  fromA = tcDecisionLogDrain(a);
  assert_int_equal(json_array_size(fromA), 0);
  json_decref(fromA);
  mlirContextDestroy(a);
  mlirContextDestroy(b);
}

// Refusals (tensor-opt --tc-refuse) live in one context's log: they match
// by pass, kind and subject (or *), record `refused`, and are reported
// when unused; malformed or unrefusable ones are rejected.
static void refusals_are_per_context_and_recorded(void **state) {
  MlirContext a = mlirContextCreate(), b = mlirContextCreate();
  tcDecisionLogAttach(a);
  tcDecisionLogAttach(b);
  char err[512], unused[512];
  assert_true(tcDecisionLogRefuse(a, "tc-lower-loops:loops:tc_loop.nest at x.mlir:3:4;tc-fuse-elementwise:fuse:*", err,
                                  sizeof err));
  assert_false(tcDecisionRefused(a, "tc-lower-loops", "loops", "tc_loop.nest at x.mlir:3:5", "seq"));
  assert_false(tcDecisionRefused(a, "tc-lower-loops", "outline", "tc_loop.nest at x.mlir:3:4", "seq"));
  assert_false(tcDecisionRefused(b, "tc-lower-loops", "loops", "tc_loop.nest at x.mlir:3:4", "seq"));
  tcDecisionLogUnusedRefusals(a, unused, sizeof unused);
  assert_string_equal(unused, "tc-lower-loops:loops:tc_loop.nest at x.mlir:3:4; tc-fuse-elementwise:fuse:*");
  assert_true(tcDecisionRefused(a, "tc-lower-loops", "loops", "tc_loop.nest at x.mlir:3:4", "seq"));
  assert_true(tcDecisionRefused(a, "tc-fuse-elementwise", "fuse", "tc_loop.nest at x.mlir:9:1", "apart"));
  tcDecisionLogUnusedRefusals(a, unused, sizeof unused);
  assert_string_equal(unused, "");
  json_t *fromA = tcDecisionLogDrain(a), *fromB = tcDecisionLogDrain(b);
  assert_int_equal(json_array_size(fromA), 2);
  assert_int_equal(json_array_size(fromB), 0);
  json_t *first = json_array_get(fromA, 0);
  assert_string_equal(json_string_value(json_object_get(first, "what")), "refused");
  assert_string_equal(json_string_value(json_object_get(first, "detail")), "fuse by tc-fuse-elementwise refused (--tc-refuse): apart");
  assert_string_equal(json_string_value(json_object_get(first, "subject")), "tc_loop.nest at x.mlir:9:1");
  json_decref(fromA);
  json_decref(fromB);
  assert_false(tcDecisionLogRefuse(a, "tc-lower-loops:loops", err, sizeof err));
  assert_non_null(strstr(err, "PASS:WHAT:SUBJECT"));
  assert_false(tcDecisionLogRefuse(a, "tc-stamp:stamp:*", err, sizeof err));
  assert_non_null(strstr(err, "cannot be refused"));
  assert_false(tcDecisionKindRefusable("tc-verify", "reassociate"));
  assert_true(tcDecisionKindRefusable("tc-plan-memory", "in-place"));
  tcDecisionLogDetach(a);
  tcDecisionLogDetach(b);
  assert_false(tcDecisionLogRefuse(a, "tc-lower-loops:loops:*", err, sizeof err));
  mlirContextDestroy(a);
  mlirContextDestroy(b);
}

static void json_and_attributes_round_trip(void **state) {
  MlirContext ctx = mlirContextCreate();
  json_t *value = json_loads("{\"s\": \"text\", \"e\": \"\", \"i\": -7, \"big\": 9007199254740993, \"r\": 0.25, "
                             "\"t\": true, \"f\": false, \"a\": [1, \"x\", [], {}], \"o\": {\"k\": {\"n\": 1}}}",
                             0, NULL);
  assert_non_null(value);
  MlirAttribute attr = tcJsonToAttribute(ctx, value);
  assert_false(mlirAttributeIsNull(attr));
  json_t *back = tcAttributeToJson(attr, NULL);
  assert_non_null(back);
  assert_true(json_equal(value, back));
  json_decref(back);
  json_decref(value);
  json_t *null = json_loads("[1, null]", 0, NULL);
  assert_true(mlirAttributeIsNull(tcJsonToAttribute(ctx, null)));
  json_decref(null);
  const char *what = NULL;
  MlirAttribute type = mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString("[1, f32]"));
  assert_null(tcAttributeToJson(type, &what));
  assert_non_null(strstr(what, "not a dictionary"));
  mlirContextDestroy(ctx);
}

static TcManifestStep step(const char *pass) {
  TcManifestStep s = {pass, "mlir", "22", pass, "", pass, {1, 2}, {3, 4}, "xxh3-128:c", "success", NULL};
  return s;
}

static MlirAttribute recordsOf(MlirOperation module) {
  MlirAttribute records;
  assert_true(mlirLogicalResultIsSuccess(tcManifestGetRecordsAttr(module, &records)));
  return records;
}

// Records get consecutive positions; the history is what the driver hands
// in, not what a pass left in the attribute.
static void records_append_to_the_history(void **state) {
  MlirContext ctx = mlirContextCreate();
  MlirModule m = mlirModuleCreateEmpty(mlirLocationUnknownGet(ctx));
  MlirOperation op = mlirModuleGetOperation(m);
  assert_true(mlirAttributeIsNull(recordsOf(op)));
  TcManifestStep a = step("cse"), b = step("canonicalize");
  assert_int_equal(tcManifestAppend(op, recordsOf(op), &a), 0);
  MlirAttribute history = recordsOf(op);
  // A pass overwrites tc.manifest; the driver appends to the history it kept.
  mlirOperationSetDiscardableAttributeByName(op, mlirStringRefCreateFromCString(TC_MANIFEST_ATTR),
                                             mlirArrayAttrGet(ctx, 0, NULL));
  assert_int_equal(tcManifestAppend(op, history, &b), 1);
  MlirAttribute records = recordsOf(op);
  assert_int_equal(mlirArrayAttrGetNumElements(records), 2);
  json_t *json = tcAttributeToJson(records, NULL);
  assert_string_equal(json_string_value(json_object_get(json_array_get(json, 0), "pass")), "cse");
  assert_int_equal(json_integer_value(json_object_get(json_array_get(json, 1), "position")), 1);
  assert_string_equal(json_string_value(json_object_get(json_array_get(json, 1), "ir_before")),
                      "xxh3-128:00000000000000010000000000000002");
  json_decref(json);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

static MlirLogicalResult swallow(MlirDiagnostic diag, void *userData) {
  ++*(int *)userData;
  return mlirLogicalResultSuccess();
}

static void malformed_manifests_are_refused(void **state) {
  MlirContext ctx = mlirContextCreate();
  int errors = 0;
  mlirContextAttachDiagnosticHandler(ctx, swallow, &errors, NULL);
  static const char *const bad[] = {"1", "[1]", "{a = 1}", "[{a = 1}, 2]", "[{a = f32}]"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    MlirModule m = mlirModuleCreateEmpty(mlirLocationUnknownGet(ctx));
    MlirOperation op = mlirModuleGetOperation(m);
    mlirOperationSetDiscardableAttributeByName(op, mlirStringRefCreateFromCString(TC_MANIFEST_ATTR),
                                               mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(bad[i])));
    MlirAttribute records;
    assert_true(mlirLogicalResultIsFailure(tcManifestGetRecordsAttr(op, &records)));
    mlirModuleDestroy(m);
  }
  assert_int_equal(errors, 5);
  mlirContextDestroy(ctx);
}

static char *documentOf(MlirOperation op, double seconds) {
  char *argv[] = {"tool", "in.mlir", "--cse"};
  TcManifest *doc = tcManifestCreate("tool", 3, argv, "cse");
  tcManifestAddTiming(doc, 0, "cse", seconds);
  TcManifestModule module = {op, "success", "default", "xxh3-128:c", "default", NULL};
  tcManifestAddModule(doc, &module);
  char *text = tcManifestToString(doc);
  tcManifestDestroy(doc);
  return text;
}

// Two documents of the same run differ only under "timings".
static void documents_differ_only_in_timings(void **state) {
  MlirContext ctx = mlirContextCreate();
  MlirModule m = mlirModuleCreateEmpty(mlirLocationUnknownGet(ctx));
  MlirOperation op = mlirModuleGetOperation(m);
  TcManifestStep a = step("cse");
  tcManifestAppend(op, recordsOf(op), &a);
  char *first = documentOf(op, 0.5), *second = documentOf(op, 2.0);
  assert_string_not_equal(first, second);
  json_t *j1 = json_loads(first, 0, NULL), *j2 = json_loads(second, 0, NULL);
  assert_non_null(j1);
  json_object_del(j1, "timings");
  json_object_del(j2, "timings");
  assert_true(json_equal(j1, j2));
  json_t *module = json_array_get(json_object_get(j1, "modules"), 0);
  assert_int_equal(json_array_size(json_object_get(module, "records")), 1);
  assert_true(json_is_null(json_object_get(json_object_get(module, "identity"), "semantic_hash")));
  // Keys are sorted: "format" comes before "invocation", "modules", "tool".
  assert_true(strstr(first, "\"format\"") < strstr(first, "\"invocation\""));
  assert_true(strstr(first, "\"modules\"") < strstr(first, "\"tool\""));
  assert_int_equal(first[strlen(first) - 1], '\n');
  json_decref(j1);
  json_decref(j2);
  free(first);
  free(second);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

// The toolchain is read when the compiler runs: the libLLVM this process
// loaded, and the BLIS and libomp an artifact's loader will find, each with
// its Debian package (the build installs them from packages).
static void toolchain_is_pinned(void **state) {
  json_t *t = tcToolchainInfo();
  char llvm[32];
  assert_string_equal(json_string_value(json_object_get(t, "llvm")), tcToolchainLLVMVersion(llvm, sizeof llvm));
  json_t *libLLVM = json_object_get(json_object_get(t, "loaded"), "libLLVM");
  assert_non_null(strstr(json_string_value(json_object_get(libLLVM, "path")), "libLLVM"));
  assert_string_not_equal(json_string_value(json_object_get(libLLVM, "package")), "unknown");
  json_t *runtime = json_object_get(t, "runtime");
  const char *libs[] = {"libblis", "libomp", "libmvec", "libm", "libc"};
  for (size_t i = 0; i < sizeof libs / sizeof libs[0]; ++i) {
    json_t *lib = json_object_get(runtime, libs[i]);
    assert_true(json_is_string(json_object_get(lib, "path")));
    assert_string_not_equal(json_string_value(json_object_get(lib, "package")), "unknown");
    assert_true(json_is_string(json_object_get(lib, "xxh3_128")));
  }
  assert_string_equal(json_string_value(json_object_get(json_object_get(runtime, "libblis"), "soname")), "libblis.so.4");
  assert_true(json_is_string(json_object_get(json_object_get(t, "tensorc"), "executable")));
  assert_true(json_is_string(json_object_get(json_object_get(t, "host"), "triple")));
  assert_true(json_is_array(json_object_get(json_object_get(t, "host"), "features")));
  json_decref(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(decision_log_is_thread_safe_and_sorted),
      cmocka_unit_test(decision_logs_are_per_context),
      cmocka_unit_test(refusals_are_per_context_and_recorded),
      cmocka_unit_test(json_and_attributes_round_trip),
      cmocka_unit_test(records_append_to_the_history),
      cmocka_unit_test(malformed_manifests_are_refused),
      cmocka_unit_test(documents_differ_only_in_timings),
      cmocka_unit_test(toolchain_is_pinned),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
