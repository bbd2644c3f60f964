//===- SplitBlocks.c - the tc-split-loop-blocks pass -----------------------===//
//
// Upstream convert-scf-to-cf lowers each scf.for (scf.if, scf.while, ...)
// by splitting the block that holds it at the op, and the conversion
// rewriter moves, and logs for rollback, every op after the split point.
// A function whose one block holds k loop nests among n ops therefore
// costs O(k * n): for the long straight-line functions a large program
// lowers to (one nest per tensor op), the pass became the quadratic part
// of compiling. This pass prepares for it in O(n): it cuts such a block
// after every scf op that holds regions, into a chain of blocks joined by
// `cf.br`, so each block ends `..., scf op, cf.br` and each later split
// moves one op. Every op is moved at most once.
//
// Requires: func.func bodies whose ops dominate the rest of their block
// (any IR); runs just before convert-scf-to-cf. Guarantees: what every
// function computes is unchanged (the new blocks run in their old order,
// each entered only from the one before it); only function bodies are cut,
// never the single-block regions of scf or omp ops. Blocks with fewer than
// two such scf ops are left alone (their one split is already linear).
//
// Anchored on func.func: it cuts only the body of the function it is given
// and reads nothing outside it, so the threaded pass manager may cut
// several functions at once (the decision log sorts what they record).
//
// Records one decision per function it cut: `split-blocks`, subject the
// function, detail how many blocks it now has and why.
//
//===----------------------------------------------------------------------===//
#include "LoopToSCFInternal.h"

#include "../../Transforms/TransformsInternal.h"
#include "tensorc/Manifest.h"
#include "tensorc/Passes.h"

#include "mlir-c/Dialect/ControlFlow.h"

#include <stdio.h>
#include <string.h>

// An op convert-scf-to-cf lowers by splitting its block.
static bool splitsBlock(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  return name.length > 4 && memcmp(name.data, "scf.", 4) == 0 && mlirOperationGetNumRegions(op) > 0;
}

// True if `op` is followed by more than the block's terminator.
static bool hasTail(MlirOperation op) {
  MlirOperation next = mlirOperationGetNextInBlock(op);
  return !mlirOperationIsNull(next) && !mlirOperationIsNull(mlirOperationGetNextInBlock(next));
}

static intptr_t countSplits(MlirBlock block) {
  intptr_t n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    n += splitsBlock(op) && hasTail(op);
  return n;
}

// Appends a new block after `after` and branches to it after `op`, the last
// op `from` keeps.
static MlirBlock branchToNewBlock(MlirRegion region, MlirBlock from, MlirOperation op) {
  MlirBlock next = mlirBlockCreate(0, NULL, NULL);
  mlirRegionInsertOwnedBlockAfter(region, from, next);
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString("cf.br"),
                                                   mlirOperationGetLocation(op));
  mlirOperationStateAddSuccessors(&state, 1, &next);
  mlirBlockInsertOwnedOperationAfter(from, op, mlirOperationCreate(&state));
  return next;
}

// Cuts `block` after each splitting op with a tail; returns the blocks added.
// Ops after the first cut move, once each, to the block they end up in.
static intptr_t splitBlock(MlirRegion region, MlirBlock block) {
  MlirBlock current = block;
  intptr_t added = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block), next; !mlirOperationIsNull(op); op = next) {
    next = mlirOperationGetNextInBlock(op); // read before `op` moves or a branch follows it
    if (!mlirBlockEqual(current, block)) {
      mlirOperationRemoveFromParent(op);
      mlirBlockAppendOwnedOperation(current, op);
    }
    if (splitsBlock(op) && !mlirOperationIsNull(next) && !mlirOperationIsNull(mlirOperationGetNextInBlock(next))) {
      current = branchToNewBlock(region, current, op);
      ++added;
    }
  }
  return added;
}

static void recordSplit(MlirOperation func, intptr_t blocks) {
  char subject[512], detail[160];
  snprintf(detail, sizeof detail, "%ld blocks, one per top-level scf op, so convert-scf-to-cf stays linear",
           (long)blocks);
  TcDecision decision = {"split-blocks", tcDecisionSubject(func, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(func), &decision);
}

static void splitFunction(MlirOperation func) {
  MlirRegion body = mlirOperationGetRegion(func, 0);
  intptr_t blocks = 0, added = 0;
  // Blocks appended by a cut come right after the block cut, so walking on
  // from it visits only blocks already cut or original ones.
  for (MlirBlock b = mlirRegionGetFirstBlock(body), next; !mlirBlockIsNull(b); b = next) {
    next = mlirBlockGetNextInRegion(b);
    ++blocks;
    if (countSplits(b) >= 2)
      added += splitBlock(body, b);
  }
  if (added)
    recordSplit(func, blocks + added);
}

static void run(MlirOperation func, MlirExternalPass pass, void *userData) { splitFunction(func); }

MlirPass tcCreateSplitLoopBlocksPass(void) {
  static _Alignas(8) const char passId = 0;
  MlirDialectHandle dialects[1] = {mlirGetDialectHandle__cf__()};
  return tcCreateStatelessPassWithDialects(&passId, "TcSplitLoopBlocks", "tc-split-loop-blocks",
                                           "Cut function blocks after each scf loop so convert-scf-to-cf is linear",
                                           "func.func", run, 1, dialects);
}
