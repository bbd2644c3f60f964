//===- ConvPool.c - lowering of conv2d and the pools (§2.2.10-2.2.13) ------===//
//
// Every op here becomes one nest over the result points, all loops
// parallel (each point writes only its own element). The body folds its
// window in inner scf.for loops carrying one accumulator: conv2d over
// (c, kh, kw), the 2-D pools over (kh, kw), the global pools over the
// spatial dimensions (global_avg_pool in lanes where the contract allows,
// Lanes.c). Sums accumulate in tcLowerAccumulationType (the depthwise rows
// of an f32 conv2d in f32 where the contract's f32 conv2d tolerance has
// gamma >= 1, depthwiseAccumulator) and start
// at −0, IEEE's additive identity, so a sum of −0 addends stays −0 and the
// spec's signed-zero rule holds; max starts at the empty set's value (−inf,
// the signed minimum, or 0), which is also max's identity.
//
// A window tap at (ih, iw) = (oh·sh + kh·dh − pt, ow·sw + kw·dw − pl) is a
// real element only if 0 ≤ ih < H and 0 ≤ iw < W. The body never loads out
// of bounds: it clamps an outside tap to (0, 0) and selects afterwards —
// conv2d multiplies +0 in its place (a NaN weight on padding still gives
// NaN), the pools leave the accumulator unchanged. When H or W is 0 the
// input has no element to clamp to; that is static, and then no load is
// emitted at all (conv reads +0, the pools see an empty window).
//
// avg_pool2d's divisor D is computed in closed form per output point: |V|
// is the product of the per-axis counts of taps inside the input, or with
// count_include_pad the window's extent inside the padded input. The means
// (avg_pool2d, global_avg_pool) sum x / D rather than dividing the sum:
// every partial sum is then bounded by the largest |x| (|V| ≤ D), so a mean
// of values near the dtype's maximum does not overflow where the exact
// mean is finite (the spec's intermediates never overflow); the extra
// rounding per term stays inside the contract's budget for these ops.
//
// Run-time sizes (docs/dynamic-shapes.md §4): the batch of every op here,
// and the channels of the pools, may be `?` (windowDynamic). Such a result
// dimension is x's own, so its nest bound is -1 with the size read from x
// (sizeFrom), and the body is the same: it indexes that dimension with the
// loop's variable only. The input plane, the kernel and the output plane
// stay static and non-empty, so x is always read (it gives the size) and
// no window arithmetic needs a run-time value. What the sizes must satisfy
// (conv2d's channels against w) is the shape function's
// (lib/Conversion/Guards/GuardRules.c).
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

#include "../../Transforms/TransformsInternal.h"
#include "tensorc/Contract.h"
#include "tensorc/Manifest.h"

#include <stdio.h>

#include <math.h>

//===-- Shared window machinery ---------------------------------------------===//

/// Nested scf.for loops over [0, extents[i]) carrying one value.
typedef struct Loops {
  TcFor loop[TC_MAX_RANK];
  intptr_t n;
} Loops;

/// Opens `n` nested loops carrying `init`; returns the innermost builder,
/// sets ivs[i] and *acc to the innermost iteration value. With n = 0 there
/// is no loop and `b` itself is returned.
static TcBuilder *openLoops(TcBuilder *b, intptr_t n, const int64_t *extents, MlirValue init, Loops *s,
                            MlirValue *ivs, MlirValue *acc) {
  s->n = n;
  *acc = init;
  for (intptr_t i = 0; i < n; ++i) {
    tcBForRange(b, extents[i], 1, acc, &s->loop[i]);
    ivs[i] = s->loop[i].iv;
    *acc = s->loop[i].iter[0];
    b = &s->loop[i].body;
  }
  return b;
}

/// Yields `value` from the innermost loop outwards; returns the final value.
static MlirValue closeLoops(Loops *s, MlirValue value) {
  for (intptr_t i = s->n - 1; i >= 0; --i)
    value = mlirOperationGetResult(tcBForEnd(&s->loop[i], &value), 0);
  return value;
}

/// One spatial axis of a window: stride, dilation, begin and end pads,
/// kernel size and the input's size.
typedef struct Axis {
  int64_t stride, dilation, padBegin, padEnd, kernel, in;
} Axis;

