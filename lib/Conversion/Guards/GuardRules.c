//===- GuardRules.c - tc-insert-guards' shape rules, per op family ---------===//
//
// Each rule computes the shapes of an op's results from its operands'
// (docs/dialects.md §1.5, §2.2) and checks, before that, the op's run-time
// constraints in the order lib/Reference/Eval*.c checks them (the caller
// then checks each result's size limit, as refCreateResult does). Attribute
// rules are static: tc-verify has checked them, so a rule reads attributes
// without re-validating them.
//
// Where the result type has a static size, the shape uses that constant:
// once the op's constraints hold the computed size equals it, and before
// they hold the code is already set.
//
//===----------------------------------------------------------------------===//
#include "GuardsInternal.h"

#include <string.h>

static TcGuardShape *operandShape(TcGuardFn *g, MlirOperation op, intptr_t i) {
  return tcGuardShapeOf(g, mlirOperationGetOperand(op, i));
}

// A result entry whose static sizes come from the type; the rule fills `?`s.
static TcGuardShape *resultShape(TcGuardFn *g, MlirOperation op, intptr_t i) {
  MlirValue r = mlirOperationGetResult(op, i);
  MlirType t = mlirValueGetType(r);
  TcGuardShape *s = tcGuardNewShape(g, r, mlirShapedTypeGetRank(t));
  for (intptr_t d = 0; d < s->rank; ++d)
    s->dims[d] = tcGuardKnown(mlirShapedTypeIsDynamicDim(t, d) ? -1 : mlirShapedTypeGetDimSize(t, d));
  return s;
}

// Sets the `?` dimensions of `s` from `from` (a static one keeps its type's size).
static void fillDynamic(TcGuardShape *s, intptr_t d, TcGuardDim from) {
  if (s->dims[d].known < 0)
    s->dims[d] = from;
}

static int64_t intAttr(MlirOperation op, const char *name) {
  return mlirIntegerAttrGetValueInt(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name)));
}

static bool boolAttr(MlirOperation op, const char *name) {
  return mlirBoolAttrGetValue(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name)));
}

static int64_t normalizeAxis(int64_t a, intptr_t rank) { return a < 0 ? a + rank : a; }

//===-- Shape-preserving ops --------------------------------------------------===//

// Unary ops, clip, cast, softmax, log_softmax: the result has x's shape.
static bool sameShape(TcGuardFn *g, MlirOperation op) {
  const TcGuardShape *x = operandShape(g, op, 0);
  TcGuardShape *y = resultShape(g, op, 0);
  if (y->rank != x->rank)
    return false;
  for (intptr_t d = 0; d < x->rank; ++d)
    fillDynamic(y, d, x->dims[d]);
  return true;
}

//===-- Broadcasting (§1.3) -----------------------------------------------------===//

// NumPy broadcast of `a` and `b` into `out`; the `broadcast` constraint on
// the pair, unless every aligned pair is settled at compile time.
static void broadcastPair(TcGuardFn *g, const TcGuardShape *a, const TcGuardShape *b, TcGuardShape *out) {
  intptr_t rank = a->rank > b->rank ? a->rank : b->rank;
  MlirValue ok = {NULL};
  out->rank = rank;
  for (intptr_t i = 0; i < rank; ++i) {
    intptr_t ia = a->rank - rank + i, ib = b->rank - rank + i;
    TcGuardDim da = ia >= 0 ? a->dims[ia] : tcGuardKnown(1), db = ib >= 0 ? b->dims[ib] : tcGuardKnown(1);
    if (da.known >= 0 && db.known >= 0) { // tc-verify checked the pair
      out->dims[i] = tcGuardKnown(da.known == 1 ? db.known : da.known);
      continue;
    }
    if (da.known == 1 || db.known == 1) {
      out->dims[i] = da.known == 1 ? db : da;
      continue;
    }
    MlirValue one = tcBConstInt(&g->b, g->i64, 1), va = tcGuardValue(g, da), vb = tcGuardValue(g, db);
    MlirValue aOne = tcBCmpI(&g->b, TC_CMPI_EQ, va, one), bOne = tcBCmpI(&g->b, TC_CMPI_EQ, vb, one);
    MlirValue fits = tcBBinary(&g->b, "arith.ori", tcBCmpI(&g->b, TC_CMPI_EQ, va, vb),
                               tcBBinary(&g->b, "arith.ori", aOne, bOne));
    ok = tcGuardAnd(g, ok, fits);
    out->dims[i] = db.known >= 0 ? db : da.known >= 0 ? da : tcGuardDynamic(tcBSelect(&g->b, aOne, vb, va));
  }
  if (!mlirValueIsNull(ok))
    tcGuardCheck(g, TC_GUARD_BROADCAST, ok);
}

