//===- GuardRules.c - tc-insert-guards' shape rules, per op family ---------===//
//
// Each rule computes the shapes of an op's results from its operands'
// (docs/dialects.md §1.5, §2.2) and checks, before that, the op's run-time
// constraints in the order lib/Reference/Eval*.c checks them (the caller
// then checks each result's size limit, as tcRefCreateResult does). Attribute
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

// Unary ops, clip, cast, softmax, log_softmax, layer_norm: the result has
// x's shape. Also slice, whose `?` axes are taken whole (tc-verify): each
// result `?` is x's, and its static sizes come from the type.
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
    tcGuardCheck(g, TC_ABI_GUARD_BROADCAST, ok);
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
    tcGuardCheck(g, TC_ABI_GUARD_EQUAL_DIMS, tcGuardEq(g, a, b));
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
      tcGuardCheck(g, TC_ABI_GUARD_BROADCAST, ok);
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
    tcGuardCheck(g, TC_ABI_GUARD_NONEMPTY_AXIS,
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

//===-- reshape, batch_norm, the global pools --------------------------------===//

// x's element count; x is within the size limit (checked where it was
// made), so the product does not overflow while the code is still 0.
static MlirValue elementCount(TcGuardFn *g, const TcGuardShape *x) {
  MlirValue n = tcBConstInt(&g->b, g->i64, 1);
  for (intptr_t d = 0; d < x->rank; ++d)
    n = tcBBinary(&g->b, "arith.muli", n, tcGuardValue(g, x->dims[d]));
  return n;
}

// A result `?` is x's count over the product of the known result sizes,
// which tc-verify holds nonzero (`reshape-count`: it divides the count);
// a result without `?` must hold x's count (EvalShape.c's tcRefEvalReshape).
static bool reshape(TcGuardFn *g, MlirOperation op) {
  const TcGuardShape *x = operandShape(g, op, 0);
  TcGuardShape *y = resultShape(g, op, 0);
  int64_t known = 1;
  intptr_t dynamic = -1;
  for (intptr_t d = 0; d < y->rank; ++d) {
    if (y->dims[d].known < 0 && dynamic >= 0)
      return false;
    if (y->dims[d].known < 0)
      dynamic = d;
    else
      known *= y->dims[d].known;
  }
  if (dynamic >= 0 && known == 0)
    return false;
  MlirValue count = elementCount(g, x), k = tcBConstInt(&g->b, g->i64, known);
  if (dynamic < 0) {
    tcGuardCheck(g, TC_ABI_GUARD_RESHAPE_COUNT, tcBCmpI(&g->b, TC_CMPI_EQ, count, k));
    return true;
  }
  MlirValue rem = tcBBinary(&g->b, "arith.remui", count, k); // k > 0: no trap
  tcGuardCheck(g, TC_ABI_GUARD_RESHAPE_COUNT, tcBCmpI(&g->b, TC_CMPI_EQ, rem, tcBConstInt(&g->b, g->i64, 0)));
  y->dims[dynamic] = tcGuardDynamic(tcBBinary(&g->b, "arith.divui", count, k));
  return true;
}

// Every parameter is [C], C = x.shape[1] (`equal-dims`, EvalNorm.c); the
// parameters are static (docs/dialects.md §1.5), so only a `?` C is checked.
static bool batchNorm(TcGuardFn *g, MlirOperation op) {
  const TcGuardShape *x = operandShape(g, op, 0);
  if (x->rank < 2)
    return false;
  MlirValue ok = {NULL};
  for (intptr_t i = 1; i < 5; ++i) {
    const TcGuardShape *p = operandShape(g, op, i);
    if (p->rank != 1 || p->dims[0].known < 0)
      return false;
    if (x->dims[1].known < 0)
      ok = tcGuardAnd(g, ok, tcGuardEq(g, p->dims[0], x->dims[1]));
  }
  if (!mlirValueIsNull(ok))
    tcGuardCheck(g, TC_ABI_GUARD_EQUAL_DIMS, ok);
  return sameShape(g, op);
}

// [N, C, d...] -> [N, C, 1...]: no constraint.
static bool globalPool(TcGuardFn *g, MlirOperation op) {
  const TcGuardShape *x = operandShape(g, op, 0);
  TcGuardShape *y = resultShape(g, op, 0);
  if (y->rank != x->rank || x->rank < 3)
    return false;
  fillDynamic(y, 0, x->dims[0]);
  fillDynamic(y, 1, x->dims[1]);
  return true;
}

//===-- conv2d and the 2-D pools -----------------------------------------------===//

static int64_t arrayAt(MlirOperation op, const char *name, intptr_t i) {
  return mlirDenseI64ArrayGetElement(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name)), i);
}

