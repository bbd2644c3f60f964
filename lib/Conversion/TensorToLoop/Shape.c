//===- Shape.c - lowering of data movement ops (§2.2.19-2.2.26) -----------===//
//
// transpose, reshape, broadcast_to, concat, split, slice, gather and pad
// move elements without arithmetic on them, so each lowers to one nest over
// its result shape (split: one nest per result) whose body computes the
// source index of the result point, loads there and stores: the result is
// bit-exact by construction. Every loop is parallel since each point writes
// only its own element.
//
// Everything the static shapes decide is decided here, at compile time:
// slice's normalised start and step, the strides reshape linearises with,
// and the degenerate cases. A result with no elements gets its buffer and
// no nest (nothing is computed); a source with no elements (concat's
// operand empty along the axis, gather from an empty axis, pad of an empty
// tensor) is not passed to the nest at all, so nothing is read from it and
// no body takes a memref whose strides are not static. Where a source index
// depends on data (gather) or on a select (concat, pad), it is clamped into
// the source's bounds before the load, so no load is ever out of bounds and
// the bodies stay branch-free.
//
// Run-time sizes (docs/dynamic-shapes.md §4): transpose takes a `?` in any
// dimension (the result's dimension k is x's perm[k], so its size is read
// from there), and reshape a `?` in the leading dimension of both x and
// the result when the remaining static extents hold the same count (the
// collapse of ?xCxHxW into ?xCHW, or its inverse): the leading index then
// needs no remainder and every stride is static; slice a `?` it takes whole
// (its index is the result's). Each needs every static size positive (an
// empty result would get no nest and no sizes).
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

//===----------------------------------------------------------------------===//
// Index arithmetic
//===----------------------------------------------------------------------===//

static MlirValue idxAdd(TcBuilder *b, MlirValue x, MlirValue y) { return tcBBinary(b, "arith.addi", x, y); }

static MlirValue idxAddConst(TcBuilder *b, MlirValue x, int64_t c) {
  return c == 0 ? x : idxAdd(b, x, tcBIndex(b, c));
}

static MlirValue idxMulConst(TcBuilder *b, MlirValue x, int64_t c) {
  return c == 1 ? x : tcBBinary(b, "arith.muli", x, tcBIndex(b, c));
}

/// `x` clamped into [lo, hi] (signed).
static MlirValue idxClamp(TcBuilder *b, MlirValue x, int64_t lo, int64_t hi) {
  MlirValue low = tcBBinary(b, "arith.maxsi", x, tcBIndex(b, lo));
  return tcBBinary(b, "arith.minsi", low, tcBIndex(b, hi));
}

/// The zero of the signless buffer element type `t` (stored where the spec
/// leaves a value unspecified and nothing may be read).
static MlirValue zeroOf(TcBuilder *b, MlirType t) {
  return mlirTypeIsAFloat(t) ? tcBConstFloat(b, t, 0.0) : tcBConstInt(b, t, 0);
}

static MlirType elementOf(MlirValue buffer) { return mlirShapedTypeGetElementType(mlirValueGetType(buffer)); }

static int64_t elementCount(const int64_t *shape, intptr_t rank) {
  int64_t n = 1;
  for (intptr_t i = 0; i < rank; ++i)
    n *= shape[i];
  return n;
}

/// Begins the one nest of a single-result, single-input op over its result
/// shape; returns the result rank. A `?` of the result gets bound -1 and
/// its size from x's dimension `from[k]` (k the result's dimension; `from`
/// may be NULL for an op whose result is static).
static intptr_t beginSizedNest(TcLowering *l, const char *kind, const int64_t *from, int64_t *bounds,
                               TcNest *nest) {
  MlirValue input = tcLowerOperand(l, 0);
  MlirValue result = mlirOperationGetResult(l->op, 0);
  MlirType type = mlirValueGetType(result);
  intptr_t rank = tcShapeOf(type, bounds);
  int64_t sizeFrom[2 * TC_MAX_RANK], nSizes = 0;
  for (intptr_t k = 0; k < rank; ++k)
    if (mlirShapedTypeIsDynamicDim(type, k))
      bounds[k] = -1, sizeFrom[nSizes++] = 0, sizeFrom[nSizes++] = from[k];
  TcNestSpec spec = {kind, rank, bounds, NULL, 1, &input, 1, &result, nSizes ? sizeFrom : NULL};
  tcLowerBeginNest(l, &spec, nest);
  return rank;
}

