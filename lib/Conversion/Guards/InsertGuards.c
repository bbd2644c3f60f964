//===- InsertGuards.c - the tc-insert-guards pass (shape functions) --------===//
//
// Requires: a tc_tensor program that tc-verify accepts, before any lowering.
// Guarantees: every public func.func (not a loop body) with a `?` in an
// argument or result type gets a public companion
//
//   func.func @f__tc_shapes(%dims: memref<K x i64>) -> i32
//
// (docs/dynamic-shapes.md §2, docs/abi.md): K is the sum of the ranks of
// the inputs, then of the outputs. It reads the inputs' sizes from `%dims`,
// checks each run-time constraint of docs/dialects.md §1.5 in the order the
// reference evaluator checks it (the arguments, then each op in program
// order, each op's rules before its results' size limit), and returns the
// code of the first one broken (TcAbiGuard, include/tensorc/Runtime.h), or
// 0. Only on 0 does one scf.if at the end write the outputs' shapes after
// the inputs'. Static functions get nothing; @f itself is left unchanged.
// The shape function carries `tc.shapes_of = "f"`; one already built is
// kept (tc-lower-tensor builds the missing ones through
// tcBuildShapeFunctions, so the CPU pipeline needs no pass of its own).
//
// The body is straight-line i64 arithmetic: a running code, and one
// arith.select per constraint that keeps the first nonzero code. After a
// violation the later sizes may be garbage, so nothing may trap: every
// division is by a positive constant, and the size-limit product divides
// only by its running byte count, which is never 0.
//
// Each value's shape is a list of dimensions, each a known constant (from
// the type, when the type is static there) or an i64 SSA value. An op whose
// types are all static is skipped: tc-verify checked it, and its result
// types are its shapes. An op with a `?` this pass does not handle is a
// located refusal and a pass failure, never a wrong shape function.
//
// Records one decision per shape function: `guards`, with the count of each
// constraint kind checked.
//
// Anchored on builtin.module: it adds functions next to the ones it reads.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "../../Transforms/TransformsInternal.h"
#include "../ConversionInternal.h"
#include "GuardsInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kKindNames[TC_GUARD_KINDS] = {"",         "arg-shape",  "equal-dims",    "broadcast",
                                                       "reshape-count", "window-fits", "nonempty-axis", "size-limit"};

//===-- The shape table -----------------------------------------------------===//

TcGuardShape *tcGuardShapeOf(TcGuardFn *g, MlirValue v) {
  for (intptr_t i = 0; i < g->numShapes; ++i)
    if (mlirValueEqual(g->shapes[i]->value, v))
      return g->shapes[i];
  return NULL;
}

// Each entry is allocated on its own: a rule holds its operands' entries
// while it adds its results', so growing the table must not move them.
TcGuardShape *tcGuardNewShape(TcGuardFn *g, MlirValue v, intptr_t rank) {
  if (g->numShapes == g->capShapes) {
    g->capShapes = g->capShapes ? 2 * g->capShapes : 32;
    g->shapes = realloc(g->shapes, (size_t)g->capShapes * sizeof *g->shapes);
    if (!g->shapes)
      tcFatal("out of memory in tc-insert-guards");
  }
  TcGuardShape *s = malloc(sizeof *s);
  if (!s)
    tcFatal("out of memory in tc-insert-guards");
  s->value = v;
  s->rank = rank;
  g->shapes[g->numShapes++] = s;
  return s;
}

static void freeShapes(TcGuardFn *g) {
  for (intptr_t i = 0; i < g->numShapes; ++i)
    free(g->shapes[i]);
  free(g->shapes);
}

//===-- Dimensions ----------------------------------------------------------===//

TcGuardDim tcGuardKnown(int64_t n) { return (TcGuardDim){{NULL}, n}; }

MlirValue tcGuardValue(TcGuardFn *g, TcGuardDim d) {
  return d.known >= 0 ? tcBConstInt(&g->b, g->i64, d.known) : d.value;
}

TcGuardDim tcGuardDynamic(MlirValue v) { return (TcGuardDim){v, -1}; }

