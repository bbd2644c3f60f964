//===- SelectKernelsInternal.h - tc-select-kernels, shared parts -*- C -*-===//
//
// What the gemm half of tc-select-kernels (SelectKernels.c) and its conv2d
// half (SelectConv.c) share.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_CONVERSION_SELECTKERNELS_SELECTKERNELSINTERNAL_H
#define TENSORC_LIB_CONVERSION_SELECTKERNELS_SELECTKERNELSINTERNAL_H

#include "mlir-c/IR.h"

#include <stddef.h>
#include <stdint.h>

/// The smallest M·N·K (per gemm) sent to BLIS (docs/lowering.md).
int64_t tcBlisMinVolume(void);

/// Rule 6 of SelectKernels.c for op kind `kind` ("matmul", "gemm" or
/// "conv2d"): true if the contract in force lets f32 be summed in f32 (its
/// f32 tolerance of `kind` has `gamma` >= 1, docs/contract.md §1.1). Writes
/// the clause that decided into `clause` and that gamma into `*gamma`.
bool tcSelectSumsF32(MlirOperation op, const char *kind, char *clause, size_t size, double *gamma);

/// Chooses im2col + BLIS or the direct loops for tc_tensor.conv2d `op`,
/// records the `kernel` decision, and for im2col replaces `op` by a
/// tc_kernel.conv2d on buffers (SelectConv.c).
void tcSelectConv2d(MlirOperation op, MlirOperation *next);

#endif // TENSORC_LIB_CONVERSION_SELECTKERNELS_SELECTKERNELSINTERNAL_H
