//===- SelectConv.c - tc-select-kernels for conv2d: im2col + GEMM or direct ===//
//
// The conv2d half of tc-select-kernels (SelectKernels.c calls
// tcSelectConv2d for each tc_tensor.conv2d). A convolution is a GEMM over
// its unrolled input: with col[(n, oh, ow), (c, kh, kw)] the window taps
// (im2col) and w viewed as [M, C·KH·KW],
//
//   out[n, m, oh, ow] = bias[m] + Σ_k col[(n, oh, ow), k] · w[m, k],
//
// one GEMM of M' = N·OH·OW rows, N' = M columns and K' = C·KH·KW terms.
// The rule (docs/lowering.md, "Kernel selection"), in order; the first that
// fails keeps the direct loops (tc-lower-tensor's conv2d nest):
//   0. the target allows BLIS (TC_GEMM_KERNEL is not loops);
//   1. dtype f32 or f64 (BLIS's);
//   2. group = 1 (a grouped conv is a batch of GEMMs with their own
//      operands; not done);
//   3. no empty dimension and a non-empty input plane (M', N', K' > 0,
//      H, W > 0), so the unrolled input has an element at every tap;
//   4. size: M'·N'·K' at least the BLIS threshold of matmul, and the
//      unrolled input (in the dtype it is summed in, rule 6) at most
//      kMaxColumnBytes;
//   5. the contract lets conv2d be reassociated (tcPassCheckContract,
//      which records its own decision): the GEMM sums in its own order and
//      adds the bias last;
//   6. for f32, the accumulation, as for matmul (tcSelectSumsF32): f32
//      sums (bli_sgemm on an f32 unrolled input, kernel attribute
//      accumulate = "f32") where the contract's f32 conv2d tolerance has
//      `gamma` >= 1, else f64 sums (an f64 unrolled input, bli_dgemm).
// Then the layout of the GEMM (ConvGemm.c, Im2col.c):
//   7. "gemm", one GEMM per image in the output's layout (out[n] = w ·
//      col_n, [M, K]·[K, OH·OW]; a 1×1 stride-1 unpadded convolution
//      needs no unrolled input), where an image has at least
//      kMinGemmPixels (64) output pixels (the GEMM's N); else "im2col", one GEMM
//      over all images (M' = N·OH·OW), whose output is transposed into
//      place. Measured: docs/lowering.md, "Kernel selection".
//   8. with "gemm", a tc_tensor.relu that is the conv's only user is fused
//      into the epilogue (`activation = "relu"`): applied to each rounded
//      output in the pass that adds the bias; one decision `fuse`.
// A conv2d whose only run-time size is the batch (x's and the result's
// dimension 0, docs/dynamic-shapes.md §4) goes through rules 0-6 with the
// sizes of one image (M' = OH·OW): a batch of B images is B times its work
// and its unrolled input, so an image that passes passes at every B >= 1
// (the column limit of rule 4 is one image's; B images take B times as
// much, as every buffer of the program grows with B). Rules 7 and 8 read
// one image's pixels, as they do for a static batch; the lowerings loop
// over the B images at run time (ConvGemm.c, Im2col.c). Any other run-time
// size keeps the direct loops ("loops: run-time sizes other than the
// batch ...").
// The chosen op becomes `tc_kernel.conv2d algorithm = "gemm"` or
// `"im2col"` on buffers (tc-lower-kernels builds the GEMMs); the direct one
// stays as it is. Either way one manifest decision `kernel` says which and
// why; its clause is, for f32, the tolerance that decided rule 6, else the
// reassociation clause.
//
//===----------------------------------------------------------------------===//
#include "SelectKernelsInternal.h"

#include "../../Transforms/TransformsInternal.h"
#include "../TensorToLoop/TensorToLoopInternal.h"
#include "tensorc/Contract.h"
#include "tensorc/HostTarget.h"
#include "tensorc/Manifest.h"
#include "tensorc/Passes.h"

#include <stdio.h>
#include <string.h>

/// The largest unrolled input (bytes) im2col allocates.
static const int64_t kMaxColumnBytes = (int64_t)1 << 30;

/// The fewest output pixels per image (OH·OW) for one GEMM per image
/// (rule 6; docs/lowering.md "Kernel selection" has the measurements).
static const int64_t kMinGemmPixels = 64;

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

