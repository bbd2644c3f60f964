//===- SelectGemmDynamic.c - kernel selection for a run-time M ------------===//
//
// Part of tc-select-kernels (SelectKernels.c has the rules). A gemm or 2-D
// matmul whose M is known only at run time (a dynamic batch:
// `tensor<?x2048xf32>`) cannot settle rule 4 (M·N·K >= the BLIS threshold)
// or rule 7 (M <= kPanelMaxRows for the panel gemm) at compile time. Here
// the shape rules read with M unknown, the other rules are asked as for a
// static op, and the choice becomes a **guarded decision**
// (docs/dynamic-shapes.md §4):
//
//   - shape: a rank-2 result [?, N] with N and K static and > 0, alpha != 0,
//     or a matmul [P..., M, K] · [K, N] whose lhs leading dimensions (some
//     `?`) fold into M (memref.collapse_shape of a and of the result, free
//     views), M then at least the product of its static factors;
//     a gemm's c, if read, static and with beta = 1; matmul rank 2 on both
//     sides. Anything else stays on the loop nests of tc-lower-tensor
//     (decision "loops: run-time sizes, ...").
//   - the panel gemm, where rule 7 holds but for M (f32 summed in f32,
//     no trans_a, a constant b, 256- or 512-bit vectors): the artifact holds
//     both kernels and a size test picks one at run time,
//       scf.if (M <= kPanelMaxRows) { panel gemm } else { BLIS gemm },
//     each with its own layout of the constant b (panels; b transposed for
//     BLIS under trans_b), so b is stored twice (both `layout` decisions
//     are recorded). The BLIS branch needs rule 4 for every M above
//     kPanelMaxRows, i.e. (kPanelMaxRows + 1)·N·K >= the threshold; else the
//     op stays on the loops. The panel gemm packs nothing, so the
//     threshold, which measures BLIS's packing and set-up, does not bind
//     its branch.
//   - otherwise BLIS alone, if rule 4 holds for every M >= 1 (N·K >= the
//     threshold); else the loops: a guard between the loop nest and BLIS
//     is not built (its loop branch would be a nest inside an scf.if, which
//     the nest passes do not walk into).
//   - a batched matmul [?, M, K] · [?, K, N] (M, N, K static, the batches
//     equal or one of them 1 at run time): BLIS where one gemm passes rule
//     4, as a rank-3 `tc_kernel.gemm` whose batch tc-lower-kernels reads at
//     run time (BlisGemm.c); c's batch is the larger of a's and b's.
//   - M = 0 at run time: both kernels compute nothing (the shim and the
//     panel gemm loop over no rows); the output has no element.
//
// A read c is not folded into the kernel (a static gemm writes it into the
// result first, via broadcast_to, which needs the result's sizes at compile
// time): the kernel computes alpha·op(a)·op(b) (beta = 0) into a buffer of
// [M, N] sized from a's `memref.dim`, and a `tc_tensor.add` of c follows,
// broadcast at run time by the elementwise lowering. With beta = 1 that is
// the shim's own last step (c + alpha·ab, one rounding), so the values are
// those of the fused form (up to the FMA contraction the contract allows).
//
//===----------------------------------------------------------------------===//
#include "SelectKernelsInternal.h"

#include "../KernelToLoop/KernelToLoopInternal.h"
#include "../TensorToLoop/TensorToLoopInternal.h"
#include "tensorc/HostTarget.h"

#include <stdio.h>
#include <string.h>

typedef struct DynamicGemm {
  GemmPlan plan;
  intptr_t mDim; ///< the dimension of a holding M (1 under trans_a)
  intptr_t rank; ///< a's and the result's rank: > 2 for a matmul whose lhs leading dimensions fold into M
  int64_t mKnown; ///< the product of M's static factors (1 for a rank-2 a): M >= mKnown once M > 0
  bool batched;   ///< a matmul [?, M, K] · [?, K, N]: one gemm per batch element, M static
  bool panel;    ///< the guarded panel/BLIS choice (else BLIS alone)
  int64_t width; ///< the panel width
} DynamicGemm;

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

