//===- FaultsLowering.c - faults in the bodies tc-lower-tensor built ------===//
//
// These passes run right after tc-lower-tensor. Each tc_tensor op is gone
// by then: its lowering left a tc_loop.nest and a body function named
// `<func>__<kind>` (LoweringSupport.c), located at the op. A pass finds the
// bodies of its op kind by that name and rewrites them into the miscompile
// the lowering built when the fault was a switch inside it, and records the
// `test-fault` decision about the op that was lowered ("tc_tensor.gemm at
// <the body's location>"), the subject the lowering's own records name:
//
//   drop-bias   a gemm body: the beta·c term (the one load outside the k
//               loop, widened and scaled by beta) is left out of the sum;
//               with no product term the value is +0, the empty sum;
//   transpose-ignored  a gemm body whose b is read transposed (trans_b)
//               reads it as if trans_b were false;
//   reduction-bound  a matmul body's k loop stops at K - 1 (K > 1): the
//               last product is left out of every sum;
//   broadcast-axis  an elementwise body reads an operand of lower rank
//               aligned to the leading dimensions, not the trailing ones;
//   swap-operands  a sub or div body computes rhs op lhs;
//   reduction-init  a float reduce_sum body starts at 1, a reduce_max at 0;
//   gather-index  a gather body reads index k + 1 (clamped) instead of k;
//   pad-value   a constant-mode pad body fills 0 instead of its value;
//   cast-truncate  a cast body from f32 to bf16 truncates instead of
//               rounding to nearest even;
//   softmax-max  a softmax body does not subtract the slice maximum;
//   conv-stride  conv2d and max_pool2d bodies, and the im2col bodies
//               tc-lower-kernels builds, take their strides as 1 (this one
//               runs after tc-lower-kernels).
//
// Only bodies tc-lower-tensor built are rewritten (conv-stride aside): a
// tc_kernel.gemm or .reduce that tc-lower-kernels lowers through the same
// rule (kernel "loops") is not.
//
//===----------------------------------------------------------------------===//
#include "FaultsInternal.h"

#include "Conversion/TensorToLoop/TensorToLoopInternal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static MlirValue operand(MlirOperation op, intptr_t i) { return mlirOperationGetOperand(op, i); }

static MlirValue result(MlirOperation op) { return mlirOperationGetResult(op, 0); }

// Whether `body`'s name is `<func>__<kind>`, or that made unique by the
// symbol table (`<func>__<kind>_<digits>`).
static bool bodyIs(MlirOperation body, const char *kind) {
  MlirStringRef name = mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(body, mlirStringRefCreateFromCString("sym_name")));
  size_t start = 0;
  for (size_t i = 0; i + 2 <= name.length; ++i)
    if (name.data[i] == '_' && name.data[i + 1] == '_')
      start = i + 2;
  size_t n = strlen(kind), end = start + n;
  if (start == 0 || end > name.length || memcmp(name.data + start, kind, n) != 0)
    return false;
  if (end == name.length)
    return true;
  if (name.data[end] != '_' || end + 1 == name.length)
    return false;
  for (size_t i = end + 1; i < name.length; ++i)
    if (name.data[i] < '0' || name.data[i] > '9')
      return false;
  return true;
}

