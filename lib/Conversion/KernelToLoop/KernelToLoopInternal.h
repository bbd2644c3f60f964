//===- KernelToLoopInternal.h - tc-lower-kernels, shared parts ---*- C -*-===//
//
// tc-lower-kernels (KernelToLoop.c) lowers each tc_kernel op with the
// lowering context of tc-lower-tensor (TcLowering: the op, its function, the
// module's symbol table, a builder before the op). Kernels implemented by a
// library call live in files of their own; this header declares them.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_CONVERSION_KERNELTOLOOP_KERNELTOLOOPINTERNAL_H
#define TENSORC_LIB_CONVERSION_KERNELTOLOOP_KERNELTOLOOPINTERNAL_H

#include "../TensorToLoop/TensorToLoopInternal.h"

/// Lowers `tc_kernel.gemm kernel = "blis"` (l->op) to a call of the
/// artifact's BLIS shim (BlisGemm.c) and records the BLIS configuration as a
/// manifest decision. Fails with a located error for buffers that are not
/// f32 or f64, or an unknown TC_BLIS_CONFIG.
MlirLogicalResult tcLowerBlisGemm(TcLowering *l);

/// One call of the BLIS shim (BlisGemm.c's file comment): mode 0 f64,
/// 1 f32 summed in f32, 2 f32 summed in f64 on copies; a, b and c are
/// `buffer[i]` (dense) from byte `offset[i]` on. `m` < 0: M is known at run
/// time only, as the i64 `mValue` (tcKernelRows).
typedef struct TcBlisCall {
  int64_t mode, batch, m, n, k;
  MlirValue mValue;
  bool transA, transB;
  double alpha, beta;
  MlirValue buffer[3];
  int64_t offset[3];      ///< bytes into each buffer
  MlirValue offsetValue[3]; ///< bytes more, an i64 known at run time (null: none)
  MlirValue batchValue;     ///< the batch as an i64 known at run time (null: `batch`)
} TcBlisCall;

/// Builds `call` at l->at, records its `blis-config` decision on `subject`
/// and declares the shim in the module if needed.
void tcBuildBlisCall(TcLowering *l, MlirOperation subject, const TcBlisCall *call);

/// M of a rank-2 gemm's c (dimension 0) as an i64: a constant, or read by
/// memref.dim when it is known at run time only (SelectGemmDynamic.c).
MlirValue tcKernelRows(TcBuilder *b, MlirValue c);

/// The aligned address of `buffer` plus `byteOffset` as an i64 (an
/// arith.addi of a constant, which tc-plan-memory follows: docs/memory.md
/// §1), for the calls of the artifact's shims.
MlirValue tcKernelAddressAt(TcBuilder *b, MlirValue buffer, int64_t byteOffset);

/// `buffer` (rank r, dense) viewed with its dimensions merged into
/// `numGroups` groups, group g spanning [first[g], first[g + 1]) (the last
/// to r): a memref.collapse_shape, free on a dense buffer, which
/// tc-plan-memory follows as a view; a group holding a run-time size is
/// one. first[0] must be 0.
MlirValue tcKernelCollapse(TcBuilder *b, MlirValue buffer, intptr_t numGroups, const intptr_t *first);

/// Declares `func.func private @name(inputs) -> ()` in the module once.
void tcKernelDeclareShim(TcLowering *l, const char *name, intptr_t numInputs, const MlirType *inputs);

/// Lowers `tc_kernel.gemm kernel = "panel"` (l->op) to a call of the
/// artifact's panel gemm (PanelGemm.c) and records how it threads.
MlirLogicalResult tcLowerPanelGemm(TcLowering *l);

/// Lowers the im2col tc_kernel.conv2d `l->op` (Im2col.c).
MlirLogicalResult tcLowerIm2colConv2d(TcLowering *l);

/// Lowers the per-image GEMM tc_kernel.conv2d (algorithm "gemm") `l->op`
/// (ConvGemm.c).
MlirLogicalResult tcLowerGemmConv2d(TcLowering *l);

#endif // TENSORC_LIB_CONVERSION_KERNELTOLOOP_KERNELTOLOOPINTERNAL_H
