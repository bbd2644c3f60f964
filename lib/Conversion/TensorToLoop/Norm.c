//===- Norm.c - lowering of softmax, log_softmax, layer_norm, batch_norm (§2.2.14-2.2.16) ===//
//
// softmax and log_softmax are one nest over x's shape with the axis
// dimension collapsed to 1: each point owns one slice along the axis and
// writes all of it, so every loop is parallel. The body makes three passes
// over the slice in tcLowerAccumulationType (f32 for f16 and bf16): the
// maximum m (arith.maximumf, so NaN propagates), s = Σ e^(x−m), then
// y = e^(x−m)/s or (x−m) − ln s; the first two in partial accumulators where
// the contract allows (Lanes.c). Softmax keeps each e^(x−m) of a slice of at
// most kSoftmaxScratch elements in a stack buffer of the body, so the last
// pass divides the same value instead of computing it again (longer slices
// recompute it: same value, more time). The spec's special values fall out of
// IEEE arithmetic: a NaN or +inf makes m NaN or +inf and x−m NaN somewhere,
// so s and every y are NaN; an all −inf slice gives −inf − −inf = NaN; a
// −inf element among finite ones gives e^−inf = +0 and −inf − ln s = −inf.
// With run-time sizes (docs/dynamic-shapes.md §4, softmaxDynamic) any
// dimension but the axis may be `?`: its bound is -1 and its size x's;
// layer_norm's `?`s are among its rows (layerNormDynamic), likewise.
//
// layer_norm is one nest over x.shape[:axis] (parallel: each point owns one
// row); the body loops over the row's dimensions three times: the sum (from
// −0, so a row of −0s has mean −0) with the row's min and max; then the sums
// of the deviations d = x − mean and of d², the first giving the mean's
// rounding error (the corrected two-pass algorithm: d − Σd/D stays accurate
// when the row's spread is tiny against its mean; both passes in partial
// accumulators where the contract allows, Lanes.c); then the normalised
// values times the broadcast scale, plus the bias if there is one (an absent
// bias adds nothing, keeping −0). All in the accumulation type. A constant
// row has the exact mean min = max, which a rounded sum / D may miss; the
// body then takes the min, so that x − μ is exactly 0 and epsilon = 0 gives
// 0/0 = NaN as the spec says.
//
// batch_norm is elementwise over x (all loops parallel) and reads its
// per-channel operands at index[1]. Its formula chains four roundings, more
// than the default contract's few ulp allow in the dtype, so it is
// computed in f64 (f16, bf16, f32 widened) and rounded once.
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

#include <math.h>

//===-- Loops over a row --------------------------------------------------===//


/// Loads buffer[index] as a value of float type `ct` (widening if needed).
static MlirValue loadAs(TcBuilder *b, MlirValue buffer, intptr_t rank, const MlirValue *index, MlirType ct) {
  MlirValue v = tcBLoad(b, buffer, rank, index);
  return mlirTypeEqual(mlirValueGetType(v), ct) ? v : tcBConvert(b, "arith.extf", v, ct);
}

/// Stores `v` (of float type `ct`) to buffer[index], narrowing if needed.
static void storeFrom(TcBuilder *b, MlirValue v, MlirValue buffer, intptr_t rank, const MlirValue *index) {
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(buffer));
  if (!mlirTypeEqual(mlirValueGetType(v), elem))
    v = tcBConvert(b, "arith.truncf", v, elem);
  tcBStore(b, v, buffer, rank, index);
}

//===-- softmax, log_softmax --------------------------------------------------===//

/// The two reductions over a softmax slice: its maximum, then Σ e^(x−max).
typedef struct SliceStep {
  const TcNest *nest;
  intptr_t rank;
  int64_t axis;
  MlirType ct;
  MlirValue max;     ///< for the sum
  MlirValue scratch; ///< if not null, the sum pass keeps each e^(x−max) here
} SliceStep;

/// The longest softmax slice whose exponentials are kept (in a stack buffer
/// of the body, 8 bytes each) rather than computed again by the last pass.
enum { kSoftmaxScratch = 4096 };