static intptr_t beginUnaryNest(TcLowering *l, const char *kind, int64_t *bounds, TcNest *nest) {
  return beginSizedNest(l, kind, NULL, bounds, nest);
}

/// Loads the input at `index` and stores it at the nest's point.
static void copyFrom(TcNest *nest, intptr_t inRank, const MlirValue *index, intptr_t outRank) {
  MlirValue value = tcBLoad(&nest->body, nest->in[0], inRank, index);
  tcBStore(&nest->body, value, nest->out[0], outRank, nest->iv);
}

//===----------------------------------------------------------------------===//
// transpose, reshape, broadcast_to
//===----------------------------------------------------------------------===//

/// result[i] = x[j] with j[perm[k]] = i[k].
static MlirLogicalResult lowerTranspose(TcLowering *l) {
  if (tcLowerEmptyResults(l))
    return mlirLogicalResultSuccess();
  int64_t bounds[TC_MAX_RANK], perm[TC_MAX_RANK];
  TcNest nest;
  tcLowerAttrI64Array(l, "perm", perm, TC_MAX_RANK);
  intptr_t rank = beginSizedNest(l, "transpose", perm, bounds, &nest);
  MlirValue index[TC_MAX_RANK];
  for (intptr_t k = 0; k < rank; ++k)
    index[perm[k]] = nest.iv[k];
  copyFrom(&nest, rank, index, rank);
  return mlirLogicalResultSuccess();
}

/// Row-major: the result point's linear position l, then x's index at l
/// (j_k = (l / stride_k) mod d_k). Dimensions of size 1 read index 0; the
/// outermost needs no remainder since l < ∏ d.
static bool reshapeDynamic(MlirOperation op);
static MlirLogicalResult lowerReshapeRunTime(TcLowering *l);

static MlirLogicalResult lowerReshape(TcLowering *l) {
  if (tcLowerEmptyResults(l))
    return mlirLogicalResultSuccess();
  bool dynamic = !mlirShapedTypeHasStaticShape(mlirValueGetType(tcLowerOperand(l, 0))) ||
                 !mlirShapedTypeHasStaticShape(tcLowerResultType(l, 0));
  if (dynamic && !reshapeDynamic(l->op))
    return lowerReshapeRunTime(l);
  int64_t bounds[TC_MAX_RANK], shape[TC_MAX_RANK], leading[TC_MAX_RANK] = {0};
  TcNest nest;
  intptr_t rank = beginSizedNest(l, "reshape", leading, bounds, &nest); // a `?` is x's leading (reshapeDynamic)
  intptr_t inRank = tcShapeOf(mlirValueGetType(tcLowerOperand(l, 0)), shape);
  if (inRank > 0 && mlirShapedTypeIsDynamicDim(mlirValueGetType(tcLowerOperand(l, 0)), 0))
    shape[0] = -1; // read by no stride: the leading index takes no remainder
  TcBuilder *b = &nest.body;
  MlirValue linear = {NULL};
  int64_t stride = 1;
  for (intptr_t k = rank - 1; k >= 0; stride *= bounds[k], --k) {
    if (bounds[k] == 1)
      continue;
    MlirValue term = idxMulConst(b, nest.iv[k], stride);
    linear = mlirValueIsNull(linear) ? term : idxAdd(b, linear, term);
  }
  if (mlirValueIsNull(linear))
    linear = tcBIndex(b, 0);
  MlirValue index[TC_MAX_RANK];
  stride = 1;
  for (intptr_t k = inRank - 1; k >= 0; stride *= shape[k], --k) {
    if (shape[k] == 1) {
      index[k] = tcBIndex(b, 0);
      continue;
    }
    MlirValue q = stride == 1 ? linear : tcBBinary(b, "arith.divui", linear, tcBIndex(b, stride));
    index[k] = k == 0 ? q : tcBBinary(b, "arith.remui", q, tcBIndex(b, shape[k]));
  }
  copyFrom(&nest, inRank, index, rank);
  return mlirLogicalResultSuccess();
}