/// Reads the window attributes of the op into axes[0] (H) and axes[1] (W);
/// `kernel` is the kernel size (from `w` for conv2d).
static void readAxes(TcLowering *l, bool hasDilations, const int64_t *kernel, Axis *axes) {
  int64_t strides[2], pads[4], dilations[2] = {1, 1}, x[4];
  tcLowerAttrI64Array(l, "strides", strides, 2);
  tcLowerAttrI64Array(l, "pads", pads, 4);
  if (hasDilations)
    tcLowerAttrI64Array(l, "dilations", dilations, 2);
  tcShapeOf(mlirValueGetType(tcLowerOperand(l, 0)), x);
  for (int i = 0; i < 2; ++i)
    axes[i] = (Axis){strides[i], dilations[i], pads[i], pads[i + 2], kernel[i], x[2 + i]};
}

/// The first input position o·s − padBegin of output `o` along `a`.
static MlirValue windowStart(TcBuilder *b, const Axis *a, MlirValue o) {
  MlirValue start = tcBBinary(b, "arith.muli", o, tcBIndex(b, a->stride));
  return tcBBinary(b, "arith.subi", start, tcBIndex(b, a->padBegin));
}

/// The input position start + t·d of tap `t`, and in *inside whether it
/// lies in [0, in).
static MlirValue tapPosition(TcBuilder *b, const Axis *a, MlirValue start, MlirValue t, MlirValue *inside) {
  MlirValue pos = tcBBinary(b, "arith.addi", start, tcBBinary(b, "arith.muli", t, tcBIndex(b, a->dilation)));
  MlirValue lo = tcBCmpI(b, TC_CMPI_SGE, pos, tcBIndex(b, 0));
  MlirValue hi = tcBCmpI(b, TC_CMPI_SLT, pos, tcBIndex(b, a->in));
  *inside = tcBBinary(b, "arith.andi", lo, hi);
  return pos;
}

/// Loads x[n, c, ih, iw] for the window tap (th, tw) from the starts
/// (h0, w0), clamping an outside tap to (0, 0); *valid says whether the
/// tap is a real element. x must not be empty in H or W.
static MlirValue loadTap(TcBuilder *b, MlirValue x, MlirValue n, MlirValue c, const Axis *axes,
                         const MlirValue *start, MlirValue th, MlirValue tw, MlirValue *valid) {
  MlirValue inH, inW;
  MlirValue ih = tapPosition(b, &axes[0], start[0], th, &inH);
  MlirValue iw = tapPosition(b, &axes[1], start[1], tw, &inW);
  *valid = tcBBinary(b, "arith.andi", inH, inW);
  MlirValue zero = tcBIndex(b, 0);
  MlirValue index[4] = {n, c, tcBSelect(b, *valid, ih, zero), tcBSelect(b, *valid, iw, zero)};
  return tcBLoad(b, x, 4, index);
}

/// An index value as a float of type `t` (exact for any realistic count).
static MlirValue indexToFloat(TcBuilder *b, MlirValue i, MlirType t) {
  MlirValue wide = tcBConvert(b, "arith.index_cast", i, mlirIntegerTypeGet(b->ctx, 64));
  return tcBConvert(b, "arith.sitofp", wide, t);
}

/// A nest over the result of `l->op` reading the operands whose bit is set
/// in `read` (bit i: operand i), in order: all loops parallel, one result.
/// Operands the body never reads stay out of the nest.
/// A `?` of the result (batch or channels) is x's (operand 0, read by
/// every nest with run-time sizes): bound -1 and the size from x's same
/// dimension.
static void beginNest(TcLowering *l, const char *kind, unsigned read, TcNest *nest) {
  MlirValue inputs[3], result = mlirOperationGetResult(l->op, 0);
  int64_t bounds[TC_MAX_RANK], sizeFrom[2 * TC_MAX_RANK], nSizes = 0;
  intptr_t rank = tcShapeOf(mlirValueGetType(result), bounds), nInputs = 0;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(l->op); ++i)
    if (read & (1u << i))
      inputs[nInputs++] = tcLowerOperand(l, i);
  for (intptr_t k = 0; k < rank; ++k)
    if (mlirShapedTypeIsDynamicDim(mlirValueGetType(result), k))
      bounds[k] = -1, sizeFrom[nSizes++] = 0, sizeFrom[nSizes++] = k;
  TcNestSpec spec = {kind, rank, bounds, NULL, nInputs, inputs, 1, &result, nSizes ? sizeFrom : NULL};
  tcLowerBeginNest(l, &spec, nest);
}

//===-- max: identity and combination --------------------------------------===//

/// The value of max over the empty set for `dtype` (its tc_tensor type):
/// −inf, the signed minimum, or 0 for unsigned.
static MlirValue maxIdentity(TcBuilder *b, MlirType dtype) {
  if (mlirTypeIsAFloat(dtype))
    return tcBConstFloat(b, dtype, -INFINITY);
  unsigned width = tcIntWidth(dtype);
  if (tcIsUnsigned(dtype))
    return tcBConstInt(b, dtype, 0);
  return tcBConstInt(b, dtype, width == 64 ? INT64_MIN : -(INT64_C(1) << (width - 1)));
}