/// True if the batch (dimension 0 of x and of the result) is a run-time
/// size and every other size static.
static bool runTimeBatch(MlirOperation op) {
  MlirType x = mlirValueGetType(mlirOperationGetOperand(op, 0)), out = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirShapedTypeIsDynamicDim(out, 0))
    return false;
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); ++i)
    if (!mlirShapedTypeHasStaticShape(mlirValueGetType(mlirOperationGetOperand(op, i))))
      return false;
  for (intptr_t d = 1; d < 4; ++d)
    if (mlirShapedTypeIsDynamicDim(x, d) || mlirShapedTypeIsDynamicDim(out, d))
      return false;
  return true;
}

/// The GEMM a conv2d unrolls to (with a run-time batch, that of one image);
/// false if a dimension is empty.
static bool convGemm(MlirOperation op, int64_t *m, int64_t *n, int64_t *k) {
  int64_t x[4], w[4], out[4];
  tcShapeOf(mlirValueGetType(mlirOperationGetOperand(op, 0)), x);
  tcShapeOf(mlirValueGetType(mlirOperationGetOperand(op, 1)), w);
  tcShapeOf(mlirValueGetType(mlirOperationGetResult(op, 0)), out);
  *m = (runTimeBatch(op) ? 1 : out[0]) * out[2] * out[3];
  *n = out[1];
  *k = w[1] * w[2] * w[3];
  return *m > 0 && *n > 0 && *k > 0 && x[2] > 0 && x[3] > 0;
}

/// Rules 1-6; fills `detail` either way, and `f32Clause` for an f32 im2col.
static bool chooseIm2col(MlirOperation op, char *detail, size_t size, bool *sumF32, char *f32Clause,
                         size_t clauseSize) {
  MlirType dtype = mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetResult(op, 0)));
  int64_t m, n, k;
  double gamma = 0;
  *sumF32 = mlirTypeIsAF32(dtype) && tcSelectSumsF32(op, "conv2d", f32Clause, clauseSize, &gamma);
  int64_t element = *sumF32 ? 4 : 8;
  if (!tcHostTargetGet().useBlis) {
    snprintf(detail, size, "direct: TC_GEMM_KERNEL=loops sends nothing to BLIS");
    return false;
  }
  if (!mlirTypeIsAF32(dtype) && !mlirTypeIsAF64(dtype)) {
    snprintf(detail, size, "direct: im2col + BLIS needs f32 or f64");
    return false;
  }
  if (mlirIntegerAttrGetValueInt(attr(op, "group")) != 1) {
    snprintf(detail, size, "direct: a grouped convolution (group > 1) has no im2col path yet");
    return false;
  }
  if (!convGemm(op, &m, &n, &k)) {
    snprintf(detail, size, "direct: an empty dimension or input plane");
    return false;
  }
  int64_t volume = m * n * k;
  if (volume < tcBlisMinVolume()) {
    snprintf(detail, size, "direct: GEMM M*N*K = %lld is below the BLIS threshold %lld", (long long)volume,
             (long long)tcBlisMinVolume());
    return false;
  }
  if (m * k * element > kMaxColumnBytes) {
    snprintf(detail, size, "direct: the unrolled input would take %lld bytes (limit %lld)",
             (long long)(m * k * element), (long long)kMaxColumnBytes);
    return false;
  }
  if (!tcPassCheckContract(op, TC_CONTRACT_REASSOCIATE, "im2col + BLIS gemm (its own summation order)")) {
    snprintf(detail, size, "direct: the contract does not let conv2d be reassociated");
    return false;
  }
  char accumulation[224] = "";
  if (*sumF32)
    snprintf(accumulation, sizeof accumulation, "; blis sgemm, f32 accumulation: %s = %g", f32Clause, gamma);
  else if (mlirTypeIsAF32(dtype))
    snprintf(accumulation, sizeof accumulation, "; f32 summed in f64 (bli_dgemm on f64 copies): %s has no gamma >= 1",
             f32Clause);
  if (runTimeBatch(op))
    snprintf(detail, size,
             "im2col: run-time batch B: one BLIS gemm of M B*%lld, N %lld, K %lld (one image's M*N*K %lld >= %lld) "
             "summed in %s, bias added last; reassociation allowed%s",
             (long long)m, (long long)n, (long long)k, (long long)volume, (long long)tcBlisMinVolume(),
             *sumF32 ? "f32" : "f64", accumulation);
  else
    snprintf(detail, size,
             "im2col: one BLIS gemm of M %lld, N %lld, K %lld (M*N*K %lld >= %lld) summed in %s, bias added last; "
             "reassociation allowed%s",
             (long long)m, (long long)n, (long long)k, (long long)volume, (long long)tcBlisMinVolume(),
             *sumF32 ? "f32" : "f64", accumulation);
  return true;
}

