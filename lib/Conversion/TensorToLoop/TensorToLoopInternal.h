//===- TensorToLoopInternal.h - tc_tensor to tc_loop, shared parts -*- C -*-===//
//
// tc-lower-tensor replaces every tc_tensor op by tc_loop nests over buffers.
// One file per op family holds the lowerings (a table of op name ->
// function); this header is what they share: the per-op context and the
// helper that creates a nest with its body function, and the small index
// helpers most bodies need.
//
// Until tc-bufferize runs, tensors and buffers meet through
// `builtin.unrealized_conversion_cast`: a lowering reads its operands
// through a cast tensor -> memref and gives each result as a cast of the
// new buffer back to a tensor, so each op lowers on its own and the IR stays
// valid between ops. tc-bufferize removes every such cast.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_CONVERSION_TENSORTOLOOP_TENSORTOLOOPINTERNAL_H
#define TENSORC_LIB_CONVERSION_TENSORTOLOOP_TENSORTOLOOPINTERNAL_H

#include "../ConversionInternal.h"

#include "mlir-c/Support.h"

#define TC_MAX_RANK 32
#define TC_MAX_NEST_BUFFERS 16

/// The op being lowered and where its lowering goes.
typedef struct TcLowering {
  MlirOperation module;
  MlirOperation func;     ///< the function holding `op`
  MlirOperation op;       ///< the tc_tensor op; erased by the pass afterwards
  MlirSymbolTable symbols; ///< the module's, to name body functions uniquely
  TcBuilder at;           ///< inserts before `op`
  const void *data;       ///< the matching pattern's `data`
  intptr_t nests;         ///< tc_loop.nest ops built so far (LoweringSupport.c counts)
} TcLowering;

/// Lowers `l->op`: replaces the uses of its results and leaves the op to be
/// erased. On failure emits a located error (a compile failure).
typedef MlirLogicalResult (*TcLowerFn)(TcLowering *l);

typedef struct TcLoweringPattern {
  const char *opName; ///< "tc_tensor.add"
  TcLowerFn lower;
  const void *data; ///< for `lower`, e.g. the scalar function of an elementwise op
  /// Whether `lower` handles this op with dynamic dimensions (NULL: never);
  /// the pipeline refuses the others (tcHasDynamicLowering, StaticShapes.c).
  bool (*dynamic)(MlirOperation op);
} TcLoweringPattern;

/// Lowers one tc_tensor op `op` of function `func` (TensorToLoop.c): finds
/// its pattern, runs it, records the manifest decision and erases the op.
/// tc-lower-kernels uses it for the kernels whose meaning is a tc_tensor op.
MlirLogicalResult tcLowerTensorOp(MlirOperation module, MlirSymbolTable symbols, MlirOperation func,
                                  MlirOperation op);

/// The family tables, one per file. TensorToLoop.c lists them all.
const TcLoweringPattern *tcUnaryLowerings(intptr_t *count);
const TcLoweringPattern *tcBinaryLowerings(intptr_t *count);
const TcLoweringPattern *tcConstantLowerings(intptr_t *count);
const TcLoweringPattern *tcCastLowerings(intptr_t *count);
const TcLoweringPattern *tcReduceLowerings(intptr_t *count);
const TcLoweringPattern *tcNormLowerings(intptr_t *count);
const TcLoweringPattern *tcLinalgLowerings(intptr_t *count);
const TcLoweringPattern *tcConvPoolLowerings(intptr_t *count);
const TcLoweringPattern *tcShapeLowerings(intptr_t *count);

/// What a nest computes over: the loop bounds (outermost first), which loops
/// are parallel (NULL: all), the tensors it reads (op operands or other
/// tensors) and the op results it defines.
typedef struct TcNestSpec {
  const char *kind; ///< names the body function: <func>__<kind>
  intptr_t rank;
  const int64_t *bounds;
  const bool *parallel;
  intptr_t nInputs;
  const MlirValue *inputs;
  intptr_t nOutputs;
  const MlirValue *outputs;
  /// Where each dynamic dimension of the outputs gets its run-time size:
  /// a pair (input, dimension) per `?`, in order; NULL: NumPy broadcasting
  /// of the inputs (elementwise ops). A pair (TC_SIZE_QUOTIENT, i) is input
  /// i's element count over the product of the output's static sizes (a
  /// reshape's `?`).
  const int64_t *sizeFrom;
} TcNestSpec;

/// TcNestSpec.sizeFrom's input slot for a size computed as a quotient.
#define TC_SIZE_QUOTIENT (-1)

/// A nest under construction: `body` inserts into the body function before
/// its return; `iv` are its index arguments, `in` and `out` its buffers.
typedef struct TcNest {
  MlirOperation nest;
  MlirOperation bodyFunc;
  TcBuilder body;
  MlirValue iv[TC_MAX_RANK];
  MlirValue in[TC_MAX_NEST_BUFFERS];
  MlirValue out[TC_MAX_NEST_BUFFERS];
} TcNest;

/// Creates, before `l->op`: a buffer for each output, the body function and
/// the tc_loop.nest calling it; replaces each output's uses with the new
/// buffer (through a cast). The caller fills the body through `nest->body`.
void tcLowerBeginNest(TcLowering *l, const TcNestSpec *spec, TcNest *nest);