void tcGuardCheck(TcGuardFn *g, TcAbiGuard kind, MlirValue ok) {
  TcBuilder *b = &g->b;
  MlirValue bad = tcBBinary(b, "arith.xori", ok, tcBConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1));
  MlirValue first = tcBCmpI(b, TC_CMPI_EQ, g->code, tcBConstInt(b, g->i32, 0));
  MlirValue take = tcBBinary(b, "arith.andi", first, bad);
  g->code = tcBSelect(b, take, tcBConstInt(b, g->i32, (int64_t)kind), g->code);
  g->counts[kind]++;
}

MlirValue tcGuardEq(TcGuardFn *g, TcGuardDim a, TcGuardDim b) {
  return tcBCmpI(&g->b, TC_CMPI_EQ, tcGuardValue(g, a), tcGuardValue(g, b));
}

MlirValue tcGuardAnd(TcGuardFn *g, MlirValue a, MlirValue b) {
  if (mlirValueIsNull(a))
    return b;
  return tcBBinary(&g->b, "arith.andi", a, b);
}

// Bytes of one element of a tc_tensor element type: §1.1 counts i1 as one.
static int64_t elementBytes(MlirType t) {
  if (mlirTypeIsAInteger(t))
    return mlirIntegerTypeGetWidth(t) <= 8 ? 1 : mlirIntegerTypeGetWidth(t) / 8;
  if (mlirTypeIsAF16(t) || mlirTypeIsABF16(t))
    return 2;
  return mlirTypeIsAF32(t) ? 4 : 8;
}

// §1.1's limit on the result `v` of shape `s`, as the reference computes it
// (lib/Reference/Support.c): a zero dimension makes it empty; otherwise the
// byte count saturates at 2^40 + 1 so that no product overflows. Checked
// only where the type has a `?`: a static type is within the limit.
void tcGuardSizeLimit(TcGuardFn *g, MlirValue v, const TcGuardShape *s) {
  MlirType t = mlirValueGetType(v);
  if (mlirShapedTypeHasStaticShape(t))
    return;
  TcBuilder *b = &g->b;
  int64_t limit = INT64_C(1) << 40;
  MlirValue bytes = tcBConstInt(b, g->i64, elementBytes(mlirShapedTypeGetElementType(t)));
  MlirValue zero = tcBConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 0), lim = tcBConstInt(b, g->i64, limit);
  for (intptr_t d = 0; d < s->rank; ++d) {
    MlirValue n = tcGuardValue(g, s->dims[d]);
    MlirValue isZero = tcBCmpI(b, TC_CMPI_EQ, n, tcBConstInt(b, g->i64, 0));
    zero = tcBBinary(b, "arith.ori", zero, isZero);
    // bytes >= 1 always: a zero dimension leaves it as it was.
    MlirValue over = tcBCmpI(b, TC_CMPI_UGT, n, tcBBinary(b, "arith.divui", lim, bytes));
    MlirValue next = tcBSelect(b, over, tcBConstInt(b, g->i64, limit + 1), tcBBinary(b, "arith.muli", bytes, n));
    bytes = tcBSelect(b, isZero, bytes, next);
  }
  tcGuardCheck(g, TC_ABI_GUARD_SIZE_LIMIT, tcBBinary(b, "arith.ori", zero, tcBCmpI(b, TC_CMPI_ULE, bytes, lim)));
}

//===-- Building the function -----------------------------------------------===//

static intptr_t rankOf(MlirValue v) { return mlirShapedTypeGetRank(mlirValueGetType(v)); }

static bool hasDynamicType(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAShaped(t) && mlirShapedTypeHasRank(t) && !mlirShapedTypeHasStaticShape(t);
}

static bool opIsDynamic(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (hasDynamicType(mlirOperationGetOperand(op, i)))
      return true;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (hasDynamicType(mlirOperationGetResult(op, i)))
      return true;
  return false;
}