/// The extents of a buffer in a body: n[d] its static size, or -1 and v[d]
/// its memref.dim.
typedef struct Extents {
  intptr_t rank;
  int64_t n[TC_MAX_RANK];
  MlirValue v[TC_MAX_RANK];
} Extents;

static void extentsOf(TcBuilder *b, MlirValue buffer, Extents *e) {
  MlirType t = mlirValueGetType(buffer);
  e->rank = mlirShapedTypeGetRank(t);
  for (intptr_t d = 0; d < e->rank; ++d) {
    bool dynamic = mlirShapedTypeIsDynamicDim(t, d);
    e->n[d] = dynamic ? -1 : mlirShapedTypeGetDimSize(t, d);
    e->v[d] = dynamic ? tcBDim(b, buffer, d) : (MlirValue){NULL};
  }
}

/// x·e[d], x / e[d], x mod e[d]: by a constant where the extent is static.
static MlirValue idxExtent(TcBuilder *b, const char *op, MlirValue x, const Extents *e, intptr_t d) {
  if (e->n[d] == 1 && strcmp(op, "arith.remui") != 0)
    return x;
  return tcBBinary(b, op, x, e->n[d] >= 0 ? tcBIndex(b, e->n[d]) : e->v[d]);
}

/// index[0..top] of `lin` in row-major order over e's dimensions [0, top];
/// the outermost takes no remainder (lin is below the count).
static void decompose(TcBuilder *b, MlirValue lin, const Extents *e, intptr_t top, MlirValue *index) {
  for (intptr_t k = top; k >= 0; --k) {
    if (e->n[k] == 1) {
      index[k] = tcBIndex(b, 0);
      continue;
    }
    index[k] = k == 0 ? lin : idxExtent(b, "arith.remui", lin, e, k);
    if (k > 0)
      lin = idxExtent(b, "arith.divui", lin, e, k);
  }
}

/// True if a nest over `from` (a reshape's x or result type) finds the
/// other side's index with static divisors in its innermost loop: both
/// last extents static and `to`'s a multiple of `from`'s.
static bool rowsAlign(MlirType from, MlirType to) {
  intptr_t r = mlirShapedTypeGetRank(from), q = mlirShapedTypeGetRank(to);
  if (r < 2 || q < 1 || mlirShapedTypeIsDynamicDim(from, r - 1) || mlirShapedTypeIsDynamicDim(to, q - 1))
    return false;
  return mlirShapedTypeGetDimSize(to, q - 1) % mlirShapedTypeGetDimSize(from, r - 1) == 0;
}

/// The body of a reshape with run-time sizes over side `from` (the nest's
/// buffer whose shape it spans): the other side's index of the point's
/// row-major position l, into `index`. The linearisation multiplies by
/// run-time extents; the decomposition divides by them only outside the
/// innermost loop where the rows align (rowsAlign: l = o·a + i with i < a
/// and a dividing the other side's last extent b, so that side's last
/// index is (o·a mod b) + i and the rest decompose o·a / b, which LLVM
/// hoists out of the innermost loop), else at every point.
static void reshapeIndex(TcNest *nest, MlirValue from, MlirValue to, MlirValue *index) {
  TcBuilder *b = &nest->body;
  Extents f, t;
  extentsOf(b, from, &f);
  extentsOf(b, to, &t);
  intptr_t r = f.rank, q = t.rank;
  MlirValue last = nest->iv[r - 1], outer = r > 1 ? nest->iv[0] : (MlirValue){NULL};
  for (intptr_t k = 1; k < r - 1; ++k)
    outer = idxAdd(b, idxExtent(b, "arith.muli", outer, &f, k), nest->iv[k]);
  if (rowsAlign(mlirValueGetType(from), mlirValueGetType(to))) {
    MlirValue base = idxMulConst(b, outer, f.n[r - 1]);
    index[q - 1] = idxAdd(b, q == 1 ? base : idxExtent(b, "arith.remui", base, &t, q - 1), last);
    if (q > 1)
      decompose(b, idxExtent(b, "arith.divui", base, &t, q - 1), &t, q - 2, index);
    return;
  }
  MlirValue lin = r == 1 ? last : idxAdd(b, idxExtent(b, "arith.muli", outer, &f, r - 1), last);
  decompose(b, lin, &t, q - 1, index);
}