// The first op named `name` directly in `body`'s entry block, or null.
static MlirOperation firstInEntry(MlirOperation body, const char *name) {
  for (MlirOperation op = mlirBlockGetFirstOperation(faultEntry(body)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (tcIsOp(op, name))
      return op;
  return (MlirOperation){NULL};
}

// The one op that uses `v`, or null if `v` has no use or several.
static MlirOperation onlyUser(MlirValue v) {
  MlirOpOperand use = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(use) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return (MlirOperation){NULL};
  return mlirOpOperandGetOwner(use);
}

//===-- drop-bias -----------------------------------------------------------===//

// gemmC (Linalg.c) builds, in the entry block: load c, widen it to f64
// (arith.extf unless c is f64), mulf by beta; then addf onto the product
// term, if there is one.
static void dropBias(MlirOperation body, void *userData) {
  if (!bodyIs(body, "gemm"))
    return;
  MlirOperation load = firstInEntry(body, "memref.load");
  if (mlirOperationIsNull(load))
    return; // beta = 0 or no c: no term to drop
  MlirOperation widen = onlyUser(result(load));
  MlirOperation scale = tcIsOp(widen, "arith.extf") ? onlyUser(result(widen)) : widen;
  if (!tcIsOp(scale, "arith.mulf"))
    return;
  MlirValue term = result(scale);
  MlirOperation add = onlyUser(term);
  if (tcIsOp(add, "arith.addf")) {
    MlirValue rest = operand(add, mlirValueEqual(operand(add, 0), term) ? 1 : 0);
    mlirValueReplaceAllUsesOfWith(result(add), rest);
    mlirOperationDestroy(add);
  } else { // beta·c was the whole value: what is left is the empty sum
    TcBuilder b = tcBuilderBefore(scale);
    mlirValueReplaceAllUsesOfWith(term, tcBConstFloat(&b, mlirValueGetType(term), 0.0));
  }
  mlirOperationDestroy(scale);
  if (widen.ptr != scale.ptr)
    mlirOperationDestroy(widen);
  mlirOperationDestroy(load);
  faultRecordAs("drop-bias", "tc_tensor.gemm", body);
}

void faultDropBias(MlirOperation module, MlirExternalPass pass, void *userData) {
  faultForEachBody(module, dropBias, NULL);
}

//===-- transpose-ignored ---------------------------------------------------===//

// gemmProduct (Linalg.c) loads b inside the k loop at [n, k] when trans_b,
// else at [k, n]: entry argument 1 is n, the loop's argument k. A b read
// at [n, k] is read at [k, n] instead, as if trans_b were false.
static void ignoreTranspose(MlirOperation body, void *userData) {
  MlirOperation loop = bodyIs(body, "gemm") ? firstInEntry(body, "scf.for") : (MlirOperation){NULL};
  MlirBlock entry = faultEntry(body);
  if (mlirOperationIsNull(loop) || mlirBlockGetNumArguments(entry) < 4)
    return; // no product term
  MlirBlock inner = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirValue k = mlirBlockGetArgument(inner, 0), n = mlirBlockGetArgument(entry, 1);
  MlirValue b = mlirBlockGetArgument(entry, 3); // after m, n and a
  for (MlirOperation op = mlirBlockGetFirstOperation(inner); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!tcIsOp(op, "memref.load") || !mlirValueEqual(operand(op, 0), b))
      continue;
    if (mlirValueEqual(operand(op, 1), n) && mlirValueEqual(operand(op, 2), k)) {
      mlirOperationSetOperand(op, 1, k);
      mlirOperationSetOperand(op, 2, n);
      faultRecordAs("transpose-ignored", "tc_tensor.gemm", body);
    }
    return;
  }
}

void faultTransposeIgnored(MlirOperation module, MlirExternalPass pass, void *userData) {
  faultForEachBody(module, ignoreTranspose, NULL);
}

//===-- reduction-bound -----------------------------------------------------===//

// matmulSum (Linalg.c) runs the k loop in the entry block from 0 to the
// constant K: it stops at K - 1 instead (for K > 1, as the switch did).
static void shortenReduction(MlirOperation body, void *userData) {
  MlirOperation loop = bodyIs(body, "matmul") ? firstInEntry(body, "scf.for") : (MlirOperation){NULL};
  if (mlirOperationIsNull(loop))
    return; // K = 0: no loop
  MlirOperation bound = tcDefiningOp(operand(loop, 1));
  if (!tcIsOp(bound, "arith.constant"))
    return;
  MlirAttribute value = mlirOperationGetAttributeByName(bound, mlirStringRefCreateFromCString("value"));
  int64_t k = mlirIntegerAttrGetValueInt(value);
  if (k <= 1)
    return;
  TcBuilder b = tcBuilderBefore(loop);
  mlirOperationSetOperand(loop, 1, tcBIndex(&b, k - 1));
  faultRecordAs("reduction-bound", "tc_tensor.matmul", body);
}

void faultReductionBound(MlirOperation module, MlirExternalPass pass, void *userData) {
  faultForEachBody(module, shortenReduction, NULL);
}

//===-- Elementwise bodies --------------------------------------------------===//

// The pattern of the elementwise op whose body `body` is (tcLowerElementwise
// built it, LoweringSupport.c), or NULL.
static const TcLoweringPattern *elementwisePattern(MlirOperation body) {
  const TcLoweringPattern *(*const tables[])(intptr_t *) = {tcUnaryLowerings, tcBinaryLowerings, tcCastLowerings};
  for (size_t t = 0; t < sizeof tables / sizeof tables[0]; ++t) {
    intptr_t n;
    const TcLoweringPattern *patterns = tables[t](&n);
    for (intptr_t i = 0; i < n; ++i)
      if (patterns[i].lower == tcLowerElementwise &&
          bodyIs(body, ((const TcElementwiseOp *)patterns[i].data)->kind))
        return &patterns[i];
  }
  return NULL;
}

// The number of index arguments of a body: its nest's rank.
static intptr_t rankOf(MlirBlock entry) {
  intptr_t rank = 0;
  intptr_t n = mlirBlockGetNumArguments(entry);
  while (rank < n && mlirTypeIsAIndex(mlirValueGetType(mlirBlockGetArgument(entry, rank))))
    ++rank;
  return rank;
}

// Whether `v` is argument `i` of `block` (any argument if i < 0).
static bool isArgument(MlirValue v, MlirBlock block, intptr_t i) {
  return mlirValueIsABlockArgument(v) && mlirBlockEqual(mlirBlockArgumentGetOwner(v), block) &&
         (i < 0 || mlirBlockArgumentGetArgNumber(v) == i);
}

//===-- broadcast-axis ------------------------------------------------------===//

// An elementwise body loads operand i, of rank q < the nest's rank r, at
// its broadcast index: dimension d at iv[r - q + d] (0 where its size is
// 1). Aligned left, it reads iv[d]: the index argument r - q earlier.
static void alignLeft(MlirOperation body, void *userData) {
  const TcLoweringPattern *p = elementwisePattern(body);
  if (!p)
    return;
  MlirBlock entry = faultEntry(body);
  intptr_t rank = rankOf(entry);
  for (MlirOperation op = mlirBlockGetFirstOperation(entry); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!tcIsOp(op, "memref.load") || !isArgument(operand(op, 0), entry, -1))
      continue;
    intptr_t q = mlirShapedTypeGetRank(mlirValueGetType(operand(op, 0)));
    if (q >= rank)
      continue;
    for (intptr_t d = 0; d < q; ++d) {
      MlirValue index = operand(op, 1 + d);
      intptr_t j = isArgument(index, entry, -1) ? mlirBlockArgumentGetArgNumber(index) : rank;
      if (j < rank) // iv[j], j = r - q + d: iv[d] instead
        mlirOperationSetOperand(op, 1 + d, mlirBlockGetArgument(entry, j - (rank - q)));
    }
    faultRecordAs("broadcast-axis", p->opName, body);
  }
}