// One spatial axis (0: H, 1: W) of a sliding window over input size `in`:
// `window-fits` (H + pt + pb >= dh·(kH − 1) + 1) when `in` is a `?`, then
// the output size, in ceil mode without the window that would start in the
// end padding (EvalConvPool.c). Strides are constants >= 1: no trap.
static TcGuardDim windowOut(TcGuardFn *g, MlirOperation op, int axis, TcGuardDim in, int64_t kernel,
                            bool hasDilations, bool ceilMode) {
  int64_t stride = arrayAt(op, "strides", axis), pb = arrayAt(op, "pads", axis), pe = arrayAt(op, "pads", axis + 2);
  int64_t dilation = hasDilations ? arrayAt(op, "dilations", axis) : 1, extent = dilation * (kernel - 1) + 1;
  TcBuilder *b = &g->b;
  MlirValue padded = tcBBinary(b, "arith.addi", tcGuardValue(g, in), tcBConstInt(b, g->i64, pb + pe));
  tcGuardCheck(g, TC_ABI_GUARD_WINDOW_FITS, tcBCmpI(b, TC_CMPI_SGE, padded, tcBConstInt(b, g->i64, extent)));
  MlirValue span = tcBBinary(b, "arith.subi", padded, tcBConstInt(b, g->i64, extent));
  MlirValue s = tcBConstInt(b, g->i64, stride), one = tcBConstInt(b, g->i64, 1);
  if (!ceilMode)
    return tcGuardDynamic(tcBBinary(b, "arith.addi", tcBBinary(b, "arith.divsi", span, s), one));
  MlirValue up = tcBBinary(b, "arith.addi", span, tcBConstInt(b, g->i64, stride - 1));
  MlirValue hc = tcBBinary(b, "arith.addi", tcBBinary(b, "arith.divsi", up, s), one);
  MlirValue start = tcBBinary(b, "arith.muli", tcBBinary(b, "arith.subi", hc, one), s);
  MlirValue inEnd = tcBCmpI(b, TC_CMPI_SGE, start,
                            tcBBinary(b, "arith.addi", tcGuardValue(g, in), tcBConstInt(b, g->i64, pb)));
  return tcGuardDynamic(tcBSelect(b, inEnd, tcBBinary(b, "arith.subi", hc, one), hc));
}

// [N, C or M, H_out, W_out]; a static H or W keeps its type's size.
static bool windowResult(TcGuardFn *g, MlirOperation op, const TcGuardShape *x, TcGuardDim channels,
                         const int64_t *kernel, bool hasDilations, bool ceilMode) {
  TcGuardShape *y = resultShape(g, op, 0);
  if (x->rank != 4 || y->rank != 4)
    return false;
  fillDynamic(y, 0, x->dims[0]);
  fillDynamic(y, 1, channels);
  for (int axis = 0; axis < 2; ++axis)
    if (x->dims[2 + axis].known < 0)
      y->dims[2 + axis] = windowOut(g, op, axis, x->dims[2 + axis], kernel[axis], hasDilations, ceilMode);
  return true;
}

