//===- fuzz-contract.c - numerical contracts through the parser ------------===//
//
// tcContractParse on the input as contract JSON (what --contract and a
// module's tc.contract go through), then every query a pass or the gate
// makes of a contract that parsed.
//
//===----------------------------------------------------------------------===//
#include "FuzzMlir.h"

#include "tensorc/Contract.h"
#include "tensorc/Tool.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static MlirContext ctx;
  if (!ctx.ptr) {
    ctx = tcToolContextCreate();
    mlirContextAttachDiagnosticHandler(ctx, tcFuzzQuiet, NULL, NULL);
  }
  TcContract *c = tcContractParse(ctx, mlirStringRefCreate((const char *)data, size), "fuzz.json");
  if (!c)
    return 0;
  static const char *const kKinds[] = {"add", "matmul", "exp", "softmax", "*", "nosuchop"};
  static const char *const kDtypes[] = {"f16", "bf16", "f32", "f64", "i32"};
  const char *clause;
  for (int k = 0; k < 6; ++k)
    for (int d = 0; d < 5; ++d) {
      (void)tcContractGetTolerance(c, kKinds[k], kDtypes[d], &clause);
      (void)tcContractAllows(c, kKinds[k], TC_CONTRACT_REASSOCIATE, &clause);
    }
  for (int d = 0; d < 5; ++d) {
    (void)tcContractGetOutputTolerance(c, kDtypes[d], &clause);
    (void)tcContractGetAccumulationDtype(c, kDtypes[d], &clause);
  }
  (void)tcContractGetCanonicalJson(c);
  tcContractDestroy(c);
  return 0;
}