void faultBroadcastAxis(MlirOperation module, MlirExternalPass pass, void *userData) {
  faultForEachBody(module, alignLeft, NULL);
}

//===-- swap-operands -------------------------------------------------------===//

enum { kMaxUses = 256 };

// Every use of `a` becomes a use of `b` and every use of `b` one of `a`.
static void swapUses(MlirValue a, MlirValue b) {
  MlirOperation owners[2][kMaxUses];
  intptr_t positions[2][kMaxUses];
  int counts[2] = {0, 0};
  MlirValue values[2] = {a, b};
  for (int v = 0; v < 2; ++v)
    for (MlirOpOperand use = mlirValueGetFirstUse(values[v]); !mlirOpOperandIsNull(use) && counts[v] < kMaxUses;
         use = mlirOpOperandGetNextUse(use)) {
      owners[v][counts[v]] = mlirOpOperandGetOwner(use);
      positions[v][counts[v]++] = (intptr_t)mlirOpOperandGetOperandNumber(use);
    }
  for (int v = 0; v < 2; ++v)
    for (int i = 0; i < counts[v]; ++i)
      mlirOperationSetOperand(owners[v][i], positions[v][i], values[1 - v]);
}

// The load of input `i` (argument rank + i) in an elementwise body's entry
// block, or null.
static MlirOperation loadOfInput(MlirBlock entry, intptr_t rank, intptr_t i) {
  for (MlirOperation op = mlirBlockGetFirstOperation(entry); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (tcIsOp(op, "memref.load") && isArgument(operand(op, 0), entry, rank + i))
      return op;
  return (MlirOperation){NULL};
}

// A sub or div body loads lhs, then rhs, then computes from them: every
// use of the one becomes a use of the other, so it computes rhs op lhs.
static void swapOperands(MlirOperation body, void *userData) {
  const TcLoweringPattern *p = elementwisePattern(body);
  const char *kind = p ? ((const TcElementwiseOp *)p->data)->kind : "";
  if (strcmp(kind, "sub") != 0 && strcmp(kind, "div") != 0)
    return;
  MlirBlock entry = faultEntry(body);
  intptr_t rank = rankOf(entry);
  MlirOperation lhs = loadOfInput(entry, rank, 0), rhs = loadOfInput(entry, rank, 1);
  if (mlirOperationIsNull(lhs) || mlirOperationIsNull(rhs))
    return;
  swapUses(result(lhs), result(rhs));
  faultRecordAs("swap-operands", p->opName, body);
}

void faultSwapOperands(MlirOperation module, MlirExternalPass pass, void *userData) {
  faultForEachBody(module, swapOperands, NULL);
}

//===-- reduction-init ------------------------------------------------------===//

// A float reduce_sum or reduce_max body starts every accumulator of its
// outermost reduced loop (Reduce.c, Lanes.c: one per lane, all the start
// value) at the same constant: 1 for the sum, 0 for the max instead.
static void startWrong(MlirOperation body, void *userData) {
  bool sum = bodyIs(body, "reduce_sum");
  MlirOperation loop = sum || bodyIs(body, "reduce_max") ? firstInEntry(body, "scf.for") : (MlirOperation){NULL};
  if (mlirOperationIsNull(loop))
    return; // no reduced dimension
  intptr_t n = mlirOperationGetNumOperands(loop); // lb, ub, step, then the accumulators
  MlirType acc = n > 3 ? mlirValueGetType(operand(loop, 3)) : (MlirType){NULL};
  if (mlirTypeIsNull(acc) || !mlirTypeIsAFloat(acc))
    return; // integer reductions keep their start
  TcBuilder b = tcBuilderBefore(loop);
  MlirValue start = tcBConstFloat(&b, acc, sum ? 1.0 : 0.0);
  for (intptr_t i = 3; i < n; ++i)
    mlirOperationSetOperand(loop, i, start);
  faultRecordAs("reduction-init", sum ? "tc_tensor.reduce_sum" : "tc_tensor.reduce_max", body);
}

void faultReductionInit(MlirOperation module, MlirExternalPass pass, void *userData) {
  faultForEachBody(module, startWrong, NULL);
}

//===-- gather-index --------------------------------------------------------===//

// A gather body loads data (input 0) at the nest's indices except along
// the axis, where it reads k, computed from the loaded index. It reads
// min(max(k + 1, 0), n - 1) there instead.
static void shiftGather(MlirOperation body, void *userData) {
  if (!bodyIs(body, "gather"))
    return;
  MlirBlock entry = faultEntry(body);
  MlirOperation load = loadOfInput(entry, rankOf(entry), 0);
  if (mlirOperationIsNull(load))
    return; // an empty axis: nothing is read
  MlirType data = mlirValueGetType(operand(load, 0));
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(data); ++d) {
    MlirValue k = operand(load, 1 + d);
    if (isArgument(k, entry, -1))
      continue; // a nest index, not the axis
    TcBuilder b = tcBuilderBefore(load);
    MlirValue next = tcBBinary(&b, "arith.addi", k, tcBIndex(&b, 1));
    next = tcBBinary(&b, "arith.maxsi", next, tcBIndex(&b, 0));
    next = tcBBinary(&b, "arith.minsi", next, tcBIndex(&b, mlirShapedTypeGetDimSize(data, d) - 1));
    mlirOperationSetOperand(load, 1 + d, next);
    faultRecordAs("gather-index", "tc_tensor.gather", body);
    return;
  }
}

