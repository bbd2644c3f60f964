//===- Im2col.c - tc_kernel.conv2d algorithm = "im2col" as one BLIS gemm --===//
//
// tc-lower-kernels turns an im2col convolution (chosen by tc-select-kernels,
// SelectConv.c, which states the rule) of x [N, C, H, W], w [M, C, KH, KW]
// and an optional bias [M] into out [N, M, OH, OW] as
//
//   1. col[n, oh, ow, c, kh, kw] = xp[n, c, oh·sh + kh·dh − pt,
//      ow·sw + kw·dw − pl] in the accumulation dtype A: the window taps,
//      +0 outside the input (the padding semantics of the direct lowering,
//      ConvPool.c);
//   2. wA = w widened to A where it is not A already (f32 summed in f64);
//   3. y[(n, oh, ow), m] = Σ_k col[(n, oh, ow), k] · wA[m, k]: one BLIS
//      gemm (BlisGemm.c, transposed w as swapped strides) of
//      M' = N·OH·OW, N' = M, K' = C·KH·KW, summed in A;
//   4. out[n, m, oh, ow] = rnd(y[n, oh, ow, m] + bias[m]): the bias added
//      last in A, one rounding to the dtype;
// then the temporaries are freed. A is f64 (bli_dgemm, like the direct
// lowering's accumulator) unless the kernel carries accumulate = "f32",
// which tc-select-kernels sets on f32 only where the contract's conv2d
// tolerance has `gamma` >= 1 (bli_sgemm, no widening, half the memory). Every step but the gemm is a
// tc_loop nest over buffers, all loops parallel. The GEMM's order of
// summation and the bias added last are the reassociation the contract
// allowed for conv2d. One difference from the direct loops besides the
// order: a sum whose every term is −0 gives +0 (BLIS starts its
// accumulators at +0), within every tolerance.
//
// With a run-time batch N (x and out `?` x C x H x W; tc-select-kernels
// picks im2col for it where an image has fewer than 64 output pixels, as
// for a static batch), col and y are sized by x's memref.dim, the nests
// over n have a run-time bound and the gemm's M' = N·OH·OW is read at run
// time (BlisGemm.c's run-time M); nothing else changes.
//
//===----------------------------------------------------------------------===//
#include "KernelToLoopInternal.h"

#include "../../Transforms/TransformsInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"

#include <stdio.h>

/// The convolution's shapes and window.
typedef struct Im2col {
  int64_t x[4], w[4], out[4];
  int64_t strides[2], pads[4], dilations[2];
  bool hasBias;
  bool runTimeBatch; ///< N is known at run time only (x's and out's `?`)
  MlirType dtype, acc; ///< acc: the accumulation dtype A of the file comment
} Im2col;

static void readIm2col(TcLowering *l, Im2col *c) {
  intptr_t n = mlirOperationGetNumOperands(l->op);
  tcShapeOf(mlirValueGetType(mlirOperationGetOperand(l->op, 0)), c->x);
  tcShapeOf(mlirValueGetType(mlirOperationGetOperand(l->op, 1)), c->w);
  tcShapeOf(mlirValueGetType(mlirOperationGetOperand(l->op, n - 1)), c->out);
  tcLowerAttrI64Array(l, "strides", c->strides, 2);
  tcLowerAttrI64Array(l, "pads", c->pads, 4);
  tcLowerAttrI64Array(l, "dilations", c->dilations, 2);
  c->hasBias = n == 4;
  c->runTimeBatch = mlirShapedTypeIsDynamicDim(mlirValueGetType(mlirOperationGetOperand(l->op, n - 1)), 0);
  if (c->runTimeBatch)
    c->out[0] = c->x[0] = -1; // a run-time bound of the nests (docs/dialects.md §3.1)
  c->dtype = mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetOperand(l->op, 0)));
  MlirAttribute acc = mlirOperationGetAttributeByName(l->op, mlirStringRefCreateFromCString("accumulate"));
  bool sumF32 = !mlirAttributeIsNull(acc) && mlirAttributeIsAString(acc) &&
                mlirStringRefEqual(mlirStringAttrGetValue(acc), mlirStringRefCreateFromCString("f32"));
  c->acc = sumF32 && mlirTypeIsAF32(c->dtype) ? c->dtype : mlirF64TypeGet(l->at.ctx);
}

