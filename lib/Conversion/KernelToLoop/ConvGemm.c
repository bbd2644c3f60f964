//===- ConvGemm.c - tc_kernel.conv2d algorithm = "gemm": one GEMM per image -===//
//
// tc-lower-kernels turns a "gemm" convolution (chosen by tc-select-kernels,
// SelectConv.c, which states the rule) of x [N, C, H, W], w [M, C, KH, KW]
// and an optional bias [M] into out [N, M, OH, OW] image by image, in the
// layout of the output: with K = C·KH·KW and P = OH·OW, image n is
//
//   out[n] (as [M, P]) = w (as [M, K]) · col_n (as [K, P])
//
// where col_n[c, kh, kw, oh, ow] = x[n, c, oh·sh + kh·dh − pt,
// ow·sw + kw·dw − pl] (+0 outside the input: the padding of the direct
// lowering, ConvPool.c). For each n, in order:
//
//   1. col_n, the unrolled input of image n in the accumulation dtype A
//      (one buffer reused by every image), except for a 1×1 convolution
//      with stride 1 and no padding summed in its own dtype: then col_n is
//      x[n] itself, [C, H·W], and nothing is copied;
//   2. one BLIS gemm (BlisGemm.c) of M, P, K writing out[n] directly (A is
//      the dtype) or y, an [M, P] buffer in A (f32 summed in f64);
//   3. the epilogue over image n while it is in cache (if it has anything
//      to do), one nest over (m, p) on y and a view of out with OH and OW
//      merged:
//      out[n, m, p] =
//      act(rnd(y[m, p] + bias[m])): the bias added last in A, one rounding,
//      then the activation the kernel fused (`activation = "relu"`), the
//      scalar rule of tc_tensor.relu on the rounded value.
//
// A is f32 where the kernel says accumulate = "f32" (the contract accepts
// f32 summation of conv2d), else f64 (bli_dgemm on f64 columns and weights
// widened once, as the direct lowering's f64 accumulator). The gemm's order
// of summation and the bias added last are the reassociation the contract
// allowed. As for im2col, a sum whose every term is −0 gives +0.
//
// The images' gemms are top-level calls with constant offsets into x and
// out (tc-plan-memory follows them, docs/memory.md §1); the nests' bodies
// index image n with a constant. Records one decision `lower`.
//
// With a run-time batch N (x and out `?` x ..., the other sizes static),
// steps 1 and 2 run in an scf.for over the N images (N is x's memref.dim):
// image n's columns as scf.for loops into the one col buffer (a nest
// cannot take the image index from a loop around it), then its gemm,
// reading col (or x) and writing out (or y, then [N, M, P]) at byte offsets
// n times an image's; step 3 is one nest over (n, m, p), the loop over n a
// run-time bound.
//
//===----------------------------------------------------------------------===//
#include "KernelToLoopInternal.h"

#include "../../Transforms/TransformsInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <string.h>

typedef struct ConvGemm {
  int64_t x[4], w[4], out[4];
  int64_t strides[2], pads[4], dilations[2];
  int64_t k, p;
  bool hasBias, relu, pointwise; ///< pointwise: 1×1, stride 1, no padding, summed in its dtype
  bool runTimeBatch;             ///< N is known at run time only (x's and out's `?`)
  MlirType dtype, acc;
} ConvGemm;

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool stringAttrIs(MlirOperation op, const char *name, const char *value) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, str(name));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) && mlirStringRefEqual(mlirStringAttrGetValue(a), str(value));
}

