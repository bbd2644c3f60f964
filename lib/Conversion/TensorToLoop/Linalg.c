//===- Linalg.c - lowering of matmul and gemm (§2.2.8-2.2.9) ---------------===//
//
// Both ops become one nest over the result points, every loop parallel:
// each point writes only its own element and reads only the operands. The
// body runs the dot product over k in an inner scf.for whose iter_arg is
// the running sum, in tcLowerAccumulationType (f32 for f16/bf16; integers
// wrap in their own width, which is exactly the spec's `wrap` of the exact
// sum). Products and sums are separate arith ops without fast-math flags,
// so nothing is contracted into an FMA behind the contract's back.
//
// Signed zeros: a float sum starts at −0, the identity of IEEE addition
// (−0 + x = x for every x, +0 included), so a sum of −0 products stays −0
// and any +0 addend makes it +0, as §2.2.0 says. K = 0 is known statically
// and gives +0 (int 0), the empty sum; the operands are then not nest
// buffers at all (a nest takes only what its body reads).
//
// Partial sums are rounded and can overflow in the accumulation type
// (f32 for f32): a sum whose exact total is finite but whose partial sums
// pass the f32 maximum gives inf here. The contract's budget covers the
// rounding; values that large are outside what the e2e tests draw.
//
// matmul (NumPy): a rank-1 lhs has no M dimension and a rank-1 rhs no N
// dimension in the result; the batch dimensions of each operand are read
// at their broadcast index (size 1 reads 0).
//
// gemm: the attributes are constants, so the zero-factor rule is decided
// here: alpha = 0 leaves a and b out of the nest (never loaded), beta = 0
// or an absent c leaves c out. The combination alpha·dot + beta·c is done
// in f64 (alpha and beta enter with their exact f64 values) and rounded to
// the dtype at the end: directly for f32 and f64, through f32 for f16 and
// bf16, which stays far inside their contract budgets and avoids
// f64 -> half libcalls.
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

/// The value a float sum of `k` addends starts from: −0 (IEEE's additive
/// identity) if k > 0, else the empty sum +0; integers start at 0.
static MlirValue sumInit(TcBuilder *b, MlirType acc, int64_t k) {
  if (mlirTypeIsAFloat(acc))
    return tcBConstFloat(b, acc, k > 0 ? -0.0 : 0.0);
  return tcBConstInt(b, acc, 0);
}

/// acc + x·y in acc's type, float or integer.
static MlirValue mulAdd(TcBuilder *b, MlirValue acc, MlirValue x, MlirValue y) {
  MlirType t = mlirValueGetType(acc);
  if (!mlirTypeIsAFloat(t))
    return tcBBinary(b, "arith.addi", acc, tcBBinary(b, "arith.muli", x, y));
  MlirValue product = tcBBinary(b, "arith.mulf", tcBWiden(b, x, t), tcBWiden(b, y, t));
  return tcBBinary(b, "arith.addf", acc, product);
}

//===-- matmul ------------------------------------------------------------===//

/// Appends to `index` the broadcast batch index of an operand whose batch
/// shape is `shape[0..q)`, for the result batch indices `batch[0..nb)`;
/// returns the new length.
static intptr_t batchIndex(const int64_t *shape, intptr_t q, const MlirValue *batch, intptr_t nb, MlirValue zero,
                           MlirValue *index) {
  for (intptr_t t = 0; t < q; ++t)
    index[t] = shape[t] == 1 ? zero : batch[nb - q + t];
  return q;
}

/// The index of lhs (rank `r`, shape `s`) at result batch `iv[0..nb)`,
/// row `m` and reduction index `k`.
static intptr_t lhsIndex(const int64_t *s, intptr_t r, const MlirValue *iv, intptr_t nb, MlirValue zero,
                         MlirValue m, MlirValue k, MlirValue *index) {
  if (r == 1) {
    index[0] = k;
    return 1;
  }
  intptr_t n = batchIndex(s, r - 2, iv, nb, zero, index);
  index[n++] = m;
  index[n++] = k;
  return n;
}

/// The index of rhs (rank `r`, shape `s`) at result batch `iv[0..nb)`,
/// reduction index `k` and column `col`.
static intptr_t rhsIndex(const int64_t *s, intptr_t r, const MlirValue *iv, intptr_t nb, MlirValue zero,
                         MlirValue k, MlirValue col, MlirValue *index) {
  if (r == 1) {
    index[0] = k;
    return 1;
  }
  intptr_t n = batchIndex(s, r - 2, iv, nb, zero, index);
  index[n++] = k;
  index[n++] = col;
  return n;
}