static MlirValue toBuffer(TcBuilder *b, MlirValue tensor) {
  return tcBuildValue(b, "builtin.unrealized_conversion_cast", tcMemRefForTensor(mlirValueGetType(tensor)), 1,
                      &tensor, 0, NULL);
}

/// The result's buffer; a run-time batch is x's (`x`, its buffer).
static MlirValue freshBuffer(TcBuilder *b, MlirType tensorType, MlirValue x) {
  if (mlirShapedTypeHasStaticShape(tensorType))
    return tcBAlloc(b, "memref.alloc", tcMemRefForTensor(tensorType), 64);
  MlirValue batch = tcBDim(b, x, 0);
  return tcBAllocSized(b, "memref.alloc", tcMemRefForTensor(tensorType), 1, &batch, 64);
}

/// tc_tensor.conv2d -> tc_kernel.conv2d `algorithm` on buffers; with
/// `relu` (its only user, fused) that op's result is the kernel's too, and
/// `sumF32` (rule 6) marks an f32 convolution summed in f32.
static void rewrite(MlirOperation op, const char *algorithm, const char *reason, MlirOperation relu, bool sumF32) {
  TcBuilder b = tcBuilderBefore(op);
  MlirValue result = mlirOperationGetResult(op, 0);
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue operands[4];
  for (intptr_t i = 0; i < n; ++i)
    operands[i] = toBuffer(&b, mlirOperationGetOperand(op, i));
  MlirValue out = operands[n] = freshBuffer(&b, mlirValueGetType(result), operands[0]);
  MlirNamedAttribute attrs[8] = {
      tcNamed(b.ctx, "strides", attr(op, "strides")),
      tcNamed(b.ctx, "pads", attr(op, "pads")),
      tcNamed(b.ctx, "dilations", attr(op, "dilations")),
      tcNamed(b.ctx, "group", attr(op, "group")),
      tcNamed(b.ctx, "algorithm", mlirStringAttrGet(b.ctx, mlirStringRefCreateFromCString(algorithm))),
      tcNamed(b.ctx, "reason", mlirStringAttrGet(b.ctx, mlirStringRefCreateFromCString(reason))),
  };
  int numAttrs = 6;
  if (sumF32)
    attrs[numAttrs++] = tcNamed(b.ctx, "accumulate", mlirStringAttrGet(b.ctx, mlirStringRefCreateFromCString("f32")));
  if (!mlirOperationIsNull(relu))
    attrs[numAttrs++] = tcNamed(b.ctx, "activation", mlirStringAttrGet(b.ctx, mlirStringRefCreateFromCString("relu")));
  tcBuildOp(&b, "tc_kernel.conv2d", 0, NULL, n + 1, operands, numAttrs, attrs);
  MlirValue value = tcBuildValue(&b, "builtin.unrealized_conversion_cast", mlirValueGetType(result), 1, &out, 0, NULL);
  if (!mlirOperationIsNull(relu)) {
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(relu, 0), value);
    mlirOperationDestroy(relu);
  }
  mlirValueReplaceAllUsesOfWith(result, value);
  mlirOperationDestroy(op);
}

/// Rule 8: the tc_tensor.relu that is `op`'s only user, of the same type,
/// or null.
static MlirOperation fusableRelu(MlirOperation op) {
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirOpOperand use = mlirValueGetFirstUse(result);
  if (mlirOpOperandIsNull(use) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return (MlirOperation){NULL};
  MlirOperation user = mlirOpOperandGetOwner(use);
  if (!tcIsOp(user, "tc_tensor.relu") || !mlirOperationEqual(mlirOperationGetParentOperation(user), mlirOperationGetParentOperation(op)) ||
      !mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(user, 0)), mlirValueGetType(result)))
    return (MlirOperation){NULL};
  return user;
}

