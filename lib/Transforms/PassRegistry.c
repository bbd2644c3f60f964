//===- PassRegistry.c - the one list of tensorc passes ---------------------===//
//
// Upstream pass registries cannot hold external passes, so tools find
// tensorc passes here. Keep the table sorted by argument; --help prints it in
// this order and tests check that every pass in it can run.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include <string.h>

static const TcPassInfo kPasses[] = {
    {"tc-test-break-verifier", "Test only: leave IR that tc-verify rejects", "builtin.module",
     tcCreateTestBreakVerifierPass},
    {"tc-test-fail-silently", "Test only: fail without a diagnostic", "builtin.module", tcCreateTestFailSilentlyPass},
    {"tc-verify", "Check every tensorc op against the rules of docs/dialects.md", "builtin.module",
     tcCreateVerifyPass},
};

const TcPassInfo *tcGetPassRegistry(intptr_t *count) {
  *count = (intptr_t)(sizeof kPasses / sizeof kPasses[0]);
  return kPasses;
}

const TcPassInfo *tcLookupPass(MlirStringRef argument) {
  intptr_t n;
  const TcPassInfo *passes = tcGetPassRegistry(&n);
  for (intptr_t i = 0; i < n; ++i)
    if (strlen(passes[i].argument) == argument.length &&
        memcmp(passes[i].argument, argument.data, argument.length) == 0)
      return &passes[i];
  return NULL;
}
