//===- SelectKernels.c - the tc-select-kernels pass ------------------------===//
//
// Requires: a verified module (tc-verify), before tc-lower-tensor.
// Anchored on func.func: it rewrites ops inside the function it is given
// and reads nothing outside it but the contract, so the threaded pass
// manager may select kernels in several functions at once (the decision
// log sorts what they record).
// Guarantees: every tc_tensor.matmul and tc_tensor.gemm the rule below sends
// to BLIS is replaced by a `tc_kernel.gemm kernel = "blis"` (or "panel") on buffers;
// every other op is left for tc-lower-tensor (the loop path). Either way one
// manifest decision `kernel` says which path the op takes and why.
//
// The rule (docs/lowering.md, "Kernel selection"), in order; the first
// that fails sends the op to the loops:
//   1. dtype f32 or f64. BLIS 0.9 has no f16/bf16 gemm, integers are exact
//      in the spec, and no widening path has been shown to meet their
//      budgets yet.
//   2. a shape BLIS takes without copies: gemm; matmul with a rank-2 rhs
//      (the lhs batch dimensions fold into M); matmul with equal batch
//      shapes on both sides (a batched gemm). Rank-1 operands (vector
//      products) and broadcast batches stay on the loops.
//   3. no empty product: M, N, K > 0 and alpha != 0 (the loops implement
//      the spec's signed-zero rules for those exactly).
//   4. size: M·N·K ≥ kBlisMinVolume per gemm (measured, docs/lowering.md):
//      below it, packing and BLIS's set-up cost more than they win.
//   5. the contract lets the op kind be reassociated (asked through
//      tcPassCheckContract, which records its own `reassociate` decision);
//   0. before all of them: the target allows BLIS at all (lib/Host:
//      TC_GEMM_KERNEL=loops sends every op to the loops, so that the gate
//      can build the loop path of a program that would use BLIS).
// Rules 1-4 are asked first, so the contract is consulted only for ops
// BLIS could take. Then, for f32 only:
//   6. accumulation: f32 sums (bli_sgemm on the f32 buffers, kernel
//      attribute accumulate = "f32") where the contract's f32 tolerance of
//      the op kind has `gamma` >= 1, else f64 sums (bli_dgemm on f64
//      copies). The f32 `kernel` decision's clause is that tolerance (its
//      `.gamma` member where given); f64's is the reassociation clause.
//   7. the panel gemm: an f32 gemm that rule 6 sums in f32, unbatched,
//      with M <= kPanelMaxRows, no trans_a and a constant b, on a target
//      of 256- or 512-bit vectors, becomes `tc_kernel.gemm kernel =
//      "panel"` with b stored at compile time in panels of 16 or 32
//      columns (decision `layout`): BLIS packs all of b on every call,
//      which for so few rows costs more than the arithmetic
//      (lib/Target/ArtifactRuntime/Panel.c).
//
// A matmul or gemm with a run-time size takes the same rules read with M
// unknown, a guarded decision (SelectGemmDynamic.c).
//
// One layout change rides on the rewrite: a BLIS gemm with trans_b whose b
// is a tc_tensor.constant (every PyTorch Linear exports Gemm(x, W, transB=1)
// with W an initializer) gets b transposed at compile time, a new constant
// [K, N], and trans_b = false. BLIS packs a column-major b with a scalar
// strided copy (its packing kernels vectorise only unit-stride panels),
// which took about 70% of an M = 8 MLP's time; a row-major b packs with
// vector loads. Moving data is exact, so no contract clause is involved;
// decision `layout` records it, and the old constant goes if nothing else
// reads it.
//
// The rewrite bridges tensors and buffers the way tc-lower-tensor does
// (unrealized casts, folded by tc-bufferize): operands are cast to
// buffers (and folded to rank 2 or 3 with memref.collapse_shape, free on an
// identity layout); the result is a fresh memref.alloc, or for a gemm whose
// c is read, the buffer of `tc_tensor.broadcast_to(c)` (c broadcast to
// [M, N], which the kernel then overwrites in place: nothing else uses that
// value). The kernel's `reason` repeats the decision.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "../../Transforms/TransformsInternal.h"
#include "SelectKernelsInternal.h"
#include "../TensorToLoop/TensorToLoopInternal.h"
#include "tensorc/Contract.h"
#include "tensorc/HostTarget.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int64_t kBlisMinVolume = TC_BLIS_MIN_VOLUME; // SelectKernelsInternal.h says why