/// reshape with run-time sizes beyond a kept leading `?` (reshapeRunTime):
/// one nest over the result's shape, or over x's where only that side's
/// rows align (reshapeIndex); the result's `?` is x's count over the
/// result's static sizes.
static MlirLogicalResult lowerReshapeRunTime(TcLowering *l) {
  MlirValue x = tcLowerOperand(l, 0), result = mlirOperationGetResult(l->op, 0);
  MlirType xt = mlirValueGetType(x), rt = mlirValueGetType(result);
  bool overX = !rowsAlign(rt, xt) && rowsAlign(xt, rt);
  int64_t bounds[TC_MAX_RANK], sizeFrom[2] = {TC_SIZE_QUOTIENT, 0}, boundFrom[2 * TC_MAX_RANK];
  MlirType over = overX ? xt : rt;
  intptr_t rank = tcShapeOf(over, bounds), nBounds = 0;
  for (intptr_t k = 0; k < rank; ++k)
    if (mlirShapedTypeIsDynamicDim(over, k))
      bounds[k] = -1, boundFrom[nBounds++] = overX ? 0 : 1, boundFrom[nBounds++] = k;
  bool sized = !mlirShapedTypeHasStaticShape(rt);
  TcNestSpec spec = {"reshape", rank, bounds, NULL, 1, &x, 1, &result, sized ? sizeFrom : NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);
  if (nBounds) // over x, x's sizes; over the result, its own (tcLowerBeginNest's default, the same)
    mlirOperationSetAttributeByName(nest.nest, mlirStringRefCreateFromCString("bound_dims"),
                                    mlirDenseI64ArrayGet(l->at.ctx, nBounds, boundFrom));
  MlirValue index[TC_MAX_RANK];
  intptr_t xRank = mlirShapedTypeGetRank(xt), rRank = mlirShapedTypeGetRank(rt);
  if (overX) {
    reshapeIndex(&nest, nest.in[0], nest.out[0], index);
    MlirValue value = tcBLoad(&nest.body, nest.in[0], xRank, nest.iv);
    tcBStore(&nest.body, value, nest.out[0], rRank, index);
  } else {
    reshapeIndex(&nest, nest.out[0], nest.in[0], index);
    copyFrom(&nest, xRank, index, rRank);
  }
  return mlirLogicalResultSuccess();
}

/// result[i] = x[bc(i, x.shape)].
static MlirLogicalResult lowerBroadcastTo(TcLowering *l) {
  if (tcLowerEmptyResults(l))
    return mlirLogicalResultSuccess();
  int64_t bounds[TC_MAX_RANK];
  TcNest nest;
  intptr_t rank = beginUnaryNest(l, "broadcast_to", bounds, &nest);
  MlirType type = mlirValueGetType(tcLowerOperand(l, 0));
  MlirValue index[TC_MAX_RANK];
  tcBroadcastIndex(&nest.body, nest.iv, rank, type, index);
  copyFrom(&nest, mlirShapedTypeGetRank(type), index, rank);
  return mlirLogicalResultSuccess();
}

//===----------------------------------------------------------------------===//
// concat, split
//===----------------------------------------------------------------------===//