static bool isStatic(MlirValue v) { return mlirShapedTypeHasStaticShape(typeOf(v)); }

/// A matmul of rank 3 on both sides whose only run-time sizes are the
/// batch dimensions, of both operands (a static 1 against a `?` is left to
/// the loops).
static bool batchOnly(MlirOperation op) {
  if (!tcIsOp(op, "tc_tensor.matmul"))
    return false;
  for (intptr_t i = 0; i < 3; ++i) {
    MlirType t = typeOf(i < 2 ? mlirOperationGetOperand(op, i) : mlirOperationGetResult(op, 0));
    if (mlirShapedTypeGetRank(t) != 3 || !mlirShapedTypeIsDynamicDim(t, 0) || mlirShapedTypeIsDynamicDim(t, 1) ||
        mlirShapedTypeIsDynamicDim(t, 2))
      return false;
  }
  return true;
}

/// The shape rule with M unknown; sets `why` when the op stays on the loops.
static bool planShape(MlirOperation op, DynamicGemm *d, const char **why) {
  GemmPlan *p = &d->plan;
  MlirValue a = mlirOperationGetOperand(op, 0), b = mlirOperationGetOperand(op, 1);
  MlirType result = typeOf(mlirOperationGetResult(op, 0));
  *p = (GemmPlan){.batch = 1, .alpha = 1.0};
  intptr_t rank = mlirShapedTypeGetRank(result);
  d->batched = false;
  if (batchOnly(op)) { // [?, M, K] · [?, K, N]
    d->batched = true, d->rank = 3, d->mDim = 1;
    p->m = d->mKnown = mlirShapedTypeGetDimSize(typeOf(a), 1);
    p->k = mlirShapedTypeGetDimSize(typeOf(a), 2);
    p->n = mlirShapedTypeGetDimSize(typeOf(b), 2);
    if (p->m == 0 || p->n == 0 || p->k == 0) {
      *why = "an empty product (M, N or K 0)";
      return false;
    }
    return true;
  }
  bool folds = tcIsOp(op, "tc_tensor.matmul") && rank > 2 && mlirShapedTypeGetRank(typeOf(a)) == rank;
  if ((rank != 2 && !folds) || mlirShapedTypeGetRank(typeOf(a)) != rank || mlirShapedTypeGetRank(typeOf(b)) != 2 ||
      !isStatic(b) || mlirShapedTypeIsDynamicDim(result, rank - 1)) {
    *why = "only M may be a run-time size (rank 2, or a matmul's lhs leading dimensions folding into M; b and N "
           "static)";
    return false;
  }
  d->rank = rank;
  d->mKnown = 1;
  for (intptr_t i = 0; folds && i + 1 < rank; ++i)
    if (!mlirShapedTypeIsDynamicDim(typeOf(a), i))
      d->mKnown *= mlirShapedTypeGetDimSize(typeOf(a), i);
  if (folds && mlirShapedTypeIsDynamicDim(typeOf(a), rank - 1)) {
    *why = "a run-time K";
    return false;
  }
  if (folds) { // [P..., M, K] · [K, N]: M·P rows of a, static N and K
    p->k = mlirShapedTypeGetDimSize(typeOf(a), rank - 1);
    p->n = mlirShapedTypeGetDimSize(result, rank - 1);
    p->m = -1;
    d->mDim = 0;
    if (p->n == 0 || p->k == 0 || d->mKnown == 0) {
      *why = "an empty product (N, K or a static factor of M 0)";
      return false;
    }
    return true;
  }
  if (tcIsOp(op, "tc_tensor.gemm")) {
    p->transA = mlirBoolAttrGetValue(attr(op, "trans_a"));
    p->transB = mlirBoolAttrGetValue(attr(op, "trans_b"));
    p->alpha = mlirFloatAttrGetValueDouble(attr(op, "alpha"));
    p->beta = mlirFloatAttrGetValueDouble(attr(op, "beta"));
    p->readC = mlirOperationGetNumOperands(op) == 3 && p->beta != 0.0;
  }
  d->mDim = p->transA ? 1 : 0;
  if (mlirShapedTypeIsDynamicDim(typeOf(a), 1 - d->mDim)) {
    *why = "a run-time K";
    return false;
  }
  p->k = mlirShapedTypeGetDimSize(typeOf(a), 1 - d->mDim);
  p->n = mlirShapedTypeGetDimSize(result, 1);
  p->m = -1;
  if (p->readC && !isStatic(mlirOperationGetOperand(op, 2))) {
    *why = "c read with a run-time size";
    return false;
  }
  if (p->readC && p->beta != 1.0) {
    *why = "c read with beta != 1 (c is added after the kernel)";
    return false;
  }
  if (p->n == 0 || p->k == 0 || p->alpha == 0.0) {
    *why = "an empty product (N or K 0, or alpha 0)";
    return false;
  }
  return true;
}

