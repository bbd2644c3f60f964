//===- Reduce.c - lowering of reductions, argmax and argmin (§2.2.17-2.2.18) ===//
//
// Every op here is one nest over the result's points, all loops parallel:
// each point writes only its own element. The body walks the reduced
// elements with one scf.for per reduced dimension (outermost first, so the
// order is the lexicographic one of docs/dialects.md), carrying the
// accumulator as iter_args, and stores once.
//
// Reductions (reduce_sum, _prod, _max, _min, _mean) fold with one arith op
// each, in partial accumulators where the contract lets the op be
// reassociated and the innermost reduced span is long enough (Lanes.c).
// Float sums and products run in tcLowerAccumulationType (f32 for f16 and
// bf16 under the default contract) and are rounded once to the dtype;
// max and min compare in the dtype. The start values are the spec's empty-set
// values (-inf / +inf or the integer limits, 1), except for sums: a float sum
// starts at -0, the identity of IEEE addition, so that a sum of -0s stays -0
// (§2.2.0); an empty sum (a reduced dimension of size 0, known statically)
// starts at +0 instead. The mean divides by |R| (0/0 = NaN when R is empty).
// arith.maximumf/minimumf give NaN propagation and +0 over -0 directly.
//
// argmax/argmin start at element 0 (the axis is never empty) and scan from
// 1, keeping (best value, best index): a NaN replaces a number, a later NaN
// replaces a NaN only with select_last_index, and a number replaces a number
// if it is strictly better (or equal, with select_last_index). Ordered float
// compares are false against a NaN best, which keeps the first NaN.
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

#include <math.h>

typedef enum { RK_SUM, RK_PROD, RK_MAX, RK_MIN, RK_MEAN } ReduceKind;

//===-- Loops over the reduced dimensions ----------------------------------===//


/// The index into x: reduced dimensions (`reduced[i]`) take the loop ivs in
/// order, the others the nest ivs of the result (which also has a size-1
/// dimension at each reduced one if `keepdims`).
static void operandIndex(const bool *reduced, intptr_t rank, bool keepdims, const MlirValue *nestIv,
                         const MlirValue *loopIv, MlirValue *index) {
  intptr_t n = 0, l = 0;
  for (intptr_t i = 0; i < rank; ++i) {
    if (reduced[i]) {
      index[i] = loopIv[l++];
      n += keepdims;
    } else {
      index[i] = nestIv[n++];
    }
  }
}

//===-- Reductions ------------------------------------------------------------===//

static const char *const kKindNames[] = {"reduce_sum", "reduce_prod", "reduce_max", "reduce_min", "reduce_mean"};

/// The accumulator's start value of type `acc` (element dtype `dtype`);
/// `count` = |R|.
static MlirValue startValue(TcBuilder *b, ReduceKind kind, MlirType dtype, MlirType acc, int64_t count) {
  if (mlirTypeIsAFloat(dtype)) {
    switch (kind) {
    case RK_SUM:
    case RK_MEAN:
      return tcBConstFloat(b, acc, count == 0 ? 0.0 : -0.0);
    case RK_PROD:
      return tcBConstFloat(b, acc, 1.0);
    case RK_MAX:
      return tcBConstFloat(b, acc, -INFINITY);
    case RK_MIN:
      return tcBConstFloat(b, acc, INFINITY);
    }
  }
  unsigned w = tcIntWidth(dtype);
  int64_t signedMax = w == 64 ? INT64_MAX : (int64_t)((UINT64_C(1) << (w - 1)) - 1);
  switch (kind) {
  case RK_PROD:
    return tcBConstInt(b, acc, 1);
  case RK_MAX: // the dtype's minimum: 0 or 1 << (w - 1)
    return tcBConstInt(b, acc, tcIsUnsigned(dtype) ? 0 : -signedMax - 1);
  case RK_MIN: // the dtype's maximum: all ones or signedMax
    return tcBConstInt(b, acc, tcIsUnsigned(dtype) ? -1 : signedMax);
  default:
    return tcBConstInt(b, acc, 0);
  }
}

static const char *foldOp(ReduceKind kind, MlirType dtype) {
  bool isFloat = mlirTypeIsAFloat(dtype), isUnsigned = tcIsUnsigned(dtype);
  switch (kind) {
  case RK_SUM:
  case RK_MEAN:
    return isFloat ? "arith.addf" : "arith.addi";
  case RK_PROD:
    return isFloat ? "arith.mulf" : "arith.muli";
  case RK_MAX:
    return isFloat ? "arith.maximumf" : isUnsigned ? "arith.maxui" : "arith.maxsi";
  case RK_MIN:
    return isFloat ? "arith.minimumf" : isUnsigned ? "arith.minui" : "arith.minsi";
  }
  return NULL;
}