/// result[a, j, b] is lhs[a, j, b] for j < o, else rhs[a, j - o, b]. Both
/// are loaded at indices clamped along `axis` and one is selected; an
/// operand empty along the axis is never loaded (the other is the result).
static MlirLogicalResult lowerConcat(TcLowering *l) {
  if (tcLowerEmptyResults(l))
    return mlirLogicalResultSuccess();
  MlirValue inputs[2] = {tcLowerOperand(l, 0), tcLowerOperand(l, 1)};
  MlirValue result = mlirOperationGetResult(l->op, 0);
  int64_t bounds[TC_MAX_RANK], lhsShape[TC_MAX_RANK], rhsShape[TC_MAX_RANK];
  intptr_t rank = tcShapeOf(mlirValueGetType(result), bounds);
  tcShapeOf(mlirValueGetType(inputs[0]), lhsShape);
  tcShapeOf(mlirValueGetType(inputs[1]), rhsShape);
  int64_t axis = tcLowerAxis(l, "axis", rank);
  int64_t o = lhsShape[axis], m = rhsShape[axis];
  // An operand empty along the axis is not even passed: the other one is
  // the result.
  bool both = o != 0 && m != 0;
  TcNestSpec spec = {"concat", rank, bounds, NULL, both ? 2 : 1, o == 0 ? inputs + 1 : inputs, 1, &result, NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);
  TcBuilder *b = &nest.body;
  MlirValue index[TC_MAX_RANK];
  memcpy(index, nest.iv, rank * sizeof *index);
  MlirValue j = nest.iv[axis], value;
  if (!both) {
    value = tcBLoad(b, nest.in[0], rank, index);
  } else {
    index[axis] = idxClamp(b, j, 0, o - 1);
    MlirValue lhs = tcBLoad(b, nest.in[0], rank, index);
    index[axis] = idxClamp(b, idxAddConst(b, j, -o), 0, m - 1);
    MlirValue rhs = tcBLoad(b, nest.in[1], rank, index);
    value = tcBSelect(b, tcBCmpI(b, TC_CMPI_SLT, j, tcBIndex(b, o)), lhs, rhs);
  }
  tcBStore(b, value, nest.out[0], rank, nest.iv);
  return mlirLogicalResultSuccess();
}

/// results[k][a, j, b] = x[a, k·s + j, b]: one nest per result, each
/// reading its own slab of x.
static MlirLogicalResult lowerSplit(TcLowering *l) {
  if (tcLowerEmptyResults(l))
    return mlirLogicalResultSuccess();
  MlirValue input = tcLowerOperand(l, 0);
  intptr_t n = mlirOperationGetNumResults(l->op);
  int64_t bounds[TC_MAX_RANK];
  intptr_t rank = tcShapeOf(tcLowerResultType(l, 0), bounds);
  int64_t axis = tcLowerAxis(l, "axis", rank);
  for (intptr_t k = 0; k < n; ++k) {
    MlirValue result = mlirOperationGetResult(l->op, k);
    TcNestSpec spec = {"split", rank, bounds, NULL, 1, &input, 1, &result, NULL};
    TcNest nest;
    tcLowerBeginNest(l, &spec, &nest);
    MlirValue index[TC_MAX_RANK];
    memcpy(index, nest.iv, rank * sizeof *index);
    index[axis] = idxAddConst(&nest.body, nest.iv[axis], k * bounds[axis]);
    copyFrom(&nest, rank, index, rank);
  }
  return mlirLogicalResultSuccess();
}

//===----------------------------------------------------------------------===//
// slice, gather
//===----------------------------------------------------------------------===//

/// The normalised start of one axis of slice (§2.2.24 steps 1-2).
static int64_t sliceStart(int64_t s, int64_t n, int64_t t) {
  if (s < 0)
    s += n;
  int64_t lo = t > 0 ? 0 : -1, hi = t > 0 ? n : n - 1;
  return s < lo ? lo : s > hi ? hi : s;
}

/// result[j] = x[s + j·t] per axis; the result type holds the extents, so
/// every index the nest reaches is in bounds.
static MlirLogicalResult lowerSlice(TcLowering *l) {
  if (tcLowerEmptyResults(l))
    return mlirLogicalResultSuccess();
  int64_t bounds[TC_MAX_RANK], shape[TC_MAX_RANK], starts[TC_MAX_RANK], steps[TC_MAX_RANK], same[TC_MAX_RANK];
  TcNest nest;
  for (intptr_t k = 0; k < TC_MAX_RANK; ++k)
    same[k] = k; // a `?` axis is taken whole (sliceDynamic): its size is x's
  intptr_t rank = beginSizedNest(l, "slice", same, bounds, &nest);
  tcShapeOf(mlirValueGetType(tcLowerOperand(l, 0)), shape);
  tcLowerAttrI64Array(l, "starts", starts, TC_MAX_RANK);
  tcLowerAttrI64Array(l, "steps", steps, TC_MAX_RANK);
  MlirValue index[TC_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i) {
    if (bounds[i] < 0) { // start 0, step 1
      index[i] = nest.iv[i];
      continue;
    }
    int64_t s = sliceStart(starts[i], shape[i], steps[i]);
    index[i] = idxAddConst(&nest.body, idxMulConst(&nest.body, nest.iv[i], steps[i]), s);
  }
  copyFrom(&nest, rank, index, rank);
  return mlirLogicalResultSuccess();
}