/// max(acc, x) by the rules of `max`: NaN wins, +0 over −0 (maximumf).
static MlirValue maxCombine(TcBuilder *b, MlirType dtype, MlirValue acc, MlirValue x) {
  if (mlirTypeIsAFloat(dtype))
    return tcBBinary(b, "arith.maximumf", acc, x);
  return tcBBinary(b, tcIsUnsigned(dtype) ? "arith.maxui" : "arith.maxsi", acc, x);
}

//===-- conv2d --------------------------------------------------------------===//

typedef struct Conv {
  Axis axes[2];
  int64_t cg, mg; ///< input channels per group (w.shape[1]), output channels per group
  bool hasBias, xEmpty;
  MlirType dtype, acc;
} Conv;

/// True for the depthwise rows' case (lowerDepthwise): a float conv2d with
/// one input channel per group, an input plane that is not empty and an
/// output with a column.
static bool isDepthwise(TcLowering *l) {
  int64_t w[4], x[4], out[4];
  tcShapeOf(mlirValueGetType(tcLowerOperand(l, 1)), w);
  tcShapeOf(mlirValueGetType(tcLowerOperand(l, 0)), x);
  tcShapeOf(tcLowerResultType(l, 0), out);
  MlirType dtype = mlirShapedTypeGetElementType(tcLowerResultType(l, 0));
  return w[1] == 1 && x[2] > 0 && x[3] > 0 && out[3] > 0 && mlirTypeIsAFloat(dtype);
}

/// The depthwise rows' accumulator for f32 data: f32 where the contract's
/// f32 conv2d tolerance has `gamma` >= 1 (the classical bound that any
/// summation order in f32 meets, docs/contract.md §1.1; the default
/// contract's), recorded as an `accumulate` decision with that clause; else
/// the null type (tcLowerAccumulationType decides, as for every sum).
static MlirType depthwiseAccumulator(TcLowering *l, MlirType dtype) {
  if (!mlirTypeIsAF32(dtype))
    return (MlirType){NULL};
  const TcContract *contract = tcContractGetActive(l->at.ctx);
  const char *clause = NULL;
  TcTolerance t = tcContractGetTolerance(contract ? contract : tcContractGetDefault(), "conv2d", "f32", &clause);
  if (!(t.gamma >= 1))
    return (MlirType){NULL};
  char subject[512], detail[384], gammaClause[160];
  snprintf(gammaClause, sizeof gammaClause, "%s.gamma", clause);
  snprintf(detail, sizeof detail,
           "f32 values summed in f32 (depthwise rows, one input channel per group: the taps in the generic order, "
           "within the classical bound %s = %g)",
           gammaClause, t.gamma);
  TcDecision decision = {"accumulate", tcDecisionSubject(l->op, subject, sizeof subject), detail, gammaClause};
  tcManifestRecordDecision(l->at.ctx, &decision);
  return dtype;
}

static void readConv(TcLowering *l, Conv *c) {
  int64_t w[4], x[4];
  tcShapeOf(mlirValueGetType(tcLowerOperand(l, 1)), w);
  tcShapeOf(mlirValueGetType(tcLowerOperand(l, 0)), x);
  readAxes(l, true, w + 2, c->axes);
  c->cg = w[1];
  c->mg = w[0] / tcLowerAttrInt(l, "group");
  if (c->mg == 0) // M = 0: the nest never runs, but keep the division defined
    c->mg = 1;
  c->hasBias = mlirOperationGetNumOperands(l->op) == 3;
  c->xEmpty = x[2] == 0 || x[3] == 0;
  c->dtype = mlirShapedTypeGetElementType(tcLowerResultType(l, 0));
  MlirType depthwise = isDepthwise(l) ? depthwiseAccumulator(l, c->dtype) : (MlirType){NULL};
  c->acc = mlirTypeIsNull(depthwise) ? tcLowerAccumulationType(l, c->dtype) : depthwise;
}

/// The tap x[n, c, ...] of the padded input as an `acc` value: the element,
/// or +0 outside the input (and always +0 if x is empty in H or W).
static MlirValue convTap(TcBuilder *b, const Conv *c, MlirValue x, MlirValue n, MlirValue ch,
                         const MlirValue *start, MlirValue th, MlirValue tw) {
  MlirValue zero = tcBConstFloat(b, c->acc, 0.0);
  if (c->xEmpty)
    return zero;
  MlirValue valid;
  MlirValue v = tcBWiden(b, loadTap(b, x, n, ch, c->axes, start, th, tw, &valid), c->acc);
  return tcBSelect(b, valid, v, zero);
}

