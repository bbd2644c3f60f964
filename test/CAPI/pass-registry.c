//===- pass-registry.c - every tensorc pass can be found and run -----------===//
//
// Walks tcGetPassRegistry: each entry must be unique, sorted, found by
// tcLookupPass, have a description, an anchor and a version (>= 1, what
// manifests record), and its pass must run on an empty module (nested under
// its anchor); test-only passes, which misbehave on purpose, are only
// created. Prints one line per pass.
//
//===----------------------------------------------------------------------===//
#include "CapiTest.h"
#include "tensorc/Passes.h"


#include <stdio.h>
#include <string.h>

static int checkPass(MlirContext ctx, const TcPassInfo *info) {
  if (tcLookupPass(mlirStringRefCreateFromCString(info->argument)) != info || !info->description[0] ||
      info->version < 1) {
    printf("%s: not found by lookup, or no description or version\n", info->argument);
    return 1;
  }
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString("func.func @f() { return }"));
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  if (info->anchor[0] && strcmp(info->anchor, "builtin.module") != 0)
    opm = mlirOpPassManagerGetNestedUnder(opm, mlirStringRefCreateFromCString(info->anchor));
  mlirOpPassManagerAddOwnedPass(opm, info->create());
  if (strncmp(info->description, "Test only", 9) == 0) {
    printf("%s: test pass\n", info->argument);
    mlirPassManagerDestroy(pm);
    mlirModuleDestroy(module);
    return 0;
  }
  bool ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  printf("%s: %s\n", info->argument, ok ? "runs" : "FAILED on an empty module");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  return !ok;
}

int main(void) {
  MlirContext ctx = capiCreateContext(false, true);
  if (mlirContextIsNull(ctx))
    return 1;
  intptr_t n;
  const TcPassInfo *passes = tcGetPassRegistry(&n);
  int failed = 0;
  for (intptr_t i = 0; i < n; ++i) {
    if (i > 0 && strcmp(passes[i - 1].argument, passes[i].argument) >= 0) {
      printf("%s: registry not sorted or not unique\n", passes[i].argument);
      failed = 1;
    }
    failed |= checkPass(ctx, &passes[i]);
  }
  if (tcLookupPass(mlirStringRefCreateFromCString("tc-no-such-pass")) != NULL)
    failed = 1;
  printf("%ld passes\n", (long)n);
  mlirContextDestroy(ctx);
  return failed;
}
