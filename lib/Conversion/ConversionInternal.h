//===- ConversionInternal.h - what the lowering passes share -----*- C -*-===//
//
// The MLIR C API builds ops from an OperationState: name, operands, result
// types, attributes, regions. TcBuilder wraps that into one call per op and
// keeps an insertion point (a block and an op to insert before, or the end
// of the block), so a lowering reads as the code it emits. Every helper
// creates ops at the builder's location; none verifies: the pass manager
// verifies the module after each pass.
//
// Upstream arithmetic takes only signless integers, so buffers keep the
// signless form of a dtype (ui8 data lives in memref<..xi8>); the
// signedness stays on the tc_tensor types and in the lowering's choice of
// ops (divsi or divui, extsi or extui, ...).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_CONVERSION_CONVERSIONINTERNAL_H
#define TENSORC_LIB_CONVERSION_CONVERSIONINTERNAL_H

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stdint.h>

/// The dialects lowering passes create ops of (arith, func, math, memref,
/// scf, llvm), for tcCreateStatelessPassWithDialects; returns the count.
intptr_t tcLoweringDialects(MlirDialectHandle *handles);

/// Checks that every tc_tensor op of `root` with a dynamic dimension in an
/// operand or result type has a dynamic lowering (tcHasDynamicLowering),
/// and that no tc_kernel op has one (StaticShapes.c); otherwise emits one
/// located error naming `pass` and returns false: the caller signals a pass
/// failure.
bool tcRefuseDynamicShapes(MlirOperation root, const char *pass);

/// Builds the shape function `@f__tc_shapes` (marked `tc.shapes_of = "f"`)
/// of every public function of `module` with a `?` that has none yet
/// (Guards/InsertGuards.c, docs/dynamic-shapes.md §2), recording a `guards`
/// decision for each. On an op it cannot guard emits a located error and
/// returns false.
bool tcBuildShapeFunctions(MlirOperation module);

/// True if tc-lower-tensor lowers tc_tensor op `op` with dynamic dimensions
/// (TensorToLoop.c): the elementwise ops.
bool tcHasDynamicLowering(MlirOperation op);

/// A stateless module pass (anchored on builtin.module) that creates ops of
/// the lowering dialects above: the factory of tensorc's conversion passes.
/// `run` is an MlirExternalPassCallbacks run function. Caller owns the pass.
MlirPass tcCreateLoweringPass(const void *id, const char *name, const char *argument, const char *description,
                              void (*run)(MlirOperation, MlirExternalPass, void *));

/// As tcCreateLoweringPass, anchored on func.func: for a pass that reads and
/// writes only inside the function it is given (the threaded pass manager
/// may run it on several functions at once). Caller owns the pass.
MlirPass tcCreateFunctionLoweringPass(const void *id, const char *name, const char *argument,
                                      const char *description, void (*run)(MlirOperation, MlirExternalPass, void *));

/// Where and at which location new ops go: before `anchor` in `block`, or at
/// the end of `block` when `anchor` is null.
typedef struct TcBuilder {
  MlirContext ctx;
  MlirLocation loc;
  MlirBlock block;
  MlirOperation anchor;
} TcBuilder;

/// A builder inserting before `op`, at op's location.
TcBuilder tcBuilderBefore(MlirOperation op);
/// A builder appending to `block` (before its terminator if `beforeTerminator`).
TcBuilder tcBuilderAtEnd(MlirBlock block, MlirLocation loc, bool beforeTerminator);

/// Creates and inserts the op `name`. Arrays may be NULL when their count
/// is 0. Returns the new op (owned by its block).
MlirOperation tcBuildOp(TcBuilder *b, const char *name, intptr_t nResults, const MlirType *results,
                        intptr_t nOperands, const MlirValue *operands, intptr_t nAttrs,
                        const MlirNamedAttribute *attrs);
/// tcBuildOp for an op with exactly one result; returns that result.
MlirValue tcBuildValue(TcBuilder *b, const char *name, MlirType result, intptr_t nOperands,
                       const MlirValue *operands, intptr_t nAttrs, const MlirNamedAttribute *attrs);
/// A named attribute `name = attr`.
MlirNamedAttribute tcNamed(MlirContext ctx, const char *name, MlirAttribute attr);

/// Creates an empty loop body before `func`: a private func.func named
/// `<func's name>__<suffix>` (renamed by `symbols` if taken), marked
/// `tc_loop.body`, taking `rank` index arguments and then the `numBuffers`
/// buffer types, and holding only `func.return`.
MlirOperation tcCreateLoopBody(MlirOperation func, MlirSymbolTable symbols, const char *suffix, MlirLocation loc,
                               intptr_t rank, const MlirType *bufferTypes, intptr_t numBuffers);