static void readConv(TcLowering *l, ConvGemm *c) {
  intptr_t n = mlirOperationGetNumOperands(l->op);
  tcShapeOf(mlirValueGetType(mlirOperationGetOperand(l->op, 0)), c->x);
  tcShapeOf(mlirValueGetType(mlirOperationGetOperand(l->op, 1)), c->w);
  tcShapeOf(mlirValueGetType(mlirOperationGetOperand(l->op, n - 1)), c->out);
  tcLowerAttrI64Array(l, "strides", c->strides, 2);
  tcLowerAttrI64Array(l, "pads", c->pads, 4);
  tcLowerAttrI64Array(l, "dilations", c->dilations, 2);
  c->hasBias = n == 4;
  c->runTimeBatch = mlirShapedTypeIsDynamicDim(mlirValueGetType(mlirOperationGetOperand(l->op, n - 1)), 0);
  c->relu = stringAttrIs(l->op, "activation", "relu");
  c->dtype = mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetOperand(l->op, 0)));
  bool sumF32 = stringAttrIs(l->op, "accumulate", "f32") && mlirTypeIsAF32(c->dtype);
  c->acc = sumF32 || mlirTypeIsAF64(c->dtype) ? c->dtype : mlirF64TypeGet(l->at.ctx);
  c->k = c->w[1] * c->w[2] * c->w[3];
  c->p = c->out[2] * c->out[3];
  bool oneByOne = c->w[2] == 1 && c->w[3] == 1 && c->strides[0] == 1 && c->strides[1] == 1;
  c->pointwise = oneByOne && !c->pads[0] && !c->pads[1] && !c->pads[2] && !c->pads[3] && mlirTypeEqual(c->acc, c->dtype);
}

static MlirValue allocAcc(TcBuilder *b, MlirType acc, intptr_t rank, const int64_t *shape) {
  return tcBAlloc(b, "memref.alloc", mlirMemRefTypeContiguousGet(acc, rank, shape, mlirAttributeGetNull()), 64);
}

/// A buffer of `rank` dimensions in `acc`: x's run-time batch, then `shape`.
static MlirValue allocBatched(TcBuilder *b, MlirType acc, intptr_t rank, const int64_t *shape, MlirValue x) {
  int64_t dims[6] = {mlirShapedTypeGetDynamicSize()};
  for (intptr_t i = 1; i < rank; ++i)
    dims[i] = shape[i - 1];
  MlirValue batch = tcBDim(b, x, 0);
  return tcBAllocSized(b, "memref.alloc", mlirMemRefTypeContiguousGet(acc, rank, dims, mlirAttributeGetNull()), 1,
                       &batch, 64);
}

static int64_t bytesOf(MlirType t) { return mlirTypeIsAF64(t) ? 8 : 4; }

/// The input position o·s + t·d − pad along one axis and whether it is
/// inside [0, size).
static MlirValue tap(TcBuilder *b, MlirValue o, MlirValue t, int64_t s, int64_t d, int64_t pad, int64_t size,
                     MlirValue *inside) {
  MlirValue pos = tcBBinary(b, "arith.addi", tcBBinary(b, "arith.muli", o, tcBIndex(b, s)),
                            tcBBinary(b, "arith.muli", t, tcBIndex(b, d)));
  pos = tcBBinary(b, "arith.subi", pos, tcBIndex(b, pad));
  MlirValue lo = tcBCmpI(b, TC_CMPI_SGE, pos, tcBIndex(b, 0));
  *inside = tcBBinary(b, "arith.andi", lo, tcBCmpI(b, TC_CMPI_SLT, pos, tcBIndex(b, size)));
  return pos;
}

/// The first and one-past-last ow whose tap at offset `reach` (kw·dw) is
/// inside [0, size) along an axis of stride s and leading pad `pad`,
/// clamped to [0, outSize] (lo <= hi).
static void interiorRange(int64_t reach, int64_t s, int64_t pad, int64_t size, int64_t outSize, int64_t *lo,
                          int64_t *hi) {
  int64_t first = pad - reach; // ow·s >= first
  *lo = first <= 0 ? 0 : (first + s - 1) / s;
  int64_t last = size - 1 - reach + pad; // ow·s <= last
  *hi = last < 0 ? 0 : last / s + 1;
  *lo = *lo < outSize ? *lo : outSize;
  *hi = *hi < *lo ? *lo : *hi < outSize ? *hi : outSize;
}