/// Rule 7 but for M: the guarded panel/BLIS choice applies.
static bool panelApplies(MlirOperation op, const DynamicGemm *d) {
  const GemmPlan *p = &d->plan;
  MlirType dtype = mlirShapedTypeGetElementType(typeOf(mlirOperationGetResult(op, 0)));
  return mlirTypeIsAF32(dtype) && p->sumF32 && !p->transA && tcHostTargetGet().vectorBits >= 256 &&
         !mlirOperationIsNull(tcSelectReadableConstant(mlirOperationGetOperand(op, 1)));
}

/// Rules 0-7 for a run-time M; fills `detail` either way.
static bool choose(MlirOperation op, DynamicGemm *d, char *detail, size_t size, const char **clause,
                   char *f32Clause, size_t f32ClauseSize) {
  const char *why = NULL;
  *clause = NULL;
  if (!tcSelectBlisTarget(op, detail, size))
    return false;
  if (!planShape(op, d, &why)) {
    snprintf(detail, size, "loops: run-time sizes, %s", why);
    return false;
  }
  int64_t nk = d->plan.n * d->plan.k, threshold = tcBlisMinVolume();
  char accumulation[256];
  if (!tcSelectBlisAllowed(op, &d->plan, detail, size, clause, f32Clause, f32ClauseSize, accumulation,
                           sizeof accumulation))
    return false;
  if (d->batched) {
    int64_t volume = d->plan.m * nk;
    if (volume < threshold) {
      snprintf(detail, size, "loops: run-time batch, and one gemm's M*N*K %lld is below the BLIS threshold %lld",
               (long long)volume, (long long)threshold);
      return false;
    }
    snprintf(detail, size,
             "blis: run-time batch B, B gemms of M %lld, N %lld, K %lld (one gemm's M*N*K %lld >= %lld); %s, "
             "reassociation allowed%s",
             (long long)d->plan.m, (long long)d->plan.n, (long long)d->plan.k, (long long)volume, (long long)threshold,
             mlirTypeIsAF32(mlirShapedTypeGetElementType(typeOf(mlirOperationGetResult(op, 0)))) ? "f32" : "f64",
             accumulation);
    d->panel = false;
    return true;
  }
  // M's static factors bound it from below (M > 0): past kPanelMaxRows,
  // the panel branch would never run.
  d->panel = d->mKnown <= kPanelMaxRows && panelApplies(op, d);
  int64_t firstBlisRow = d->panel ? kPanelMaxRows + 1 : d->mKnown;
  if (firstBlisRow * nk < threshold) {
    snprintf(detail, size,
             "loops: run-time M, and M*N*K is below the BLIS threshold %lld for M = %lld (N*K = %lld); a guarded "
             "choice between the loops and BLIS is not built",
             (long long)threshold, (long long)firstBlisRow, (long long)nk);
    return false;
  }
  int bits = tcHostTargetGet().vectorBits;
  d->width = bits >= 512 ? 32 : 16;
  size_t used = strlen(accumulation);
  if (d->plan.readC)
    snprintf(accumulation + used, sizeof accumulation - used, "; c added after the kernel (tc_tensor.add)");
  const char *dtype = mlirTypeIsAF32(mlirShapedTypeGetElementType(typeOf(mlirOperationGetResult(op, 0)))) ? "f32"
                                                                                                          : "f64";
  if (d->panel)
    snprintf(detail, size,
             "guarded: run-time M; M <= %d: panel gemm (b a constant stored in panels of %lld columns, %d-bit "
             "vectors), else blis (%lld*N*K >= %lld); %s, N %lld, K %lld, reassociation allowed%s",
             kPanelMaxRows, (long long)d->width, bits, (long long)firstBlisRow, (long long)threshold, dtype,
             (long long)d->plan.n, (long long)d->plan.k, accumulation);
  else if (d->rank > 2)
    snprintf(detail, size,
             "blis: run-time M (lhs dimensions 0..%ld folded into M, a multiple of %lld), M*N*K >= %lld for every "
             "M >= %lld (N*K = %lld); %s, N %lld, K %lld, reassociation allowed%s",
             (long)(d->rank - 2), (long long)d->mKnown, (long long)threshold, (long long)d->mKnown, (long long)nk,
             dtype, (long long)d->plan.n, (long long)d->plan.k, accumulation);
  else
    snprintf(detail, size,
             "blis: run-time M, M*N*K >= %lld for every M >= 1 (N*K = %lld); %s, N %lld, K %lld, reassociation "
             "allowed%s",
             (long long)threshold, (long long)nk, dtype, (long long)d->plan.n, (long long)d->plan.k, accumulation);
  return true;
}