/// The sum over (c, kh, kw) of xp(...) · w[m, c, kh, kw] from `init`, at
/// output point iv; x is buffer `x` (null if x is empty in H or W).
static MlirValue convSum(TcBuilder *b, const Conv *c, MlirValue x, MlirValue w, const MlirValue *iv,
                         MlirValue init) {
  MlirValue n = iv[0], m = iv[1];
  MlirValue start[2] = {windowStart(b, &c->axes[0], iv[2]), windowStart(b, &c->axes[1], iv[3])};
  MlirValue group = tcBBinary(b, "arith.divui", m, tcBIndex(b, c->mg));
  MlirValue firstChannel = tcBBinary(b, "arith.muli", group, tcBIndex(b, c->cg));
  int64_t extents[3] = {c->cg, c->axes[0].kernel, c->axes[1].kernel};
  Loops loops;
  MlirValue ivs[3], acc;
  TcBuilder *in = openLoops(b, 3, extents, init, &loops, ivs, &acc);
  MlirValue ch = tcBBinary(in, "arith.addi", firstChannel, ivs[0]);
  MlirValue xv = convTap(in, c, x, n, ch, start, ivs[1], ivs[2]);
  MlirValue wIndex[4] = {m, ivs[0], ivs[1], ivs[2]};
  MlirValue wv = tcBWiden(in, tcBLoad(in, w, 4, wIndex), c->acc);
  MlirValue sum = tcBBinary(in, "arith.addf", acc, tcBBinary(in, "arith.mulf", xv, wv));
  return closeLoops(&loops, sum);
}

//===-- conv2d with one input channel per group (depthwise) -----------------===//
//
// A depthwise convolution (Cg = 1: each output channel reads one input
// channel) has K·K taps per output, too few for a GEMM, and the generic
// nest's per-point window loops leave LLVM no loop to vectorise. Here the
// nest runs over the rows [N, M, OH] and each row's OW outputs are an inner
// scf.for, the taps straight-line inside it, so the vectoriser sees one
// innermost loop over ow. The row is cut at the padding: for ow in
// [lo, hi) every horizontal tap is inside the input (lo, hi static), so
// the loads need no clamping and stay contiguous for stride 1; only the
// vertical validity, uniform over the row, is a select. The edges keep the
// generic clamp-and-select. Each output is the generic nest's sum: the
// same terms (bias or −0 first, then (kh, kw) in order) in the same order
// and dtype (no reassociation, so no contract clause is needed). Records a decision `depthwise`.

/// The first and one-past-last ow whose every horizontal tap is inside.
static void interiorColumns(const Axis *a, int64_t outW, int64_t *lo, int64_t *hi) {
  int64_t reach = (a->kernel - 1) * a->dilation; // the last tap's offset from the window start
  *lo = (a->padBegin + a->stride - 1) / a->stride;
  int64_t last = a->in - 1 - reach + a->padBegin; // ow·s <= last
  *hi = last < 0 ? 0 : last / a->stride + 1;
  *lo = *lo < outW ? *lo : outW;
  *hi = *hi < *lo ? *lo : *hi < outW ? *hi : outW;
}

/// out[n, m, oh, ow] for ow in [from, to) of the row iv = (n, m, oh).
static void depthwiseColumns(TcBuilder *b, const Conv *c, const MlirValue *in, MlirValue out, const MlirValue *iv,
                             int64_t from, int64_t to, bool interior) {
  if (from >= to)
    return;
  TcFor loop;
  MlirValue lo = tcBIndex(b, from), hi = tcBIndex(b, to), step = tcBIndex(b, 1); // in this order
  tcBForBegin(b, lo, hi, step, 0, NULL, &loop);
  TcBuilder *body = &loop.body;
  MlirValue x = in[0], w = in[1], ow = loop.iv;
  MlirValue ch = tcBBinary(body, "arith.divui", iv[1], tcBIndex(body, c->mg));
  MlirValue start[2] = {windowStart(body, &c->axes[0], iv[2]), windowStart(body, &c->axes[1], ow)};
  MlirValue acc = c->hasBias ? tcBWiden(body, tcBLoad(body, in[2], 1, &iv[1]), c->acc) : tcBConstFloat(body, c->acc, -0.0);
  MlirValue zero = tcBConstFloat(body, c->acc, 0.0), zeroIndex = tcBIndex(body, 0);
  for (int64_t kh = 0; kh < c->axes[0].kernel; ++kh)
    for (int64_t kw = 0; kw < c->axes[1].kernel; ++kw) {
      MlirValue th = tcBIndex(body, kh), tw = tcBIndex(body, kw), inH, inW, valid;
      MlirValue ih = tapPosition(body, &c->axes[0], start[0], th, &inH);
      MlirValue iw = tapPosition(body, &c->axes[1], start[1], tw, &inW);
      valid = interior ? inH : tcBBinary(body, "arith.andi", inH, inW);
      MlirValue index[4] = {iv[0], ch, tcBSelect(body, inH, ih, zeroIndex),
                            interior ? iw : tcBSelect(body, valid, iw, zeroIndex)};
      if (!interior) // the generic nest's clamp of an outside tap: (0, 0)
        index[2] = tcBSelect(body, valid, ih, zeroIndex);
      MlirValue xv = tcBSelect(body, valid, tcBWiden(body, tcBLoad(body, x, 4, index), c->acc), zero);
      MlirValue wIndex[4] = {iv[1], zeroIndex, th, tw};
      MlirValue wv = tcBWiden(body, tcBLoad(body, w, 4, wIndex), c->acc);
      acc = tcBBinary(body, "arith.addf", acc, tcBBinary(body, "arith.mulf", xv, wv));
    }
  MlirValue outIndex[4] = {iv[0], iv[1], iv[2], ow};
  tcBStore(body, tcBNarrow(body, acc, c->dtype), out, 4, outIndex);
  tcBForEnd(&loop, NULL);
}