// Constants and scalar arithmetic.
MlirValue tcBIndex(TcBuilder *b, int64_t value);
MlirValue tcBConstInt(TcBuilder *b, MlirType type, int64_t value);
/// A float constant of `type` holding `value` rounded to the type.
MlirValue tcBConstFloat(TcBuilder *b, MlirType type, double value);
/// A constant with the exact bit pattern `bits` of float `type`.
MlirValue tcBConstFloatBits(TcBuilder *b, MlirType type, uint64_t bits);
/// A binary op whose result has the type of `lhs` (arith.addf, arith.andi, ...).
MlirValue tcBBinary(TcBuilder *b, const char *name, MlirValue lhs, MlirValue rhs);
/// A unary op whose result has the type of `x` (math.exp, arith.negf, ...).
MlirValue tcBUnary(TcBuilder *b, const char *name, MlirValue x);
/// A conversion op to `type` (arith.extf, arith.sitofp, arith.index_cast, ...).
MlirValue tcBConvert(TcBuilder *b, const char *name, MlirValue x, MlirType type);

/// `x` widened (arith.extf) to float type `to`; `x` itself if it has it.
MlirValue tcBWiden(TcBuilder *b, MlirValue x, MlirType to);
/// `x` rounded once (arith.truncf) to float type `to`; `x` itself if it has it.
MlirValue tcBNarrow(TcBuilder *b, MlirValue x, MlirType to);

/// `x` converted to float type `t`: arith.extf to a wider type, else
/// arith.truncf; `x` itself if it has type `t`.
MlirValue tcBToFloat(TcBuilder *b, MlirValue x, MlirType t);

/// arith.cmpi predicates, in arith's enum order.
typedef enum { TC_CMPI_EQ, TC_CMPI_NE, TC_CMPI_SLT, TC_CMPI_SLE, TC_CMPI_SGT, TC_CMPI_SGE, TC_CMPI_ULT,
               TC_CMPI_ULE, TC_CMPI_UGT, TC_CMPI_UGE } TcCmpIPredicate;
/// arith.cmpf predicates, in arith's enum order.
typedef enum { TC_CMPF_FALSE, TC_CMPF_OEQ, TC_CMPF_OGT, TC_CMPF_OGE, TC_CMPF_OLT, TC_CMPF_OLE, TC_CMPF_ONE,
               TC_CMPF_ORD, TC_CMPF_UEQ, TC_CMPF_UGT, TC_CMPF_UGE, TC_CMPF_ULT, TC_CMPF_ULE, TC_CMPF_UNE,
               TC_CMPF_UNO, TC_CMPF_TRUE } TcCmpFPredicate;
MlirValue tcBCmpI(TcBuilder *b, TcCmpIPredicate pred, MlirValue lhs, MlirValue rhs);
MlirValue tcBCmpF(TcBuilder *b, TcCmpFPredicate pred, MlirValue lhs, MlirValue rhs);
MlirValue tcBSelect(TcBuilder *b, MlirValue cond, MlirValue ifTrue, MlirValue ifFalse);

/// An `scf.if %cond` with `n` results of `types` (n may be 0), built at `b`;
/// `then` and `otherwise` get builders at the ends of its two empty blocks,
/// which the caller ends with their `scf.yield`.
MlirOperation tcBIfResults(TcBuilder *b, MlirValue cond, intptr_t n, const MlirType *types, TcBuilder *then,
                           TcBuilder *otherwise);
/// An `scf.if %cond` without results, built at `b`; `then` and `otherwise`
/// get builders before the `scf.yield` that ends each of its two blocks.
MlirOperation tcBIf(TcBuilder *b, MlirValue cond, TcBuilder *then, TcBuilder *otherwise);

// Memory.
/// A statically shaped `memref.alloc` or `memref.alloca` (`name`) of memref
/// type `type`, aligned to `alignment` bytes.
MlirValue tcBAlloc(TcBuilder *b, const char *name, MlirType type, int64_t alignment);
/// As tcBAlloc, for a type with dynamic dimensions: `sizes` (index values,
/// one per `?`, in order).
MlirValue tcBAllocSized(TcBuilder *b, const char *name, MlirType type, intptr_t nSizes, const MlirValue *sizes,
                        int64_t alignment);