/// The shapes of a matmul: operand shapes and ranks, the result rank, its
/// number of batch dimensions and K.
typedef struct MatmulShape {
  int64_t lhs[TC_MAX_RANK], rhs[TC_MAX_RANK], result[TC_MAX_RANK];
  intptr_t rl, rr, rank, nb;
  int64_t k;
} MatmulShape;

static void readMatmul(TcLowering *l, MatmulShape *s) {
  s->rl = tcShapeOf(mlirValueGetType(tcLowerOperand(l, 0)), s->lhs);
  s->rr = tcShapeOf(mlirValueGetType(tcLowerOperand(l, 1)), s->rhs);
  s->rank = tcShapeOf(tcLowerResultType(l, 0), s->result);
  for (intptr_t i = 0; i < s->rank; ++i)
    if (mlirShapedTypeIsDynamicDim(tcLowerResultType(l, 0), i))
      s->result[i] = -1; // a run-time bound (matmulDynamic: M or N of a 2-D matmul)
  s->nb = s->rank - (s->rl > 1) - (s->rr > 1);
  s->k = s->lhs[s->rl - 1];
}

/// A run-time batch extent of operand `o` that may be 1 while the
/// result's is not (the other operand has that batch dimension, not a
/// static 1; docs/dialects.md §1.5 `broadcast`): its index is 0 where its
/// extent is 1.
static void runTimeBatch(TcBuilder *b, const TcNest *nest, const MatmulShape *s, int o, MlirValue *index) {
  MlirType types[2] = {mlirValueGetType(nest->in[0]), mlirValueGetType(nest->in[1])};
  intptr_t r = o ? s->rr : s->rl, other = o ? s->rl : s->rr;
  for (intptr_t d = 0; d + 2 < r; ++d) {
    intptr_t e = d - (r - 2) + (other - 2); // the other operand's aligned batch dimension
    if (!mlirShapedTypeIsDynamicDim(types[o], d) || e < 0 || other < 3 ||
        (!mlirShapedTypeIsDynamicDim(types[1 - o], e) && mlirShapedTypeGetDimSize(types[1 - o], e) == 1))
      continue;
    MlirValue one = tcBCmpI(b, TC_CMPI_EQ, tcBDim(b, nest->in[o], d), tcBIndex(b, 1));
    index[d] = tcBSelect(b, one, tcBIndex(b, 0), index[d]);
  }
}

/// Σ_k lhs · rhs at the nest's point from `init`: the k loop, for K > 0.
/// The nest's loops are batch (nb), then m if lhs has rank > 1, then n if
/// rhs has.
static MlirValue matmulSum(TcBuilder *b, const TcNest *nest, const MatmulShape *s, MlirValue init) {
  MlirValue zero = tcBIndex(b, 0);
  MlirValue m = s->rl > 1 ? nest->iv[s->nb] : zero, col = s->rr > 1 ? nest->iv[s->rank - 1] : zero;
  TcFor loop;
  tcBForRange(b, s->k, 1, &init, &loop);
  MlirValue li[TC_MAX_RANK], ri[TC_MAX_RANK];
  intptr_t nl = lhsIndex(s->lhs, s->rl, nest->iv, s->nb, zero, m, loop.iv, li);
  intptr_t nr = rhsIndex(s->rhs, s->rr, nest->iv, s->nb, zero, loop.iv, col, ri);
  runTimeBatch(&loop.body, nest, s, 0, li);
  runTimeBatch(&loop.body, nest, s, 1, ri);
  MlirValue x = tcBLoad(&loop.body, nest->in[0], nl, li);
  MlirValue y = tcBLoad(&loop.body, nest->in[1], nr, ri);
  MlirValue sum = mulAdd(&loop.body, loop.iter[0], x, y);
  return mlirOperationGetResult(tcBForEnd(&loop, &sum), 0);
}

/// matmul: result[b, m, n] = Σ_k lhs[bc(b), m, k] · rhs[bc(b), k, n], with
/// NumPy's rank-1 promotion; one nest over the result's dimensions.
static MlirLogicalResult lowerMatmul(TcLowering *l) {
  MatmulShape s;
  readMatmul(l, &s);
  MlirValue inputs[2] = {tcLowerOperand(l, 0), tcLowerOperand(l, 1)};
  MlirValue result = mlirOperationGetResult(l->op, 0);
  MlirType dtype = mlirShapedTypeGetElementType(mlirValueGetType(result));
  MlirType acc = tcLowerAccumulationType(l, tcSignlessType(dtype));
  // K = 0: the operands are never read, so the nest does not take them.
  // Run-time M and N (matmulDynamic): from lhs's rows, rhs's columns.
  // With batch dimensions (rank > 2), the NumPy broadcast of the operands
  // gives every size: K is static, so M is lhs's and N rhs's alone.
  int64_t sizeFrom[4], nSizes = 0;
  bool batched = s.rank > 2;
  if (!batched && s.result[0] == -1)
    sizeFrom[nSizes++] = 0, sizeFrom[nSizes++] = 0;
  if (!batched && s.result[1] == -1)
    sizeFrom[nSizes++] = 1, sizeFrom[nSizes++] = 1;
  TcNestSpec spec = {"matmul", s.rank, s.result, NULL, s.k > 0 ? 2 : 0, inputs, 1, &result, nSizes ? sizeFrom : NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);
  TcBuilder *b = &nest.body;
  MlirValue total = sumInit(b, acc, s.k);
  if (s.k > 0)
    total = matmulSum(b, &nest, &s, total);
  if (mlirTypeIsAFloat(acc))
    total = tcBNarrow(b, total, dtype);
  tcBStore(b, total, nest.out[0], s.rank, nest.iv);
  return mlirLogicalResultSuccess();
}

