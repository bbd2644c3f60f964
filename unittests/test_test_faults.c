//===- test_test_faults.c - unit tests of the test-only fault switches ----===//
//
// The switches of include/tensorc/TestFaults.h: names and parsing round-trip,
// the name list of usage errors, and tcTestFaultApply, which is true only for
// an enabled fault and then, and only then, records a `test-fault` decision.
//
//===----------------------------------------------------------------------===//
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tensorc/Manifest.h"
#include "tensorc/TestFaults.h"

#include <jansson.h>
#include <string.h>

// Every kind has a distinct name that parses back to it; others do not parse.
static void names_parse_back(void **state) {
  for (int i = 0; i < TC_TEST_FAULT_COUNT; ++i) {
    TcTestFault parsed = TC_TEST_FAULT_COUNT;
    assert_true(tcTestFaultParse(tcTestFaultName((TcTestFault)i), &parsed));
    assert_int_equal(parsed, i);
    assert_true(strlen(tcTestFaultDescription((TcTestFault)i)) > 0);
    for (int j = 0; j < i; ++j)
      assert_string_not_equal(tcTestFaultName((TcTestFault)i), tcTestFaultName((TcTestFault)j));
  }
  TcTestFault untouched = TC_TEST_FAULT_COUNT;
  assert_false(tcTestFaultParse("", &untouched));
  assert_false(tcTestFaultParse("drop", &untouched));
  assert_false(tcTestFaultParse("drop-bias ", &untouched));
  assert_false(tcTestFaultParse("DROP-BIAS", &untouched));
  assert_int_equal(untouched, TC_TEST_FAULT_COUNT);
}

// The list names every kind once, in order; a short buffer stays terminated.
static void name_list_names_every_kind(void **state) {
  char list[1024];
  tcTestFaultNameList(list, sizeof list);
  const char *at = list;
  for (int i = 0; i < TC_TEST_FAULT_COUNT; ++i) {
    const char *name = tcTestFaultName((TcTestFault)i);
    assert_memory_equal(at, name, strlen(name));
    at += strlen(name);
    if (i + 1 < TC_TEST_FAULT_COUNT) {
      assert_memory_equal(at, ", ", 2);
      at += 2;
    }
  }
  assert_int_equal(*at, '\0');
  char small[12];
  memset(small, 'x', sizeof small);
  tcTestFaultNameList(small, sizeof small);
  assert_int_equal(strlen(small), sizeof small - 1);
  assert_memory_equal(small, list, sizeof small - 1);
}

static MlirOperation parseModule(MlirContext ctx) {
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString("module {}"));
  assert_false(mlirModuleIsNull(module));
  return mlirModuleGetOperation(module);
}

// Off: false and nothing recorded. On: true, one decision naming the fault.
static void apply_records_only_when_enabled(void **state) {
  MlirContext ctx = mlirContextCreate();
  tcDecisionLogAttach(ctx);
  MlirOperation module = parseModule(ctx);
  tcTestFaultDisableAll();
  for (int i = 0; i < TC_TEST_FAULT_COUNT; ++i)
    assert_false(tcTestFaultApply((TcTestFault)i, module));
  json_t *none = tcDecisionLogDrain(ctx);
  assert_int_equal(json_array_size(none), 0);
  json_decref(none);

  tcTestFaultEnable(TC_TEST_FAULT_BUFFERIZE_ALIAS);
  assert_true(tcTestFaultActive(TC_TEST_FAULT_BUFFERIZE_ALIAS));
  assert_true(tcTestFaultApply(TC_TEST_FAULT_BUFFERIZE_ALIAS, module));
  json_t *one = tcDecisionLogDrain(ctx);
  assert_int_equal(json_array_size(one), 1);
  json_t *d = json_array_get(one, 0);
  assert_string_equal(json_string_value(json_object_get(d, "what")), "test-fault");
  const char *detail = json_string_value(json_object_get(d, "detail"));
  assert_memory_equal(detail, "bufferize-alias: ", strlen("bufferize-alias: "));
  assert_non_null(strstr(json_string_value(json_object_get(d, "subject")), "builtin.module"));
  json_decref(one);

  tcTestFaultDisableAll();
  assert_false(tcTestFaultActive(TC_TEST_FAULT_BUFFERIZE_ALIAS));
  mlirModuleDestroy(mlirModuleFromOperation(module));
  tcDecisionLogDetach(ctx);
  mlirContextDestroy(ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(names_parse_back),
      cmocka_unit_test(name_list_names_every_kind),
      cmocka_unit_test(apply_records_only_when_enabled),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