/// col[c, kh, kw, oh, ow] for ow in [from, to) of the row (c, kh, oh) and
/// the constant kw: the tap, or +0. `interior`: every ow of the range has
/// its horizontal tap inside the input, so the load is not clamped
/// (contiguous for stride 1, which LLVM vectorises) and only the row's
/// vertical validity, uniform over the range, is a select.
/// The image is the constant n.
static void columnRange(TcBuilder *b, const ConvGemm *c, int64_t n, const MlirValue *in,
                        const MlirValue *iv, int64_t kw, int64_t from, int64_t to, bool interior) {
  if (from >= to)
    return;
  TcFor loop;
  MlirValue lo = tcBIndex(b, from), hi = tcBIndex(b, to), step = tcBIndex(b, 1); // in this order
  tcBForBegin(b, lo, hi, step, 0, NULL, &loop);
  TcBuilder *body = &loop.body;
  MlirValue inH, inW, zero = tcBIndex(body, 0);
  MlirValue ih = tap(body, iv[2], iv[1], c->strides[0], c->dilations[0], c->pads[0], c->x[2], &inH);
  MlirValue iw = tap(body, loop.iv, tcBIndex(body, kw), c->strides[1], c->dilations[1], c->pads[1], c->x[3], &inW);
  MlirValue valid = interior ? inH : tcBBinary(body, "arith.andi", inH, inW);
  MlirValue index[4] = {tcBIndex(body, n), iv[0], tcBSelect(body, valid, ih, zero),
                        interior ? iw : tcBSelect(body, valid, iw, zero)};
  MlirValue v = tcBWiden(body, tcBLoad(body, in[0], 4, index), c->acc);
  MlirValue colIndex[5] = {iv[0], iv[1], tcBIndex(body, kw), iv[2], loop.iv};
  tcBStore(body, tcBSelect(body, valid, v, tcBConstFloat(body, c->acc, 0.0)), in[1], 5, colIndex);
  tcBForEnd(&loop, NULL);
}

/// Step 1: col[c, kh, kw, oh, ow] = the tap of image n, or +0, as one nest
/// over the rows (c, kh, oh); for each kw in turn the row's OW columns are
/// three inner loops: the left edge, the interior [lo, hi) (static per kw)
/// without clamped loads, the right edge. The values are those of the
/// generic clamp-and-select, element for element.
static void columnRow(TcBuilder *b, const ConvGemm *c, int64_t n, const MlirValue *in,
                      const MlirValue *iv) {
  for (int64_t kw = 0; kw < c->w[3]; ++kw) {
    int64_t lo, hi;
    interiorRange(kw * c->dilations[1], c->strides[1], c->pads[1], c->x[3], c->out[3], &lo, &hi);
    columnRange(b, c, n, in, iv, kw, 0, lo, false);
    columnRange(b, c, n, in, iv, kw, lo, hi, true);
    columnRange(b, c, n, in, iv, kw, hi, c->out[3], false);
  }
}

static void buildColumns(TcLowering *l, const ConvGemm *c, int64_t n, MlirValue x, MlirValue col) {
  int64_t bounds[3] = {c->w[1], c->w[2], c->out[2]};
  TcNest nest;
  tcLowerNestOnBuffers(l, "conv_columns", 3, bounds, 2, (MlirValue[]){x, col}, &nest);
  columnRow(&nest.body, c, n, nest.in, nest.iv);
}

/// Step 1 with a run-time batch, for image `n` (an index) inside the loop
/// over the images (`l->at`): buildColumns' nest on the view of image n
/// (memref.subview [n, 0, 0, 0] of one image, its offset a run-time value),
/// so that tc-lower-loops threads it by its work as a static image's, its
/// body inlined (a call cannot pass a buffer of run-time offset).
static void buildColumnsOf(TcLowering *l, const ConvGemm *c, MlirValue n, MlirValue x, MlirValue col) {
  TcBuilder *b = &l->at;
  int64_t dyn = mlirShapedTypeGetDynamicStrideOrOffset();
  int64_t shape[4] = {1, c->x[1], c->x[2], c->x[3]};
  int64_t strides[4] = {c->x[1] * c->x[2] * c->x[3], c->x[2] * c->x[3], c->x[3], 1};
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(x));
  MlirType view = mlirMemRefTypeGet(elem, 4, shape, mlirStridedLayoutAttrGet(b->ctx, dyn, 4, strides),
                                    mlirAttributeGetNull());
  int64_t offsets[4] = {dyn, 0, 0, 0}, ones[4] = {1, 1, 1, 1};
  int32_t segments[4] = {1, 1, 0, 0};
  MlirNamedAttribute attrs[4] = {
      tcNamed(b->ctx, "static_offsets", mlirDenseI64ArrayGet(b->ctx, 4, offsets)),
      tcNamed(b->ctx, "static_sizes", mlirDenseI64ArrayGet(b->ctx, 4, shape)),
      tcNamed(b->ctx, "static_strides", mlirDenseI64ArrayGet(b->ctx, 4, ones)),
      tcNamed(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 4, segments)),
  };
  MlirValue image = tcBuildValue(b, "memref.subview", view, 2, (MlirValue[]){x, n}, 4, attrs);
  buildColumns(l, c, 0, image, col);
}