/// x[index with index[axis] = i], widened to ct.
static MlirValue sliceAt(TcBuilder *b, const SliceStep *s, MlirValue i) {
  MlirValue index[TC_MAX_RANK];
  for (intptr_t d = 0; d < s->rank; ++d)
    index[d] = d == s->axis ? i : s->nest->iv[d];
  return loadAs(b, s->nest->in[0], s->rank, index, s->ct);
}

static void sliceMaxStep(void *ctx, TcBuilder *b, const MlirValue *iv, const MlirValue *acc, MlirValue *next) {
  *next = tcBBinary(b, "arith.maximumf", *acc, sliceAt(b, ctx, iv[0]));
}

static void sliceExpStep(void *ctx, TcBuilder *b, const MlirValue *iv, const MlirValue *acc, MlirValue *next) {
  const SliceStep *s = ctx;
  MlirValue e = tcBUnary(b, "math.exp", tcBBinary(b, "arith.subf", sliceAt(b, s, iv[0]), s->max));
  if (!mlirValueIsNull(s->scratch))
    tcBStore(b, e, s->scratch, 1, iv);
  *next = tcBBinary(b, "arith.addf", *acc, e);
}

/// A stack buffer of `n` values of `ct` in the body.
static MlirValue stackBuffer(TcBuilder *b, int64_t n, MlirType ct) {
  return tcBAlloc(b, "memref.alloca", mlirMemRefTypeContiguousGet(ct, 1, &n, mlirAttributeGetNull()), 64);
}

static MlirLogicalResult lowerSoftmax(TcLowering *l) {
  bool isLog = l->data != NULL;
  MlirValue x = tcLowerOperand(l, 0), result = mlirOperationGetResult(l->op, 0);
  int64_t shape[TC_MAX_RANK], bounds[TC_MAX_RANK];
  intptr_t rank = tcShapeOf(mlirValueGetType(x), shape);
  int64_t axis = tcLowerAxis(l, "axis", rank), n = shape[axis];
  int64_t sizeFrom[2 * TC_MAX_RANK], nSizes = 0;
  for (intptr_t i = 0; i < rank; ++i) {
    bounds[i] = i == axis ? (n > 0) : shape[i];
    if (mlirShapedTypeIsDynamicDim(mlirValueGetType(x), i)) // softmaxDynamic: not the axis
      bounds[i] = -1, sizeFrom[nSizes++] = 0, sizeFrom[nSizes++] = i;
  }
  MlirType ct = tcLowerAccumulationType(l, mlirShapedTypeGetElementType(mlirValueGetType(x)));
  TcNestSpec spec = {isLog ? "log_softmax" : "softmax", rank, bounds, NULL, 1, &x, 1, &result,
                     nSizes ? sizeFrom : NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);
  TcBuilder *b = &nest.body;

  MlirValue m = tcBConstFloat(b, ct, -INFINITY), s = tcBConstFloat(b, ct, 0.0);
  int lanes = tcLowerReductionLanes(l, n);
  SliceStep step = {&nest, rank, axis, ct, {NULL}, {NULL}};
  if (!isLog && n >= 1 && n <= kSoftmaxScratch) // e^(x−m) once per element
    step.scratch = stackBuffer(b, n, ct);
  const char *maxFold = "arith.maximumf", *sumFold = "arith.addf";
  tcLowerLaneReduce(b, 1, &n, 1, &m, &maxFold, lanes, sliceMaxStep, &step, &m);
  step.max = m;
  tcLowerLaneReduce(b, 1, &n, 1, &s, &sumFold, lanes, sliceExpStep, &step, &s);

  TcFor loop;
  MlirValue logSum = isLog ? tcBUnary(b, "math.log", s) : s;
  tcBForRange(b, n, 0, NULL, &loop);
  TcBuilder *lb = &loop.body;
  MlirValue y;
  if (!mlirValueIsNull(step.scratch)) {
    y = tcBBinary(lb, "arith.divf", tcBLoad(lb, step.scratch, 1, &loop.iv), s);
  } else {
    MlirValue d = tcBBinary(lb, "arith.subf", sliceAt(lb, &step, loop.iv), m);
    y = isLog ? tcBBinary(lb, "arith.subf", d, logSum) : tcBBinary(lb, "arith.divf", tcBUnary(lb, "math.exp", d), s);
  }
  MlirValue index[TC_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i)
    index[i] = i == axis ? loop.iv : nest.iv[i];
  storeFrom(lb, y, nest.out[0], rank, index);
  tcBForEnd(&loop, NULL);
  return mlirLogicalResultSuccess();
}