void faultGatherIndex(MlirOperation module, MlirExternalPass pass, void *userData) {
  faultForEachBody(module, shiftGather, NULL);
}

//===-- pad-value -----------------------------------------------------------===//

static bool isZeroConstant(MlirOperation constant) {
  MlirAttribute value = mlirOperationGetAttributeByName(constant, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsAFloat(value))
    return mlirFloatAttrGetValueDouble(value) == 0.0;
  return mlirAttributeIsAInteger(value) && mlirIntegerAttrGetValueInt(value) == 0;
}

// A constant-mode pad body stores select(inside, x, fill), or the fill
// alone when x is empty (Shape.c); other modes store what they load. A
// nonzero fill becomes 0.
static void padWithZero(MlirOperation body, void *userData) {
  if (!bodyIs(body, "pad"))
    return;
  MlirOperation store = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(faultEntry(body)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (tcIsOp(op, "memref.store"))
      store = op;
  if (mlirOperationIsNull(store))
    return;
  MlirOperation user = store, fill = tcDefiningOp(operand(store, 0));
  intptr_t at = 0;
  if (tcIsOp(fill, "arith.select"))
    user = fill, at = 2, fill = tcDefiningOp(operand(fill, 2));
  if (!tcIsOp(fill, "arith.constant") || isZeroConstant(fill))
    return;
  MlirType t = mlirValueGetType(result(fill));
  TcBuilder b = tcBuilderBefore(user);
  mlirOperationSetOperand(user, at, mlirTypeIsAFloat(t) ? tcBConstFloat(&b, t, 0.0) : tcBConstInt(&b, t, 0));
  faultRecordAs("pad-value", "tc_tensor.pad", body);
}

void faultPadValue(MlirOperation module, MlirExternalPass pass, void *userData) {
  faultForEachBody(module, padWithZero, NULL);
}

//===-- cast-truncate -------------------------------------------------------===//

// A cast body from f32 to bf16 ends in one arith.truncf f32 -> bf16, which
// rounds to nearest even. Its operand loses its low 16 bits first, so the
// conversion is exact and the cast truncates. (From f64 or an integer the
// value reaches bf16 through other steps, as the switch left them.)
static void truncateCast(MlirOperation body, void *userData) {
  if (!bodyIs(body, "cast"))
    return;
  MlirBlock entry = faultEntry(body);
  MlirOperation load = loadOfInput(entry, rankOf(entry), 0);
  if (mlirOperationIsNull(load) || !mlirTypeIsAF32(mlirValueGetType(result(load))))
    return;
  for (MlirOperation op = mlirBlockGetFirstOperation(entry); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!tcIsOp(op, "arith.truncf") || !mlirTypeIsABF16(mlirValueGetType(result(op))))
      continue;
    TcBuilder b = tcBuilderBefore(op);
    MlirType i32 = mlirIntegerTypeGet(b.ctx, 32);
    MlirValue bits = tcBConvert(&b, "arith.bitcast", operand(op, 0), i32);
    bits = tcBBinary(&b, "arith.andi", bits, tcBConstInt(&b, i32, -65536));
    mlirOperationSetOperand(op, 0, tcBConvert(&b, "arith.bitcast", bits, mlirF32TypeGet(b.ctx)));
    faultRecord("cast-truncate", body); // the switch named the body function, at the cast's location
    return;
  }
}

