//===- SelectKernelsInternal.h - tc-select-kernels, shared parts -*- C -*-===//
//
// What the gemm half of tc-select-kernels (SelectKernels.c) and its conv2d
// half (SelectConv.c) share.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_CONVERSION_SELECTKERNELS_SELECTKERNELSINTERNAL_H
#define TENSORC_LIB_CONVERSION_SELECTKERNELS_SELECTKERNELSINTERNAL_H

#include "../ConversionInternal.h"
#include "mlir-c/IR.h"

#include <stdbool.h>

#include <stddef.h>
#include <stdint.h>

/// The smallest M·N·K (per gemm) sent to BLIS (docs/lowering.md).
/// The smallest M·N·K (per gemm of a batch) sent to BLIS; see
/// docs/lowering.md "Kernel selection" for the measurements behind it.
#define TC_BLIS_MIN_VOLUME (64 * 32 * 32)

/// The most rows (M) a gemm may have to take the panel gemm (rule 7):
/// measured against BLIS's skx kernels at N = K = 2048 on one thread, the
/// panel gemm is 5.7x faster at M = 1, 2.1x at M = 8, 1.5x at M = 16 and
/// even at M = 32 (docs/lowering.md, "Kernel selection").
enum { kPanelMaxRows = 16 };

/// How a matmul or gemm maps onto one (batched) row-major gemm.
typedef struct GemmPlan {
  int64_t batch, m, n, k;
  intptr_t foldA; ///< fold lhs to rank 2 ([P·M, K]) or 3 ([B, M, K]); 0: as is
  intptr_t foldB, foldC;
  double alpha, beta;
  bool transA, transB;
  bool readC; ///< gemm with c present and beta != 0
  bool sumF32; ///< f32 data summed in f32 (bli_sgemm), see tcSelectSumsF32
} GemmPlan;

int64_t tcBlisMinVolume(void);

/// SelectKernels.c's rule steps and rewrite pieces, shared with the
/// selection for run-time sizes (SelectGemmDynamic.c).
bool tcSelectBlisTarget(MlirOperation op, char *detail, size_t size);
bool tcSelectBlisAllowed(MlirOperation op, GemmPlan *p, char *detail, size_t size, const char **clause,
                         char *f32Clause, size_t f32ClauseSize, char *accumulation, size_t accumulationSize);
void tcSelectRecordChoice(MlirOperation op, const char *detail, const char *clause);
MlirValue tcSelectToBuffer(TcBuilder *b, MlirValue tensor);
MlirValue tcSelectTransposedConstant(TcBuilder *b, MlirOperation gemm, MlirValue operand);
MlirOperation tcSelectReadableConstant(MlirValue v);
MlirValue tcSelectPanelConstant(TcBuilder *b, MlirOperation gemm, MlirValue operand, const GemmPlan *p,
                                int64_t width);

/// tc-select-kernels for a matmul or gemm with a run-time M (a guarded
/// decision, SelectGemmDynamic.c); records the decision either way.
void tcSelectGemmDynamic(MlirOperation op);

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