/// w widened to A (f32 summed in f64 only), once.
static void widenWeights(TcLowering *l, const ConvGemm *c, MlirValue w, MlirValue wA) {
  TcNest nest;
  tcLowerNestOnBuffers(l, "conv_weights", 4, c->w, 2, (MlirValue[]){w, wA}, &nest);
  MlirValue v = tcBLoad(&nest.body, nest.in[0], 4, nest.iv);
  tcBStore(&nest.body, tcBWiden(&nest.body, v, c->acc), nest.in[1], 4, nest.iv);
}

/// tc_tensor.relu's scalar rule: x > 0 or NaN ? x : +0.
static MlirValue relu(TcBuilder *b, MlirValue x) {
  MlirValue zero = tcBConstFloat(b, mlirValueGetType(x), 0.0);
  MlirValue keep = tcBBinary(b, "arith.ori", tcBCmpF(b, TC_CMPF_OGT, x, zero), tcBCmpF(b, TC_CMPF_UNO, x, x));
  return tcBSelect(b, keep, x, zero);
}

/// Step 3 for image n: out[n, m, p] = act(rnd(src[.., m, p] + bias[m])),
/// src being y ([M, P]) or out itself, over the image's pixels p = oh·OW + ow
/// as one loop; `out` is the view [N, M, P] of the output with OH and OW
/// merged (made once, before the images). A nest over
/// (m, oh, ow) has an innermost loop of OW iterations (56 in a MobileNet
/// block), which LLVM unrolls whole and then vectorises over oh, with
/// gathers and scatters at a stride of OW elements on AVX-512 targets; the
/// pixel loop is one contiguous run that it vectorises as it is.
///
/// With a run-time batch, one nest over (n, m, p) of every image, n with a
/// run-time bound, y holding every image ([N, M, P]).
static void writeImage(TcLowering *l, const ConvGemm *c, int64_t n, MlirValue y, MlirValue bias, MlirValue out) {
  int64_t bounds[3] = {-1, c->out[1], c->p};
  intptr_t batched = c->runTimeBatch ? 1 : 0;
  MlirValue buffers[3];
  intptr_t nb = 0;
  bool fromOut = mlirValueIsNull(y);
  if (!fromOut)
    buffers[nb++] = y;
  if (c->hasBias)
    buffers[nb++] = bias;
  buffers[nb++] = out;
  TcNest nest;
  tcLowerNestOnBuffers(l, "conv_epilogue", 2 + batched, bounds + 1 - batched, nb, buffers, &nest);
  TcBuilder *b = &nest.body;
  const MlirValue *iv = nest.iv + batched;
  MlirValue outIndex[3] = {batched ? nest.iv[0] : tcBIndex(b, n), iv[0], iv[1]};
  MlirValue dst = nest.in[nb - 1];
  MlirValue v = fromOut ? tcBLoad(b, dst, 3, outIndex)
                : batched ? tcBLoad(b, nest.in[0], 3, outIndex)
                          : tcBLoad(b, nest.in[0], 2, iv);
  if (c->hasBias)
    v = tcBBinary(b, "arith.addf", v, tcBWiden(b, tcBLoad(b, nest.in[fromOut ? 0 : 1], 1, &iv[0]), c->acc));
  v = tcBNarrow(b, v, c->dtype);
  if (c->relu)
    v = relu(b, v);
  tcBStore(b, v, dst, 3, outIndex);
}

