//===- BlisGemm.c - tc_kernel.gemm kernel = "blis" as a call of BLIS -------===//
//
// tc-lower-kernels turns a BLIS gemm into one call of the artifact's BLIS
// shim (lib/Target/ArtifactRuntime/Blis.c, linked into the artifact by
// tensor-translate):
//
//   __tc_blis_gemm(config, mode, batch, trans_a, trans_b, M, N, K,
//                  alpha, beta, &a, &b, &c)
//
// with the buffers' aligned addresses as i64 (memref.extract_aligned_pointer
// _as_index; the buffers are dense row-major, docs/dialects.md §3) and the
// shapes as constants. `mode` is 0 for f64 (bli_dgemm), 1 for f32 with
// `accumulate = "f32"` (bli_sgemm on the f32 buffers, chosen by
// tc-select-kernels only under a contract whose tolerance has `gamma` >= 1)
// and 2 for other f32 (bli_dgemm on f64 copies, rounded once; docs/lowering.md
// "Kernel selection" says why f32 is not summed by bli_sgemm by default). The call is a
// top-level statement of the function, never inside a loop nest, so the
// shim's OpenMP region (one slab of columns per thread, BLIS on one thread
// each; Blis.c) never nests in another.
//
// `config` is the BLIS sub-configuration (BlisConfigs.def) the target
// calls for (lib/Host/HostTarget.c: TC_BLIS_CONFIG=<name> names one
// explicitly, else the target CPU's, by the rule BLIS 0.9's own x86-64
// detection follows). Each call records a manifest decision `blis-config`.
//
//===----------------------------------------------------------------------===//
#include "KernelToLoopInternal.h"

#include "../../Target/ArtifactRuntime/BlisFeatures.h"

#include "../../Transforms/TransformsInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/HostTarget.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#define TC_SHIM_NAME "__tc_blis_gemm"

/// The configuration to compile for (lib/Host/HostTarget.c chooses it),
/// described into `detail`.
static int chooseConfig(char *detail, size_t size) {
  TcHostTarget t = tcHostTargetGet();
  snprintf(detail, size, "BLIS sub-configuration %s (%s); the artifact refuses to run with another",
           tcHostBlisConfigGetName(t.blisConfig),
           t.forced & TC_HOST_FORCED_BLIS ? "TC_BLIS_CONFIG"
           : t.forced & TC_HOST_FORCED_CPU ? "TC_TARGET_CPU's"
                                           : "the compile host's");
  return t.blisConfig;
}

static MlirValue address(TcBuilder *b, MlirValue buffer) {
  MlirValue index = tcBuildValue(b, "memref.extract_aligned_pointer_as_index", mlirIndexTypeGet(b->ctx), 1,
                                 &buffer, 0, NULL);
  return tcBConvert(b, "arith.index_cast", index, mlirIntegerTypeGet(b->ctx, 64));
}

MlirValue tcKernelAddressAt(TcBuilder *b, MlirValue buffer, int64_t byteOffset) {
  MlirValue a = address(b, buffer);
  if (byteOffset == 0)
    return a;
  return tcBBinary(b, "arith.addi", a, tcBConstInt(b, mlirIntegerTypeGet(b->ctx, 64), byteOffset));
}

void tcKernelDeclareShim(TcLowering *l, const char *name, intptr_t numInputs, const MlirType *inputs) {
  if (!mlirOperationIsNull(mlirSymbolTableLookup(l->symbols, mlirStringRefCreateFromCString(name))))
    return;
  MlirContext ctx = l->at.ctx;
  MlirNamedAttribute attrs[3] = {
      tcNamed(ctx, "sym_name", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(name))),
      tcNamed(ctx, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(ctx, numInputs, inputs, 0, NULL))),
      tcNamed(ctx, "sym_visibility", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("private"))),
  };
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), mlirOperationGetLocation(l->func));
  mlirOperationStateAddAttributes(&state, 3, attrs);
  MlirRegion body = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&state, 1, &body);
  MlirOperation decl = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(l->func), l->func, decl);
  mlirSymbolTableInsert(l->symbols, decl);
}