void faultCastTruncate(MlirOperation module, MlirExternalPass pass, void *userData) {
  faultForEachBody(module, truncateCast, NULL);
}

//===-- softmax-max ---------------------------------------------------------===//

// A softmax body (Norm.c) computes the slice maximum m in its first loop,
// then every e^(x - m) as arith.subf x, m. The maximum is replaced by 0
// in every use (its loop stays, unused).
static void forgetMax(MlirOperation body, void *userData) {
  MlirOperation sub[1];
  if (!bodyIs(body, "softmax") || faultCollect(body, "arith.subf", sub, 1) == 0)
    return;
  MlirBlock entry = faultEntry(body);
  MlirValue max = operand(sub[0], 1);
  MlirOperation def = tcDefiningOp(max);
  if (mlirOperationIsNull(def) || !mlirBlockEqual(mlirOperationGetBlock(def), entry))
    return;
  TcBuilder b = tcBuilderBefore(mlirBlockGetFirstOperation(entry));
  mlirValueReplaceAllUsesOfWith(max, tcBConstFloat(&b, mlirValueGetType(max), 0.0));
  faultRecordAs("softmax-max", "tc_tensor.softmax", body);
}

void faultSoftmaxMax(MlirOperation module, MlirExternalPass pass, void *userData) {
  faultForEachBody(module, forgetMax, NULL);
}

