//===- test_test_faults.c - unit tests of the test-only fault table -------===//
//
// What production code keeps of the test-only faults (include/tensorc/
// TestFaults.h): the table of fault passes a tool registers, found by kind
// and by tcLookupPass, and the `test-fault` decisions the passes record,
// about an op or, for an op a lowering replaced, about its name at another
// op's location.
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

static const TcTestFaultPass kTable[] = {
    {"first", "breaks one thing", "tc-lower-tensor", {"tc-test-fault-first", "Test only", "builtin.module", 1, NULL}},
    {"second", "breaks another", "tc-plan-memory", {"tc-test-fault-second", "Test only", "builtin.module", 1, NULL}},
};

// Nothing registered: no kind; registered: each kind by name, no other.
static void table_finds_registered_kinds(void **state) {
  intptr_t n = -1;
  tcTestFaultPassesRegister(NULL, 0);
  assert_null(tcTestFaultPassFind("first"));
  tcTestFaultPasses(&n);
  assert_int_equal(n, 0);
  tcTestFaultPassesRegister(kTable, 2);
  assert_ptr_equal(tcTestFaultPassFind("first"), &kTable[0]);
  assert_ptr_equal(tcTestFaultPassFind("second"), &kTable[1]);
  assert_null(tcTestFaultPassFind("firs"));
  assert_null(tcTestFaultPassFind("first "));
  assert_ptr_equal(tcTestFaultPasses(&n), kTable);
  assert_int_equal(n, 2);
  const TcPassInfo *info = tcLookupPass(mlirStringRefCreateFromCString("tc-test-fault-second"));
  assert_ptr_equal(info, &kTable[1].pass);
  tcTestFaultPassesRegister(NULL, 0);
  assert_null(tcLookupPass(mlirStringRefCreateFromCString("tc-test-fault-second")));
}

static const char *field(json_t *decision, const char *name) {
  return json_string_value(json_object_get(decision, name));
}

// tcTestFaultRecord names the op, tcTestFaultRecordAs the given name at the
// op's location; both say the kind and that the miscompile is on purpose.
static void records_name_the_subject(void **state) {
  MlirContext ctx = mlirContextCreate();
  tcDecisionLogAttach(ctx);
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString("module {} loc(\"p.mlir\":3:5)"));
  assert_false(mlirModuleIsNull(module));
  MlirOperation op = mlirModuleGetOperation(module);
  tcTestFaultRecord("first", "breaks one thing", op);
  tcTestFaultRecordAs("second", "breaks another", "tc_tensor.gemm", op);
  json_t *log = tcDecisionLogDrain(ctx);
  assert_int_equal(json_array_size(log), 2);
  json_t *a = json_array_get(log, 0), *b = json_array_get(log, 1);
  if (strcmp(field(a, "detail"), field(b, "detail")) > 0) // drained in either order
    a = json_array_get(log, 1), b = json_array_get(log, 0);
  assert_string_equal(field(a, "what"), "test-fault");
  assert_string_equal(field(a, "detail"), "first: breaks one thing (test-only miscompile)");
  assert_string_equal(field(a, "subject"), "builtin.module at p.mlir:3:5");
  assert_string_equal(field(b, "what"), "test-fault");
  assert_string_equal(field(b, "detail"), "second: breaks another (test-only miscompile)");
  assert_string_equal(field(b, "subject"), "tc_tensor.gemm at p.mlir:3:5");
  json_decref(log);
  mlirModuleDestroy(module);
  tcDecisionLogDetach(ctx);
  mlirContextDestroy(ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(table_finds_registered_kinds),
      cmocka_unit_test(records_name_the_subject),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
