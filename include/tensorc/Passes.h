//===- Passes.h - tensorc passes and their registry --------------*- C -*-===//
//
// tensorc passes are MLIR external passes (mlirCreateExternalPass). Upstream
// pipeline strings cannot name them, so tensorc keeps its own registry: the
// table returned by tcGetPassRegistry is the one list of tensorc passes that
// tools parse pipelines against and print in --help. Each entry carries a
// version that manifests record (docs/manifest.md).
//
// Passes obey the IR contract (docs/ir-contract.md): they may change how a
// program executes, never what it computes, and never `tc.semantic_hash`.
// Before a rewrite that changes rounding they ask the numerical contract
// through tcPassCheckContract, which also records the answer in the
// manifest; other decisions go to tcManifestRecordDecision (Manifest.h).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_PASSES_H
#define TENSORC_PASSES_H

#include "tensorc/Contract.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One tensorc pass: its pipeline name, a one-line description, the op it
/// anchors on ("builtin.module", "func.func"; "" for any op), its version,
/// and a factory.
typedef struct TcPassInfo {
  const char *argument;
  const char *description;
  const char *anchor;
  /// Bumped whenever the pass's output for some input changes; recorded in
  /// every manifest record of the pass.
  int version;
  /// Creates a new pass; ownership goes to the caller (normally handed on to
  /// a pass manager with mlirOpPassManagerAddOwnedPass).
  MlirPass (*create)(void);
} TcPassInfo;

/// True if the pass takes options in pipeline text (`tc-grad{wrt=0,1}`);
/// the pipeline parser refuses options for any other tensorc pass.
bool tcPassTakesOptions(const TcPassInfo *info);

/// Creates the pass from the option text between its braces. Returns a null
/// pass with a message in `err` if the options are bad or the pass takes
/// none. Ownership as for `create`.
MlirPass tcPassCreateWithOptions(const TcPassInfo *info, const char *options, char *err, size_t errSize);

/// Returns the registry of all tensorc passes, `*count` entries, sorted by
/// argument. Static storage; never NULL.
const TcPassInfo *tcGetPassRegistry(intptr_t *count);

/// Returns the registry entry whose argument is `argument`, or NULL.
const TcPassInfo *tcLookupPass(MlirStringRef argument);

/// Checks every tensorc op nested in `root` (root included) against the rules
/// of docs/dialects.md. Emits one located error per violation and fails if
/// there was any. Never modifies the IR.
MlirLogicalResult tcVerify(MlirOperation root);

/// True if tc-verify has a rule for the op named `opName` (e.g.
/// "tc_tensor.add"). Every op of the three dialects must have one.
bool tcHasVerifyRule(MlirStringRef opName);

/// Creates the tc-verify pass (tcVerify as a pass on builtin.module).
MlirPass tcCreateVerifyPass(void);

/// Creates the tc-stamp pass: sets `tc.semantic_hash` on a module that has
/// none to the hash of its canonical form (SemanticHash.h); keeps an existing
/// stamp. Records what it did in the manifest.
MlirPass tcCreateStampPass(void);

/// Creates tc-lower-tensor: every tc_tensor op becomes tc_loop nests over
/// buffers (lib/Conversion/TensorToLoop); an op without a lowering is a
/// located compile failure.
MlirPass tcCreateLowerTensorPass(void);

/// True if tc-lower-tensor has a lowering for the op named `opName`
/// ("tc_tensor.add"). Every tc_tensor op must have one.
bool tcHasLowering(MlirStringRef opName);

/// Creates tc-select-kernels: before tc-lower-tensor, replaces each
/// tc_tensor.matmul/gemm that the contract, dtype and shape let BLIS compute
/// by a `tc_kernel.gemm kernel = "blis"` on buffers (lib/Conversion/
/// SelectKernels); records one `kernel` decision per matmul/gemm either way.
MlirPass tcCreateSelectKernelsPass(void);

/// Creates tc-plan-vector-math: before tc-lower-tensor, decides which libm
/// functions may use glibc's libmvec vector variants (the contract must
/// allow their accuracy for every op calling them) and lists them in the
/// module attribute `tc.vector_math` for tensor-translate
/// (lib/Conversion/Schedule/VectorMath.c).
MlirPass tcCreatePlanVectorMathPass(void);