/// result[a, j, b] = data[a, k, b] with k = indices[j] (+ n if negative),
/// clamped into [0, n - 1] before the load (an out-of-range index reads
/// some element, its value unspecified by the spec). With n = 0 nothing is
/// read: the (unspecified) result is zero.
static MlirLogicalResult lowerGather(TcLowering *l) {
  if (tcLowerEmptyResults(l))
    return mlirLogicalResultSuccess();
  MlirValue inputs[2] = {tcLowerOperand(l, 0), tcLowerOperand(l, 1)};
  MlirValue result = mlirOperationGetResult(l->op, 0);
  int64_t bounds[TC_MAX_RANK], shape[TC_MAX_RANK];
  intptr_t rank = tcShapeOf(mlirValueGetType(result), bounds);
  intptr_t r = tcShapeOf(mlirValueGetType(inputs[0]), shape);
  intptr_t q = mlirShapedTypeGetRank(mlirValueGetType(inputs[1]));
  int64_t axis = tcLowerAxis(l, "axis", r), n = shape[axis];
  TcNestSpec spec = {"gather", rank, bounds, NULL, n == 0 ? 0 : 2, inputs, 1, &result, NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);
  TcBuilder *b = &nest.body;
  if (n == 0) { // every index is out of range: read nothing
    tcBStore(b, zeroOf(b, elementOf(nest.out[0])), nest.out[0], rank, nest.iv);
    return mlirLogicalResultSuccess();
  }
  MlirValue raw = tcBLoad(b, nest.in[1], q, nest.iv + axis);
  MlirValue k = tcBConvert(b, "arith.index_cast", raw, mlirIndexTypeGet(b->ctx));
  MlirValue negative = tcBCmpI(b, TC_CMPI_SLT, k, tcBIndex(b, 0));
  k = idxClamp(b, tcBSelect(b, negative, idxAddConst(b, k, n), k), 0, n - 1);
  MlirValue index[TC_MAX_RANK];
  for (intptr_t i = 0; i < r; ++i)
    index[i] = i < axis ? nest.iv[i] : i == axis ? k : nest.iv[i + q - 1];
  MlirValue value = tcBLoad(b, nest.in[0], r, index);
  tcBStore(b, value, nest.out[0], rank, nest.iv);
  return mlirLogicalResultSuccess();
}

//===----------------------------------------------------------------------===//
// pad
//===----------------------------------------------------------------------===//

typedef enum { PAD_CONSTANT, PAD_REFLECT, PAD_EDGE } PadMode;

static PadMode padMode(TcLowering *l) {
  MlirStringRef mode =
      mlirStringAttrGetValue(mlirOperationGetAttributeByName(l->op, mlirStringRefCreateFromCString("mode")));
  if (mlirStringRefEqual(mode, mlirStringRefCreateFromCString("reflect")))
    return PAD_REFLECT;
  if (mlirStringRefEqual(mode, mlirStringRefCreateFromCString("edge")))
    return PAD_EDGE;
  return PAD_CONSTANT;
}

/// f64 `v` converted to an integer of `width` bits as cast does (§2.2.6):
/// truncated toward zero, saturated, NaN -> 0; the bits, as int64_t.
static int64_t castF64ToInt(double v, unsigned width, bool isUnsigned) {
  if (isnan(v))
    return 0;
  v = trunc(v);
  if (isUnsigned) {
    double max = ldexp(1.0, (int)width); // exclusive
    if (v <= 0)
      return 0;
    return v >= max ? (int64_t)(width == 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1) : (int64_t)(uint64_t)v;
  }
  double lim = ldexp(1.0, (int)width - 1);
  if (v >= lim)
    return (int64_t)((UINT64_C(1) << (width - 1)) - 1);
  if (v < -lim)
    return width == 64 ? INT64_MIN : -((int64_t)1 << (width - 1));
  return (int64_t)v;
}