/// A buffer of `shape` in `acc`; a leading -1 is the run-time batch, read
/// from x.
static MlirValue allocAcc(TcBuilder *b, MlirType acc, intptr_t rank, const int64_t *shape, MlirValue x) {
  int64_t dims[6];
  for (intptr_t i = 0; i < rank; ++i)
    dims[i] = shape[i] < 0 ? mlirShapedTypeGetDynamicSize() : shape[i];
  MlirType type = mlirMemRefTypeContiguousGet(acc, rank, dims, mlirAttributeGetNull());
  if (shape[0] >= 0)
    return tcBAlloc(b, "memref.alloc", type, 64);
  MlirValue batch = tcBDim(b, x, 0);
  return tcBAllocSized(b, "memref.alloc", type, 1, &batch, 64);
}

/// `buffer` (rank r) with the dimension groups [0, split) and [split, r)
/// each merged into one: a rank-2 view.
static MlirValue collapse2(TcBuilder *b, MlirValue buffer, intptr_t split) {
  return tcKernelCollapse(b, buffer, 2, (intptr_t[]){0, split});
}

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

/// Step 1: col[n, oh, ow, c, kh, kw] = the tap, or +0.
static void buildColumns(TcLowering *l, const Im2col *c, MlirValue x, MlirValue col) {
  int64_t bounds[6] = {c->out[0], c->out[2], c->out[3], c->w[1], c->w[2], c->w[3]};
  TcNest nest;
  tcLowerNestOnBuffers(l, "im2col", 6, bounds, 2, (MlirValue[]){x, col}, &nest);
  TcBuilder *b = &nest.body;
  const MlirValue *iv = nest.iv;
  MlirValue inH, inW;
  MlirValue ih = tap(b, iv[1], iv[4], c->strides[0], c->dilations[0], c->pads[0], c->x[2], &inH);
  MlirValue iw = tap(b, iv[2], iv[5], c->strides[1], c->dilations[1], c->pads[1], c->x[3], &inW);
  MlirValue valid = tcBBinary(b, "arith.andi", inH, inW), zero = tcBIndex(b, 0);
  MlirValue index[4] = {iv[0], iv[3], tcBSelect(b, valid, ih, zero), tcBSelect(b, valid, iw, zero)};
  MlirValue v = tcBWiden(b, tcBLoad(b, nest.in[0], 4, index), c->acc);
  tcBStore(b, tcBSelect(b, valid, v, tcBConstFloat(b, c->acc, 0.0)), nest.in[1], 6, iv);
}

/// Step 2: wA = w widened (f32 summed in f64 only).
static void widenWeights(TcLowering *l, const Im2col *c, MlirValue w, MlirValue wA) {
  TcNest nest;
  tcLowerNestOnBuffers(l, "im2col_weights", 4, c->w, 2, (MlirValue[]){w, wA}, &nest);
  MlirValue v = tcBLoad(&nest.body, nest.in[0], 4, nest.iv);
  tcBStore(&nest.body, tcBWiden(&nest.body, v, c->acc), nest.in[1], 4, nest.iv);
}

/// Step 3: y = col · wAᵀ as one BLIS gemm, lowered on the spot.
static MlirLogicalResult multiply(TcLowering *l, const Im2col *c, MlirValue col, MlirValue wA, MlirValue y) {
  TcBuilder *b = &l->at;
  MlirValue operands[3] = {collapse2(b, col, 3), collapse2(b, wA, 1), collapse2(b, y, 3)};
  MlirContext ctx = b->ctx;
  MlirType f64 = mlirF64TypeGet(ctx);
  bool sumF32 = mlirTypeIsAF32(c->acc);
  MlirNamedAttribute attrs[7] = {
      tcNamed(ctx, "alpha", mlirFloatAttrDoubleGet(ctx, f64, 1.0)),
      tcNamed(ctx, "beta", mlirFloatAttrDoubleGet(ctx, f64, 0.0)),
      tcNamed(ctx, "trans_a", mlirBoolAttrGet(ctx, 0)),
      tcNamed(ctx, "trans_b", mlirBoolAttrGet(ctx, 1)),
      tcNamed(ctx, "kernel", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("blis"))),
      tcNamed(ctx, "reason", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("the GEMM of an im2col conv2d"))),
      tcNamed(ctx, "accumulate", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("f32"))),
  };
  MlirOperation gemm = tcBuildOp(b, "tc_kernel.gemm", 0, NULL, 3, operands, sumF32 ? 7 : 6, attrs);
  TcLowering g = *l;
  g.op = gemm;
  g.at = tcBuilderBefore(gemm);
  MlirLogicalResult result = tcLowerBlisGemm(&g);
  mlirOperationDestroy(gemm);
  return result;
}

