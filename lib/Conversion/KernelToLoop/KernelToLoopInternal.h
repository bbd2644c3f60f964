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

/// Lowers the im2col tc_kernel.conv2d `l->op` (Im2col.c).
MlirLogicalResult tcLowerIm2colConv2d(TcLowering *l);

#endif // TENSORC_LIB_CONVERSION_KERNELTOLOOP_KERNELTOLOOPINTERNAL_H