int64_t tcBlisMinVolume(void) { return kBlisMinVolume; }


static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }

static const char *dtypeName(MlirType t) {
  if (mlirTypeIsAF32(t))
    return "f32";
  if (mlirTypeIsAF64(t))
    return "f64";
  if (mlirTypeIsAF16(t))
    return "f16";
  if (mlirTypeIsABF16(t))
    return "bf16";
  return "integer";
}

static bool sameShape(const int64_t *x, const int64_t *y, intptr_t n) {
  for (intptr_t i = 0; i < n; ++i)
    if (x[i] != y[i])
      return false;
  return true;
}

/// Rule 2 for matmul; sets `why` when the shape stays on the loops.
static bool planMatmul(MlirOperation op, GemmPlan *p, const char **why) {
  int64_t l[TC_MAX_RANK], r[TC_MAX_RANK];
  intptr_t rl = tcShapeOf(typeOf(mlirOperationGetOperand(op, 0)), l);
  intptr_t rr = tcShapeOf(typeOf(mlirOperationGetOperand(op, 1)), r);
  *p = (GemmPlan){.alpha = 1.0, .beta = 0.0};
  if (rl < 2 || rr < 2) {
    *why = "a rank-1 operand (a vector product)";
    return false;
  }
  p->m = l[rl - 2], p->k = l[rl - 1], p->n = r[rr - 1];
  if (rr == 2) { // lhs batches share rhs: one gemm with M' = P·M
    p->batch = 1;
    for (intptr_t i = 0; i < rl - 2; ++i)
      p->m *= l[i];
    p->foldA = p->foldC = rl > 2 ? 2 : 0;
    return true;
  }
  if (rl != rr || !sameShape(l, r, rl - 2)) {
    *why = "broadcast batch dimensions";
    return false;
  }
  p->batch = 1;
  for (intptr_t i = 0; i < rl - 2; ++i)
    p->batch *= l[i];
  p->foldA = p->foldB = p->foldC = rl > 3 ? 3 : 0;
  return true;
}

static void planGemm(MlirOperation op, GemmPlan *p) {
  int64_t a[2], b[2];
  tcShapeOf(typeOf(mlirOperationGetOperand(op, 0)), a);
  tcShapeOf(typeOf(mlirOperationGetOperand(op, 1)), b);
  MlirAttribute ta = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("trans_a"));
  MlirAttribute tb = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("trans_b"));
  *p = (GemmPlan){.batch = 1, .transA = mlirBoolAttrGetValue(ta), .transB = mlirBoolAttrGetValue(tb)};
  p->alpha = mlirFloatAttrGetValueDouble(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("alpha")));
  p->beta = mlirFloatAttrGetValueDouble(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("beta")));
  p->m = p->transA ? a[1] : a[0], p->k = p->transA ? a[0] : a[1], p->n = p->transB ? b[0] : b[1];
  p->readC = mlirOperationGetNumOperands(op) == 3 && p->beta != 0.0;
}

void tcSelectRecordChoice(MlirOperation op, const char *detail, const char *clause) {
  char subject[512];
  TcDecision decision = {"kernel", tcDecisionSubject(op, subject, sizeof subject), detail, clause};
  tcManifestRecordDecision(mlirOperationGetContext(op), &decision);
}

/// Rule 6: f32 is summed in f32 by bli_sgemm only where the contract's f32
/// tolerance of the op kind has `gamma` >= 1 (docs/contract.md §1.1): the
/// classical bound γ_K·(|A|·|B|) that any summation order, with or without
/// FMA, meets. Otherwise bli_dgemm on f64 copies, whose error the K-blind
/// atol/rtol budget covers. Writes the clause that decided into `clause`.
bool tcSelectSumsF32(MlirOperation op, const char *kind, char *clause, size_t size, double *gamma) {
  const TcContract *contract = tcContractGetActive(mlirOperationGetContext(op));
  const char *tolClause;
  TcTolerance t = tcContractGetTolerance(contract ? contract : tcContractGetDefault(), kind, "f32", &tolClause);
  if (t.gamma > 0)
    snprintf(clause, size, "%s.gamma", tolClause);
  else
    snprintf(clause, size, "%s", tolClause);
  *gamma = t.gamma;
  return t.gamma >= 1;
}