/// Step 4: out[n, m, oh, ow] = rnd(y[n, oh, ow, m] + bias[m]).
static void writeOutput(TcLowering *l, const Im2col *c, MlirValue y, MlirValue bias, MlirValue out) {
  TcNest nest;
  MlirValue buffers[3] = {y, c->hasBias ? bias : out, out};
  tcLowerNestOnBuffers(l, "im2col_out", 4, c->out, c->hasBias ? 3 : 2, buffers, &nest);
  TcBuilder *b = &nest.body;
  const MlirValue *iv = nest.iv;
  MlirValue yIndex[4] = {iv[0], iv[2], iv[3], iv[1]};
  MlirValue v = tcBLoad(b, nest.in[0], 4, yIndex);
  if (c->hasBias)
    v = tcBBinary(b, "arith.addf", v, tcBWiden(b, tcBLoad(b, nest.in[1], 1, &iv[1]), c->acc));
  tcBStore(b, tcBNarrow(b, v, c->dtype), nest.in[c->hasBias ? 2 : 1], 4, iv);
}

/// The cases this lowering implements (tc-select-kernels only picks them);
/// a hand-written kernel outside them is a located compile failure.
static bool supported(TcLowering *l, const Im2col *c) {
  bool floats = mlirTypeIsAF32(c->dtype) || mlirTypeIsAF64(c->dtype);
  bool nonEmpty = (c->runTimeBatch ? 1 : c->out[0]) * c->out[2] * c->out[3] > 0 && c->out[1] > 0 && c->w[1] * c->w[2] * c->w[3] > 0 &&
                  c->x[2] > 0 && c->x[3] > 0;
  if (floats && nonEmpty && tcLowerAttrInt(l, "group") == 1)
    return true;
  tcEmitOpError(l->op, "tc_kernel.conv2d algorithm \"im2col\" is implemented for group 1, f32 or f64 and "
                       "non-empty shapes only");
  return false;
}

MlirLogicalResult tcLowerIm2colConv2d(TcLowering *l) {
  Im2col c;
  readIm2col(l, &c);
  if (!supported(l, &c))
    return mlirLogicalResultFailure();
  MlirOperation k = l->op;
  intptr_t n = mlirOperationGetNumOperands(k);
  MlirValue x = mlirOperationGetOperand(k, 0), w = mlirOperationGetOperand(k, 1);
  MlirValue bias = c.hasBias ? mlirOperationGetOperand(k, 2) : (MlirValue){NULL};
  MlirValue out = mlirOperationGetOperand(k, n - 1);
  int64_t colShape[6] = {c.out[0], c.out[2], c.out[3], c.w[1], c.w[2], c.w[3]};
  int64_t yShape[4] = {c.out[0], c.out[2], c.out[3], c.out[1]};
  MlirValue col = allocAcc(&l->at, c.acc, 6, colShape, x), y = allocAcc(&l->at, c.acc, 4, yShape, x);
  bool widen = !mlirTypeEqual(c.dtype, c.acc);
  MlirValue wA = widen ? allocAcc(&l->at, c.acc, 4, c.w, x) : w;
  buildColumns(l, &c, x, col);
  if (widen)
    widenWeights(l, &c, w, wA);
  if (mlirLogicalResultIsFailure(multiply(l, &c, col, wA, y)))
    return mlirLogicalResultFailure();
  writeOutput(l, &c, y, bias, out);
  MlirValue temporaries[3] = {col, y, wA};
  for (int i = 0; i < (widen ? 3 : 2); ++i)
    tcBuildOp(&l->at, "memref.dealloc", 0, NULL, 1, &temporaries[i], 0, NULL);
  char detail[256], rows[48];
  if (c.runTimeBatch)
    snprintf(rows, sizeof rows, "B*%lld", (long long)(c.out[2] * c.out[3])); // B read at run time
  else
    snprintf(rows, sizeof rows, "%lld", (long long)(c.out[0] * c.out[2] * c.out[3]));
  snprintf(detail, sizeof detail, "im2col: unrolled input [%s, %lld] %s, one BLIS gemm (M %s, N %lld, K %lld), bias added last",
           rows, (long long)(c.w[1] * c.w[2] * c.w[3]), mlirTypeIsAF32(c.acc) ? "f32" : "f64", rows,
           (long long)c.out[1], (long long)(c.w[1] * c.w[2] * c.w[3]));
  char subject[512];
  TcDecision decision = {"lower", tcDecisionSubject(k, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(k), &decision);
  return mlirLogicalResultSuccess();
}