// Binary ops, comparisons, where: operands folded left to right.
static bool broadcastOperands(TcGuardFn *g, MlirOperation op) {
  TcGuardShape acc = *operandShape(g, op, 0), next;
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); ++i) {
    broadcastPair(g, &acc, operandShape(g, op, i), &next);
    acc = next;
  }
  TcGuardShape *y = resultShape(g, op, 0);
  if (y->rank != acc.rank)
    return false;
  for (intptr_t d = 0; d < acc.rank; ++d)
    fillDynamic(y, d, acc.dims[d]);
  return true;
}

//===-- matmul and gemm -------------------------------------------------------===//

// `equal-dims` on a == b, unless both are known (then tc-verify checked).
static void equalDims(TcGuardFn *g, TcGuardDim a, TcGuardDim b) {
  if (a.known < 0 || b.known < 0)
    tcGuardCheck(g, TC_GUARD_EQUAL_DIMS, tcGuardEq(g, a, b));
}

// The operand's shape after NumPy's rank-1 promotion.
static TcGuardShape promote(const TcGuardShape *s, bool isLhs) {
  if (s->rank != 1)
    return *s;
  TcGuardShape p = {s->value, 2, {tcGuardKnown(1), tcGuardKnown(1)}};
  p.dims[isLhs ? 1 : 0] = s->dims[0];
  return p;
}

// K, then the batch broadcast (EvalLinalg.c's matmulShape).
static bool matmul(TcGuardFn *g, MlirOperation op) {
  const TcGuardShape *l0 = operandShape(g, op, 0), *r0 = operandShape(g, op, 1);
  TcGuardShape ls = promote(l0, true), rs = promote(r0, false), bl = ls, br = rs, full;
  equalDims(g, ls.dims[ls.rank - 1], rs.dims[rs.rank - 2]);
  bl.rank -= 2;
  br.rank -= 2;
  broadcastPair(g, &bl, &br, &full);
  if (l0->rank != 1)
    full.dims[full.rank++] = ls.dims[ls.rank - 2];
  if (r0->rank != 1)
    full.dims[full.rank++] = rs.dims[rs.rank - 1];
  TcGuardShape *y = resultShape(g, op, 0);
  if (y->rank != full.rank)
    return false;
  for (intptr_t d = 0; d < full.rank; ++d)
    fillDynamic(y, d, full.dims[d]);
  return true;
}

// K, then c's unidirectional broadcast to [M, N] (EvalLinalg.c's gemmShape).
static bool gemm(TcGuardFn *g, MlirOperation op) {
  const TcGuardShape *a = operandShape(g, op, 0), *b = operandShape(g, op, 1);
  bool ta = boolAttr(op, "trans_a"), tb = boolAttr(op, "trans_b");
  TcGuardDim m = a->dims[ta ? 1 : 0], k = a->dims[ta ? 0 : 1], k2 = b->dims[tb ? 1 : 0], n = b->dims[tb ? 0 : 1];
  equalDims(g, k, k2);
  TcGuardDim target[2] = {m, n};
  if (mlirOperationGetNumOperands(op) == 3) {
    const TcGuardShape *c = operandShape(g, op, 2);
    MlirValue ok = {NULL};
    for (intptr_t d = 0; d < c->rank; ++d) {
      TcGuardDim cd = c->dims[d], t = target[2 - c->rank + d];
      if (cd.known == 1 || (cd.known >= 0 && t.known >= 0))
        continue;
      MlirValue one = tcBCmpI(&g->b, TC_CMPI_EQ, tcGuardValue(g, cd), tcBConstInt(&g->b, g->i64, 1));
      ok = tcGuardAnd(g, ok, tcBBinary(&g->b, "arith.ori", one, tcGuardEq(g, cd, t)));
    }
    if (!mlirValueIsNull(ok))
      tcGuardCheck(g, TC_GUARD_BROADCAST, ok);
  }
  TcGuardShape *y = resultShape(g, op, 0);
  fillDynamic(y, 0, m);
  fillDynamic(y, 1, n);
  return y->rank == 2;
}

//===-- Reductions and transpose ----------------------------------------------===//