/// `out` is the output's shape, a run-time batch written `?`.
static void recordDepthwise(TcLowering *l, const int64_t *out, bool dynamicBatch, int64_t lo, int64_t hi) {
  char subject[512], detail[512], batch[24] = "?";
  if (!dynamicBatch)
    snprintf(batch, sizeof batch, "%lld", (long long)out[0]);
  snprintf(detail, sizeof detail,
           "one input channel per group: 1 tc_loop.nest over the rows [%s, %lld, %lld], each row's %lld outputs "
           "an inner loop for the vectoriser, columns [%lld, %lld) without clamped loads; the generic nest's terms "
           "in its order",
           batch, (long long)out[1], (long long)out[2], (long long)out[3], (long long)lo, (long long)hi);
  TcDecision decision = {"depthwise", tcDecisionSubject(l->op, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(l->op), &decision);
}

/// The depthwise rows, for a float conv2d with Cg = 1 whose input is not
/// empty in H or W and whose output has a column.
static void lowerDepthwise(TcLowering *l, const Conv *c) {
  int64_t out[4];
  tcShapeOf(tcLowerResultType(l, 0), out);
  MlirValue inputs[3] = {tcLowerOperand(l, 0), tcLowerOperand(l, 1), c->hasBias ? tcLowerOperand(l, 2) : (MlirValue){NULL}};
  MlirValue result = mlirOperationGetResult(l->op, 0);
  // A `?` batch: the rows' first bound is x's batch (bound_dims names the
  // output's, the nest spanning its leading dimensions).
  int64_t bounds[3] = {out[0], out[1], out[2]}, sizeFrom[2] = {0, 0};
  bool dynamicBatch = mlirShapedTypeIsDynamicDim(mlirValueGetType(result), 0);
  if (dynamicBatch)
    bounds[0] = -1;
  TcNestSpec spec = {"conv2d_depthwise", 3, bounds, NULL, c->hasBias ? 3 : 2, inputs, 1, &result,
                     dynamicBatch ? sizeFrom : NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);
  int64_t lo, hi;
  interiorColumns(&c->axes[1], out[3], &lo, &hi);
  depthwiseColumns(&nest.body, c, nest.in, nest.out[0], nest.iv, 0, lo, false);
  depthwiseColumns(&nest.body, c, nest.in, nest.out[0], nest.iv, lo, hi, true);
  depthwiseColumns(&nest.body, c, nest.in, nest.out[0], nest.iv, hi, out[3], false);
  recordDepthwise(l, out, dynamicBatch, lo, hi);
}

/// conv2d: out[n, m, oh, ow] = bias[m] + Σ_{c, kh, kw} xp(...) · w[m, c, kh, kw].
/// With Cg = 0 the sum is empty and neither x nor w is read.
static MlirLogicalResult lowerConv2d(TcLowering *l) {
  Conv c;
  readConv(l, &c);
  int64_t out[4];
  tcShapeOf(tcLowerResultType(l, 0), out);
  if (isDepthwise(l)) {
    lowerDepthwise(l, &c);
    return mlirLogicalResultSuccess();
  }
  bool readsW = c.cg > 0, readsX = readsW && !c.xEmpty;
  TcNest nest;
  beginNest(l, "conv2d", (readsX ? 1u : 0u) | (readsW ? 2u : 0u) | (c.hasBias ? 4u : 0u), &nest);
  TcBuilder *b = &nest.body;
  intptr_t next = 0;
  MlirValue x = readsX ? nest.in[next++] : (MlirValue){NULL};
  MlirValue w = readsW ? nest.in[next++] : (MlirValue){NULL};
  MlirValue value = c.hasBias ? tcBWiden(b, tcBLoad(b, nest.in[next], 1, &nest.iv[1]), c.acc)
                              : tcBConstFloat(b, c.acc, readsW ? -0.0 : 0.0);
  if (readsW)
    value = convSum(b, &c, x, w, nest.iv, value);
  tcBStore(b, tcBNarrow(b, value, c.dtype), nest.out[0], 4, nest.iv);
  return mlirLogicalResultSuccess();
}

//===-- max_pool2d, avg_pool2d -----------------------------------------------===//

/// Reads the pool attributes; returns whether x is empty in H or W.
static bool readPool(TcLowering *l, bool hasDilations, Axis *axes) {
  int64_t kernel[2];
  tcLowerAttrI64Array(l, "kernel", kernel, 2);
  readAxes(l, hasDilations, kernel, axes);
  return axes[0].in == 0 || axes[1].in == 0;
}

/// max_pool2d: the max over the window's valid taps, from max's identity.
static MlirLogicalResult lowerMaxPool2d(TcLowering *l) {
  Axis axes[2];
  bool xEmpty = readPool(l, true, axes);
  MlirType dtype = mlirShapedTypeGetElementType(tcLowerResultType(l, 0));
  TcNest nest;
  beginNest(l, "max_pool2d", xEmpty ? 0u : 1u, &nest);
  TcBuilder *b = &nest.body;
  MlirValue value = maxIdentity(b, dtype);
  if (!xEmpty) {
    MlirValue start[2] = {windowStart(b, &axes[0], nest.iv[2]), windowStart(b, &axes[1], nest.iv[3])};
    int64_t extents[2] = {axes[0].kernel, axes[1].kernel};
    Loops loops;
    MlirValue ivs[2], acc, valid;
    TcBuilder *in = openLoops(b, 2, extents, value, &loops, ivs, &acc);
    MlirValue x = loadTap(in, nest.in[0], nest.iv[0], nest.iv[1], axes, start, ivs[0], ivs[1], &valid);
    value = closeLoops(&loops, tcBSelect(in, valid, maxCombine(in, dtype, acc, x), acc));
  }
  tcBStore(b, value, nest.out[0], 4, nest.iv);
  return mlirLogicalResultSuccess();
}

/// The number of taps of the window starting at `start` along `a` that lie
/// inside the input: max(min(start + k, in) − max(start, 0), 0).
static MlirValue insideCount(TcBuilder *b, const Axis *a, MlirValue start) {
  MlirValue zero = tcBIndex(b, 0);
  MlirValue end = tcBBinary(b, "arith.addi", start, tcBIndex(b, a->kernel));
  end = tcBBinary(b, "arith.minsi", end, tcBIndex(b, a->in));
  MlirValue count = tcBBinary(b, "arith.subi", end, tcBBinary(b, "arith.maxsi", start, zero));
  return tcBBinary(b, "arith.maxsi", count, zero);
}

/// The window's extent inside the padded input along `a` for output `o`:
/// min(o·s + k, P) − o·s (a ceil-mode window may run past P).
static MlirValue paddedCount(TcBuilder *b, const Axis *a, MlirValue o) {
  MlirValue start = tcBBinary(b, "arith.muli", o, tcBIndex(b, a->stride));
  MlirValue end = tcBBinary(b, "arith.addi", start, tcBIndex(b, a->kernel));
  end = tcBBinary(b, "arith.minsi", end, tcBIndex(b, a->in + a->padBegin + a->padEnd));
  return tcBBinary(b, "arith.subi", end, start);
}

/// The divisor D of avg_pool2d at output point iv, as an `acc` value.
static MlirValue avgDivisor(TcBuilder *b, const Axis *axes, bool includePad, const MlirValue *start,
                            const MlirValue *iv, MlirType acc) {
  MlirValue h = includePad ? paddedCount(b, &axes[0], iv[2]) : insideCount(b, &axes[0], start[0]);
  MlirValue w = includePad ? paddedCount(b, &axes[1], iv[3]) : insideCount(b, &axes[1], start[1]);
  return indexToFloat(b, tcBBinary(b, "arith.muli", h, w), acc);
}

/// avg_pool2d: S / D, summed as Σ x / D over the valid taps (from −0: V is
/// never empty unless x is, and then the value is the empty sum +0 / D).
static MlirLogicalResult lowerAvgPool2d(TcLowering *l) {
  Axis axes[2];
  bool xEmpty = readPool(l, false, axes), includePad = tcLowerAttrBool(l, "count_include_pad");
  MlirType dtype = mlirShapedTypeGetElementType(tcLowerResultType(l, 0));
  MlirType accType = tcLowerAccumulationType(l, dtype);
  TcNest nest;
  beginNest(l, "avg_pool2d", xEmpty ? 0u : 1u, &nest);
  TcBuilder *b = &nest.body;
  MlirValue start[2] = {windowStart(b, &axes[0], nest.iv[2]), windowStart(b, &axes[1], nest.iv[3])};
  MlirValue d = avgDivisor(b, axes, includePad, start, nest.iv, accType);
  MlirValue mean = tcBBinary(b, "arith.divf", tcBConstFloat(b, accType, 0.0), d);
  if (!xEmpty) {
    int64_t extents[2] = {axes[0].kernel, axes[1].kernel};
    Loops loops;
    MlirValue ivs[2], acc, valid;
    TcBuilder *in = openLoops(b, 2, extents, tcBConstFloat(b, accType, -0.0), &loops, ivs, &acc);
    MlirValue x = loadTap(in, nest.in[0], nest.iv[0], nest.iv[1], axes, start, ivs[0], ivs[1], &valid);
    MlirValue term = tcBBinary(in, "arith.divf", tcBWiden(in, x, accType), d);
    mean = closeLoops(&loops, tcBSelect(in, valid, tcBBinary(in, "arith.addf", acc, term), acc));
  }
  tcBStore(b, tcBNarrow(b, mean, dtype), nest.out[0], 4, nest.iv);
  return mlirLogicalResultSuccess();
}

//===-- global_max_pool, global_avg_pool --------------------------------------===//

/// The spatial element count of x, ∏ d_i over dimensions 2 .. r − 1, and
/// its shape into `shape`, its rank into *rank.
static int64_t spatialCount(TcLowering *l, int64_t *shape, intptr_t *rank) {
  *rank = tcShapeOf(mlirValueGetType(tcLowerOperand(l, 0)), shape);
  int64_t count = 1;
  for (intptr_t i = 2; i < *rank; ++i)
    count *= shape[i];
  return count;
}

/// Folds buffer x[n, c, s...] (shape `shape`, rank r) over the spatial
/// dimensions s, from `init`: with max if `divisor` is null, else as a sum
/// of x / divisor in `acc`.
static MlirValue foldSpatial(TcBuilder *b, MlirValue x, const int64_t *shape, intptr_t r, const MlirValue *iv,
                             MlirValue divisor, MlirType dtype, MlirType acc, MlirValue init) {
  Loops loops;
  MlirValue index[TC_MAX_RANK] = {iv[0], iv[1]}, value;
  TcBuilder *in = openLoops(b, r - 2, shape + 2, init, &loops, index + 2, &value);
  MlirValue e = tcBLoad(in, x, r, index);
  if (mlirValueIsNull(divisor))
    value = maxCombine(in, dtype, value, e);
  else
    value = tcBBinary(in, "arith.addf", value, tcBBinary(in, "arith.divf", tcBWiden(in, e, acc), divisor));
  return closeLoops(&loops, value);
}

/// global_max_pool: max over the spatial dimensions from max's identity,
/// which is also the value of an empty extent (x then is not read).
static MlirLogicalResult lowerGlobalMaxPool(TcLowering *l) {
  MlirType dtype = mlirShapedTypeGetElementType(tcLowerResultType(l, 0));
  int64_t shape[TC_MAX_RANK];
  intptr_t rank;
  int64_t count = spatialCount(l, shape, &rank);
  TcNest nest;
  beginNest(l, "global_max_pool", count > 0 ? 1u : 0u, &nest);
  TcBuilder *b = &nest.body;
  MlirValue value = maxIdentity(b, dtype);
  if (count > 0)
    value = foldSpatial(b, nest.in[0], shape, rank, nest.iv, (MlirValue){NULL}, dtype, dtype, value);
  tcBStore(b, value, nest.out[0], rank, nest.iv);
  return mlirLogicalResultSuccess();
}

/// One term of global_avg_pool's sum: acc + x[n, c, s...] / divisor.
typedef struct AvgStep {
  MlirValue x, divisor;
  const MlirValue *nestIv;
  intptr_t rank;
  MlirType acc;
} AvgStep;

static void avgStep(void *ctx, TcBuilder *b, const MlirValue *iv, const MlirValue *acc, MlirValue *next) {
  const AvgStep *a = ctx;
  MlirValue index[TC_MAX_RANK] = {a->nestIv[0], a->nestIv[1]};
  for (intptr_t d = 2; d < a->rank; ++d)
    index[d] = iv[d - 2];
  MlirValue e = tcBWiden(b, tcBLoad(b, a->x, a->rank, index), a->acc);
  *next = tcBBinary(b, "arith.addf", *acc, tcBBinary(b, "arith.divf", e, a->divisor));
}

/// global_avg_pool: Σ x / n over the spatial dimensions (n the static
/// count); an empty extent is +0 / 0 = NaN (x then is not read). The sum
/// runs in lanes (Lanes.c) where the contract lets global_avg_pool be
/// reassociated and the innermost spatial span is long enough; otherwise
/// in one accumulator, in order.
static MlirLogicalResult lowerGlobalAvgPool(TcLowering *l) {
  MlirType dtype = mlirShapedTypeGetElementType(tcLowerResultType(l, 0));
  MlirType acc = tcLowerAccumulationType(l, dtype);
  int64_t shape[TC_MAX_RANK];
  intptr_t rank;
  int64_t count = spatialCount(l, shape, &rank);
  TcNest nest;
  beginNest(l, "global_avg_pool", count > 0 ? 1u : 0u, &nest);
  TcBuilder *b = &nest.body;
  MlirValue n = tcBConstFloat(b, acc, (double)count);
  MlirValue mean = tcBBinary(b, "arith.divf", tcBConstFloat(b, acc, 0.0), n);
  if (count > 0) {
    AvgStep step = {nest.in[0], n, nest.iv, rank, acc};
    MlirValue init = tcBConstFloat(b, acc, -0.0);
    const char *fold = "arith.addf";
    int lanes = rank > 2 ? tcLowerReductionLanes(l, shape[rank - 1]) : 1;
    tcLowerLaneReduce(b, rank - 2, shape + 2, 1, &init, &fold, lanes, avgStep, &step, &mean);
  }
  tcBStore(b, tcBNarrow(b, mean, dtype), nest.out[0], rank, nest.iv);
  return mlirLogicalResultSuccess();
}

//===-- Run-time sizes ---------------------------------------------------------===//

/// Every dimension of v's type from `from` on is static and positive.
static bool staticPositiveFrom(MlirValue v, intptr_t from) {
  MlirType t = mlirValueGetType(v);
  for (intptr_t d = from; d < mlirShapedTypeGetRank(t); ++d)
    if (mlirShapedTypeIsDynamicDim(t, d) || mlirShapedTypeGetDimSize(t, d) <= 0)
      return false;
  return true;
}

/// Each of the first `leading` dimensions of v's type is `?` or positive.
static bool leadingNonEmpty(MlirValue v, intptr_t leading) {
  MlirType t = mlirValueGetType(v);
  for (intptr_t d = 0; d < leading; ++d)
    if (!mlirShapedTypeIsDynamicDim(t, d) && mlirShapedTypeGetDimSize(t, d) <= 0)
      return false;
  return true;
}

/// The ops here with run-time sizes: `?` only in x's and the result's
/// first `leading` dimensions (conv2d: the batch; the pools, 2-D and
/// global: batch and channels), every static size positive (x is read and
/// no buffer is empty), w and bias static.
static bool windowDynamic(MlirOperation op, intptr_t leading) {
  MlirValue x = mlirOperationGetOperand(op, 0), result = mlirOperationGetResult(op, 0);
  if (!leadingNonEmpty(x, leading) || !leadingNonEmpty(result, leading) || !staticPositiveFrom(x, leading) ||
      !staticPositiveFrom(result, leading))
    return false;
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); ++i)
    if (!staticPositiveFrom(mlirOperationGetOperand(op, i), 0))
      return false;
  return true;
}

static bool conv2dDynamic(MlirOperation op) { return windowDynamic(op, 1); }

static bool poolDynamic(MlirOperation op) { return windowDynamic(op, 2); }

static const TcLoweringPattern kPatterns[] = {
    {"tc_tensor.conv2d", lowerConv2d, NULL, conv2dDynamic},
    {"tc_tensor.max_pool2d", lowerMaxPool2d, NULL, poolDynamic},
    {"tc_tensor.avg_pool2d", lowerAvgPool2d, NULL, poolDynamic},
    {"tc_tensor.global_max_pool", lowerGlobalMaxPool, NULL, poolDynamic},
    {"tc_tensor.global_avg_pool", lowerGlobalAvgPool, NULL, poolDynamic},
};

const TcLoweringPattern *tcConvPoolLowerings(intptr_t *count) {
  *count = (intptr_t)(sizeof kPatterns / sizeof kPatterns[0]);
  return kPatterns;
}