// C = group · w.shape[1] (`equal-dims`, one check for both of the
// reference's), then each axis's window (EvalConvPool.c's readConv).
static bool conv2d(TcGuardFn *g, MlirOperation op) {
  const TcGuardShape *x = operandShape(g, op, 0), *w = operandShape(g, op, 1);
  if (x->rank != 4 || w->rank != 4)
    return false;
  for (intptr_t d = 0; d < 4; ++d)
    if (w->dims[d].known < 0)
      return false;
  int64_t group = intAttr(op, "group");
  if (x->dims[1].known < 0) {
    TcBuilder *b = &g->b;
    MlirValue c = tcGuardValue(g, x->dims[1]), grp = tcBConstInt(b, g->i64, group);
    MlirValue divisible = tcBCmpI(b, TC_CMPI_EQ, tcBBinary(b, "arith.remui", c, grp), tcBConstInt(b, g->i64, 0));
    MlirValue perGroup = tcBCmpI(b, TC_CMPI_EQ, tcBBinary(b, "arith.divui", c, grp),
                                 tcBConstInt(b, g->i64, w->dims[1].known));
    tcGuardCheck(g, TC_ABI_GUARD_EQUAL_DIMS, tcBBinary(b, "arith.andi", divisible, perGroup));
  }
  int64_t kernel[2] = {w->dims[2].known, w->dims[3].known};
  return windowResult(g, op, x, w->dims[0], kernel, true, false);
}

static bool pool2d(TcGuardFn *g, MlirOperation op) {
  const TcGuardShape *x = operandShape(g, op, 0);
  int64_t kernel[2] = {arrayAt(op, "kernel", 0), arrayAt(op, "kernel", 1)};
  bool dilations = !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("dilations")));
  return x->rank == 4 && windowResult(g, op, x, x->dims[1], kernel, dilations, boolAttr(op, "ceil_mode"));
}

//===-- The table -------------------------------------------------------------===//

static const struct {
  const char *name;
  TcGuardRuleFn rule;
} kRules[] = {
    {"abs", sameShape},          {"add", broadcastOperands}, {"and", broadcastOperands},
    {"argmax", argReduce},       {"argmin", argReduce},      {"batch_norm", batchNorm},
    {"avg_pool2d", pool2d},      {"cast", sameShape},        {"conv2d", conv2d},
    {"ceil", sameShape},         {"clip", sameShape},        {"cos", sameShape},
    {"div", broadcastOperands},  {"eq", broadcastOperands},  {"erf", sameShape},
    {"exp", sameShape},          {"floor", sameShape},       {"fmod", broadcastOperands},
    {"ge", broadcastOperands},   {"gelu", sameShape},        {"gemm", gemm},
    {"global_avg_pool", globalPool}, {"global_max_pool", globalPool},
    {"gt", broadcastOperands},   {"identity", sameShape},    {"le", broadcastOperands},
    {"log", sameShape},          {"max_pool2d", pool2d},          {"log_softmax", sameShape}, {"lt", broadcastOperands},
    {"matmul", matmul},          {"max", broadcastOperands}, {"min", broadcastOperands},
    {"mod", broadcastOperands},  {"mul", broadcastOperands}, {"ne", broadcastOperands},
    {"neg", sameShape},          {"not", sameShape},         {"or", broadcastOperands},
    {"pow", broadcastOperands},  {"reciprocal", sameShape},  {"reduce_max", reduce},
    {"reduce_mean", reduce},     {"reduce_min", reduce},     {"reduce_prod", reduce},
    {"reduce_sum", reduce},      {"relu", sameShape},        {"round", sameShape},
    {"reshape", reshape},        {"rsqrt", sameShape},        {"sigmoid", sameShape},     {"sign", sameShape},
    {"sin", sameShape},          {"softmax", sameShape},     {"sqrt", sameShape},
    {"sub", broadcastOperands},  {"tanh", sameShape},        {"transpose", transpose},
    {"where", broadcastOperands}, {"xor", broadcastOperands},
    {"layer_norm", sameShape},   {"slice", sameShape},
};

TcGuardRuleFn tcGuardFindRule(MlirStringRef kind) {
  for (size_t i = 0; i < sizeof kRules / sizeof kRules[0]; ++i)
    if (strlen(kRules[i].name) == kind.length && memcmp(kRules[i].name, kind.data, kind.length) == 0)
      return kRules[i].rule;
  return NULL;
}