// The static shape of every result of an op without a `?`.
static void staticResults(TcGuardFn *g, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirValue r = mlirOperationGetResult(op, i);
    MlirType t = mlirValueGetType(r);
    if (!mlirTypeIsAShaped(t) || !mlirShapedTypeHasRank(t))
      continue;
    TcGuardShape *s = tcGuardNewShape(g, r, mlirShapedTypeGetRank(t));
    for (intptr_t d = 0; d < s->rank; ++d)
      s->dims[d] = tcGuardKnown(mlirShapedTypeGetDimSize(t, d));
  }
}

// The inputs: each size read from %dims; `arg-shape` per argument (a
// static size must be the given one, a `?` must be >= 0), then the size
// limit of each dynamic input.
static void bindArguments(TcGuardFn *g, MlirBlock body) {
  TcBuilder *b = &g->b;
  intptr_t offset = 0;
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i) {
    MlirValue arg = mlirBlockGetArgument(body, i);
    MlirType t = mlirValueGetType(arg);
    TcGuardShape *s = tcGuardNewShape(g, arg, rankOf(arg));
    MlirValue ok = {NULL};
    for (intptr_t d = 0; d < s->rank; ++d, ++offset) {
      MlirValue idx = tcBIndex(b, offset), n = tcBLoad(b, g->dims, 1, &idx);
      bool dynamic = mlirShapedTypeIsDynamicDim(t, d);
      int64_t want = dynamic ? 0 : mlirShapedTypeGetDimSize(t, d);
      ok = tcGuardAnd(g, ok, tcBCmpI(b, dynamic ? TC_CMPI_SGE : TC_CMPI_EQ, n, tcBConstInt(b, g->i64, want)));
      s->dims[d] = dynamic ? tcGuardDynamic(n) : tcGuardKnown(want);
    }
    if (!mlirValueIsNull(ok))
      tcGuardCheck(g, TC_ABI_GUARD_ARG_SHAPE, ok);
  }
  g->inputDims = offset;
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i) {
    MlirValue arg = mlirBlockGetArgument(body, i);
    tcGuardSizeLimit(g, arg, tcGuardShapeOf(g, arg));
  }
}

static bool opHasPrefix(MlirOperation op, const char *prefix, MlirStringRef *rest) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(prefix);
  if (name.length <= n || memcmp(name.data, prefix, n) != 0)
    return false;
  *rest = (MlirStringRef){name.data + n, name.length - n};
  return true;
}

static bool refuse(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  tcEmitOpError(op, "tc-insert-guards: the shape of %.*s with a dynamic dimension is not computed yet",
                (int)name.length, name.data);
  return false;
}

// The size of `index`, a memref.dim of a value whose shape is known or the
// arith.maxui of two, or false.
static bool dimOf(TcGuardFn *g, MlirValue index, TcGuardDim *out) {
  if (mlirValueIsAOpResult(index) && tcIsOp(mlirOpResultGetOwner(index), "arith.maxui")) {
    // a batched matmul's batch, the broadcast of two (SelectGemmDynamic.c)
    MlirOperation max = mlirOpResultGetOwner(index);
    TcGuardDim x, y;
    if (!dimOf(g, mlirOperationGetOperand(max, 0), &x) || !dimOf(g, mlirOperationGetOperand(max, 1), &y))
      return false;
    *out = x.known >= 0 && y.known >= 0 ? tcGuardKnown(x.known > y.known ? x.known : y.known)
                                        : tcGuardDynamic(tcBBinary(&g->b, "arith.maxui", tcGuardValue(g, x),
                                                                   tcGuardValue(g, y)));
    return true;
  }
  if (!mlirValueIsAOpResult(index) || !tcIsOp(mlirOpResultGetOwner(index), "memref.dim"))
    return false;
  MlirOperation dim = mlirOpResultGetOwner(index);
  const TcGuardShape *s = tcGuardShapeOf(g, mlirOperationGetOperand(dim, 0));
  MlirValue d = mlirOperationGetOperand(dim, 1);
  if (!s || !mlirValueIsAOpResult(d) || !tcIsOp(mlirOpResultGetOwner(d), "arith.constant"))
    return false;
  int64_t i = mlirIntegerAttrGetValueInt(
      mlirOperationGetAttributeByName(mlirOpResultGetOwner(d), mlirStringRefCreateFromCString("value")));
  if (i < 0 || i >= s->rank)
    return false;
  *out = s->dims[i];
  return true;
}