//===-- layer_norm ------------------------------------------------------------===//

/// What the three passes over a row share.
typedef struct Row {
  TcNest *nest;
  intptr_t rank, axis; ///< x's rank; the row is dimensions [axis, rank)
  int64_t shape[TC_MAX_RANK];
  MlirType ct;
  MlirValue scale, bias; ///< tensors (bias may be null)
  int lanes;             ///< of the row's sums (Lanes.c)
  MlirValue mean;        ///< for the second pass
} Row;

/// x at the row position `iv` (the row's loop ivs), in ct.
static MlirValue rowAt(TcBuilder *b, const Row *r, const MlirValue *iv) {
  MlirValue index[TC_MAX_RANK];
  for (intptr_t i = 0; i < r->rank; ++i)
    index[i] = i < r->axis ? r->nest->iv[i] : iv[i - r->axis];
  return loadAs(b, r->nest->in[0], r->rank, index, r->ct);
}

/// First pass: the sum, min and max of the row.
static void meanStep(void *ctx, TcBuilder *b, const MlirValue *iv, const MlirValue *acc, MlirValue *next) {
  MlirValue v = rowAt(b, ctx, iv);
  next[0] = tcBBinary(b, "arith.addf", acc[0], v);
  next[1] = tcBBinary(b, "arith.minimumf", acc[1], v);
  next[2] = tcBBinary(b, "arith.maximumf", acc[2], v);
}

/// Second pass: the sums of d = x − mean and of d².
static void sigmaStep(void *ctx, TcBuilder *b, const MlirValue *iv, const MlirValue *acc, MlirValue *next) {
  const Row *r = ctx;
  MlirValue d = tcBBinary(b, "arith.subf", rowAt(b, r, iv), r->mean);
  next[0] = tcBBinary(b, "arith.addf", acc[0], d);
  next[1] = tcBBinary(b, "arith.addf", acc[1], tcBBinary(b, "arith.mulf", d, d));
}

/// Begins loops over the row and returns x at the innermost point, in ct.
static MlirValue rowBegin(const Row *r, intptr_t nIter, const MlirValue *init, TcForNest *L, MlirValue *index) {
  tcBForNestBegin(&r->nest->body, r->rank - r->axis, r->shape + r->axis, nIter, init, L);
  for (intptr_t i = 0; i < r->rank; ++i)
    index[i] = i < r->axis ? r->nest->iv[i] : L->iv[i - r->axis];
  return loadAs(&L->inner, r->nest->in[0], r->rank, index, r->ct);
}

/// scale or bias (buffer `buffer`, tensor `t`) at the row position L->iv.
static MlirValue rowOperand(const Row *r, TcForNest *L, MlirValue buffer, MlirValue t) {
  MlirValue index[TC_MAX_RANK];
  MlirType type = mlirValueGetType(t);
  tcBroadcastIndex(&L->inner, L->iv, r->rank - r->axis, type, index);
  return loadAs(&L->inner, buffer, mlirShapedTypeGetRank(type), index, r->ct);
}

