//===- FaultsBody.c - faults inside loop bodies -----------------------------===//
//
// After tc-plan-memory every computation is a tc_loop.nest calling a body
// function; these faults break one part of the bodies, where a realistic
// lowering bug would:
//
//   vector-tail      a nest whose innermost bound n is not a multiple of 8:
//                    for the iterations of the last 8-lane tail (index >=
//                    n/8·8) the stored value skips the op that computed it
//                    (stores that op's first operand), as a tail loop that
//                    lost the last fused op;
//   dropped-partial  a reduction summed in lanes (an scf.for with several
//                    float partial sums, docs/lowering.md): the last lane's
//                    partial is left out where the partials are combined;
//   narrow-partials  the lane partials are rounded to bf16 at every step, a
//                    mixed-precision reassociation that loses far more than
//                    the contract's accumulation allows;
//   conv-tail-stride a conv2d body: for the last output column the input
//                    column of the window is one to the right;
//   norm-epsilon     √(v + ε) -> √v + ε in the normalisations.
//
//===----------------------------------------------------------------------===//
#include "FaultsInternal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

enum { kMaxOps = 4096 };

static MlirValue operand(MlirOperation op, intptr_t i) { return mlirOperationGetOperand(op, i); }

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }

//===-- vector-tail ---------------------------------------------------------------===//

// The last memref.store of the body's entry block.
static MlirOperation lastStore(MlirOperation body) {
  MlirOperation found = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(faultEntry(body)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (tcIsOp(op, "memref.store"))
      found = op;
  return found;
}

// Makes `store` of body (innermost index argument `index`, bound n) store
// the first same-typed operand of its value's op in the last 8-lane tail.
static bool breakTail(MlirOperation body, MlirOperation store, intptr_t index, int64_t n) {
  MlirValue v = operand(store, 0);
  if (mlirValueIsABlockArgument(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  MlirValue skipped = {NULL};
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def) && !skipped.ptr; ++i)
    if (mlirTypeEqual(typeOf(operand(def, i)), typeOf(v)))
      skipped = operand(def, i);
  if (!skipped.ptr)
    return false;
  TcBuilder b = tcBuilderBefore(store);
  MlirValue j = mlirBlockGetArgument(faultEntry(body), index);
  MlirValue inTail = tcBCmpI(&b, TC_CMPI_SGE, j, tcBIndex(&b, n / 8 * 8));
  mlirOperationSetOperand(store, 0, tcBSelect(&b, inTail, skipped, v));
  return true;
}

void faultVectorTail(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirOperation nests[kMaxOps];
  int count = faultCollect(module, "tc_loop.nest", nests, kMaxOps);
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  for (int i = 0; i < count; ++i) {
    MlirAttribute bounds = mlirOperationGetAttributeByName(nests[i], mlirStringRefCreateFromCString("bounds"));
    intptr_t rank = mlirDenseArrayGetNumElements(bounds);
    int64_t n = rank ? mlirDenseI64ArrayGetElement(bounds, rank - 1) : 0;
    MlirAttribute sym = mlirOperationGetAttributeByName(nests[i], mlirStringRefCreateFromCString("body"));
    MlirOperation body = mlirSymbolTableLookup(symbols, mlirFlatSymbolRefAttrGetValue(sym));
    if (n <= 8 || n % 8 == 0 || mlirOperationIsNull(body))
      continue;
    MlirOperation store = lastStore(body);
    if (!mlirOperationIsNull(store) && breakTail(body, store, rank - 1, n))
      faultRecord("vector-tail", nests[i]);
  }
  mlirSymbolTableDestroy(symbols);
}

//===-- Lane partials ----------------------------------------------------------------===//

// True for an scf.for carrying at least two float partial sums.
static bool isLaneLoop(MlirOperation op) {
  int floats = 0;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    floats += mlirTypeIsAFloat(typeOf(mlirOperationGetResult(op, i)));
  return floats >= 2;
}

static MlirOperation yieldOf(MlirOperation loop) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  return mlirBlockGetTerminator(body);
}

void faultDroppedPartial(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirOperation loops[kMaxOps];
  int n = faultCollect(module, "scf.for", loops, kMaxOps);
  for (int i = 0; i < n; ++i) {
    if (!isLaneLoop(loops[i]))
      continue;
    MlirValue last = mlirOperationGetResult(loops[i], mlirOperationGetNumResults(loops[i]) - 1);
    for (MlirOpOperand use = mlirValueGetFirstUse(last); !mlirOpOperandIsNull(use);
         use = mlirOpOperandGetNextUse(use)) {
      MlirOperation user = mlirOpOperandGetOwner(use);
      if (!tcIsOp(user, "arith.addf"))
        continue;
      MlirValue other = operand(user, mlirOpOperandGetOperandNumber(use) == 0 ? 1 : 0);
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(user, 0), other);
      faultRecord("dropped-partial", loops[i]);
      break;
    }
  }
}