// A memref.collapse_shape (a matmul's lhs folded into M,
// SelectGemmDynamic.c): each group's size is the product of its members'.
static bool collapseShape(TcGuardFn *g, MlirOperation op, MlirValue r) {
  const TcGuardShape *from = tcGuardShapeOf(g, mlirOperationGetOperand(op, 0));
  MlirAttribute groups = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("reassociation"));
  if (!from || mlirAttributeIsNull(groups))
    return false;
  TcGuardShape *s = tcGuardNewShape(g, r, mlirArrayAttrGetNumElements(groups));
  for (intptr_t k = 0; k < s->rank; ++k) {
    MlirAttribute members = mlirArrayAttrGetElement(groups, k);
    TcGuardDim size = tcGuardKnown(1);
    for (intptr_t j = 0; j < mlirArrayAttrGetNumElements(members); ++j) {
      TcGuardDim d = from->dims[mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(members, j))];
      size = size.known >= 0 && d.known >= 0
                 ? tcGuardKnown(size.known * d.known)
                 : tcGuardDynamic(tcBBinary(&g->b, "arith.muli", tcGuardValue(g, size), tcGuardValue(g, d)));
    }
    s->dims[k] = size;
  }
  return true;
}

// The buffers tc-select-kernels puts between tensors for a run-time M
// (SelectGemmDynamic.c), which add no constraint: a cast has its operand's
// shape, a collapse_shape the products of its groups; a memref.alloc's `?`
// sizes are memref.dim of values whose shapes are known; memref.dim and the tc_kernel ops have no shaped result. False for
// any other op.
static bool guardBridge(TcGuardFn *g, MlirOperation op) {
  if (tcIsOp(op, "memref.dim") || (mlirOperationGetNumResults(op) == 0 && opHasPrefix(op, "tc_kernel.", &(MlirStringRef){0})))
    return true;
  if (mlirOperationGetNumResults(op) != 1)
    return false;
  MlirValue r = mlirOperationGetResult(op, 0);
  MlirType t = mlirValueGetType(r);
  if (tcIsBufferCast(op) || tcIsOp(op, "builtin.unrealized_conversion_cast")) {
    const TcGuardShape *from = tcGuardShapeOf(g, mlirOperationGetOperand(op, 0));
    if (!from || from->rank != mlirShapedTypeGetRank(t))
      return false;
    TcGuardShape *s = tcGuardNewShape(g, r, from->rank);
    memcpy(s->dims, from->dims, sizeof s->dims);
    return true;
  }
  if (tcIsOp(op, "memref.collapse_shape"))
    return collapseShape(g, op, r);
  if (!tcIsOp(op, "memref.alloc"))
    return false;
  TcGuardShape *s = tcGuardNewShape(g, r, mlirShapedTypeGetRank(t));
  for (intptr_t d = 0, n = 0; d < s->rank; ++d) {
    if (!mlirShapedTypeIsDynamicDim(t, d))
      s->dims[d] = tcGuardKnown(mlirShapedTypeGetDimSize(t, d));
    else if (n >= mlirOperationGetNumOperands(op) || !dimOf(g, mlirOperationGetOperand(op, n++), &s->dims[d]))
      return false;
  }
  return true;
}

// One op of the body: its constraints, its results' shapes and limits.
static bool guardOp(TcGuardFn *g, MlirOperation op) {
  MlirStringRef kind;
  if (!opIsDynamic(op)) {
    staticResults(g, op);
    return true;
  }
  if (!opHasPrefix(op, "tc_tensor.", &kind))
    return guardBridge(g, op) || refuse(op);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (!tcGuardShapeOf(g, mlirOperationGetOperand(op, i)))
      return refuse(op);
  TcGuardRuleFn rule = tcGuardFindRule(kind);
  if (!rule || !rule(g, op))
    return refuse(op);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirValue r = mlirOperationGetResult(op, i);
    tcGuardSizeLimit(g, r, tcGuardShapeOf(g, r));
  }
  return true;
}

