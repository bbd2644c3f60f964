//===- FaultRegistry.c - the table of test-only fault passes ---------------===//
//
// One row per fault kind: --tc-test-fault=KIND, what it breaks, the CPU
// pipeline pass it runs after, and its pass (tc-test-fault-KIND, a module
// pass built like the lowering passes). Declared once, here (style.md rule
// 17); tensor-opt and tensorc register it at start
// (tcRegisterTestFaultPasses), after which tcLookupPass finds the passes
// and tcCreateCpuPipelineTextWithFaults puts them in the pipeline. The
// first 13 rows were switches inside production lowerings (issue 25) and
// rewrite that lowering's output into the same miscompile (two rewrite
// the next pass's input instead, FaultsInput.c); the later ones
// are subtle, of the kind a gate that only draws uniform(-1, 1) and
// compares one thread with another never sees (issue 16).
//
//===----------------------------------------------------------------------===//
#include "TestFaultPasses.h"

#include "FaultsInternal.h"
#include "tensorc/TestFaults.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

#define FAULT_PASS(fn, run, name, argument)                                                                       \
  static MlirPass fn(void) {                                                                                       \
    static _Alignas(8) const char id = 0;                                                                          \
    return tcCreateLoweringPass(&id, name, argument, "test only: a miscompile on purpose", run);                   \
  }

FAULT_PASS(createDropBias, faultDropBias, "TcTestFaultDropBias", "tc-test-fault-drop-bias")
FAULT_PASS(createTransposeIgnored, faultTransposeIgnored, "TcTestFaultTransposeIgnored",
           "tc-test-fault-transpose-ignored")
FAULT_PASS(createReductionBound, faultReductionBound, "TcTestFaultReductionBound", "tc-test-fault-reduction-bound")
FAULT_PASS(createBroadcastAxis, faultBroadcastAxis, "TcTestFaultBroadcastAxis", "tc-test-fault-broadcast-axis")
FAULT_PASS(createSwapOperands, faultSwapOperands, "TcTestFaultSwapOperands", "tc-test-fault-swap-operands")
FAULT_PASS(createReductionInit, faultReductionInit, "TcTestFaultReductionInit", "tc-test-fault-reduction-init")
FAULT_PASS(createGatherIndex, faultGatherIndex, "TcTestFaultGatherIndex", "tc-test-fault-gather-index")
FAULT_PASS(createPadValue, faultPadValue, "TcTestFaultPadValue", "tc-test-fault-pad-value")
FAULT_PASS(createCastTruncate, faultCastTruncate, "TcTestFaultCastTruncate", "tc-test-fault-cast-truncate")
FAULT_PASS(createSoftmaxMax, faultSoftmaxMax, "TcTestFaultSoftmaxMax", "tc-test-fault-softmax-max")
FAULT_PASS(createConvStride, faultConvStride, "TcTestFaultConvStride", "tc-test-fault-conv-stride")
FAULT_PASS(createLoopBoundOffByOne, faultLoopBoundOffByOne, "TcTestFaultLoopBoundOffByOne",
           "tc-test-fault-loop-bound-off-by-one")
FAULT_PASS(createBufferizeAlias, faultBufferizeAlias, "TcTestFaultBufferizeAlias", "tc-test-fault-bufferize-alias")
FAULT_PASS(createVectorTail, faultVectorTail, "TcTestFaultVectorTail", "tc-test-fault-vector-tail")
FAULT_PASS(createParallelRace, faultParallelRace, "TcTestFaultParallelRace", "tc-test-fault-parallel-race")
FAULT_PASS(createNarrowPartials, faultNarrowPartials, "TcTestFaultNarrowPartials", "tc-test-fault-narrow-partials")
FAULT_PASS(createCastRound, faultCastRound, "TcTestFaultCastRound", "tc-test-fault-cast-round")
FAULT_PASS(createFastExp, faultFastExp, "TcTestFaultFastExp", "tc-test-fault-fast-exp")
FAULT_PASS(createReadAfterWrite, faultReadAfterWrite, "TcTestFaultReadAfterWrite", "tc-test-fault-read-after-write")
FAULT_PASS(createDroppedPartial, faultDroppedPartial, "TcTestFaultDroppedPartial", "tc-test-fault-dropped-partial")
FAULT_PASS(createNormEpsilon, faultNormEpsilon, "TcTestFaultNormEpsilon", "tc-test-fault-norm-epsilon")
FAULT_PASS(createAbsNegativeZero, faultAbsNegativeZero, "TcTestFaultAbsNegativeZero", "tc-test-fault-abs-negative-zero")
FAULT_PASS(createConvTailStride, faultConvTailStride, "TcTestFaultConvTailStride", "tc-test-fault-conv-tail-stride")
FAULT_PASS(createMaxIgnoresNan, faultMaxIgnoresNan, "TcTestFaultMaxIgnoresNan", "tc-test-fault-max-ignores-nan")
FAULT_PASS(createFusedOperand, faultFusedOperand, "TcTestFaultFusedOperand", "tc-test-fault-fused-operand")
FAULT_PASS(createOnce, faultOnce, "TcTestFaultOnce", "tc-test-fault-once")
FAULT_PASS(createFlushSubnormals, faultFlushSubnormals, "TcTestFaultFlushSubnormals", "tc-test-fault-flush-subnormals")

#define ROW(kind, what, after, create) {kind, what, after, {"tc-test-fault-" kind, "Test only: " what, "builtin.module", 1, create}}