/// The constant-mode fill value in the buffer's element type.
static MlirValue padValue(TcLowering *l, TcBuilder *b, MlirType dtype) {
  double v = tcLowerAttrFloat(l, "value");
  MlirType t = tcSignlessType(dtype);
  if (mlirTypeIsAFloat(t))
    return tcBConstFloat(b, t, v); // rounds to nearest even, as cast does
  if (tcIntWidth(t) == 1)
    return tcBConstInt(b, t, v != 0.0); // float -> i1: x != 0 (NaN is true)
  return tcBConstInt(b, t, castF64ToInt(v, tcIntWidth(t), tcIsUnsigned(dtype)));
}

/// The source index along one axis for result index `o` (s = o - begin),
/// by mode; returns it clamped into [0, d - 1] and sets `*inside` to
/// 0 <= s < d (null when it always holds).
static MlirValue padSource(TcBuilder *b, PadMode mode, MlirValue o, int64_t begin, int64_t end, int64_t d,
                           MlirValue *inside) {
  MlirValue s = idxAddConst(b, o, -begin);
  *inside = (MlirValue){NULL};
  if (begin <= 0 && end <= 0)
    return s; // cropping only: every s is inside
  if (mode == PAD_CONSTANT) {
    MlirValue lo = tcBCmpI(b, TC_CMPI_SGE, s, tcBIndex(b, 0));
    MlirValue hi = tcBCmpI(b, TC_CMPI_SLT, s, tcBIndex(b, d));
    *inside = tcBBinary(b, "arith.andi", lo, hi);
  } else if (mode == PAD_REFLECT) {
    // ref(s) = -s for s < 0, 2(d - 1) - s for s >= d, s otherwise.
    MlirValue zero = tcBIndex(b, 0);
    MlirValue below = tcBCmpI(b, TC_CMPI_SLT, s, zero);
    MlirValue above = tcBCmpI(b, TC_CMPI_SGE, s, tcBIndex(b, d));
    MlirValue mirrored = tcBBinary(b, "arith.subi", tcBIndex(b, 2 * (d - 1)), s);
    s = tcBSelect(b, above, mirrored, s);
    s = tcBSelect(b, below, tcBBinary(b, "arith.subi", zero, s), s);
  }
  return idxClamp(b, s, 0, d - 1);
}

/// result[o] = x[s] where s = o - begins lies inside x, otherwise the
/// constant, the edge element or the reflected element. In constant mode
/// x is loaded at the clamped index and the fill value selected outside;
/// an x with no elements is not passed to the nest (in reflect and edge
/// modes its result is empty too).
static MlirLogicalResult lowerPad(TcLowering *l) {
  if (tcLowerEmptyResults(l))
    return mlirLogicalResultSuccess();
  int64_t bounds[TC_MAX_RANK], shape[TC_MAX_RANK], pads[2 * TC_MAX_RANK];
  MlirValue input = tcLowerOperand(l, 0), result = mlirOperationGetResult(l->op, 0);
  MlirType inType = mlirValueGetType(input);
  intptr_t rank = tcShapeOf(inType, shape);
  tcShapeOf(mlirValueGetType(result), bounds);
  tcLowerAttrI64Array(l, "pads", pads, 2 * TC_MAX_RANK);
  PadMode mode = padMode(l);
  MlirType dtype = mlirShapedTypeGetElementType(inType);
  // An empty x (constant mode only, else the result is empty) is not passed.
  bool emptyInput = elementCount(shape, rank) == 0;
  TcNestSpec spec = {"pad", rank, bounds, NULL, emptyInput ? 0 : 1, &input, 1, &result, NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);
  TcBuilder *b = &nest.body;
  if (emptyInput) {
    tcBStore(b, padValue(l, b, dtype), nest.out[0], rank, nest.iv);
    return mlirLogicalResultSuccess();
  }
  MlirValue index[TC_MAX_RANK], inside = {NULL};
  for (intptr_t i = 0; i < rank; ++i) {
    MlirValue in;
    index[i] = padSource(b, mode, nest.iv[i], pads[i], pads[rank + i], shape[i], &in);
    if (!mlirValueIsNull(in))
      inside = mlirValueIsNull(inside) ? in : tcBBinary(b, "arith.andi", inside, in);
  }
  MlirValue value = tcBLoad(b, nest.in[0], rank, index);
  if (mode == PAD_CONSTANT && !mlirValueIsNull(inside))
    value = tcBSelect(b, inside, value, padValue(l, b, dtype));
  tcBStore(b, value, nest.out[0], rank, nest.iv);
  return mlirLogicalResultSuccess();
}