//===-- gemm --------------------------------------------------------------===//

/// What a gemm computes, read from its operands and attributes.
typedef struct Gemm {
  double alpha, beta;
  bool transA, transB;
  bool useProduct; ///< alpha != 0 and K > 0: a and b are read
  bool useC;       ///< c present and beta != 0: c is read
  int64_t k;
  MlirType dtype, acc;
} Gemm;

static void readGemm(TcLowering *l, Gemm *g) {
  int64_t as[2];
  tcShapeOf(mlirValueGetType(tcLowerOperand(l, 0)), as);
  g->alpha = tcLowerAttrFloat(l, "alpha");
  g->beta = tcLowerAttrFloat(l, "beta");
  g->transA = tcLowerAttrBool(l, "trans_a");
  g->transB = tcLowerAttrBool(l, "trans_b");
  g->k = g->transA ? as[0] : as[1];
  g->useProduct = g->alpha != 0.0 && g->k > 0; // else the product term is +0 (or omitted)
  g->useC = mlirOperationGetNumOperands(l->op) == 3 && g->beta != 0.0;
  g->dtype = mlirShapedTypeGetElementType(tcLowerResultType(l, 0));
  g->acc = tcLowerAccumulationType(l, g->dtype);
}

/// alpha · Σ_k op(a)[m, k] · op(b)[k, n] in f64 (K > 0), from buffers a
/// and b at result point iv = [m, n].
static MlirValue gemmProduct(TcBuilder *b, const Gemm *g, MlirValue bufA, MlirValue bufB, const MlirValue *iv) {
  MlirType f64 = mlirF64TypeGet(b->ctx);
  MlirValue init = sumInit(b, g->acc, g->k);
  TcFor loop;
  tcBForRange(b, g->k, 1, &init, &loop);
  MlirValue ai[2] = {iv[0], loop.iv}, bi[2] = {loop.iv, iv[1]};
  if (g->transA)
    ai[0] = loop.iv, ai[1] = iv[0];
  if (g->transB)
    bi[0] = iv[1], bi[1] = loop.iv;
  MlirValue x = tcBLoad(&loop.body, bufA, 2, ai);
  MlirValue y = tcBLoad(&loop.body, bufB, 2, bi);
  MlirValue sum = mulAdd(&loop.body, loop.iter[0], x, y);
  MlirValue dot = tcBWiden(b, mlirOperationGetResult(tcBForEnd(&loop, &sum), 0), f64);
  return tcBBinary(b, "arith.mulf", tcBConstFloat(b, f64, g->alpha), dot);
}

/// beta · c[bc([m, n], c.shape)] in f64.
static MlirValue gemmC(TcBuilder *b, const Gemm *g, MlirValue bufC, MlirType cType, const MlirValue *iv) {
  MlirType f64 = mlirF64TypeGet(b->ctx);
  MlirValue index[2];
  tcBroadcastIndex(b, iv, 2, cType, index);
  MlirValue c = tcBWiden(b, tcBLoad(b, bufC, mlirShapedTypeGetRank(cType), index), f64);
  return tcBBinary(b, "arith.mulf", tcBConstFloat(b, f64, g->beta), c);
}