/// Creates, before `l->op`, a nest over existing `buffers` (all loops
/// parallel) and its body function; `nest->in` are the body's buffer
/// arguments, in order. For ops that write buffers they are given.
void tcLowerNestOnBuffers(TcLowering *l, const char *kind, intptr_t rank, const int64_t *bounds,
                          intptr_t nBuffers, const MlirValue *buffers, TcNest *nest);

/// If every result of `l->op` has no elements: creates their buffers
/// (nothing to compute, so no nest), replaces the results' uses and returns
/// true. Otherwise does nothing and returns false. (A body function taking
/// a memref with a 0 in a non-leading dimension has no bare-pointer form:
/// its strides are not static.)
bool tcLowerEmptyResults(TcLowering *l);

/// A buffer holding tensor `value`, for use before `l->op`.
MlirValue tcLowerBufferOf(TcLowering *l, MlirValue value);

/// The operand `i` of the op being lowered, and its tensor type.
MlirValue tcLowerOperand(TcLowering *l, intptr_t i);
MlirType tcLowerResultType(TcLowering *l, intptr_t i);

/// Reads attribute `name` of the op: an i64 integer, a bool, an f64, or a
/// dense i64 array (returns its length, copies at most `cap` entries).
int64_t tcLowerAttrInt(TcLowering *l, const char *name);
bool tcLowerAttrBool(TcLowering *l, const char *name);
double tcLowerAttrFloat(TcLowering *l, const char *name);
intptr_t tcLowerAttrI64Array(TcLowering *l, const char *name, int64_t *out, intptr_t cap);
/// The op's `axis` normalised against rank `r`.
int64_t tcLowerAxis(TcLowering *l, const char *name, intptr_t r);

/// Computes one result element from the operands' elements `x` (loaded
/// from the signless buffers); `dtype` is the tc_tensor element type of the
/// first operand, `resultDtype` the result's (they differ for comparisons
/// and cast).
typedef MlirValue (*TcScalarFn)(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x);

/// An elementwise op: `kind` names its body function.
typedef struct TcElementwiseOp {
  const char *kind;
  int arity;
  TcScalarFn fn;
} TcElementwiseOp;

/// The lowering of every elementwise op (pattern data: a TcElementwiseOp):
/// one nest over the result shape, all loops parallel (each point writes
/// only its own element); the body loads each operand at its broadcast
/// index, applies `fn` and stores.
MlirLogicalResult tcLowerElementwise(TcLowering *l);

/// A pattern entry for elementwise op `name` ("add") of `arity` operands.
#define TC_ELEMENTWISE(name, arity, fn) \
  {"tc_tensor." name, tcLowerElementwise, &(const TcElementwiseOp){name, arity, fn}, tcLowerAnyDynamic}

/// A `dynamic` predicate that accepts every op (the elementwise ones).
bool tcLowerAnyDynamic(MlirOperation op);

/// The float type reductions over `dtype` values accumulate in: the one the
/// active contract names (dtypes.<d>.accumulate; docs/contract.md), except
/// that f32 values are summed in f64, where their partial sums cannot
/// overflow. Recorded as a manifest decision `accumulate` about the op. Non-float dtypes are
/// returned unchanged (integer sums wrap, exactly as the spec says).
MlirType tcLowerAccumulationType(TcLowering *l, MlirType dtype);

/// Partial accumulators of a reduction where the contract allows it
/// (Lanes.c, docs/lowering.md "Reductions in lanes").
enum { TC_REDUCTION_LANES = 8 };

/// One step of a reduction: at builder `b`, given the reduced loops'
/// induction variables `iv` (outermost first) and the running values `acc`,
/// builds the next values into `next` (as many as the reduction carries).
typedef void (*TcLaneStep)(void *ctx, TcBuilder *b, const MlirValue *iv, const MlirValue *acc, MlirValue *next);

/// How many lanes a reduction of l->op whose innermost reduced loop spans
/// `innermostSpan` elements uses: TC_REDUCTION_LANES if the span is at least
/// twice that and the contract lets the op be reassociated (asked through
/// tcPassCheckContract, which records the decision), else 1.
int tcLowerReductionLanes(TcLowering *l, int64_t innermostSpan);

/// Loops at `b` over [0, spans[d]) for d < depth, folding `nAcc` values from
/// `init` by `step`, in `lanes` partial accumulators (1: one, in
/// lexicographic order) that combine by `folds[i]` (an arith op name per
/// value) in Lanes.c's fixed order; the results go to `out`.
/// nAcc * lanes <= TC_MAX_ITER.
void tcLowerLaneReduce(TcBuilder *b, intptr_t depth, const int64_t *spans, intptr_t nAcc, const MlirValue *init,
                       const char *const *folds, int lanes, TcLaneStep step, void *ctx, MlirValue *out);

/// The shape of a ranked tensor or memref type into `shape`; returns the rank.
intptr_t tcShapeOf(MlirType type, int64_t *shape);

/// The broadcast index (docs/dialects.md §2.2.0 `bc`): for result indices
/// `iv` of rank `rank`, the indices into an operand of `type`; dimensions of
/// size 1 read index 0.
void tcBroadcastIndex(TcBuilder *b, const MlirValue *iv, intptr_t rank, MlirType type, MlirValue *out);

#endif // TENSORC_LIB_CONVERSION_TENSORTOLOOP_TENSORTOLOOPINTERNAL_H