/// Step 2 for image n: [M, P] = wA [M, K] · b [K, P] into c.
static void multiply(TcLowering *l, const ConvGemm *c, MlirValue wA, MlirValue b, int64_t bOffset, MlirValue dst,
                     int64_t dstOffset) {
  TcBlisCall call = {.mode = mlirTypeIsAF64(c->acc) ? 0 : 1, .batch = 1, .m = c->out[1], .n = c->p, .k = c->k,
                     .alpha = 1.0, .beta = 0.0};
  call.buffer[0] = wA, call.buffer[1] = b, call.buffer[2] = dst;
  call.offset[1] = bOffset, call.offset[2] = dstOffset;
  tcBuildBlisCall(l, l->op, &call);
}

/// Steps 1 and 2 with a run-time batch: a loop over the N images, image n's
/// columns into col (unless `b` is x itself), then its gemm reading b at
/// byte n·bStride and writing dst at n·dstStride.
static void multiplyEach(TcLowering *l, const ConvGemm *c, MlirValue wA, MlirValue b, int64_t bStride, MlirValue dst,
                         int64_t dstStride, MlirValue x) {
  TcFor loop;
  tcBForBegin(&l->at, tcBIndex(&l->at, 0), tcBDim(&l->at, x, 0), tcBIndex(&l->at, 1), 0, NULL, &loop);
  TcLowering inner = *l;
  inner.at = loop.body;
  if (!c->pointwise)
    buildColumnsOf(&inner, c, loop.iv, x, b);
  MlirType i64 = mlirIntegerTypeGet(l->at.ctx, 64);
  MlirValue n = tcBConvert(&inner.at, "arith.index_cast", loop.iv, i64);
  TcBlisCall call = {.mode = mlirTypeIsAF64(c->acc) ? 0 : 1, .batch = 1, .m = c->out[1], .n = c->p, .k = c->k,
                     .alpha = 1.0, .beta = 0.0};
  call.buffer[0] = wA, call.buffer[1] = b, call.buffer[2] = dst;
  call.offsetValue[1] = tcBBinary(&inner.at, "arith.muli", n, tcBConstInt(&inner.at, i64, bStride));
  call.offsetValue[2] = tcBBinary(&inner.at, "arith.muli", n, tcBConstInt(&inner.at, i64, dstStride));
  tcBuildBlisCall(&inner, l->op, &call);
  tcBForEnd(&loop, NULL);
}

/// The cases this lowering implements (tc-select-kernels only picks them);
/// a hand-written kernel outside them is a located compile failure.
static bool supported(TcLowering *l, const ConvGemm *c) {
  bool floats = mlirTypeIsAF32(c->dtype) || mlirTypeIsAF64(c->dtype);
  bool nonEmpty = (c->runTimeBatch ? 1 : c->out[0]) * c->out[1] * c->p > 0 && c->k > 0 && c->x[2] > 0 && c->x[3] > 0;
  if (floats && nonEmpty && tcLowerAttrInt(l, "group") == 1)
    return true;
  tcEmitOpError(l->op, "tc_kernel.conv2d algorithm \"gemm\" is implemented for group 1, f32 or f64 and "
                       "non-empty shapes only");
  return false;
}

/// What the epilogue does, or NULL if nothing is left to do.
static const char *epilogueOf(const ConvGemm *c) {
  bool round = !mlirTypeEqual(c->acc, c->dtype);
  if (c->hasBias)
    return c->relu ? "bias and relu" : "bias";
  if (c->relu)
    return round ? "the rounding and relu" : "relu";
  return round ? "the rounding" : NULL;
}