static void describeF32(const char *clause, bool sumF32, double gamma, char *out, size_t size) {
  if (sumF32)
    snprintf(out, size, "; blis sgemm, f32 accumulation: %s = %g", clause, gamma);
  else
    snprintf(out, size, "; f32 summed in f64 (bli_dgemm on f64 copies): %s has no gamma >= 1", clause);
}

/// Rules 0 and 1; fills `detail` when they send the op to the loops.
bool tcSelectBlisTarget(MlirOperation op, char *detail, size_t size) {
  MlirType dtype = mlirShapedTypeGetElementType(typeOf(mlirOperationGetResult(op, 0)));
  if (!tcHostTargetGet().useBlis) {
    snprintf(detail, size, "loops: TC_GEMM_KERNEL=loops sends nothing to BLIS");
    return false;
  }
  if (!mlirTypeIsAF32(dtype) && !mlirTypeIsAF64(dtype)) {
    snprintf(detail, size, "loops: dtype %s has no BLIS path that meets the contract", dtypeName(dtype));
    return false;
  }
  return true;
}

/// Rules 5 and 6 and a --tc-refuse of the decision, asked once the shape
/// rules chose BLIS: fills `detail` when they send the op to the loops,
/// else `accumulation` (rule 6's part of the decision, "" for f64), `*clause`
/// and `p->sumF32`.
bool tcSelectBlisAllowed(MlirOperation op, GemmPlan *p, char *detail, size_t size, const char **clause,
                         char *f32Clause, size_t f32ClauseSize, char *accumulation, size_t accumulationSize) {
  bool isMatmul = tcIsOp(op, "tc_tensor.matmul");
  MlirType dtype = mlirShapedTypeGetElementType(typeOf(mlirOperationGetResult(op, 0)));
  MlirContext ctx = mlirOperationGetContext(op);
  const TcContract *contract = tcContractGetActive(ctx);
  tcContractAllows(contract ? contract : tcContractGetDefault(), isMatmul ? "matmul" : "gemm",
                   TC_CONTRACT_REASSOCIATE, clause);
  if (!tcPassCheckContract(op, TC_CONTRACT_REASSOCIATE, "BLIS gemm (its own summation order)")) {
    snprintf(detail, size, "loops: the contract does not let %s be reassociated", isMatmul ? "matmul" : "gemm");
    return false;
  }
  char subject[512];
  if (tcDecisionRefused(ctx, "tc-select-kernels", "kernel", tcDecisionSubject(op, subject, sizeof subject),
                        "the loops instead of BLIS")) {
    snprintf(detail, size, "loops: BLIS refused by --tc-refuse");
    *clause = NULL; // the contract allowed BLIS; the refusal, not a clause, decided
    return false;
  }
  accumulation[0] = '\0';
  if (mlirTypeIsAF32(dtype)) {
    double gamma;
    p->sumF32 = tcSelectSumsF32(op, isMatmul ? "matmul" : "gemm", f32Clause, f32ClauseSize, &gamma);
    describeF32(f32Clause, p->sumF32, gamma, accumulation, accumulationSize);
    *clause = f32Clause;
  }
  return true;
}

/// Rules 0-6; fills `detail` with the decision either way.
static bool chooseBlis(MlirOperation op, GemmPlan *p, char *detail, size_t size, const char **clause,
                       char *f32Clause, size_t f32ClauseSize) {
  bool isMatmul = tcIsOp(op, "tc_tensor.matmul");
  MlirType dtype = mlirShapedTypeGetElementType(typeOf(mlirOperationGetResult(op, 0)));
  const char *why = NULL;
  *clause = NULL;
  if (!tcSelectBlisTarget(op, detail, size))
    return false;
  if (isMatmul ? !planMatmul(op, p, &why) : (planGemm(op, p), false)) {
    snprintf(detail, size, "loops: %s", why);
    return false;
  }
  if (p->m == 0 || p->n == 0 || p->k == 0 || p->alpha == 0.0) {
    snprintf(detail, size, "loops: an empty product (M %lld, N %lld, K %lld, alpha %g)", (long long)p->m,
             (long long)p->n, (long long)p->k, p->alpha);
    return false;
  }
  int64_t volume = p->m * p->n * p->k;
  if (volume < kBlisMinVolume) {
    snprintf(detail, size, "loops: M*N*K = %lld is below the BLIS threshold %lld", (long long)volume,
             (long long)kBlisMinVolume);
    return false;
  }
  char accumulation[256];
  if (!tcSelectBlisAllowed(op, p, detail, size, clause, f32Clause, f32ClauseSize, accumulation,
                           sizeof accumulation))
    return false;
  snprintf(detail, size, "blis: %s, %lld gemm(s) of M %lld, N %lld, K %lld (M*N*K %lld >= %lld), reassociation allowed%s",
           dtypeName(dtype), (long long)p->batch, (long long)p->m, (long long)p->n, (long long)p->k,
           (long long)volume, (long long)kBlisMinVolume, accumulation);
  return true;
}

