//===- PassRegistry.c - the one list of tensorc passes ---------------------===//
//
// Upstream pass registries cannot hold external passes, so tools find
// tensorc passes here. Keep the table sorted by argument; --help prints it in
// this order and tests check that every pass in it can run and earns a
// manifest record.
//
// A pass's version names its output: bump it in the commit that changes
// what the pass produces for some input. test/Manifest/pass-versions.test
// holds every pass to it: it runs the CPU pipeline on a small corpus and
// fails when a pass turns the same input into other IR at the same version
// (utils/pass-versions.py says what to do). Every pass stayed at 1 until
// that test existed although many commits changed their output (9c2ff47,
// 2be86e8, cdde15d, 2b07429 among them), so each was then set to the number
// of commits that had touched its code: an upper bound, never too low.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"
#include "tensorc/TestFaults.h"

#include "tensorc/Autodiff.h"

#include <stdio.h>
#include <string.h>

static const TcPassInfo kPasses[] = {
    {"tc-bufferize", "Give functions buffer arguments and results (docs/abi.md)", "builtin.module", 6,
     tcCreateBufferizePass},
    {"tc-fuse-elementwise", "Fuse adjacent pointwise loop nests over the same space into one", "builtin.module", 8,
     tcCreateFuseElementwisePass},
    {"tc-fuse-producers", "Fold a cheap pointwise nest into the nest that reads its output", "builtin.module", 6,
     tcCreateFuseProducersPass},
    {"tc-grad", "Build the vector-Jacobian product f_vjp of every function (docs/autodiff.md)", "builtin.module",
     TC_GRAD_RULES_VERSION, tcCreateGradPass},
    {"tc-insert-guards", "Build the shape function f__tc_shapes of every dynamic entry point", "builtin.module", 6,
     tcCreateInsertGuardsPass},
    {"tc-lower-kernels", "Lower tc_kernel ops to tc_loop nests", "builtin.module", 16, tcCreateLowerKernelsPass},
    {"tc-lower-loops", "Lower tc_loop.nest to scf.parallel/scf.for around a call of its body", "builtin.module", 14,
     tcCreateLowerLoopsPass},
    {"tc-lower-tensor", "Lower every tc_tensor op to tc_loop nests over buffers", "builtin.module", 20,
     tcCreateLowerTensorPass},
    {"tc-plan-memory", "Share allocations among temporaries whose live ranges do not meet", "builtin.module", 8,
     tcCreatePlanMemoryPass},
    {"tc-plan-vector-math", "Decide which libm functions may use libmvec's vector variants", "builtin.module", 5,
     tcCreatePlanVectorMathPass},
    {"tc-select-kernels", "Send matmul, gemm and conv2d to BLIS where the contract and the shape allow", "func.func", 13,
     tcCreateSelectKernelsPass},
    {"tc-split-loop-blocks", "Cut function blocks after each scf loop so convert-scf-to-cf is linear",
     "func.func", 1, tcCreateSplitLoopBlocksPass},
    {"tc-stamp", "Stamp the module with its semantic hash (tc.semantic_hash)", "builtin.module", 2,
     tcCreateStampPass},
    {"tc-test-break-verifier", "Test only: leave IR that tc-verify rejects", "builtin.module", 1,
     tcCreateTestBreakVerifierPass},
    {"tc-test-drop-contract", "Test only: remove tc.contract", "builtin.module", 1, tcCreateTestDropContractPass},
    {"tc-test-drop-contract-stamp", "Test only: remove tc.contract_stamp", "builtin.module", 1,
     tcCreateTestDropContractStampPass},
    {"tc-test-drop-stamp", "Test only: remove tc.semantic_hash", "builtin.module", 1, tcCreateTestDropStampPass},
    {"tc-test-fail-silently", "Test only: fail without a diagnostic", "builtin.module", 1,
     tcCreateTestFailSilentlyPass},
    {"tc-test-grad-fault", "Test only: break one backward rule in the VJPs tc-grad built", "builtin.module", 1,
     tcCreateTestGradFaultPass},
    {"tc-test-query-contract", "Test only: ask the contract every permission for every tc_tensor op",
     "func.func", 1, tcCreateTestQueryContractPass},
    {"tc-test-tamper-stamp", "Test only: change tc.semantic_hash", "builtin.module", 1, tcCreateTestTamperStampPass},
    {"tc-verify", "Check every tensorc op against the rules of docs/dialects.md", "builtin.module", 11,
     tcCreateVerifyPass},
};

// The passes that take options, and their factories from option text.
static const struct {
  const char *argument;
  MlirPass (*create)(const char *options, char *err, size_t errSize);
} kWithOptions[] = {
    {"tc-grad", tcCreateGradPassWithOptions},
    {"tc-test-grad-fault", tcCreateTestGradFaultPassWithOptions},
};

static int optionsEntry(const TcPassInfo *info) {
  for (size_t i = 0; i < sizeof kWithOptions / sizeof kWithOptions[0]; ++i)
    if (strcmp(kWithOptions[i].argument, info->argument) == 0)
      return (int)i;
  return -1;
}

bool tcPassTakesOptions(const TcPassInfo *info) { return optionsEntry(info) >= 0; }

MlirPass tcPassCreateWithOptions(const TcPassInfo *info, const char *options, char *err, size_t errSize) {
  int i = optionsEntry(info);
  if (i < 0) {
    snprintf(err, errSize, "tensorc pass '%s' takes no options", info->argument);
    return (MlirPass){NULL};
  }
  return kWithOptions[i].create(options, err, errSize);
}

const TcPassInfo *tcGetPassRegistry(intptr_t *count) {
  *count = (intptr_t)(sizeof kPasses / sizeof kPasses[0]);
  return kPasses;
}

static bool named(const char *name, MlirStringRef argument) {
  return strlen(name) == argument.length && memcmp(name, argument.data, argument.length) == 0;
}

const TcPassInfo *tcLookupPass(MlirStringRef argument) {
  intptr_t n;
  const TcPassInfo *passes = tcGetPassRegistry(&n);
  for (intptr_t i = 0; i < n; ++i)
    if (named(passes[i].argument, argument))
      return &passes[i];
  // The test-only fault passes a tool registered (TestFaults.h).
  const TcTestFaultPass *faults = tcTestFaultPasses(&n);
  for (intptr_t i = 0; i < n; ++i)
    if (named(faults[i].pass.argument, argument))
      return &faults[i].pass;
  return NULL;
}
