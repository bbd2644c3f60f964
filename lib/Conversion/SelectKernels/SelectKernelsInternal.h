//===- SelectKernelsInternal.h - tc-select-kernels, shared parts -*- C -*-===//
//
// What the gemm half of tc-select-kernels (SelectKernels.c) and its conv2d
// half (SelectConv.c) share.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_CONVERSION_SELECTKERNELS_SELECTKERNELSINTERNAL_H
#define TENSORC_LIB_CONVERSION_SELECTKERNELS_SELECTKERNELSINTERNAL_H

#include "mlir-c/IR.h"

#include <stdint.h>

/// The smallest M·N·K (per gemm) sent to BLIS (docs/lowering.md).
int64_t tcBlisMinVolume(void);

/// Chooses im2col + BLIS or the direct loops for tc_tensor.conv2d `op`,
/// records the `kernel` decision, and for im2col replaces `op` by a
/// tc_kernel.conv2d on buffers (SelectConv.c).
void tcSelectConv2d(MlirOperation op, MlirOperation *next);

#endif // TENSORC_LIB_CONVERSION_SELECTKERNELS_SELECTKERNELSINTERNAL_H