//===-- the rewrite -------------------------------------------------------===//

/// `buffer` folded to rank `rank` (2: all leading dimensions into the
/// second-last; 3: all leading dimensions into the first); `buffer` itself
/// if `rank` is 0.
static MlirValue fold(TcBuilder *b, MlirValue buffer, intptr_t rank) {
  if (rank == 0)
    return buffer;
  MlirType type = typeOf(buffer);
  int64_t shape[TC_MAX_RANK];
  intptr_t r = tcShapeOf(type, shape);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirAttribute groups[3], members[TC_MAX_RANK];
  int64_t folded[3];
  intptr_t lead = rank == 2 ? r - 1 : r - 2; // dimensions merged into the first group
  folded[0] = 1;
  for (intptr_t i = 0; i < lead; ++i)
    folded[0] *= shape[i], members[i] = mlirIntegerAttrGet(i64, i);
  groups[0] = mlirArrayAttrGet(b->ctx, lead, members);
  for (intptr_t g = 1; g < rank; ++g) {
    MlirAttribute one = mlirIntegerAttrGet(i64, lead + g - 1);
    groups[g] = mlirArrayAttrGet(b->ctx, 1, &one);
    folded[g] = shape[lead + g - 1];
  }
  MlirType result = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(type), rank, folded,
                                                mlirAttributeGetNull());
  MlirNamedAttribute reassociation = tcNamed(b->ctx, "reassociation", mlirArrayAttrGet(b->ctx, rank, groups));
  return tcBuildValue(b, "memref.collapse_shape", result, 1, &buffer, 1, &reassociation);
}

MlirValue tcSelectToBuffer(TcBuilder *b, MlirValue tensor) {
  return tcBuildValue(b, "builtin.unrealized_conversion_cast", tcMemRefForTensor(typeOf(tensor)), 1, &tensor, 0,
                      NULL);
}

/// The buffer the kernel writes: c broadcast to the result (read by the
/// kernel), or a fresh allocation.
static MlirValue resultBuffer(TcBuilder *b, MlirOperation op, const GemmPlan *p) {
  MlirType resultType = typeOf(mlirOperationGetResult(op, 0));
  if (p->readC) {
    MlirValue c = mlirOperationGetOperand(op, 2);
    return tcSelectToBuffer(b, tcBuildValue(b, "tc_tensor.broadcast_to", resultType, 1, &c, 0, NULL));
  }
  return tcBAlloc(b, "memref.alloc", tcMemRefForTensor(resultType), 64);
}

/// Element `index` (row-major) of the dense or dense_resource f32/f64
/// constant `value` (`raw`: its dense bytes, or NULL), copied to `to`.
static void copyElement(MlirAttribute value, const char *raw, bool f32, intptr_t index, char *to) {
  size_t width = f32 ? sizeof(float) : sizeof(double);
  if (raw) {
    memcpy(to, raw + (size_t)index * width, width);
  } else if (f32) {
    float v = mlirDenseFloatResourceElementsAttrGetValue(value, index);
    memcpy(to, &v, width);
  } else {
    double v = mlirDenseDoubleResourceElementsAttrGetValue(value, index);
    memcpy(to, &v, width);
  }
}