static void recordFusion(MlirOperation relu, MlirOperation conv) {
  char subject[512], convAt[512], detail[640];
  tcDecisionSubject(conv, convAt, sizeof convAt);
  snprintf(detail, sizeof detail,
           "relu fused into the epilogue of %s (algorithm gemm): applied to each output element, once rounded, in "
           "the pass that adds the bias",
           convAt);
  TcDecision decision = {"fuse", tcDecisionSubject(relu, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(relu), &decision);
}

/// Rule 7; appends the layout to `detail`.
static const char *chooseLayout(MlirOperation op, char *detail, size_t size) {
  int64_t out[4], w[4];
  tcShapeOf(mlirValueGetType(mlirOperationGetResult(op, 0)), out);
  tcShapeOf(mlirValueGetType(mlirOperationGetOperand(op, 1)), w);
  size_t len = strlen(detail);
  if (out[2] * out[3] < kMinGemmPixels) {
    snprintf(detail + len, size - len, "; one gemm over all images: an image has %lld output pixels (< %lld)",
             (long long)(out[2] * out[3]), (long long)kMinGemmPixels);
    return "im2col";
  }
  char images[32];
  if (runTimeBatch(op))
    snprintf(images, sizeof images, "B (at run time)");
  else
    snprintf(images, sizeof images, "%lld", (long long)out[0]);
  snprintf(detail + len, size - len, "; as %s gemms, one per image in the output's layout (M %lld, N %lld, K %lld: %lld pixels >= %lld)",
           images, (long long)out[1], (long long)(out[2] * out[3]), (long long)(w[1] * w[2] * w[3]),
           (long long)(out[2] * out[3]), (long long)kMinGemmPixels);
  if (strncmp(detail, "im2col: ", 8) == 0) // the algorithm leads the detail
    memmove(detail + 6, detail + 8, strlen(detail + 8) + 1), memcpy(detail, "gemm: ", 6);
  return "gemm";
}

/// True if the result of `op` has a dynamic dimension.
static bool hasRunTimeSizes(MlirOperation op) {
  return !mlirShapedTypeHasStaticShape(mlirValueGetType(mlirOperationGetResult(op, 0)));
}

void tcSelectConv2d(MlirOperation op, MlirOperation *next) {
  char detail[768], subject[512], f32Clause[160] = "";
  if (hasRunTimeSizes(op) && !runTimeBatch(op)) { // the direct loops, whatever the sizes turn out to be
    TcDecision decision = {"kernel", tcDecisionSubject(op, subject, sizeof subject),
                           "loops: run-time sizes other than the batch (im2col + BLIS takes a run-time batch only)",
                           NULL};
    tcManifestRecordDecision(mlirOperationGetContext(op), &decision);
    return;
  }
  bool sumF32;
  bool im2col = chooseIm2col(op, detail, sizeof detail, &sumF32, f32Clause, sizeof f32Clause);
  MlirType dtype = mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetResult(op, 0)));
  const char *algorithm = im2col ? chooseLayout(op, detail, sizeof detail) : NULL;
  MlirOperation relu = algorithm && strcmp(algorithm, "gemm") == 0 ? fusableRelu(op) : (MlirOperation){NULL};
  const char *clause = NULL;
  if (im2col && mlirTypeIsAF32(dtype)) {
    clause = f32Clause;
  } else if (im2col) {
    const TcContract *contract = tcContractGetActive(mlirOperationGetContext(op));
    tcContractAllows(contract ? contract : tcContractGetDefault(), "conv2d", TC_CONTRACT_REASSOCIATE, &clause);
  }
  TcDecision decision = {"kernel", tcDecisionSubject(op, subject, sizeof subject), detail, clause};
  tcManifestRecordDecision(mlirOperationGetContext(op), &decision);
  if (!mlirOperationIsNull(relu)) {
    recordFusion(relu, op);
    if (mlirOperationEqual(relu, *next))
      *next = mlirOperationGetNextInBlock(relu);
  }
  if (im2col)
    rewrite(op, algorithm, detail, relu, sumF32);
}
