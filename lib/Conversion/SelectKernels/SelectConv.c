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
//      unrolled input (in f64) at most kMaxColumnBytes;
//   5. the contract lets conv2d be reassociated (tcPassCheckContract,
//      which records its own decision): the GEMM sums in its own order and
//      adds the bias last.
// The chosen op becomes `tc_kernel.conv2d algorithm = "im2col"` on buffers
// (tc-lower-kernels, Im2col.c, builds the GEMM); the direct one stays as
// it is. Either way one manifest decision `kernel` says which and why.
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

/// The largest unrolled input (f64 elements, bytes) im2col allocates.
static const int64_t kMaxColumnBytes = (int64_t)1 << 30;

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

/// The GEMM a conv2d unrolls to; false if a dimension is empty.
static bool convGemm(MlirOperation op, int64_t *m, int64_t *n, int64_t *k) {
  int64_t x[4], w[4], out[4];
  tcShapeOf(mlirValueGetType(mlirOperationGetOperand(op, 0)), x);
  tcShapeOf(mlirValueGetType(mlirOperationGetOperand(op, 1)), w);
  tcShapeOf(mlirValueGetType(mlirOperationGetResult(op, 0)), out);
  *m = out[0] * out[2] * out[3];
  *n = out[1];
  *k = w[1] * w[2] * w[3];
  return *m > 0 && *n > 0 && *k > 0 && x[2] > 0 && x[3] > 0;
}

/// Rules 1-5; fills `detail` either way.
static bool chooseIm2col(MlirOperation op, char *detail, size_t size) {
  MlirType dtype = mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetResult(op, 0)));
  int64_t m, n, k;
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
  if (m * k * 8 > kMaxColumnBytes) {
    snprintf(detail, size, "direct: the unrolled input would take %lld bytes (limit %lld)", (long long)(m * k * 8),
             (long long)kMaxColumnBytes);
    return false;
  }
  if (!tcPassCheckContract(op, TC_CONTRACT_REASSOCIATE, "im2col + BLIS gemm (its own summation order)")) {
    snprintf(detail, size, "direct: the contract does not let conv2d be reassociated");
    return false;
  }
  snprintf(detail, size,
           "im2col: one BLIS gemm of M %lld, N %lld, K %lld (M*N*K %lld >= %lld) summed in f64, bias added last; "
           "reassociation allowed",
           (long long)m, (long long)n, (long long)k, (long long)volume, (long long)tcBlisMinVolume());
  return true;
}

static MlirValue toBuffer(TcBuilder *b, MlirValue tensor) {
  return tcBuildValue(b, "builtin.unrealized_conversion_cast", tcMemRefForTensor(mlirValueGetType(tensor)), 1,
                      &tensor, 0, NULL);
}

static MlirValue freshBuffer(TcBuilder *b, MlirType tensorType) {
  return tcBAlloc(b, "memref.alloc", tcMemRefForTensor(tensorType), 64);
}

/// tc_tensor.conv2d -> tc_kernel.conv2d "im2col" on buffers.
static void rewrite(MlirOperation op, const char *reason) {
  TcBuilder b = tcBuilderBefore(op);
  MlirValue result = mlirOperationGetResult(op, 0);
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue operands[4];
  for (intptr_t i = 0; i < n; ++i)
    operands[i] = toBuffer(&b, mlirOperationGetOperand(op, i));
  MlirValue out = operands[n] = freshBuffer(&b, mlirValueGetType(result));
  MlirNamedAttribute attrs[6] = {
      tcNamed(b.ctx, "strides", attr(op, "strides")),
      tcNamed(b.ctx, "pads", attr(op, "pads")),
      tcNamed(b.ctx, "dilations", attr(op, "dilations")),
      tcNamed(b.ctx, "group", attr(op, "group")),
      tcNamed(b.ctx, "algorithm", mlirStringAttrGet(b.ctx, mlirStringRefCreateFromCString("im2col"))),
      tcNamed(b.ctx, "reason", mlirStringAttrGet(b.ctx, mlirStringRefCreateFromCString(reason))),
  };
  tcBuildOp(&b, "tc_kernel.conv2d", 0, NULL, n + 1, operands, 6, attrs);
  MlirValue value = tcBuildValue(&b, "builtin.unrealized_conversion_cast", mlirValueGetType(result), 1, &out, 0, NULL);
  mlirValueReplaceAllUsesOfWith(result, value);
  mlirOperationDestroy(op);
}

void tcSelectConv2d(MlirOperation op) {
  char detail[512], subject[512];
  bool im2col = chooseIm2col(op, detail, sizeof detail);
  const char *clause = NULL;
  if (im2col) {
    const TcContract *contract = tcContractGetActive(mlirOperationGetContext(op));
    tcContractAllows(contract ? contract : tcContractGetDefault(), "conv2d", TC_CONTRACT_REASSOCIATE, &clause);
  }
  TcDecision decision = {"kernel", tcDecisionSubject(op, subject, sizeof subject), detail, clause};
  tcManifestRecordDecision(mlirOperationGetContext(op), &decision);
  if (im2col)
    rewrite(op, detail);
}