/// Whether `value` is a constant's value the layout changes can read:
/// dense (not a splat) or dense_resource.
static bool readableValue(MlirAttribute value) {
  return mlirAttributeIsADenseResourceElements(value) ||
         (mlirAttributeIsADenseElements(value) && !mlirDenseElementsAttrIsSplat(value));
}

/// The values of a rank-2 f32 or f64 constant `value` transposed, as a
/// dense attribute of `type` ([cols, rows]); null if `value` is neither
/// dense nor dense_resource.
static MlirAttribute transposedValue(MlirAttribute value, MlirType type, int64_t rows, int64_t cols) {
  bool f32 = mlirTypeIsAF32(mlirShapedTypeGetElementType(type));
  size_t width = f32 ? sizeof(float) : sizeof(double);
  if (mlirAttributeIsADenseElements(value) && mlirDenseElementsAttrIsSplat(value))
    return f32 ? mlirDenseElementsAttrFloatSplatGet(type, mlirDenseElementsAttrGetFloatSplatValue(value))
               : mlirDenseElementsAttrDoubleSplatGet(type, mlirDenseElementsAttrGetDoubleSplatValue(value));
  if (!readableValue(value))
    return mlirAttributeGetNull();
  char *out = malloc((size_t)(rows * cols > 0 ? rows * cols : 1) * width);
  if (!out)
    return mlirAttributeGetNull();
  const char *raw = mlirAttributeIsADenseElements(value) ? mlirDenseElementsAttrGetRawData(value) : NULL;
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      copyElement(value, raw, f32, (intptr_t)(i * cols + j), out + (size_t)(j * rows + i) * width);
  MlirAttribute result = mlirDenseElementsAttrRawBufferGet(type, (size_t)(rows * cols) * width, out);
  free(out);
  return result;
}

