//===- PanelGemm.c - tc_kernel.gemm kernel = "panel" as a call -------------===//
//
// tc-lower-kernels turns a panel gemm (docs/dialects.md §4.1: b stored in
// panels of W columns at compile time by tc-select-kernels) into one call
// of the artifact's panel gemm (lib/Target/ArtifactRuntime/Panel.c, linked
// into the artifact by tensor-translate):
//
//   __tc_panel_gemm(W, M, N, K, alpha, beta, &a, &b, &c)
//
// with the buffers' aligned addresses as i64, as the BLIS call has them.
// The call is a top-level statement of the function, so the shim's OpenMP
// region (the panels shared out to the threads) never nests in another.
// Records a decision `threads` saying how the call runs.
//
//===----------------------------------------------------------------------===//
#include "KernelToLoopInternal.h"

#include "../../Target/ArtifactRuntime/BlisFeatures.h"

#include "../../Transforms/TransformsInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"

#include <stdio.h>

#define TC_PANEL_SHIM "__tc_panel_gemm"

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

MlirLogicalResult tcLowerPanelGemm(TcLowering *l) {
  MlirOperation k = l->op;
  MlirValue a = mlirOperationGetOperand(k, 0), b = mlirOperationGetOperand(k, 1), c = mlirOperationGetOperand(k, 2);
  if (!mlirTypeIsAF32(mlirShapedTypeGetElementType(mlirValueGetType(c)))) {
    tcEmitOpError(k, "tc_kernel.gemm kernel \"panel\" takes f32 buffers only");
    return mlirLogicalResultFailure();
  }
  int64_t as[2], bs[3], cs[2];
  tcShapeOf(mlirValueGetType(a), as);
  tcShapeOf(mlirValueGetType(b), bs);
  tcShapeOf(mlirValueGetType(c), cs);
  bool runTimeM = mlirShapedTypeIsDynamicDim(mlirValueGetType(c), 0);
  int64_t m = runTimeM ? -1 : cs[0], n = cs[1], kk = as[1], width = bs[2];
  char subject[512], detail[320];
  if (m < 0)
    snprintf(detail, sizeof detail,
             "panel gemm with a run-time M: on one thread if M*N*K <= %d, else its %lld panels of %lld columns "
             "shared out to the OpenMP threads; each element the same sum whatever the thread count",
             TC_BLIS_ONE_THREAD_VOLUME, (long long)bs[0], (long long)width);
  else if (m * n * kk <= TC_BLIS_ONE_THREAD_VOLUME)
    snprintf(detail, sizeof detail, "panel gemm on one thread (M*N*K %lld <= %d)", (long long)(m * n * kk),
             TC_BLIS_ONE_THREAD_VOLUME);
  else
    snprintf(detail, sizeof detail,
             "panel gemm: its %lld panels of %lld columns shared out to the OpenMP threads (M*N*K %lld > %d); each "
             "element the same sum whatever the thread count",
             (long long)bs[0], (long long)width, (long long)(m * n * kk), TC_BLIS_ONE_THREAD_VOLUME);
  TcDecision decision = {"threads", tcDecisionSubject(k, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(k), &decision);
  TcBuilder *at = &l->at;
  MlirType i64 = mlirIntegerTypeGet(at->ctx, 64), f64 = mlirF64TypeGet(at->ctx);
  MlirType inputs[9] = {i64, i64, i64, i64, f64, f64, i64, i64, i64};
  tcKernelDeclareShim(l, TC_PANEL_SHIM, 9, inputs);
  int64_t ints[4] = {width, m, n, kk};
  MlirValue args[9];
  for (int i = 0; i < 4; ++i)
    args[i] = i == 1 && runTimeM ? tcKernelRows(at, c) : tcBConstInt(at, i64, ints[i]);
  args[4] = tcBConstFloat(at, f64, mlirFloatAttrGetValueDouble(attr(k, "alpha")));
  args[5] = tcBConstFloat(at, f64, mlirFloatAttrGetValueDouble(attr(k, "beta")));
  MlirValue buffers[3] = {a, b, c};
  for (int i = 0; i < 3; ++i)
    args[6 + i] = tcKernelAddressAt(at, buffers[i], 0);
  MlirNamedAttribute callee =
      tcNamed(at->ctx, "callee", mlirFlatSymbolRefAttrGet(at->ctx, mlirStringRefCreateFromCString(TC_PANEL_SHIM)));
  tcBuildOp(at, "func.call", 0, NULL, 9, args, 1, &callee);
  return mlirLogicalResultSuccess();
}