//===-- the rewrite -------------------------------------------------------===//

/// One tc_kernel.gemm at `b` on buffers a, rhs, out (beta 0: a read c is
/// added after, see the file comment).
static void buildKernel(TcBuilder *b, const GemmPlan *p, bool transB, MlirValue a, MlirValue rhs, MlirValue out,
                        const char *kernel, const char *reason) {
  MlirContext ctx = b->ctx;
  MlirType f64 = mlirF64TypeGet(ctx);
  MlirNamedAttribute attrs[7] = {
      tcNamed(ctx, "alpha", mlirFloatAttrDoubleGet(ctx, f64, p->alpha)),
      tcNamed(ctx, "beta", mlirFloatAttrDoubleGet(ctx, f64, 0.0)),
      tcNamed(ctx, "trans_a", mlirBoolAttrGet(ctx, p->transA)),
      tcNamed(ctx, "trans_b", mlirBoolAttrGet(ctx, transB)),
      tcNamed(ctx, "kernel", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(kernel))),
      tcNamed(ctx, "reason", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(reason))),
      tcNamed(ctx, "accumulate", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("f32"))),
  };
  MlirValue operands[3] = {a, rhs, out};
  tcBuildOp(b, "tc_kernel.gemm", 0, NULL, 3, operands, p->sumF32 ? 7 : 6, attrs);
}

/// b as BLIS reads it: transposed at compile time when it is a constant
/// under trans_b (SelectKernels.c); `*transB` says whether BLIS transposes.
static MlirValue blisRhs(TcBuilder *b, MlirOperation op, const GemmPlan *p, bool *transB) {
  MlirValue rhs = mlirOperationGetOperand(op, 1);
  *transB = p->transB;
  if (p->transB) {
    MlirValue relaid = tcSelectTransposedConstant(b, op, rhs);
    if (!mlirValueIsNull(relaid)) {
      *transB = false;
      return relaid;
    }
  }
  return rhs;
}