/// Reads `axes` into the mask `reduced` (empty: every axis).
static void readAxes(TcLowering *l, intptr_t rank, bool *reduced) {
  int64_t axes[64];
  intptr_t n = tcLowerAttrI64Array(l, "axes", axes, 64);
  for (intptr_t i = 0; i < rank; ++i)
    reduced[i] = n == 0;
  for (intptr_t i = 0; i < n; ++i)
    reduced[axes[i] < 0 ? axes[i] + rank : axes[i]] = true;
}

/// What one step of a reduction reads and folds.
typedef struct ReduceStep {
  const bool *reduced;
  intptr_t rank;
  bool keepdims;
  const MlirValue *nestIv;
  MlirValue x;
  MlirType acc, elem;
  const char *fold;
} ReduceStep;

static void reduceStep(void *ctx, TcBuilder *b, const MlirValue *iv, const MlirValue *acc, MlirValue *next) {
  const ReduceStep *r = ctx;
  MlirValue index[TC_MAX_RANK];
  operandIndex(r->reduced, r->rank, r->keepdims, r->nestIv, iv, index);
  MlirValue v = tcBLoad(b, r->x, r->rank, index);
  if (!mlirTypeEqual(r->acc, r->elem))
    v = tcBConvert(b, "arith.extf", v, r->acc);
  *next = tcBBinary(b, r->fold, *acc, v);
}

static MlirLogicalResult lowerReduce(TcLowering *l) {
  ReduceKind kind = (ReduceKind)(intptr_t)l->data;
  MlirValue x = tcLowerOperand(l, 0), result = mlirOperationGetResult(l->op, 0);
  int64_t shape[TC_MAX_RANK], bounds[TC_MAX_RANK], spans[TC_MAX_RANK];
  bool reduced[TC_MAX_RANK];
  intptr_t rank = tcShapeOf(mlirValueGetType(x), shape), nReduced = 0;
  intptr_t resultRank = tcShapeOf(mlirValueGetType(result), bounds);
  readAxes(l, rank, reduced);
  int64_t count = 1;
  for (intptr_t i = 0; i < rank; ++i)
    if (reduced[i])
      count *= (spans[nReduced++] = shape[i]);

  MlirType dtype = mlirShapedTypeGetElementType(mlirValueGetType(x));
  bool widen = mlirTypeIsAFloat(dtype) && (kind == RK_SUM || kind == RK_MEAN || kind == RK_PROD);
  MlirType elem = tcSignlessType(dtype), acc = widen ? tcLowerAccumulationType(l, dtype) : elem;
  TcNestSpec spec = {kKindNames[kind], resultRank, bounds, NULL, 1, &x, 1, &result, NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);

  TcBuilder *b = &nest.body;
  MlirValue init = startValue(b, kind, dtype, acc, count), total;
  ReduceStep ctx = {reduced, rank, tcLowerAttrBool(l, "keepdims"), nest.iv, nest.in[0], acc, elem,
                    foldOp(kind, dtype)};
  int lanes = nReduced ? tcLowerReductionLanes(l, spans[nReduced - 1]) : 1;
  tcLowerLaneReduce(b, nReduced, spans, 1, &init, &ctx.fold, lanes, reduceStep, &ctx, &total);
  if (kind == RK_MEAN)
    total = tcBBinary(b, "arith.divf", total, tcBConstFloat(b, acc, (double)count));
  if (!mlirTypeEqual(acc, elem))
    total = tcBConvert(b, "arith.truncf", total, elem);
  tcBStore(b, total, nest.out[0], resultRank, nest.iv);
  return mlirLogicalResultSuccess();
}

//===-- argmax, argmin --------------------------------------------------------===//