void faultNarrowPartials(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirOperation loops[kMaxOps];
  int n = faultCollect(module, "scf.for", loops, kMaxOps);
  for (int i = 0; i < n; ++i) {
    if (!isLaneLoop(loops[i]))
      continue;
    MlirOperation yield = yieldOf(loops[i]);
    TcBuilder b = tcBuilderBefore(yield);
    bool changed = false;
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(yield); ++k) {
      MlirValue v = operand(yield, k);
      if (!mlirTypeIsAFloat(typeOf(v)) || mlirValueIsABlockArgument(v) ||
          !tcIsOp(mlirOpResultGetOwner(v), "arith.addf"))
        continue;
      MlirValue narrow = tcBConvert(&b, "arith.truncf", v, mlirBF16TypeGet(b.ctx));
      mlirOperationSetOperand(yield, k, tcBConvert(&b, "arith.extf", narrow, typeOf(v)));
      changed = true;
    }
    if (changed)
      faultRecord("narrow-partials", loops[i]);
  }
}

//===-- conv-tail-stride ------------------------------------------------------------===//

static bool isConvBody(MlirOperation body) {
  MlirStringRef name = mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(body, mlirStringRefCreateFromCString("sym_name")));
  for (size_t i = 0; i + 6 <= name.length; ++i)
    if (memcmp(name.data + i, "conv2d", 6) == 0)
      return true;
  return false;
}

static void breakConvTail(MlirOperation body, void *userData) {
  MlirBlock entry = faultEntry(body);
  intptr_t args = mlirBlockGetNumArguments(entry);
  if (!isConvBody(body) || args < 5)
    return;
  MlirValue ow = mlirBlockGetArgument(entry, 3), out = mlirBlockGetArgument(entry, args - 1);
  int64_t width = mlirShapedTypeGetDimSize(typeOf(out), mlirShapedTypeGetRank(typeOf(out)) - 1);
  for (MlirOpOperand use = mlirValueGetFirstUse(ow); !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation muli = mlirOpOperandGetOwner(use);
    if (!tcIsOp(muli, "arith.muli"))
      continue;
    MlirValue start = mlirOperationGetResult(muli, 0);
    TcBuilder b = tcBuilderBefore(mlirOperationGetNextInBlock(muli));
    MlirValue last = tcBCmpI(&b, TC_CMPI_EQ, ow, tcBIndex(&b, width - 1));
    MlirValue shifted = tcBBinary(&b, "arith.addi", start, tcBIndex(&b, 1));
    MlirValue column = tcBSelect(&b, last, shifted, start);
    MlirOperation keep[2] = {mlirOpResultGetOwner(shifted), mlirOpResultGetOwner(column)};
    mlirValueReplaceAllUsesExcept(start, column, 2, keep);
    faultRecord("conv-tail-stride", body);
    return;
  }
}

void faultConvTailStride(MlirOperation module, MlirExternalPass pass, void *userData) {
  faultForEachBody(module, breakConvTail, NULL);
}

//===-- norm-epsilon ----------------------------------------------------------------===//

void faultNormEpsilon(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirOperation ops[kMaxOps];
  int n = faultCollect(module, "math.sqrt", ops, kMaxOps);
  for (int i = 0; i < n; ++i) {
    MlirValue sum = operand(ops[i], 0);
    MlirOperation add = mlirValueIsABlockArgument(sum) ? (MlirOperation){NULL} : mlirOpResultGetOwner(sum);
    if (mlirOperationIsNull(add) || !tcIsOp(add, "arith.addf"))
      continue;
    MlirValue eps = operand(add, 1);
    if (mlirValueIsABlockArgument(eps) || !tcIsOp(mlirOpResultGetOwner(eps), "arith.constant"))
      continue;
    TcBuilder b = tcBuilderBefore(ops[i]);
    MlirValue root = tcBUnary(&b, "math.sqrt", operand(add, 0));
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(ops[i], 0), tcBBinary(&b, "arith.addf", root, eps));
    faultRecord("norm-epsilon", ops[i]);
    mlirOperationDestroy(ops[i]);
  }
}