/// The row's mean: the sum over D, or the common value of a constant row.
static MlirValue rowMean(const Row *r, int64_t count) {
  TcBuilder *b = &r->nest->body;
  MlirValue init[3] = {tcBConstFloat(b, r->ct, -0.0), tcBConstFloat(b, r->ct, INFINITY),
                       tcBConstFloat(b, r->ct, -INFINITY)};
  MlirValue out[3];
  const char *folds[3] = {"arith.addf", "arith.minimumf", "arith.maximumf"};
  tcLowerLaneReduce(b, r->rank - r->axis, r->shape + r->axis, 3, init, folds, r->lanes, meanStep, (void *)r, out);
  MlirValue mean = tcBBinary(b, "arith.divf", out[0], tcBConstFloat(b, r->ct, (double)count));
  // min == max but mean != min: a constant row whose rounded mean drifted.
  // (A row of -0 and +0 has min == max too, and its mean +0 is kept.)
  MlirValue drifted = tcBBinary(b, "arith.andi", tcBCmpF(b, TC_CMPF_OEQ, out[1], out[2]),
                                tcBCmpF(b, TC_CMPF_UNE, mean, out[1]));
  return tcBSelect(b, drifted, out[1], mean);
}

/// The second pass: `corr` = Σ(x − mean)/D, the rounding error of `mean`
/// (corrected two-pass algorithm), and √(σ² + epsilon) with σ² the mean
/// squared deviation. The sum of deviations starts at +0, so corr is never
/// −0 and subtracting it keeps a −0 deviation −0.
static MlirValue rowSigma(const Row *r, MlirValue mean, int64_t count, double epsilon, MlirValue *corr) {
  TcBuilder *b = &r->nest->body;
  MlirValue zero = tcBConstFloat(b, r->ct, 0.0), init[2] = {zero, zero}, sums[2];
  const char *folds[2] = {"arith.addf", "arith.addf"};
  Row withMean = *r;
  withMean.mean = mean;
  tcLowerLaneReduce(b, r->rank - r->axis, r->shape + r->axis, 2, init, folds, r->lanes, sigmaStep, &withMean, sums);
  MlirValue n = tcBConstFloat(b, r->ct, (double)count);
  *corr = tcBBinary(b, "arith.divf", sums[0], n);
  MlirValue var = tcBBinary(b, "arith.divf", sums[1], n);
  return tcBUnary(b, "math.sqrt", tcBBinary(b, "arith.addf", var, tcBConstFloat(b, r->ct, epsilon)));
}

static void rowNormalise(const Row *r, MlirValue mean, MlirValue corr, MlirValue sigma) {
  MlirValue index[TC_MAX_RANK];
  TcForNest L;
  MlirValue x = rowBegin(r, 0, NULL, &L, index);
  MlirValue d = tcBBinary(&L.inner, "arith.subf", tcBBinary(&L.inner, "arith.subf", x, mean), corr);
  MlirValue y = tcBBinary(&L.inner, "arith.divf", d, sigma);
  y = tcBBinary(&L.inner, "arith.mulf", y, rowOperand(r, &L, r->nest->in[1], r->scale));
  if (!mlirValueIsNull(r->bias))
    y = tcBBinary(&L.inner, "arith.addf", y, rowOperand(r, &L, r->nest->in[2], r->bias));
  storeFrom(&L.inner, y, r->nest->out[0], r->rank, index);
  tcBForNestEnd(&L, 0, NULL, NULL);
}

static MlirLogicalResult lowerLayerNorm(TcLowering *l) {
  intptr_t nInputs = mlirOperationGetNumOperands(l->op);
  MlirValue inputs[3], result = mlirOperationGetResult(l->op, 0);
  for (intptr_t i = 0; i < nInputs; ++i)
    inputs[i] = tcLowerOperand(l, i);
  Row r = {.scale = inputs[1], .bias = nInputs > 2 ? inputs[2] : (MlirValue){NULL}};
  r.rank = tcShapeOf(mlirValueGetType(inputs[0]), r.shape);
  r.axis = tcLowerAxis(l, "axis", r.rank);
  r.ct = tcLowerAccumulationType(l, mlirShapedTypeGetElementType(mlirValueGetType(inputs[0])));
  int64_t count = 1;
  for (intptr_t i = r.axis; i < r.rank; ++i)
    count *= r.shape[i];
  int64_t bounds[TC_MAX_RANK], sizeFrom[2 * TC_MAX_RANK], nSizes = 0;
  for (intptr_t i = 0; i < r.axis; ++i) {
    bounds[i] = r.shape[i];
    if (mlirShapedTypeIsDynamicDim(mlirValueGetType(inputs[0]), i)) // layerNormDynamic: a row index
      bounds[i] = -1, sizeFrom[nSizes++] = 0, sizeFrom[nSizes++] = i;
  }
  TcNestSpec spec = {"layer_norm", r.axis, bounds, NULL, nInputs, inputs, 1, &result, nSizes ? sizeFrom : NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);
  r.nest = &nest;
  r.lanes = r.axis < r.rank ? tcLowerReductionLanes(l, r.shape[r.rank - 1]) : 1;
  MlirValue mean = rowMean(&r, count), corr;
  MlirValue sigma = rowSigma(&r, mean, count, tcLowerAttrFloat(l, "epsilon"), &corr);
  rowNormalise(&r, mean, corr, sigma);
  return mlirLogicalResultSuccess();
}

