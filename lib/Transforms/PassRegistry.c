//===- PassRegistry.c - the one list of tensorc passes ---------------------===//
//
// Upstream pass registries cannot hold external passes, so tools find
// tensorc passes here. Keep the table sorted by argument; --help prints it in
// this order and tests check that every pass in it can run and earns a
// manifest record. Bump a pass's version when its output changes.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"
#include "tensorc/TestFaults.h"

#include <string.h>

static const TcPassInfo kPasses[] = {
    {"tc-bufferize", "Give functions buffer arguments and results (docs/abi.md)", "builtin.module", 1,
     tcCreateBufferizePass},
    {"tc-fuse-elementwise", "Fuse adjacent pointwise loop nests over the same space into one", "builtin.module", 1,
     tcCreateFuseElementwisePass},
    {"tc-fuse-producers", "Fold a cheap pointwise nest into the nest that reads its output", "builtin.module", 1,
     tcCreateFuseProducersPass},
    {"tc-lower-kernels", "Lower tc_kernel ops to tc_loop nests", "builtin.module", 1, tcCreateLowerKernelsPass},
    {"tc-lower-loops", "Lower tc_loop.nest to scf.parallel/scf.for around a call of its body", "builtin.module", 1,
     tcCreateLowerLoopsPass},
    {"tc-lower-tensor", "Lower every tc_tensor op to tc_loop nests over buffers", "builtin.module", 1,
     tcCreateLowerTensorPass},
    {"tc-plan-memory", "Share allocations among temporaries whose live ranges do not meet", "builtin.module", 1,
     tcCreatePlanMemoryPass},
    {"tc-plan-vector-math", "Decide which libm functions may use libmvec's vector variants", "builtin.module", 1,
     tcCreatePlanVectorMathPass},
    {"tc-select-kernels", "Send matmul, gemm and conv2d to BLIS where the contract and the shape allow", "builtin.module", 1,
     tcCreateSelectKernelsPass},
    {"tc-split-loop-blocks", "Cut function blocks after each scf loop so convert-scf-to-cf is linear",
     "builtin.module", 1, tcCreateSplitLoopBlocksPass},
    {"tc-stamp", "Stamp the module with its semantic hash (tc.semantic_hash)", "builtin.module", 1,
     tcCreateStampPass},
    {"tc-test-break-verifier", "Test only: leave IR that tc-verify rejects", "builtin.module", 1,
     tcCreateTestBreakVerifierPass},
    {"tc-test-drop-contract", "Test only: remove tc.contract", "builtin.module", 1, tcCreateTestDropContractPass},
    {"tc-test-drop-stamp", "Test only: remove tc.semantic_hash", "builtin.module", 1, tcCreateTestDropStampPass},
    {"tc-test-fail-silently", "Test only: fail without a diagnostic", "builtin.module", 1,
     tcCreateTestFailSilentlyPass},
    {"tc-test-query-contract", "Test only: ask the contract every permission for every tc_tensor op",
     "func.func", 1, tcCreateTestQueryContractPass},
    {"tc-test-tamper-stamp", "Test only: change tc.semantic_hash", "builtin.module", 1, tcCreateTestTamperStampPass},
    {"tc-verify", "Check every tensorc op against the rules of docs/dialects.md", "builtin.module", 1,
     tcCreateVerifyPass},
};

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