// scf.if (code == 0) { store every output dimension after the inputs' }.
static void writeOutputs(TcGuardFn *g, MlirOperation ret) {
  TcBuilder *b = &g->b;
  MlirValue ok = tcBCmpI(b, TC_CMPI_EQ, g->code, tcBConstInt(b, g->i32, 0));
  MlirRegion regions[2] = {mlirRegionCreate(), mlirRegionCreate()};
  MlirBlock then = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(regions[0], then);
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("scf.if"), b->loc);
  mlirOperationStateAddOperands(&st, 1, &ok);
  mlirOperationStateAddOwnedRegions(&st, 2, regions);
  MlirOperation ifOp = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(b->block, b->anchor, ifOp);
  TcBuilder inner = tcBuilderAtEnd(then, b->loc, false);
  TcGuardFn *saved = g;
  TcBuilder outer = g->b;
  g->b = inner;
  intptr_t offset = g->inputDims;
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(ret); ++k) {
    const TcGuardShape *s = tcGuardShapeOf(g, mlirOperationGetOperand(ret, k));
    for (intptr_t d = 0; d < s->rank; ++d, ++offset) {
      MlirValue idx = tcBIndex(&g->b, offset);
      tcBStore(&g->b, tcGuardValue(g, s->dims[d]), g->dims, 1, &idx);
    }
  }
  tcBuildOp(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
  saved->b = outer;
}

static intptr_t totalRank(MlirBlock body, MlirOperation ret) {
  intptr_t k = 0;
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    k += rankOf(mlirBlockGetArgument(body, i));
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(ret); ++i)
    k += rankOf(mlirOperationGetOperand(ret, i));
  return k;
}

// An empty public `@<name>__tc_shapes(memref<K x i64>) -> i32` after `func`,
// with its entry block.
static MlirOperation createShapeFunction(MlirOperation func, const char *name, intptr_t k, MlirBlock *entry) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirLocation loc = mlirOperationGetLocation(func);
  int64_t shape[1] = {k};
  MlirType i64 = mlirIntegerTypeGet(ctx, 64), i32 = mlirIntegerTypeGet(ctx, 32);
  MlirType memref = mlirMemRefTypeContiguousGet(i64, 1, shape, mlirAttributeGetNull());
  MlirRegion region = mlirRegionCreate();
  *entry = mlirBlockCreate(1, &memref, &loc);
  mlirRegionAppendOwnedBlock(region, *entry);
  MlirStringRef of = mlirStringAttrGetValue(mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name")));
  MlirNamedAttribute attrs[3] = {
      tcNamed(ctx, "sym_name", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(name))),
      tcNamed(ctx, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(ctx, 1, &memref, 1, &i32))),
      tcNamed(ctx, "tc.shapes_of", mlirStringAttrGet(ctx, of))};
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), loc);
  mlirOperationStateAddAttributes(&st, 3, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation fn = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(func), func, fn);
  return fn;
}