static void rewrite(MlirOperation op, const DynamicGemm *d, const char *reason) {
  TcBuilder b = tcBuilderBefore(op);
  const GemmPlan *p = &d->plan;
  MlirValue rhs = mlirOperationGetOperand(op, 1);
  MlirValue a = tcSelectToBuffer(&b, mlirOperationGetOperand(op, 0));
  bool transB;
  MlirValue blisB = tcSelectToBuffer(&b, blisRhs(&b, op, p, &transB));
  MlirValue panelB = d->panel ? tcSelectToBuffer(&b, tcSelectPanelConstant(&b, op, rhs, p, d->width))
                              : (MlirValue){NULL};
  MlirType resultType = typeOf(mlirOperationGetResult(op, 0));
  MlirValue out, kernelOut, m;
  if (d->batched) { // the batch is the broadcast of a's and b's: equal, or one is 1
    MlirValue batch = tcBBinary(&b, "arith.maxui", tcBDim(&b, a, 0), tcBDim(&b, blisB, 0));
    out = kernelOut = tcBAllocSized(&b, "memref.alloc", tcMemRefForTensor(resultType), 1, &batch, 64);
    m = (MlirValue){NULL};
  } else if (d->rank > 2) { // out has a's leading sizes; both fold to rank 2 (free views)
    MlirValue sizes[TC_MAX_RANK];
    intptr_t nSizes = 0, first[2] = {0, d->rank - 1};
    for (intptr_t i = 0; i + 1 < d->rank; ++i)
      if (mlirShapedTypeIsDynamicDim(resultType, i))
        sizes[nSizes++] = tcBDim(&b, a, i);
    out = tcBAllocSized(&b, "memref.alloc", tcMemRefForTensor(resultType), nSizes, sizes, 64);
    a = tcKernelCollapse(&b, a, 2, first);
    kernelOut = tcKernelCollapse(&b, out, 2, first);
    m = tcBDim(&b, a, 0);
  } else {
    m = tcBDim(&b, a, d->mDim);
    out = kernelOut = tcBAllocSized(&b, "memref.alloc", tcMemRefForTensor(resultType), 1, &m, 64);
  }
  if (d->panel) {
    TcBuilder few, many;
    tcBIf(&b, tcBCmpI(&b, TC_CMPI_ULE, m, tcBIndex(&b, kPanelMaxRows)), &few, &many);
    buildKernel(&few, p, false, a, panelB, kernelOut, "panel", reason);
    buildKernel(&many, p, transB, a, blisB, kernelOut, "blis", reason);
  } else {
    buildKernel(&b, p, transB, a, blisB, kernelOut, "blis", reason);
  }
  MlirValue value = tcBuildValue(&b, "builtin.unrealized_conversion_cast", resultType, 1, &out, 0, NULL);
  if (p->readC) {
    MlirValue addends[2] = {value, mlirOperationGetOperand(op, 2)};
    value = tcBuildValue(&b, "tc_tensor.add", resultType, 2, addends, 0, NULL);
  }
  MlirOperation oldConstant = mlirValueIsAOpResult(rhs) ? mlirOpResultGetOwner(rhs) : (MlirOperation){NULL};
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), value);
  mlirOperationDestroy(op);
  if (!mlirOperationIsNull(oldConstant) && tcIsOp(oldConstant, "tc_tensor.constant") &&
      mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(oldConstant, 0))))
    mlirOperationDestroy(oldConstant); // relaid and read by nothing else
}

void tcSelectGemmDynamic(MlirOperation op) {
  DynamicGemm d;
  char detail[768], f32Clause[160];
  const char *clause;
  bool chosen = choose(op, &d, detail, sizeof detail, &clause, f32Clause, sizeof f32Clause);
  tcSelectRecordChoice(op, detail, clause);
  if (chosen)
    rewrite(op, &d, detail);
}