/// A new tc_tensor.constant of `type` holding `value`, b of `gemm` stored
/// in another layout; records decision `layout` with `detail`.
static MlirValue relaidConstant(TcBuilder *b, MlirOperation gemm, MlirType type, MlirAttribute value,
                                const char *detail) {
  MlirNamedAttribute attr = tcNamed(b->ctx, "value", value);
  MlirValue result = tcBuildValue(b, "tc_tensor.constant", type, 0, NULL, 1, &attr);
  char subject[512];
  TcDecision decision = {"layout", tcDecisionSubject(gemm, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(b->ctx, &decision);
  return result;
}

/// b of a BLIS gemm with trans_b, transposed at compile time when it is a
/// constant (the file comment), or null. Records decision `layout`.
MlirValue tcSelectTransposedConstant(TcBuilder *b, MlirOperation gemm, MlirValue operand) {
  if (!mlirValueIsAOpResult(operand))
    return (MlirValue){NULL};
  MlirOperation constant = mlirOpResultGetOwner(operand);
  if (!tcIsOp(constant, "tc_tensor.constant"))
    return (MlirValue){NULL};
  int64_t shape[TC_MAX_RANK];
  MlirType type = typeOf(operand);
  if (tcShapeOf(type, shape) != 2)
    return (MlirValue){NULL};
  MlirType element = mlirShapedTypeGetElementType(type);
  int64_t swapped[2] = {shape[1], shape[0]};
  MlirType newType = mlirRankedTensorTypeGet(2, swapped, element, mlirAttributeGetNull());
  MlirAttribute value = transposedValue(mlirOperationGetAttributeByName(constant, mlirStringRefCreateFromCString("value")),
                                        newType, shape[0], shape[1]);
  if (mlirAttributeIsNull(value))
    return (MlirValue){NULL};
  char detail[320];
  snprintf(detail, sizeof detail,
           "constant b [%lld, %lld] of a trans_b gemm stored transposed, [%lld, %lld], at compile time, so BLIS "
           "packs it from unit-stride rows (trans_b = false); exact data movement",
           (long long)shape[0], (long long)shape[1], (long long)shape[1], (long long)shape[0]);
  return relaidConstant(b, gemm, newType, value, detail);
}

//===-- the panel gemm -----------------------------------------------------===//

/// The rank-2 f32 tc_tensor.constant `v` is defined by with a value the
/// layout changes can read, or null.
MlirOperation tcSelectReadableConstant(MlirValue v) {
  if (!mlirValueIsAOpResult(v) || !tcIsOp(mlirOpResultGetOwner(v), "tc_tensor.constant") ||
      mlirShapedTypeGetRank(typeOf(v)) != 2)
    return (MlirOperation){NULL};
  MlirOperation constant = mlirOpResultGetOwner(v);
  MlirAttribute value = mlirOperationGetAttributeByName(constant, mlirStringRefCreateFromCString("value"));
  return readableValue(value) ? constant : (MlirOperation){NULL};
}

/// Rule 7 (after rules 1-6 chose BLIS with f32 sums): the panel gemm
/// (ArtifactRuntime/Panel.c) for a gemm of at most kPanelMaxRows rows whose
/// b is a constant, on a target of 256- or 512-bit vectors. Returns the
/// panel width (0: BLIS) and appends the reason to `detail`.
static int64_t panelWidth(MlirOperation op, const GemmPlan *p, char *detail, size_t size) {
  MlirType dtype = mlirShapedTypeGetElementType(typeOf(mlirOperationGetResult(op, 0)));
  int bits = tcHostTargetGet().vectorBits;
  if (!mlirTypeIsAF32(dtype) || !p->sumF32 || p->batch != 1 || p->foldB != 0 || p->transA ||
      p->m > kPanelMaxRows || bits < 256 || mlirOperationIsNull(tcSelectReadableConstant(mlirOperationGetOperand(op, 1))))
    return 0;
  int64_t width = bits >= 512 ? 32 : 16;
  char blis[768];
  snprintf(blis, sizeof blis, "%s", detail + strlen("blis: ")); // chooseBlis's "blis: <plan>"
  size_t used = (size_t)snprintf(detail, size, "panel: %s", blis);
  snprintf(detail + used, size > used ? size - used : 0,
           "; not BLIS: M %lld <= %d and b a constant, stored at compile time in panels of %lld "
           "columns (%d-bit vectors) so that nothing is packed at run time",
           (long long)p->m, kPanelMaxRows, (long long)width, bits);
  return width;
}

/// The constant b of a panel gemm (op(b) = [K, N]) stored in panels of
/// `width` columns, [P, K, width] with P = ceil(N / width), zero past
/// column N. Records decision `layout`.
MlirValue tcSelectPanelConstant(TcBuilder *b, MlirOperation gemm, MlirValue operand, const GemmPlan *p,
                               int64_t width) {
  MlirOperation constant = tcSelectReadableConstant(operand);
  MlirAttribute value = mlirOperationGetAttributeByName(constant, mlirStringRefCreateFromCString("value"));
  int64_t panels = (p->n + width - 1) / width, count = panels * p->k * width;
  float *out = calloc((size_t)count, sizeof *out);
  if (!out)
    return (MlirValue){NULL};
  const char *raw = mlirAttributeIsADenseElements(value) ? mlirDenseElementsAttrGetRawData(value) : NULL;
  for (int64_t k = 0; k < p->k; ++k)
    for (int64_t n = 0; n < p->n; ++n) // op(b)[k, n]: b[n, k] if trans_b
      copyElement(value, raw, true, (intptr_t)(p->transB ? n * p->k + k : k * p->n + n),
                  (char *)(out + (n / width) * p->k * width + k * width + n % width));
  int64_t shape[3] = {panels, p->k, width};
  MlirType type = mlirRankedTensorTypeGet(3, shape, mlirF32TypeGet(b->ctx), mlirAttributeGetNull());
  MlirAttribute packed = mlirDenseElementsAttrRawBufferGet(type, (size_t)count * sizeof *out, out);
  free(out);
  char detail[320];
  snprintf(detail, sizeof detail,
           "constant b [%lld, %lld]%s stored as %lld panels of %lld columns, [%lld, %lld, %lld] (zero past column "
           "%lld), at compile time, so the panel gemm streams it; exact data movement",
           (long long)(p->transB ? p->n : p->k), (long long)(p->transB ? p->k : p->n), p->transB ? " (trans_b)" : "",
           (long long)panels, (long long)width, (long long)panels, (long long)p->k, (long long)width,
           (long long)p->n);
  return relaidConstant(b, gemm, type, packed, detail);
}

static void rewrite(MlirOperation op, const GemmPlan *plan, const char *reason, int64_t panel) {
  TcBuilder b = tcBuilderBefore(op);
  MlirContext ctx = b.ctx;
  GemmPlan layout = *plan;
  const GemmPlan *p = &layout;
  MlirValue rhs = mlirOperationGetOperand(op, 1);
  MlirType rhsElement = mlirShapedTypeGetElementType(typeOf(rhs));
  bool floatRhs = mlirTypeIsAF32(rhsElement) || mlirTypeIsAF64(rhsElement);
  MlirValue relaid = panel ? tcSelectPanelConstant(&b, op, rhs, plan, panel)
                     : plan->transB && floatRhs ? tcSelectTransposedConstant(&b, op, rhs)
                                                : (MlirValue){NULL};
  MlirOperation oldConstant = {NULL};
  if (!mlirValueIsNull(relaid)) {
    oldConstant = mlirOpResultGetOwner(rhs);
    rhs = relaid;
    layout.transB = false;
  }
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirValue out = resultBuffer(&b, op, p);
  MlirValue operands[3] = {fold(&b, tcSelectToBuffer(&b, mlirOperationGetOperand(op, 0)), p->foldA),
                           fold(&b, tcSelectToBuffer(&b, rhs), p->foldB), fold(&b, out, p->foldC)};
  MlirType f64 = mlirF64TypeGet(ctx);
  MlirNamedAttribute attrs[7] = {
      tcNamed(ctx, "alpha", mlirFloatAttrDoubleGet(ctx, f64, p->alpha)),
      tcNamed(ctx, "beta", mlirFloatAttrDoubleGet(ctx, f64, p->readC ? p->beta : 0.0)),
      tcNamed(ctx, "trans_a", mlirBoolAttrGet(ctx, p->transA)),
      tcNamed(ctx, "trans_b", mlirBoolAttrGet(ctx, p->transB)),
      tcNamed(ctx, "kernel", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(panel ? "panel" : "blis"))),
      tcNamed(ctx, "reason", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(reason))),
      tcNamed(ctx, "accumulate", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("f32"))),
  };
  tcBuildOp(&b, "tc_kernel.gemm", 0, NULL, 3, operands, p->sumF32 ? 7 : 6, attrs);
  MlirValue value = tcBuildValue(&b, "builtin.unrealized_conversion_cast", typeOf(result), 1, &out, 0, NULL);
  mlirValueReplaceAllUsesOfWith(result, value);
  mlirOperationDestroy(op);
  if (!mlirOperationIsNull(oldConstant) && mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(oldConstant, 0))))
    mlirOperationDestroy(oldConstant); // read by nothing else: not carried into the artifact
}