static void recordGuards(MlirOperation func, const char *name, const int *counts) {
  char subject[1100], detail[512];
  int total = 0;
  for (int k = 1; k < TC_GUARD_KINDS; ++k)
    total += counts[k];
  int used = snprintf(detail, sizeof detail, "@%s: %d constraint%s (", name, total, total == 1 ? "" : "s");
  const char *sep = "";
  for (int k = 1; k < TC_GUARD_KINDS; ++k)
    if (counts[k]) {
      used += snprintf(detail + used, sizeof detail - (size_t)used, "%s%s %d", sep, kKindNames[k], counts[k]);
      sep = ", ";
    }
  snprintf(detail + used, sizeof detail - (size_t)used, ")");
  // "func.func @f at file:line:col": the function's name, then where it is.
  char where[512];
  tcDecisionSubject(func, where, sizeof where);
  MlirStringRef fname =
      mlirStringAttrGetValue(mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name")));
  snprintf(subject, sizeof subject, "func.func @%.*s%s", (int)fname.length, fname.data, where + strlen("func.func"));
  TcDecision decision = {"guards", subject, detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(func), &decision);
}

// Builds @<name>__tc_shapes for `func`; on a refusal erases what it built.
static bool guardFunction(MlirOperation func, MlirSymbolTable symbols) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation ret = mlirBlockGetTerminator(body);
  MlirStringRef fname = mlirStringAttrGetValue(mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name")));
  char name[512];
  snprintf(name, sizeof name, "%.*s__tc_shapes", (int)fname.length, fname.data);
  MlirOperation taken = mlirSymbolTableLookup(symbols, mlirStringRefCreateFromCString(name));
  if (!mlirOperationIsNull(taken)) {
    MlirAttribute of = mlirOperationGetAttributeByName(taken, mlirStringRefCreateFromCString("tc.shapes_of"));
    if (!mlirAttributeIsNull(of) && mlirAttributeIsAString(of) && mlirStringRefEqual(mlirStringAttrGetValue(of), fname))
      return true; // built before (tc-insert-guards, then tc-lower-tensor)
    tcEmitOpError(func, "tc-insert-guards: the shape function's name @%s is taken", name);
    return false;
  }
  MlirBlock entry;
  MlirOperation fn = createShapeFunction(func, name, totalRank(body, ret), &entry);
  MlirContext ctx = mlirOperationGetContext(func);
  TcGuardFn g = {.b = tcBuilderAtEnd(entry, mlirOperationGetLocation(func), false),
                 .dims = mlirBlockGetArgument(entry, 0),
                 .i64 = mlirIntegerTypeGet(ctx, 64),
                 .i32 = mlirIntegerTypeGet(ctx, 32)};
  g.code = tcBConstInt(&g.b, g.i32, 0);
  bindArguments(&g, body);
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); ok && !mlirOperationEqual(op, ret);
       op = mlirOperationGetNextInBlock(op))
    ok = guardOp(&g, op);
  for (intptr_t k = 0; ok && k < mlirOperationGetNumOperands(ret); ++k)
    if (!tcGuardShapeOf(&g, mlirOperationGetOperand(ret, k)))
      ok = refuse(ret);
  if (ok) {
    writeOutputs(&g, ret);
    tcBuildOp(&g.b, "func.return", 0, NULL, 1, &g.code, 0, NULL);
    recordGuards(func, name, g.counts);
  } else {
    mlirOperationDestroy(fn);
  }
  freeShapes(&g);
  return ok;
}

static bool needsGuards(MlirOperation func) {
  if (!tcIsOp(func, "func.func") || mlirRegionIsNull(mlirOperationGetRegion(func, 0)) ||
      mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0))))
    return false;
  if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("tc_loop.body"))) ||
      !mlirAttributeIsNull(mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_visibility"))))
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation ret = mlirBlockGetTerminator(body);
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    if (hasDynamicType(mlirBlockGetArgument(body, i)))
      return true;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(ret); ++i)
    if (hasDynamicType(mlirOperationGetOperand(ret, i)))
      return true;
  return false;
}

bool tcBuildShapeFunctions(MlirOperation module) {
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  bool ok = true;
  MlirOperation op = mlirBlockGetFirstOperation(block);
  while (ok && !mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (needsGuards(op)) {
      if (!(ok = guardFunction(op, symbols)))
        break;
      next = mlirOperationGetNextInBlock(mlirOperationGetNextInBlock(op)); // skip the shape function
    }
    op = next;
  }
  mlirSymbolTableDestroy(symbols);
  return ok;
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  (void)userData;
  if (!tcBuildShapeFunctions(module))
    mlirExternalPassSignalFailure(pass);
}

MlirPass tcCreateInsertGuardsPass(void) {
  static _Alignas(8) const char passId = 0;
  return tcCreateLoweringPass(&passId, "TcInsertGuards", "tc-insert-guards",
                              "Build the shape function f__tc_shapes of every dynamic entry point", run);
}
