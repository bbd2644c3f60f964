//===- VerifyLinalg.c - tc-verify rules for matmul and gemm ---------------===//
//
// docs/dialects.md §2.2.8-9: matmul follows numpy.matmul and gemm is the
// ONNX Gemm with finite alpha and beta. Both checks derive the result shape
// from the operands and compare it with the declared one, so every shape rule
// ends in tcvCheckResultShape. matmul promotes a rank-1 lhs to [1, K] and a
// rank-1 rhs to [K, 1], checks the contracted dimension, broadcasts the batch
// dimensions (all but the last two) NumPy-style and drops the promoted
// dimensions again. gemm reads its transposes first, so its messages speak of
// op(a) = [M, K] and op(b) = [K, N]; the optional c must broadcast
// unidirectionally to [M, N] (which also bounds its rank by 2).
//
// tc_kernel.gemm (VerifyKernel.c) has gemm's attributes and op(a), op(b), so
// their reader and the transpose are exported (tcvReadGemmAttrs,
// tcvGemmOperandShape); op(x) swaps the last two dimensions, which also
// covers the kernel's batched rank 3. The K check stays with each op: the two
// messages differ.
//
// Dynamic dimensions (docs/dialects.md §1.5): K is compared only when both
// sides are known; M, N and the batch dimensions carry a ? into the result.
//
//===----------------------------------------------------------------------===//
#include "VerifyInternal.h"

#include <math.h>

// A shape with its last `drop` dimensions removed (the batch part of matmul).
static TcvShape leading(const TcvShape *s, intptr_t drop) {
  TcvShape out = *s;
  out.rank = s->rank > drop ? s->rank - drop : 0;
  return out;
}

// Checks that lhs[..., M, K] and rhs[..., K, N] (after rank-1 promotion) agree
// on K; the shapes named are the operands' own.
static bool checkContraction(MlirOperation op, const TcvShape *lhs, const TcvShape *rhs) {
  int64_t kl = lhs->dims[lhs->rank - 1];
  int64_t kr = rhs->rank == 1 ? rhs->dims[0] : rhs->dims[rhs->rank - 2];
  if (tcvDimsMayEqual(kl, kr)) // a ? side: the `equal-dims` run-time constraint
    return true;
  char a[256], b[256];
  tcEmitOpError(op, "contracted dimensions of 'lhs' %s and 'rhs' %s must match, got %lld and %lld",
                tcvFormatShape(lhs, a, sizeof a), tcvFormatShape(rhs, b, sizeof b), (long long)kl, (long long)kr);
  return false;
}

// The NumPy matmul result shape: broadcast batch, then M unless lhs is a
// vector, then N unless rhs is a vector.
static bool matmulShape(MlirOperation op, const TcvShape *lhs, const TcvShape *rhs, TcvShape *out) {
  TcvShape lb = leading(lhs, 2), rb = leading(rhs, 2);
  if (!tcvBroadcast(&lb, &rb, out)) {
    char a[256], b[256];
    tcEmitOpError(op, "batch dimensions %s of 'lhs' and %s of 'rhs' are not broadcast-compatible",
                  tcvFormatShape(&lb, a, sizeof a), tcvFormatShape(&rb, b, sizeof b));
    return false;
  }
  if (lhs->rank >= 2)
    out->dims[out->rank++] = lhs->dims[lhs->rank - 2];
  if (rhs->rank >= 2)
    out->dims[out->rank++] = rhs->dims[rhs->rank - 1];
  return true;
}

static bool checkNotScalar(MlirOperation op, const TcvShape *s, const char *name) {
  if (s->rank >= 1)
    return true;
  tcEmitOpError(op, "operand '%s' must have rank at least 1, got a scalar", name);
  return false;
}

bool tcvVerifyMatmul(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {NULL};
  MlirValue lhs = mlirOperationGetOperand(op, 0), rhs = mlirOperationGetOperand(op, 1);
  TcvShape ls = tcvShapeOf(lhs), rs = tcvShapeOf(rhs), shape;
  return tcvCheckAllowedAttrs(op, attrs) && tcvCheckDtype(op, lhs, "operand 'lhs'", rule->dtypes, rule->dtypeText) &&
         tcvCheckSameElementType(op) && checkNotScalar(op, &ls, "lhs") && checkNotScalar(op, &rs, "rhs") &&
         checkContraction(op, &ls, &rs) && matmulShape(op, &ls, &rs, &shape) &&
         tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &shape);
}

TcvShape tcvGemmOperandShape(MlirValue v, bool trans) {
  TcvShape s = tcvShapeOf(v);
  if (trans) {
    int64_t t = s.dims[s.rank - 2];
    s.dims[s.rank - 2] = s.dims[s.rank - 1];
    s.dims[s.rank - 1] = t;
  }
  return s;
}

// Reads F64 attribute `name`, which must be finite.
static bool getFiniteF64(MlirOperation op, const char *name) {
  double v;
  if (!tcvGetF64(op, name, &v))
    return false;
  if (isfinite(v))
    return true;
  tcEmitOpError(op, "attribute '%s' must be finite, got %g", name, v);
  return false;
}

bool tcvReadGemmAttrs(MlirOperation op, bool *transA, bool *transB) {
  return getFiniteF64(op, "alpha") && getFiniteF64(op, "beta") && tcvGetBool(op, "trans_a", transA) &&
         tcvGetBool(op, "trans_b", transB);
}

// Derives [M, N] from op(a) = [M, K] and op(b) = [K, N].
static bool gemmShape(MlirOperation op, bool transA, bool transB, TcvShape *out) {
  TcvShape a = tcvGemmOperandShape(mlirOperationGetOperand(op, 0), transA);
  TcvShape b = tcvGemmOperandShape(mlirOperationGetOperand(op, 1), transB);
  if (!tcvDimsMayEqual(a.dims[1], b.dims[0])) {
    char sa[64], sb[64];
    tcEmitOpError(op, "inner dimensions of op(a) %s and op(b) %s must match, got %lld and %lld",
                  tcvFormatShape(&a, sa, sizeof sa), tcvFormatShape(&b, sb, sizeof sb), (long long)a.dims[1],
                  (long long)b.dims[0]);
    return false;
  }
  *out = (TcvShape){2, {a.dims[0], b.dims[1]}};
  return true;
}

static bool checkGemmC(MlirOperation op, const TcvShape *mn) {
  if (mlirOperationGetNumOperands(op) < 3)
    return true;
  TcvShape c = tcvShapeOf(mlirOperationGetOperand(op, 2));
  if (tcvBroadcastsTo(&c, mn))
    return true;
  char sc[256], st[64];
  tcEmitOpError(op, "operand 'c' of shape %s must broadcast unidirectionally to [M, N] = %s",
                tcvFormatShape(&c, sc, sizeof sc), tcvFormatShape(mn, st, sizeof st));
  return false;
}

bool tcvVerifyGemm(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"alpha", "beta", "trans_a", "trans_b", NULL};
  MlirValue a = mlirOperationGetOperand(op, 0), b = mlirOperationGetOperand(op, 1);
  bool transA, transB;
  TcvShape shape;
  return tcvCheckAllowedAttrs(op, attrs) && tcvReadGemmAttrs(op, &transA, &transB) &&
         tcvCheckDtype(op, a, "operand 'a'", rule->dtypes, rule->dtypeText) && tcvCheckSameElementType(op) &&
         tcvCheckRank(op, a, "a", 2) && tcvCheckRank(op, b, "b", 2) && gemmShape(op, transA, transB, &shape) &&
         checkGemmC(op, &shape) && tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &shape);
}
