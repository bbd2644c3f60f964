//===- fuzz-mlir.c - MLIR text and bytecode through parse and tc-verify ---===//
//
// What every tool does first with a program: tcParseSourceModule (with its
// pre-parse scan for the inputs that crash MLIR's parser) and tc-verify on
// what parses. Built twice (test/fuzz/CMakeLists.txt): fuzz-mlir takes the
// input as it is; fuzz-mlir-bytecode (TC_FUZZ_BYTECODE) puts MLIR's
// bytecode magic in front of any input lacking it, so mutations stay in the
// bytecode reader. One context serves many inputs (creating one and loading
// the IRDL dialects costs milliseconds); it is replaced every kRenew inputs
// so that the attributes and types it interns stay bounded.
//
//===----------------------------------------------------------------------===//
#include "FuzzMlir.h"

#include "tensorc/Dialects.h"
#include "tensorc/Parse.h"
#include "tensorc/Passes.h"
#include "tensorc/Tool.h"

enum { kRenew = 2000 };

static MlirContext gCtx;
static int gUses;

static MlirContext context(void) {
  if (gCtx.ptr && gUses++ < kRenew)
    return gCtx;
  if (gCtx.ptr)
    mlirContextDestroy(gCtx);
  gCtx = tcToolContextCreate();
  if (mlirLogicalResultIsFailure(tcRegisterDialects(gCtx)))
    abort();
  mlirContextAttachDiagnosticHandler(gCtx, tcFuzzQuiet, NULL, NULL);
  gUses = 0;
  return gCtx;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
#ifdef TC_FUZZ_BYTECODE
  static const char kMagic[] = "ML\xefR";
  uint8_t *copy = NULL;
  if (size < 4 || memcmp(data, kMagic, 4) != 0) {
    copy = malloc(size + 4);
    memcpy(copy, kMagic, 4);
    memcpy(copy + 4, data, size);
    data = copy, size += 4;
  }
#endif
  MlirContext ctx = context();
  MlirModule module = tcParseSourceModule(ctx, mlirStringRefCreate((const char *)data, size),
                                          mlirStringRefCreateFromCString("fuzz.mlir"));
  if (!mlirModuleIsNull(module)) {
    (void)tcVerify(mlirModuleGetOperation(module));
    mlirModuleDestroy(module);
  }
#ifdef TC_FUZZ_BYTECODE
  free(copy);
#endif
  return 0;
}