/// Creates tc-insert-guards: every public function with a `?` in its
/// signature gets `f__tc_shapes(memref<K x i64>) -> i32`, which checks the
/// run-time constraints of docs/dialects.md §1.5 in the reference's order
/// and writes the outputs' shapes (docs/dynamic-shapes.md §2).
/// Caller owns the pass.
MlirPass tcCreateInsertGuardsPass(void);

/// Creates tc-bufferize: functions take their inputs and write their results
/// through buffers under the calling convention of docs/abi.md.
MlirPass tcCreateBufferizePass(void);

/// Creates tc-lower-kernels: every tc_kernel op becomes tc_loop nests
/// computing what docs/dialects.md §4 says; implementations that do not
/// exist yet (gemm `kernel = "vector"`, grouped im2col) are located
/// compile failures.
MlirPass tcCreateLowerKernelsPass(void);

/// Creates tc-fuse-elementwise: after tc-lower-kernels, fuses adjacent
/// pointwise tc_loop nests over the same iteration space into one nest and
/// drops the intermediate buffers only they used; bit-exact by construction
/// (lib/Conversion/Schedule/FuseElementwise.c, docs/lowering.md).
MlirPass tcCreateFuseElementwisePass(void);

/// Creates tc-fuse-producers: after tc-fuse-elementwise, folds a cheap
/// pointwise nest whose one output only the next nest reads into that nest,
/// which recomputes it at each read; bit-exact by construction
/// (lib/Conversion/Schedule/FuseProducers.c, docs/lowering.md).
MlirPass tcCreateFuseProducersPass(void);

/// Creates tc-plan-memory: after the fusion passes, lets a function's
/// temporaries whose live intervals do not meet share allocations, and
/// pointwise nests write in place into a dying input where legal; never
/// touches arguments (lib/Conversion/PlanMemory/, docs/memory.md).
MlirPass tcCreatePlanMemoryPass(void);

/// Creates tc-lower-loops: every tc_loop.nest becomes scf.parallel/scf.for
/// loops around a call of its body function.
MlirPass tcCreateLowerLoopsPass(void);

/// Creates tc-split-loop-blocks: just before convert-scf-to-cf, cuts each
/// function block holding several scf ops into a chain of blocks, one per
/// op, so that pass moves O(1) ops per loop instead of the rest of the block
/// (lib/Conversion/LoopToSCF/SplitBlocks.c).
MlirPass tcCreateSplitLoopBlocksPass(void);

/// Asks the contract active in `op`'s context (the default contract if none
/// is) whether `op` may be rewritten as `permission` says, and records the
/// question, the answer and the deciding clause as a manifest decision:
/// {what: the permission, subject: the op and its location, detail: the
/// `rewrite` and "allowed" or "refused", clause}. Every rewrite that changes
/// rounding must call this first and respect the answer. Thread-safe.
bool tcPassCheckContract(MlirOperation op, TcContractPermission permission, const char *rewrite);

/// Test only: a pass that fails without emitting a diagnostic.
MlirPass tcCreateTestFailSilentlyPass(void);

/// Test only: a pass that adds an unknown attribute to every tc_tensor op, so
/// that the IR it leaves breaks tc-verify.
MlirPass tcCreateTestBreakVerifierPass(void);

/// Test only: a pass that changes the module's `tc.semantic_hash` (or adds
/// one if there is none), so that the driver's drift check must stop it.
MlirPass tcCreateTestTamperStampPass(void);

/// Test only: a pass that removes the module's `tc.semantic_hash`.
MlirPass tcCreateTestDropStampPass(void);

/// Test only: a pass that removes the module's `tc.contract`.
MlirPass tcCreateTestDropContractPass(void);

/// Test only: removes `tc.contract_stamp`, which the driver must refuse.
MlirPass tcCreateTestDropContractStampPass(void);

/// Test only: a pass on func.func that asks the contract, through
/// tcPassCheckContract, for every permission on every tc_tensor op, and
/// changes nothing.
MlirPass tcCreateTestQueryContractPass(void);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_PASSES_H