//===-- conv-stride ---------------------------------------------------------===//

// A window's first input position along a spatial axis is o·s − pad, one
// arith.muli of the output index argument o by the constant stride s: in
// conv2d and max_pool2d bodies (ConvPool.c) o is argument 2 (H) or 3 (W),
// in im2col bodies (Im2col.c, built by tc-lower-kernels) 1 or 2. Every
// such s != 1 becomes 1. This pass runs after tc-lower-kernels, one pass
// after tc-lower-tensor, so that it finds both the direct bodies and the
// im2col ones (the switch was in both lowerings). A depthwise conv2d
// (conv2d_depthwise bodies) is left alone: its row is cut at the padding
// by a static rule of the stride, which no rewrite of the body redoes.
static void unitStrides(MlirOperation body, void *userData) {
  bool im2col = bodyIs(body, "im2col");
  const char *op = im2col                         ? "tc_kernel.conv2d"
                   : bodyIs(body, "conv2d")     ? "tc_tensor.conv2d"
                   : bodyIs(body, "max_pool2d") ? "tc_tensor.max_pool2d"
                                                : NULL;
  if (!op)
    return;
  MlirBlock entry = faultEntry(body);
  intptr_t first = im2col ? 1 : 2;
  MlirOperation muls[kMaxUses];
  int n = faultCollect(body, "arith.muli", muls, kMaxUses);
  bool changed = false;
  for (int i = 0; i < n; ++i) {
    MlirValue o = operand(muls[i], 0);
    MlirOperation s = tcDefiningOp(operand(muls[i], 1));
    if (!isArgument(o, entry, first) && !isArgument(o, entry, first + 1))
      continue;
    MlirAttribute stride = tcIsOp(s, "arith.constant")
                               ? mlirOperationGetAttributeByName(s, mlirStringRefCreateFromCString("value"))
                               : mlirAttributeGetNull();
    if (mlirAttributeIsNull(stride) || mlirIntegerAttrGetValueInt(stride) == 1)
      continue;
    TcBuilder b = tcBuilderBefore(muls[i]);
    mlirOperationSetOperand(muls[i], 1, tcBIndex(&b, 1));
    changed = true;
  }
  if (changed)
    faultRecordAs("conv-stride", op, body);
}

void faultConvStride(MlirOperation module, MlirExternalPass pass, void *userData) {
  faultForEachBody(module, unitStrides, NULL);
}