// The result keeps x's dimensions outside `reduced`, and 1 for each
// reduced one when `keepdims`.
static bool maskShape(TcGuardFn *g, MlirOperation op, const bool *reduced, bool keepdims) {
  const TcGuardShape *x = operandShape(g, op, 0);
  TcGuardShape *y = resultShape(g, op, 0);
  intptr_t k = 0;
  for (intptr_t d = 0; d < x->rank; ++d) {
    if (reduced[d] && !keepdims)
      continue;
    if (k >= y->rank)
      return false;
    fillDynamic(y, k++, reduced[d] ? tcGuardKnown(1) : x->dims[d]);
  }
  return k == y->rank;
}

static bool reduce(TcGuardFn *g, MlirOperation op) {
  intptr_t rank = operandShape(g, op, 0)->rank;
  MlirAttribute axes = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("axes"));
  bool reduced[32] = {false};
  intptr_t n = mlirDenseArrayGetNumElements(axes);
  for (intptr_t d = 0; d < rank; ++d)
    reduced[d] = n == 0;
  for (intptr_t i = 0; i < n; ++i)
    reduced[normalizeAxis(mlirDenseI64ArrayGetElement(axes, i), rank)] = true;
  return maskShape(g, op, reduced, boolAttr(op, "keepdims"));
}

// `nonempty-axis` on the reduced axis before the result (EvalReduce.c).
static bool argReduce(TcGuardFn *g, MlirOperation op) {
  const TcGuardShape *x = operandShape(g, op, 0);
  int64_t axis = normalizeAxis(intAttr(op, "axis"), x->rank);
  TcGuardDim n = x->dims[axis];
  if (n.known < 0)
    tcGuardCheck(g, TC_GUARD_NONEMPTY_AXIS,
                 tcBCmpI(&g->b, TC_CMPI_SGE, tcGuardValue(g, n), tcBConstInt(&g->b, g->i64, 1)));
  bool reduced[32] = {false};
  reduced[axis] = true;
  return maskShape(g, op, reduced, boolAttr(op, "keepdims"));
}

static bool transpose(TcGuardFn *g, MlirOperation op) {
  const TcGuardShape *x = operandShape(g, op, 0);
  MlirAttribute perm = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("perm"));
  TcGuardShape *y = resultShape(g, op, 0);
  if (y->rank != x->rank || mlirDenseArrayGetNumElements(perm) != x->rank)
    return false;
  for (intptr_t k = 0; k < x->rank; ++k)
    fillDynamic(y, k, x->dims[mlirDenseI64ArrayGetElement(perm, k)]);
  return true;
}

//===-- The table -------------------------------------------------------------===//

static const struct {
  const char *name;
  TcGuardRuleFn rule;
} kRules[] = {
    {"abs", sameShape},          {"add", broadcastOperands}, {"and", broadcastOperands},
    {"argmax", argReduce},       {"argmin", argReduce},      {"cast", sameShape},
    {"ceil", sameShape},         {"clip", sameShape},        {"cos", sameShape},
    {"div", broadcastOperands},  {"eq", broadcastOperands},  {"erf", sameShape},
    {"exp", sameShape},          {"floor", sameShape},       {"fmod", broadcastOperands},
    {"ge", broadcastOperands},   {"gelu", sameShape},        {"gemm", gemm},
    {"gt", broadcastOperands},   {"identity", sameShape},    {"le", broadcastOperands},
    {"log", sameShape},          {"log_softmax", sameShape}, {"lt", broadcastOperands},
    {"matmul", matmul},          {"max", broadcastOperands}, {"min", broadcastOperands},
    {"mod", broadcastOperands},  {"mul", broadcastOperands}, {"ne", broadcastOperands},
    {"neg", sameShape},          {"not", sameShape},         {"or", broadcastOperands},
    {"pow", broadcastOperands},  {"reciprocal", sameShape},  {"reduce_max", reduce},
    {"reduce_mean", reduce},     {"reduce_min", reduce},     {"reduce_prod", reduce},
    {"reduce_sum", reduce},      {"relu", sameShape},        {"round", sameShape},
    {"rsqrt", sameShape},        {"sigmoid", sameShape},     {"sign", sameShape},
    {"sin", sameShape},          {"softmax", sameShape},     {"sqrt", sameShape},
    {"sub", broadcastOperands},  {"tanh", sameShape},        {"transpose", transpose},
    {"where", broadcastOperands}, {"xor", broadcastOperands},
};

TcGuardRuleFn tcGuardFindRule(MlirStringRef kind) {
  for (size_t i = 0; i < sizeof kRules / sizeof kRules[0]; ++i)
    if (strlen(kRules[i].name) == kind.length && memcmp(kRules[i].name, kind.data, kind.length) == 0)
      return kRules[i].rule;
  return NULL;
}