/// True if a result of `op` has a dynamic dimension.
static bool hasRunTimeSizes(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!mlirShapedTypeHasStaticShape(mlirValueGetType(mlirOperationGetResult(op, i))))
      return true;
  return false;
}

static void selectIn(MlirBlock block) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if ((tcIsOp(op, "tc_tensor.matmul") || tcIsOp(op, "tc_tensor.gemm")) && hasRunTimeSizes(op)) {
      tcSelectGemmDynamic(op); // SelectGemmDynamic.c
    } else if (tcIsOp(op, "tc_tensor.matmul") || tcIsOp(op, "tc_tensor.gemm")) {
      GemmPlan plan;
      char detail[768];
      const char *clause;
      char f32Clause[160];
      bool blis = chooseBlis(op, &plan, detail, sizeof detail, &clause, f32Clause, sizeof f32Clause);
      int64_t panel = blis ? panelWidth(op, &plan, detail, sizeof detail) : 0;
      tcSelectRecordChoice(op, detail, clause);
      if (blis)
        rewrite(op, &plan, detail, panel);
    } else if (tcIsOp(op, "tc_tensor.conv2d")) {
      tcSelectConv2d(op, &next); // may fuse (and so erase) the op after it
    }
    op = next;
  }
}

static void run(MlirOperation func, MlirExternalPass pass, void *userData) {
  if (!tcRefuseDynamicShapes(func, "tc-select-kernels")) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (!mlirBlockIsNull(body))
    selectIn(body);
}

MlirPass tcCreateSelectKernelsPass(void) {
  static _Alignas(8) const char passId = 0;
  return tcCreateFunctionLoweringPass(&passId, "TcSelectKernels", "tc-select-kernels",
                              "Send matmul, gemm and conv2d to BLIS where the contract and the shape allow", run);
}