static void record(MlirOperation k, const ConvGemm *c) {
  char detail[384], subject[512], epilogue[96] = "";
  const char *acc = mlirTypeIsAF64(c->acc) ? "f64" : "f32";
  if (epilogueOf(c))
    snprintf(epilogue, sizeof epilogue, ", then %s in one pass over the image", epilogueOf(c));
  char images[32];
  if (c->runTimeBatch)
    snprintf(images, sizeof images, "B at run time");
  else
    snprintf(images, sizeof images, "%lld", (long long)c->out[0]);
  snprintf(detail, sizeof detail,
           "gemm: per image (%s), %s one BLIS gemm (M %lld, N %lld, K %lld) in %s into the output's layout%s", images,
           c->pointwise      ? "x itself as [C, H*W] (1x1, stride 1, no padding: no copy),"
           : c->runTimeBatch ? "unrolled input [K, OH*OW] (each image's in turn, in one buffer; rows cut at the "
                               "padding, interior columns unclamped),"
                             : "unrolled input [K, OH*OW] (one buffer for every image; rows cut at the padding, interior "
                               "columns unclamped),",
           (long long)c->out[1], (long long)c->p, (long long)c->k, acc, epilogue);
  TcDecision decision = {"lower", tcDecisionSubject(k, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(k), &decision);
}

/// A temporary of one image's `shape` (rank r) in `acc` or, with a
/// run-time batch, of every image's (rank r + 1, x's batch leading).
static MlirValue allocImages(TcBuilder *b, const ConvGemm *c, intptr_t rank, const int64_t *shape, MlirValue x) {
  return c->runTimeBatch ? allocBatched(b, c->acc, rank + 1, shape, x) : allocAcc(b, c->acc, rank, shape);
}

MlirLogicalResult tcLowerGemmConv2d(TcLowering *l) {
  ConvGemm c;
  readConv(l, &c);
  if (!supported(l, &c))
    return mlirLogicalResultFailure();
  MlirOperation k = l->op;
  intptr_t nOps = mlirOperationGetNumOperands(k);
  MlirValue x = mlirOperationGetOperand(k, 0), w = mlirOperationGetOperand(k, 1);
  MlirValue bias = c.hasBias ? mlirOperationGetOperand(k, 2) : (MlirValue){NULL};
  MlirValue out = mlirOperationGetOperand(k, nOps - 1);
  bool widen = !mlirTypeEqual(c.dtype, c.acc);
  int64_t colShape[5] = {c.w[1], c.w[2], c.w[3], c.out[2], c.out[3]}, yShape[2] = {c.out[1], c.p};
  MlirValue wA = widen ? allocAcc(&l->at, c.acc, 4, c.w) : w;
  MlirValue col = c.pointwise ? (MlirValue){NULL} : allocAcc(&l->at, c.acc, 5, colShape);
  MlirValue y = widen ? allocImages(&l->at, &c, 2, yShape, x) : (MlirValue){NULL};
  if (widen)
    widenWeights(l, &c, w, wA);
  int64_t imageIn = c.x[1] * c.x[2] * c.x[3] * bytesOf(c.dtype), imageOut = c.out[1] * c.p * bytesOf(c.dtype);
  MlirValue outPixels = epilogueOf(&c) ? tcKernelCollapse(&l->at, out, 3, (intptr_t[]){0, 1, 2}) : (MlirValue){NULL};
  if (c.runTimeBatch) { // each image's columns and gemm in turn, then every image's epilogue
    multiplyEach(l, &c, wA, c.pointwise ? x : col, c.pointwise ? imageIn : 0, widen ? y : out,
                 widen ? c.out[1] * c.p * bytesOf(c.acc) : imageOut, x);
    if (epilogueOf(&c))
      writeImage(l, &c, 0, y, bias, outPixels);
  }
  for (int64_t n = 0; !c.runTimeBatch && n < c.out[0]; ++n) {
    if (!c.pointwise)
      buildColumns(l, &c, n, x, col);
    multiply(l, &c, wA, c.pointwise ? x : col, c.pointwise ? n * imageIn : 0, widen ? y : out,
             widen ? 0 : n * imageOut);
    if (epilogueOf(&c))
      writeImage(l, &c, n, y, bias, outPixels);
  }
  MlirValue temporaries[3] = {wA, col, y};
  bool owned[3] = {widen, !c.pointwise, widen};
  for (int i = 0; i < 3; ++i)
    if (owned[i])
      tcBuildOp(&l->at, "memref.dealloc", 0, NULL, 1, &temporaries[i], 0, NULL);
  record(k, &c);
  return mlirLogicalResultSuccess();
}