/// `memref.dim %memref, dim` (an index).
MlirValue tcBDim(TcBuilder *b, MlirValue memref, intptr_t dim);
MlirValue tcBLoad(TcBuilder *b, MlirValue memref, intptr_t rank, const MlirValue *indices);
void tcBStore(TcBuilder *b, MlirValue value, MlirValue memref, intptr_t rank, const MlirValue *indices);

/// The most values an scf.for built here carries (iter_args).
enum { TC_MAX_ITER = 32 };

/// An scf.for from `lb` to `ub` by `step` carrying `nIter` values (at most
/// TC_MAX_ITER). After tcBForBegin, `body` inserts into the loop body; tcBForEnd
/// yields `yields` (nIter values) and returns the loop op, whose results
/// are the final iteration values.
typedef struct TcFor {
  MlirOperation op;
  TcBuilder body;
  MlirValue iv;
  MlirValue iter[TC_MAX_ITER];
  intptr_t nIter;
} TcFor;
void tcBForBegin(TcBuilder *b, MlirValue lb, MlirValue ub, MlirValue step, intptr_t nIter, const MlirValue *init,
                 TcFor *loop);
MlirOperation tcBForEnd(TcFor *loop, const MlirValue *yields);
/// A loop over [0, n) by 1.
void tcBForRange(TcBuilder *b, int64_t n, intptr_t nIter, const MlirValue *init, TcFor *loop);

// The bridge between tensors and buffers (Casts.c).
/// True if `op` is named `name`; false for a null op.
bool tcIsOp(MlirOperation op, const char *name);
/// True if `op` is a builtin.unrealized_conversion_cast.
bool tcIsBufferCast(MlirOperation op);
/// The op defining `v`, or null for a block argument.
MlirOperation tcDefiningOp(MlirValue v);
// Run-time sizes (Sizes.c).
/// A run-time size as far as the IR shows what it is: `scale` times
/// dimension `dim` of `base`, or times the index value `base` itself (`dim`
/// -1); or the constant `dim` (`base` null, `scale` 1).
typedef struct TcSizeKey {
  MlirValue base;
  int64_t dim;
  int64_t scale;
} TcSizeKey;
/// The size of dimension `dim` of buffer or tensor `buffer`.
TcSizeKey tcSizeOfDim(MlirValue buffer, int64_t dim);
/// The size index value `v` holds.
TcSizeKey tcSizeOfValue(MlirValue v);
/// True if the two keys are the same size (false says nothing).
bool tcSameSize(TcSizeKey a, TcSizeKey b);

/// The buffer behind tensor `v`: `v` itself if it is a memref, else the
/// operand of the cast memref -> tensor that made it; null if neither.
MlirValue tcBufferBehind(MlirValue v);
/// Replaces every cast tensor -> memref in `block` by the buffer behind its
/// tensor (aborts if there is none of that type), then erases the casts left
/// without uses.
void tcFoldBufferCasts(MlirBlock block);

/// A nest of scf.for loops over [0, bounds[d]) (outermost first) carrying
/// `nIter` values (at most TC_MAX_ITER) through every level.
typedef struct TcForNest {
  TcFor loop[32];
  intptr_t depth;
  TcBuilder inner;     ///< inserts into the innermost body
  MlirValue iv[32];    ///< the loops' induction variables
  MlirValue iter[TC_MAX_ITER]; ///< the values carried into the innermost body
} TcForNest;
/// Opens `depth` (at most 32) loops at `b`, the first carrying `init`.
void tcBForNestBegin(TcBuilder *b, intptr_t depth, const int64_t *bounds, intptr_t nIter, const MlirValue *init,
                     TcForNest *nest);
/// Yields `yields` from the innermost body and each loop's results from the
/// one around it; `results` receives the outermost loop's results (`init`
/// when depth is 0).
void tcBForNestEnd(TcForNest *nest, intptr_t nIter, const MlirValue *yields, MlirValue *results);

// Types.
/// The signless form of an integer type (ui8 -> i8); other types unchanged.
MlirType tcSignlessType(MlirType type);
/// The identity-layout memref holding a value of ranked tensor type `tensor`,
/// with the signless element type.
MlirType tcMemRefForTensor(MlirType tensor);
/// True if `type` is an unsigned integer type (ui8 ... ui64).
bool tcIsUnsigned(MlirType type);
/// Width in bits of an integer type, 0 otherwise.
unsigned tcIntWidth(MlirType type);

#endif // TENSORC_LIB_CONVERSION_CONVERSIONINTERNAL_H