/// gemm: result[m, n] = alpha·op(a)·op(b) + beta·c, a term whose factor
/// is 0 (or an absent c) left out; K = 0 makes the product term +0 whatever
/// alpha's sign (so +0 + beta·c turns a −0 into +0); no term at all is the
/// empty sum +0.
static MlirLogicalResult lowerGemm(TcLowering *l) {
  Gemm g;
  readGemm(l, &g);
  MlirValue result = mlirOperationGetResult(l->op, 0), inputs[3];
  intptr_t n = 0;
  if (g.useProduct)
    inputs[n++] = tcLowerOperand(l, 0), inputs[n++] = tcLowerOperand(l, 1);
  if (g.useC)
    inputs[n++] = tcLowerOperand(l, 2);
  int64_t bounds[2], sizeFrom[4], nSizes = 0;
  tcShapeOf(mlirValueGetType(result), bounds);
  // Run-time M and N (gemmDynamic): from op(a)'s rows and op(b)'s columns.
  if (mlirShapedTypeIsDynamicDim(mlirValueGetType(result), 0))
    bounds[0] = -1, sizeFrom[nSizes++] = 0, sizeFrom[nSizes++] = g.transA ? 1 : 0;
  if (mlirShapedTypeIsDynamicDim(mlirValueGetType(result), 1))
    bounds[1] = -1, sizeFrom[nSizes++] = 1, sizeFrom[nSizes++] = g.transB ? 0 : 1;
  TcNestSpec spec = {"gemm", 2, bounds, NULL, n, inputs, 1, &result, nSizes ? sizeFrom : NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);
  TcBuilder *b = &nest.body;
  MlirValue value = {NULL};
  if (g.useProduct)
    value = gemmProduct(b, &g, nest.in[0], nest.in[1], nest.iv);
  else if (g.alpha != 0.0) // K = 0: the term is there, and +0
    value = tcBConstFloat(b, mlirF64TypeGet(b->ctx), 0.0);
  if (g.useC) {
    MlirValue c = gemmC(b, &g, nest.in[n - 1], mlirValueGetType(inputs[n - 1]), nest.iv);
    value = mlirValueIsNull(value) ? c : tcBBinary(b, "arith.addf", value, c);
  }
  if (mlirValueIsNull(value)) // no term: the empty sum
    value = tcBConstFloat(b, mlirF64TypeGet(b->ctx), 0.0);
  if (!mlirTypeIsAF64(g.dtype))
    value = tcBNarrow(b, value, mlirF32TypeGet(b->ctx));
  tcBStore(b, tcBNarrow(b, value, g.dtype), nest.out[0], 2, nest.iv);
  return mlirLogicalResultSuccess();
}

static bool isStatic(MlirValue v) { return mlirShapedTypeHasStaticShape(mlirValueGetType(v)); }

static bool dimIsStatic(MlirValue v, intptr_t d) { return !mlirShapedTypeIsDynamicDim(mlirValueGetType(v), d); }

/// Run-time sizes this file lowers: M, N and the batch dimensions of a
/// matmul of ranks >= 2, K static (the inner loop's trip count; K = 0 would
/// leave the operands out of the nest, so K > 0).
static bool matmulDynamic(MlirOperation op) {
  MlirValue lhs = mlirOperationGetOperand(op, 0), rhs = mlirOperationGetOperand(op, 1);
  intptr_t rl = mlirShapedTypeGetRank(mlirValueGetType(lhs)), rr = mlirShapedTypeGetRank(mlirValueGetType(rhs));
  if (rl < 2 || rr < 2 || !dimIsStatic(lhs, rl - 1) || !dimIsStatic(rhs, rr - 2) ||
      mlirShapedTypeGetDimSize(mlirValueGetType(lhs), rl - 1) <= 0)
    return false;
  // Batch dimensions (rank > 2): `?`s anywhere, static sizes positive.
  for (int o = 0; o < 2; ++o) {
    MlirType t = mlirValueGetType(o ? rhs : lhs);
    for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
      if (!mlirShapedTypeIsDynamicDim(t, d) && mlirShapedTypeGetDimSize(t, d) <= 0)
        return false;
  }
  return true;
}

/// Likewise for gemm: M and N at run time, K static and > 0, alpha ≠ 0 (a
/// and b are read, and they give M and N), c static.
static bool gemmDynamic(MlirOperation op) {
  MlirValue a = mlirOperationGetOperand(op, 0), b = mlirOperationGetOperand(op, 1);
  bool transA = mlirBoolAttrGetValue(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("trans_a")));
  bool transB = mlirBoolAttrGetValue(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("trans_b")));
  double alpha = mlirFloatAttrGetValueDouble(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("alpha")));
  intptr_t ka = transA ? 0 : 1, kb = transB ? 1 : 0;
  return dimIsStatic(a, ka) && dimIsStatic(b, kb) && mlirShapedTypeGetDimSize(mlirValueGetType(a), ka) > 0 &&
         alpha != 0.0 && (mlirOperationGetNumOperands(op) < 3 || isStatic(mlirOperationGetOperand(op, 2)));
}

static const TcLoweringPattern kPatterns[] = {
    {"tc_tensor.matmul", lowerMatmul, NULL, matmulDynamic},
    {"tc_tensor.gemm", lowerGemm, NULL, gemmDynamic},
};

const TcLoweringPattern *tcLinalgLowerings(intptr_t *count) {
  *count = (intptr_t)(sizeof kPatterns / sizeof kPatterns[0]);
  return kPatterns;
}