static void recordConfig(MlirOperation op, const char *detail) {
  char subject[512];
  TcDecision decision = {"blis-config", tcDecisionSubject(op, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(op), &decision);
}

MlirValue tcKernelRows(TcBuilder *b, MlirValue c) {
  MlirType type = mlirValueGetType(c), i64 = mlirIntegerTypeGet(b->ctx, 64);
  if (!mlirShapedTypeIsDynamicDim(type, 0))
    return tcBConstInt(b, i64, mlirShapedTypeGetDimSize(type, 0));
  return tcBConvert(b, "arith.index_cast", tcBDim(b, c, 0), i64);
}

void tcBuildBlisCall(TcLowering *l, MlirOperation subject, const TcBlisCall *call) {
  char detail[640];
  int config = chooseConfig(detail, sizeof detail);
  int64_t batch = call->batch, m = call->m, n = call->n, kk = call->k;
  size_t used = strlen(detail);
  if (!mlirValueIsNull(call->batchValue)) { // the shim's rules with B at run time (Blis.c)
    snprintf(detail + used, sizeof detail - used,
             "; run-time batch B of gemms M %lld, N %lld, K %lld: shared whole by the OpenMP threads, one "
             "single-threaded BLIS call each, if B*M*N*K > %d and there are at most B threads, else in turn",
             (long long)m, (long long)n, (long long)kk, TC_BLIS_ONE_THREAD_VOLUME);
  } else if (m < 0) { // the shim's rules, read at run time (Blis.c)
    snprintf(detail + used, sizeof detail - used,
             "; run-time M: one BLIS thread if M*N*K <= %d, else one single-threaded BLIS call per OpenMP thread, "
             "on its slab of columns, or of rows if there are more than %lld threads and M > N",
             TC_BLIS_ONE_THREAD_VOLUME, (long long)((n + 15) / 16));
  } else {
    if (batch > 1 && batch * m * n * kk > TC_BLIS_ONE_THREAD_VOLUME) // the shim's rule, BlisFeatures.h
      used += (size_t)snprintf(detail + used, sizeof detail - used,
                               "; %lld gemms shared whole by the OpenMP threads (B*M*N*K %lld > %d), one "
                               "single-threaded BLIS call each, if there are at most %lld threads; else in turn",
                               (long long)batch, (long long)(batch * m * n * kk), TC_BLIS_ONE_THREAD_VOLUME,
                               (long long)batch);
    if (m * n * kk <= TC_BLIS_ONE_THREAD_VOLUME)
      snprintf(detail + used, sizeof detail - used, "; one BLIS thread (M*N*K %lld <= %d)",
               (long long)(m * n * kk), TC_BLIS_ONE_THREAD_VOLUME);
    else if (m > n) // the shim's slabs (Blis.c): rows when c has too few groups of 16 columns
      snprintf(detail + used, sizeof detail - used,
               "; one single-threaded BLIS call per OpenMP thread, on its slab of columns, or of rows if there are "
               "more than %lld threads (M*N*K %lld > %d)",
               (long long)((n + 15) / 16), (long long)(m * n * kk), TC_BLIS_ONE_THREAD_VOLUME);
    else
      snprintf(detail + used, sizeof detail - used,
               "; one single-threaded BLIS call per OpenMP thread, on its slab of columns (M*N*K %lld > %d)",
               (long long)(m * n * kk), TC_BLIS_ONE_THREAD_VOLUME);
  }
  recordConfig(subject, detail);
  TcBuilder *at = &l->at;
  MlirType i64 = mlirIntegerTypeGet(at->ctx, 64), f64 = mlirF64TypeGet(at->ctx);
  MlirType inputs[13] = {i64, i64, i64, i64, i64, i64, i64, i64, f64, f64, i64, i64, i64};
  tcKernelDeclareShim(l, TC_SHIM_NAME, 13, inputs);
  int64_t ints[8] = {config, call->mode, call->batch, call->transA, call->transB, m, n, kk};
  MlirValue args[13];
  for (int i = 0; i < 8; ++i)
    args[i] = i == 5 && m < 0                                   ? call->mValue
              : i == 2 && !mlirValueIsNull(call->batchValue) ? call->batchValue
                                                               : tcBConstInt(at, i64, ints[i]);
  args[8] = tcBConstFloat(at, f64, call->alpha);
  args[9] = tcBConstFloat(at, f64, call->beta);
  for (int i = 0; i < 3; ++i) {
    args[10 + i] = tcKernelAddressAt(at, call->buffer[i], call->offset[i]);
    if (!mlirValueIsNull(call->offsetValue[i]))
      args[10 + i] = tcBBinary(at, "arith.addi", args[10 + i], call->offsetValue[i]);
  }
  MlirNamedAttribute callee =
      tcNamed(at->ctx, "callee", mlirFlatSymbolRefAttrGet(at->ctx, mlirStringRefCreateFromCString(TC_SHIM_NAME)));
  tcBuildOp(at, "func.call", 0, NULL, 13, args, 1, &callee);
}

/// Bytes of one batch element of rank-3 `buffer`.
static int64_t batchStride(MlirValue buffer) {
  MlirType t = mlirValueGetType(buffer);
  int64_t bytes = mlirTypeIsAF64(mlirShapedTypeGetElementType(t)) ? 8 : 4;
  return bytes * mlirShapedTypeGetDimSize(t, 1) * mlirShapedTypeGetDimSize(t, 2);
}

/// A rank-3 gemm whose batch is known at run time only (SelectGemmDynamic.c):
/// c's batch is the larger of a's and b's, which are equal or 1
/// (docs/dialects.md §4.1). Where all three are equal, one call of the shim
/// with the batch read at run time, threaded over the gemms as a static
/// batch is; else an scf.for of one gemm per element of c, an operand of
/// batch 1 read at offset 0 by every one.
static void lowerRunTimeBatch(TcLowering *l, const TcBlisCall *call) {
  TcBuilder *at = &l->at;
  MlirType i64 = mlirIntegerTypeGet(at->ctx, 64);
  MlirValue ab = tcBDim(at, call->buffer[0], 0), bb = tcBDim(at, call->buffer[1], 0), cb = tcBDim(at, call->buffer[2], 0);
  MlirValue same = tcBBinary(at, "arith.andi", tcBCmpI(at, TC_CMPI_EQ, ab, cb), tcBCmpI(at, TC_CMPI_EQ, bb, cb));
  TcLowering whole = *l, each = *l;
  tcBIf(at, same, &whole.at, &each.at);
  TcBlisCall all = *call;
  all.batchValue = tcBConvert(&whole.at, "arith.index_cast", cb, i64);
  tcBuildBlisCall(&whole, l->op, &all);
  TcFor loop;
  tcBForBegin(&each.at, tcBIndex(&each.at, 0), cb, tcBIndex(&each.at, 1), 0, NULL, &loop);
  TcLowering inner = *l;
  inner.at = loop.body;
  TcBuilder *b = &inner.at;
  MlirValue n = tcBConvert(b, "arith.index_cast", loop.iv, i64), zero = tcBConstInt(b, i64, 0);
  TcBlisCall one = *call;
  one.batch = 1;
  MlirValue extents[2] = {ab, bb};
  for (int i = 0; i < 3; ++i) {
    MlirValue offset = tcBBinary(b, "arith.muli", n, tcBConstInt(b, i64, batchStride(call->buffer[i])));
    if (i < 2) // an operand of batch 1 is broadcast
      offset = tcBSelect(b, tcBCmpI(b, TC_CMPI_EQ, extents[i], tcBIndex(b, 1)), zero, offset);
    one.offsetValue[i] = offset;
  }
  tcBuildBlisCall(&inner, l->op, &one);
  tcBForEnd(&loop, NULL);
}

MlirLogicalResult tcLowerBlisGemm(TcLowering *l) {
  MlirOperation k = l->op;
  MlirValue a = mlirOperationGetOperand(k, 0), b = mlirOperationGetOperand(k, 1), c = mlirOperationGetOperand(k, 2);
  MlirType dtype = mlirShapedTypeGetElementType(mlirValueGetType(c));
  if (!mlirTypeIsAF32(dtype) && !mlirTypeIsAF64(dtype)) {
    tcEmitOpError(k, "tc_kernel.gemm kernel \"blis\" takes f32 or f64 buffers only");
    return mlirLogicalResultFailure();
  }
  int64_t as[3], cs[3];
  intptr_t rank = tcShapeOf(mlirValueGetType(c), cs);
  tcShapeOf(mlirValueGetType(a), as);
  bool transA = mlirBoolAttrGetValue(mlirOperationGetAttributeByName(k, mlirStringRefCreateFromCString("trans_a")));
  bool transB = mlirBoolAttrGetValue(mlirOperationGetAttributeByName(k, mlirStringRefCreateFromCString("trans_b")));
  MlirAttribute acc = mlirOperationGetAttributeByName(k, mlirStringRefCreateFromCString("accumulate"));
  bool sumF32 = !mlirAttributeIsNull(acc) && mlirStringRefEqual(mlirStringAttrGetValue(acc), mlirStringRefCreateFromCString("f32"));
  TcBlisCall call = {
      .mode = mlirTypeIsAF64(dtype) ? 0 : sumF32 ? 1 : 2,
      .batch = rank == 3 ? cs[0] : 1,
      .transA = transA,
      .transB = transB,
      .m = mlirShapedTypeIsDynamicDim(mlirValueGetType(c), rank - 2) ? -1 : cs[rank - 2],
      .mValue = rank == 2 && mlirShapedTypeIsDynamicDim(mlirValueGetType(c), 0) ? tcKernelRows(&l->at, c)
                                                                             : (MlirValue){NULL},
      .n = cs[rank - 1],
      .k = transA ? as[rank - 2] : as[rank - 1],
      .alpha = mlirFloatAttrGetValueDouble(mlirOperationGetAttributeByName(k, mlirStringRefCreateFromCString("alpha"))),
      .beta = mlirFloatAttrGetValueDouble(mlirOperationGetAttributeByName(k, mlirStringRefCreateFromCString("beta"))),
  };
  call.buffer[0] = a, call.buffer[1] = b, call.buffer[2] = c;
  if (rank == 3 && mlirShapedTypeIsDynamicDim(mlirValueGetType(c), 0))
    lowerRunTimeBatch(l, &call);
  else
    tcBuildBlisCall(l, k, &call);
  return mlirLogicalResultSuccess();
}