//===----------------------------------------------------------------------===//
// Run-time sizes
//===----------------------------------------------------------------------===//

/// The product of the static extents of `t` from dimension `from` on; -1
/// if one is `?` or 0.
static int64_t staticCountFrom(MlirType t, intptr_t from) {
  int64_t n = 1;
  for (intptr_t d = from; d < mlirShapedTypeGetRank(t); ++d) {
    if (mlirShapedTypeIsDynamicDim(t, d) || mlirShapedTypeGetDimSize(t, d) <= 0)
      return -1;
    n *= mlirShapedTypeGetDimSize(t, d);
  }
  return n;
}

/// transpose with `?` anywhere; every static size positive.
static bool transposeDynamic(MlirOperation op) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
    if (!mlirShapedTypeIsDynamicDim(t, d) && mlirShapedTypeGetDimSize(t, d) <= 0)
      return false;
  return true;
}

/// reshape with a `?` leading x's and the result's dimensions (rank >= 1
/// each), the rest static, positive and of equal count: the result's `?`
/// is then x's.
static bool reshapeDynamic(MlirOperation op) {
  MlirType x = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType r = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (mlirShapedTypeGetRank(x) < 1 || mlirShapedTypeGetRank(r) < 1 || !mlirShapedTypeIsDynamicDim(x, 0) ||
      !mlirShapedTypeIsDynamicDim(r, 0))
    return false;
  int64_t n = staticCountFrom(x, 1);
  return n > 0 && n == staticCountFrom(r, 1);
}

/// slice with `?`s, each taken whole (tc-verify), every static size of x
/// and of the result positive.
static bool sliceDynamic(MlirOperation op) {
  MlirType types[2] = {mlirValueGetType(mlirOperationGetOperand(op, 0)),
                       mlirValueGetType(mlirOperationGetResult(op, 0))};
  for (int t = 0; t < 2; ++t)
    for (intptr_t d = 0; d < mlirShapedTypeGetRank(types[t]); ++d)
      if (!mlirShapedTypeIsDynamicDim(types[t], d) && mlirShapedTypeGetDimSize(types[t], d) <= 0)
        return false;
  return true;
}

/// Any other reshape with run-time sizes (lowerReshapeRunTime): rank >= 1
/// on both sides, every static size positive.
static bool reshapeRunTime(MlirOperation op) {
  MlirType types[2] = {mlirValueGetType(mlirOperationGetOperand(op, 0)),
                       mlirValueGetType(mlirOperationGetResult(op, 0))};
  for (int t = 0; t < 2; ++t) {
    if (mlirShapedTypeGetRank(types[t]) < 1)
      return false;
    for (intptr_t d = 0; d < mlirShapedTypeGetRank(types[t]); ++d)
      if (!mlirShapedTypeIsDynamicDim(types[t], d) && mlirShapedTypeGetDimSize(types[t], d) <= 0)
        return false;
  }
  return true;
}

static bool reshapeAnyDynamic(MlirOperation op) { return reshapeDynamic(op) || reshapeRunTime(op); }

static const TcLoweringPattern kPatterns[] = {
    {"tc_tensor.transpose", lowerTranspose, NULL, transposeDynamic},
    {"tc_tensor.reshape", lowerReshape, NULL, reshapeAnyDynamic},
    {"tc_tensor.broadcast_to", lowerBroadcastTo, NULL, NULL},
    {"tc_tensor.concat", lowerConcat, NULL, NULL},
    {"tc_tensor.split", lowerSplit, NULL, NULL},
    {"tc_tensor.slice", lowerSlice, NULL, sliceDynamic},
    {"tc_tensor.gather", lowerGather, NULL, NULL},
    {"tc_tensor.pad", lowerPad, NULL, NULL},
};

const TcLoweringPattern *tcShapeLowerings(intptr_t *count) {
  *count = (intptr_t)(sizeof kPatterns / sizeof kPatterns[0]);
  return kPatterns;
}