/// Whether element `v` replaces the running `best` (see the file comment).
static MlirValue replacesBest(TcBuilder *b, MlirType dtype, bool isMax, bool last, MlirValue v, MlirValue best) {
  if (!mlirTypeIsAFloat(dtype)) {
    bool u = tcIsUnsigned(dtype);
    TcCmpIPredicate pred = isMax ? (u ? (last ? TC_CMPI_UGE : TC_CMPI_UGT) : (last ? TC_CMPI_SGE : TC_CMPI_SGT))
                                 : (u ? (last ? TC_CMPI_ULE : TC_CMPI_ULT) : (last ? TC_CMPI_SLE : TC_CMPI_SLT));
    return tcBCmpI(b, pred, v, best);
  }
  // Ordered predicates: false when best is NaN; -0 and +0 compare equal.
  TcCmpFPredicate pred = isMax ? (last ? TC_CMPF_OGE : TC_CMPF_OGT) : (last ? TC_CMPF_OLE : TC_CMPF_OLT);
  MlirValue better = tcBCmpF(b, pred, v, best);
  MlirValue vIsNan = tcBCmpF(b, TC_CMPF_UNO, v, v);
  MlirValue either = tcBBinary(b, "arith.ori", better, vIsNan);
  if (last) // a NaN replaces anything, NaN included
    return either;
  return tcBBinary(b, "arith.andi", either, tcBCmpF(b, TC_CMPF_ORD, best, best));
}

static MlirLogicalResult lowerArgReduce(TcLowering *l) {
  bool isMax = l->data != NULL, last = tcLowerAttrBool(l, "select_last_index");
  MlirValue x = tcLowerOperand(l, 0), result = mlirOperationGetResult(l->op, 0);
  int64_t shape[TC_MAX_RANK], bounds[TC_MAX_RANK];
  intptr_t rank = tcShapeOf(mlirValueGetType(x), shape);
  intptr_t resultRank = tcShapeOf(mlirValueGetType(result), bounds);
  int64_t axis = tcLowerAxis(l, "axis", rank);
  bool reduced[TC_MAX_RANK] = {false}, keepdims = tcLowerAttrBool(l, "keepdims");
  reduced[axis] = true;
  TcNestSpec spec = {isMax ? "argmax" : "argmin", resultRank, bounds, NULL, 1, &x, 1, &result, NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);

  TcBuilder *b = &nest.body;
  MlirType dtype = mlirShapedTypeGetElementType(mlirValueGetType(x));
  MlirValue index[TC_MAX_RANK], zero = tcBIndex(b, 0);
  operandIndex(reduced, rank, keepdims, nest.iv, &zero, index);
  MlirValue init[2] = {tcBLoad(b, nest.in[0], rank, index), zero};
  TcFor loop;
  MlirValue one = tcBIndex(b, 1);
  tcBForBegin(b, one, tcBIndex(b, shape[axis]), one, 2, init, &loop);
  TcBuilder *lb = &loop.body;
  operandIndex(reduced, rank, keepdims, nest.iv, &loop.iv, index);
  MlirValue v = tcBLoad(lb, nest.in[0], rank, index);
  MlirValue take = replacesBest(lb, dtype, isMax, last, v, loop.iter[0]);
  MlirValue yields[2] = {tcBSelect(lb, take, v, loop.iter[0]), tcBSelect(lb, take, loop.iv, loop.iter[1])};
  MlirOperation op = tcBForEnd(&loop, yields);
  MlirType i64 = mlirIntegerTypeGet(l->at.ctx, 64);
  MlirValue picked = tcBConvert(b, "arith.index_cast", mlirOperationGetResult(op, 1), i64);
  tcBStore(b, picked, nest.out[0], resultRank, nest.iv);
  return mlirLogicalResultSuccess();
}

static const TcLoweringPattern kPatterns[] = {
    {"tc_tensor.reduce_sum", lowerReduce, (const void *)(intptr_t)RK_SUM, NULL},
    {"tc_tensor.reduce_prod", lowerReduce, (const void *)(intptr_t)RK_PROD, NULL},
    {"tc_tensor.reduce_max", lowerReduce, (const void *)(intptr_t)RK_MAX, NULL},
    {"tc_tensor.reduce_min", lowerReduce, (const void *)(intptr_t)RK_MIN, NULL},
    {"tc_tensor.reduce_mean", lowerReduce, (const void *)(intptr_t)RK_MEAN, NULL},
    {"tc_tensor.argmax", lowerArgReduce, "max", NULL},
    {"tc_tensor.argmin", lowerArgReduce, NULL, NULL},
};

const TcLoweringPattern *tcReduceLowerings(intptr_t *count) {
  *count = (intptr_t)(sizeof kPatterns / sizeof kPatterns[0]);
  return kPatterns;
}