// The kinds that were switches come first, in the order they had as
// switches (the --help table and bisect-check.py's shards).
static const TcTestFaultPass kFaultPasses[] = {
    ROW("drop-bias", "gemm leaves out the beta*c term", "tc-lower-tensor", createDropBias),
    ROW("swap-operands", "sub and div compute rhs op lhs", "tc-lower-tensor", createSwapOperands),
    ROW("loop-bound-off-by-one", "tc-lower-loops runs a nest's outermost loop to bound - 1", "tc-plan-memory",
        createLoopBoundOffByOne),
    ROW("reduction-init", "float reduce_sum starts at 1 and reduce_max at 0", "tc-lower-tensor",
        createReductionInit),
    ROW("broadcast-axis", "elementwise broadcasting aligns a lower-rank operand left, not right", "tc-lower-tensor",
        createBroadcastAxis),
    ROW("transpose-ignored", "gemm ignores trans_b", "tc-lower-tensor", createTransposeIgnored),
    ROW("cast-truncate", "cast f32 -> bf16 truncates instead of rounding to nearest even", "tc-lower-tensor",
        createCastTruncate),
    ROW("conv-stride", "conv2d ignores its strides (uses 1)", "tc-lower-kernels", createConvStride),
    ROW("bufferize-alias", "tc-bufferize computes a temporary into an input buffer that is still read",
        "tc-lower-tensor", createBufferizeAlias),
    ROW("softmax-max", "softmax does not subtract the slice maximum before exp", "tc-lower-tensor", createSoftmaxMax),
    ROW("pad-value", "constant-mode pad fills 0 instead of its value", "tc-lower-tensor", createPadValue),
    ROW("gather-index", "gather reads index k + 1 (clamped) instead of k", "tc-lower-tensor", createGatherIndex),
    ROW("reduction-bound", "matmul sums over k < K - 1, leaving out the last product", "tc-lower-tensor",
        createReductionBound),
    ROW("vector-tail", "the last 8-lane tail of each row skips the op that computes the stored value", "tc-plan-memory",
        createVectorTail),
    ROW("parallel-race", "threads index a parallel loop by their own chunk, so they write one part of a buffer",
        "tc-lower-loops", createParallelRace),
    ROW("narrow-partials", "a reduction's partial sums are rounded to bf16 at every step", "tc-plan-memory",
        createNarrowPartials),
    ROW("cast-round", "a narrowing float cast rounds toward zero (one ulp off)", "tc-plan-memory", createCastRound),
    ROW("fast-exp", "exp(x) computed as exp2(x * log2(e)), which loses accuracy for large |x|", "tc-plan-memory",
        createFastExp),
    ROW("read-after-write", "a nest moved after a later nest that overwrites memory it reads", "tc-plan-memory",
        createReadAfterWrite),
    ROW("dropped-partial", "a reduction's last lane partial sum is left out of the combination", "tc-plan-memory",
        createDroppedPartial),
    ROW("norm-epsilon", "a normalisation adds epsilon after the square root instead of before", "tc-plan-memory",
        createNormEpsilon),
    ROW("abs-negative-zero", "abs(x) as x < 0 ? -x : x, which keeps the sign of -0", "tc-plan-memory",
        createAbsNegativeZero),
    ROW("conv-tail-stride", "a convolution's last output column reads its window one column to the right",
        "tc-plan-memory", createConvTailStride),
    ROW("max-ignores-nan", "max and reduce_max ignore NaN operands (maxnum instead of maximum)", "tc-plan-memory",
        createMaxIgnoresNan),
    ROW("flush-subnormals", "products below the smallest normal are flushed to zero", "tc-plan-memory",
        createFlushSubnormals),
    ROW("fused-operand", "the first fused nest's body drops the right operand of its last add", "tc-fuse-elementwise",
        createFusedOperand),
    ROW("once", "as fused-operand, in the first build that finds TC_TEST_FAULT_ONCE_FILE missing (flaky on purpose)",
        "tc-fuse-elementwise", createOnce),
};

void tcRegisterTestFaultPasses(void) {
  tcTestFaultPassesRegister(kFaultPasses, (intptr_t)(sizeof kFaultPasses / sizeof kFaultPasses[0]));
}

//===-- Helpers ---------------------------------------------------------------===//

void faultRecord(const char *kind, MlirOperation op) {
  const TcTestFaultPass *f = tcTestFaultPassFind(kind);
  tcTestFaultRecord(kind, f ? f->description : "?", op);
}

void faultRecordAs(const char *kind, const char *opName, MlirOperation at) {
  const TcTestFaultPass *f = tcTestFaultPassFind(kind);
  tcTestFaultRecordAs(kind, f ? f->description : "?", opName, at);
}

MlirBlock faultEntry(MlirOperation func) { return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)); }

void faultForEachBody(MlirOperation module, void (*fn)(MlirOperation body, void *userData), void *userData) {
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (tcIsOp(op, "func.func") && !mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(
                                       op, mlirStringRefCreateFromCString("tc_loop.body"))))
      fn(op, userData);
}

typedef struct Collect {
  const char *name;
  MlirOperation *out;
  int count, max;
} Collect;

static MlirWalkResult collectOne(MlirOperation op, void *userData) {
  Collect *c = userData;
  if (c->count < c->max && tcIsOp(op, c->name))
    c->out[c->count++] = op;
  return MlirWalkResultAdvance;
}

int faultCollect(MlirOperation op, const char *name, MlirOperation *out, int max) {
  Collect c = {name, out, 0, max};
  mlirOperationWalk(op, collectOne, &c, MlirWalkPreOrder);
  return c.count;
}