//===-- batch_norm ------------------------------------------------------------===//

static MlirLogicalResult lowerBatchNorm(TcLowering *l) {
  MlirValue inputs[5], result = mlirOperationGetResult(l->op, 0);
  for (intptr_t i = 0; i < 5; ++i)
    inputs[i] = tcLowerOperand(l, i);
  int64_t bounds[TC_MAX_RANK];
  intptr_t rank = tcShapeOf(mlirValueGetType(result), bounds);
  TcNestSpec spec = {"batch_norm", rank, bounds, NULL, 5, inputs, 1, &result, NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);
  TcBuilder *b = &nest.body;
  MlirType f64 = mlirF64TypeGet(l->at.ctx);
  MlirValue x = loadAs(b, nest.in[0], rank, nest.iv, f64), c[5]; // c: scale, bias, mean, var
  for (intptr_t i = 1; i < 5; ++i)
    c[i] = loadAs(b, nest.in[i], 1, &nest.iv[1], f64);
  MlirValue sigma = tcBUnary(b, "math.sqrt", tcBBinary(b, "arith.addf", c[4],
                                                       tcBConstFloat(b, f64, tcLowerAttrFloat(l, "epsilon"))));
  MlirValue y = tcBBinary(b, "arith.divf", tcBBinary(b, "arith.subf", x, c[3]), sigma);
  y = tcBBinary(b, "arith.addf", tcBBinary(b, "arith.mulf", y, c[1]), c[2]);
  storeFrom(b, y, nest.out[0], rank, nest.iv);
  return mlirLogicalResultSuccess();
}

/// softmax and log_softmax with run-time sizes: a `?` anywhere but the
/// axis, which is static and non-empty (the slice loops' trip count and
/// the stack buffer's size), every static size positive. A `?` of the
/// result is x's.
static bool softmaxDynamic(MlirOperation op) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t axis = mlirIntegerAttrGetValueInt(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("axis")));
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank || mlirShapedTypeIsDynamicDim(t, axis))
    return false;
  for (intptr_t d = 0; d < rank; ++d)
    if (!mlirShapedTypeIsDynamicDim(t, d) && mlirShapedTypeGetDimSize(t, d) <= 0)
      return false;
  return true;
}

/// layer_norm with run-time sizes: a `?` among the rows only (tc-verify
/// keeps the normalised dimensions, scale and bias static), every static
/// size positive. A `?` of the result is x's.
static bool layerNormDynamic(MlirOperation op) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
    if (!mlirShapedTypeIsDynamicDim(t, d) && mlirShapedTypeGetDimSize(t, d) <= 0)
      return false;
  return true;
}

static const TcLoweringPattern kPatterns[] = {
    {"tc_tensor.softmax", lowerSoftmax, NULL, softmaxDynamic},
    {"tc_tensor.log_softmax", lowerSoftmax, "log", softmaxDynamic},
    {"tc_tensor.layer_norm", lowerLayerNorm, NULL, layerNormDynamic},
    {"tc_tensor.batch_norm", lowerBatchNorm, NULL, NULL},
};

const TcLoweringPattern *tcNormLowerings(intptr_t *count) {
  *count = (intptr_t)(sizeof kPatterns / sizeof kPatterns[0]);
  return kPatterns;
}
