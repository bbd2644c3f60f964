//===- Builder.c - one call per op on top of MlirOperationState -----------===//
//
// The lowering passes emit many small ops. Each helper here fills an
// OperationState, creates the op and inserts it at the builder's insertion
// point, so the passes read as the IR they produce. Attributes use the
// generic form (arith predicates are i64 integers, as the generic printer
// shows them), which is what the C API offers.
//
//===----------------------------------------------------------------------===//
#include "ConversionInternal.h"

#include "../Transforms/TransformsInternal.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

intptr_t tcLoweringDialects(MlirDialectHandle *handles) {
  handles[0] = mlirGetDialectHandle__arith__();
  handles[1] = mlirGetDialectHandle__func__();
  handles[2] = mlirGetDialectHandle__math__();
  handles[3] = mlirGetDialectHandle__memref__();
  handles[4] = mlirGetDialectHandle__scf__();
  handles[5] = mlirGetDialectHandle__llvm__();
  return 6;
}

MlirPass tcCreateLoweringPass(const void *id, const char *name, const char *argument, const char *description,
                              void (*run)(MlirOperation, MlirExternalPass, void *)) {
  MlirDialectHandle dialects[8];
  intptr_t n = tcLoweringDialects(dialects);
  return tcCreateStatelessPassWithDialects(id, name, argument, description, "builtin.module", run, n, dialects);
}

MlirPass tcCreateFunctionLoweringPass(const void *id, const char *name, const char *argument,
                                      const char *description, void (*run)(MlirOperation, MlirExternalPass, void *)) {
  MlirDialectHandle dialects[8];
  intptr_t n = tcLoweringDialects(dialects);
  return tcCreateStatelessPassWithDialects(id, name, argument, description, "func.func", run, n, dialects);
}

TcBuilder tcBuilderBefore(MlirOperation op) {
  TcBuilder b = {mlirOperationGetContext(op), mlirOperationGetLocation(op), mlirOperationGetBlock(op), op};
  return b;
}

TcBuilder tcBuilderAtEnd(MlirBlock block, MlirLocation loc, bool beforeTerminator) {
  MlirOperation anchor = {NULL};
  if (beforeTerminator)
    anchor = mlirBlockGetTerminator(block);
  TcBuilder b = {mlirLocationGetContext(loc), loc, block, anchor};
  return b;
}

static void insert(TcBuilder *b, MlirOperation op) {
  if (mlirOperationIsNull(b->anchor))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->anchor, op);
}

MlirOperation tcBuildOp(TcBuilder *b, const char *name, intptr_t nResults, const MlirType *results,
                        intptr_t nOperands, const MlirValue *operands, intptr_t nAttrs,
                        const MlirNamedAttribute *attrs) {
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString(name), b->loc);
  if (nResults)
    mlirOperationStateAddResults(&state, nResults, results);
  if (nOperands)
    mlirOperationStateAddOperands(&state, nOperands, operands);
  if (nAttrs)
    mlirOperationStateAddAttributes(&state, nAttrs, attrs);
  MlirOperation op = mlirOperationCreate(&state);
  assert(!mlirOperationIsNull(op) && "op creation failed");
  insert(b, op);
  return op;
}

MlirValue tcBuildValue(TcBuilder *b, const char *name, MlirType result, intptr_t nOperands,
                       const MlirValue *operands, intptr_t nAttrs, const MlirNamedAttribute *attrs) {
  return mlirOperationGetResult(tcBuildOp(b, name, 1, &result, nOperands, operands, nAttrs, attrs), 0);
}

MlirNamedAttribute tcNamed(MlirContext ctx, const char *name, MlirAttribute attr) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), attr);
}

static MlirValue constant(TcBuilder *b, MlirAttribute value) {
  MlirNamedAttribute attr = tcNamed(b->ctx, "value", value);
  return tcBuildValue(b, "arith.constant", mlirAttributeGetType(value), 0, NULL, 1, &attr);
}

MlirValue tcBIndex(TcBuilder *b, int64_t value) {
  return constant(b, mlirIntegerAttrGet(mlirIndexTypeGet(b->ctx), value));
}

MlirValue tcBConstInt(TcBuilder *b, MlirType type, int64_t value) {
  return constant(b, mlirIntegerAttrGet(tcSignlessType(type), value));
}

MlirValue tcBConstFloat(TcBuilder *b, MlirType type, double value) {
  return constant(b, mlirFloatAttrDoubleGet(b->ctx, type, value));
}

MlirValue tcBConstFloatBits(TcBuilder *b, MlirType type, uint64_t bits) {
  // A float attribute from its bits: a one-element dense attribute built
  // from raw data, whose splat value is the float.
  unsigned width = mlirFloatTypeGetWidth(type);
  unsigned char raw[8];
  memcpy(raw, &bits, sizeof raw); // little-endian host: the low bytes first
  int64_t shape[1] = {1};
  MlirType vec = mlirRankedTensorTypeGet(1, shape, type, mlirAttributeGetNull());
  MlirAttribute dense = mlirDenseElementsAttrRawBufferGet(vec, width / 8, raw);
  return constant(b, mlirDenseElementsAttrGetSplatValue(dense));
}

MlirValue tcBBinary(TcBuilder *b, const char *name, MlirValue lhs, MlirValue rhs) {
  MlirValue operands[2] = {lhs, rhs};
  return tcBuildValue(b, name, mlirValueGetType(lhs), 2, operands, 0, NULL);
}

MlirValue tcBUnary(TcBuilder *b, const char *name, MlirValue x) {
  return tcBuildValue(b, name, mlirValueGetType(x), 1, &x, 0, NULL);
}

MlirValue tcBConvert(TcBuilder *b, const char *name, MlirValue x, MlirType type) {
  return tcBuildValue(b, name, type, 1, &x, 0, NULL);
}

MlirValue tcBWiden(TcBuilder *b, MlirValue x, MlirType to) {
  return mlirTypeEqual(mlirValueGetType(x), to) ? x : tcBConvert(b, "arith.extf", x, to);
}

MlirValue tcBNarrow(TcBuilder *b, MlirValue x, MlirType to) {
  return mlirTypeEqual(mlirValueGetType(x), to) ? x : tcBConvert(b, "arith.truncf", x, to);
}

MlirValue tcBToFloat(TcBuilder *b, MlirValue x, MlirType t) {
  MlirType from = mlirValueGetType(x);
  if (mlirTypeEqual(from, t))
    return x;
  bool wider = mlirFloatTypeGetWidth(t) > mlirFloatTypeGetWidth(from);
  return tcBConvert(b, wider ? "arith.extf" : "arith.truncf", x, t);
}

static MlirValue compare(TcBuilder *b, const char *name, int pred, MlirValue lhs, MlirValue rhs) {
  MlirValue operands[2] = {lhs, rhs};
  MlirNamedAttribute attr =
      tcNamed(b->ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), pred));
  return tcBuildValue(b, name, mlirIntegerTypeGet(b->ctx, 1), 2, operands, 1, &attr);
}

MlirValue tcBCmpI(TcBuilder *b, TcCmpIPredicate pred, MlirValue lhs, MlirValue rhs) {
  return compare(b, "arith.cmpi", pred, lhs, rhs);
}

MlirValue tcBCmpF(TcBuilder *b, TcCmpFPredicate pred, MlirValue lhs, MlirValue rhs) {
  return compare(b, "arith.cmpf", pred, lhs, rhs);
}

MlirValue tcBSelect(TcBuilder *b, MlirValue cond, MlirValue ifTrue, MlirValue ifFalse) {
  MlirValue operands[3] = {cond, ifTrue, ifFalse};
  return tcBuildValue(b, "arith.select", mlirValueGetType(ifTrue), 3, operands, 0, NULL);
}

MlirOperation tcBIfResults(TcBuilder *b, MlirValue cond, intptr_t n, const MlirType *types, TcBuilder *then,
                           TcBuilder *otherwise) {
  MlirRegion regions[2];
  MlirBlock blocks[2];
  for (int i = 0; i < 2; ++i) {
    regions[i] = mlirRegionCreate();
    blocks[i] = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(regions[i], blocks[i]);
  }
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString("scf.if"), b->loc);
  mlirOperationStateAddOperands(&state, 1, &cond);
  if (n)
    mlirOperationStateAddResults(&state, n, types);
  mlirOperationStateAddOwnedRegions(&state, 2, regions);
  MlirOperation op = mlirOperationCreate(&state);
  if (mlirOperationIsNull(b->anchor))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->anchor, op);
  *then = tcBuilderAtEnd(blocks[0], b->loc, false);
  *otherwise = tcBuilderAtEnd(blocks[1], b->loc, false);
  return op;
}

MlirOperation tcBIf(TcBuilder *b, MlirValue cond, TcBuilder *then, TcBuilder *otherwise) {
  TcBuilder ends[2];
  MlirOperation op = tcBIfResults(b, cond, 0, NULL, &ends[0], &ends[1]);
  for (int i = 0; i < 2; ++i) {
    MlirOperation yield = tcBuildOp(&ends[i], "scf.yield", 0, NULL, 0, NULL, 0, NULL);
    *(i == 0 ? then : otherwise) = tcBuilderBefore(yield);
  }
  return op;
}

MlirValue tcBAlloc(TcBuilder *b, const char *name, MlirType type, int64_t alignment) {
  return tcBAllocSized(b, name, type, 0, NULL, alignment);
}

MlirValue tcBAllocSized(TcBuilder *b, const char *name, MlirType type, intptr_t nSizes, const MlirValue *sizes,
                        int64_t alignment) {
  int32_t segments[2] = {(int32_t)nSizes, 0}; // the dynamic sizes, no symbols
  MlirNamedAttribute attrs[2] = {
      tcNamed(b->ctx, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), alignment)),
      tcNamed(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 2, segments)),
  };
  return tcBuildValue(b, name, type, nSizes, sizes, 2, attrs);
}

MlirValue tcBDim(TcBuilder *b, MlirValue memref, intptr_t dim) {
  MlirValue operands[2] = {memref, tcBIndex(b, dim)};
  return tcBuildValue(b, "memref.dim", mlirIndexTypeGet(b->ctx), 2, operands, 0, NULL);
}

MlirValue tcBLoad(TcBuilder *b, MlirValue memref, intptr_t rank, const MlirValue *indices) {
  MlirValue operands[1 + 64];
  assert(rank <= 64);
  operands[0] = memref;
  for (intptr_t i = 0; i < rank; ++i)
    operands[1 + i] = indices[i];
  MlirType element = mlirShapedTypeGetElementType(mlirValueGetType(memref));
  return tcBuildValue(b, "memref.load", element, 1 + rank, operands, 0, NULL);
}

void tcBStore(TcBuilder *b, MlirValue value, MlirValue memref, intptr_t rank, const MlirValue *indices) {
  MlirValue operands[2 + 64];
  assert(rank <= 64);
  operands[0] = value;
  operands[1] = memref;
  for (intptr_t i = 0; i < rank; ++i)
    operands[2 + i] = indices[i];
  tcBuildOp(b, "memref.store", 0, NULL, 2 + rank, operands, 0, NULL);
}

void tcBForBegin(TcBuilder *b, MlirValue lb, MlirValue ub, MlirValue step, intptr_t nIter, const MlirValue *init,
                 TcFor *loop) {
  assert(nIter <= TC_MAX_ITER);
  MlirType types[1 + TC_MAX_ITER];
  MlirLocation locs[1 + TC_MAX_ITER];
  MlirValue operands[3 + TC_MAX_ITER] = {lb, ub, step};
  types[0] = mlirIndexTypeGet(b->ctx);
  locs[0] = b->loc;
  for (intptr_t i = 0; i < nIter; ++i) {
    types[1 + i] = mlirValueGetType(init[i]);
    locs[1 + i] = b->loc;
    operands[3 + i] = init[i];
  }
  MlirRegion region = mlirRegionCreate();
  MlirBlock block = mlirBlockCreate(1 + nIter, types, locs);
  mlirRegionAppendOwnedBlock(region, block);
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString("scf.for"), b->loc);
  mlirOperationStateAddOperands(&state, 3 + nIter, operands);
  if (nIter)
    mlirOperationStateAddResults(&state, nIter, types + 1);
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  loop->op = mlirOperationCreate(&state);
  insert(b, loop->op);
  loop->body = tcBuilderAtEnd(block, b->loc, false);
  loop->iv = mlirBlockGetArgument(block, 0);
  loop->nIter = nIter;
  for (intptr_t i = 0; i < nIter; ++i)
    loop->iter[i] = mlirBlockGetArgument(block, 1 + i);
}

MlirOperation tcBForEnd(TcFor *loop, const MlirValue *yields) {
  tcBuildOp(&loop->body, "scf.yield", 0, NULL, loop->nIter, yields, 0, NULL);
  return loop->op;
}

void tcBForRange(TcBuilder *b, int64_t n, intptr_t nIter, const MlirValue *init, TcFor *loop) {
  tcBForBegin(b, tcBIndex(b, 0), tcBIndex(b, n), tcBIndex(b, 1), nIter, init, loop);
}

void tcBForNestBegin(TcBuilder *b, intptr_t depth, const int64_t *bounds, intptr_t nIter, const MlirValue *init,
                     TcForNest *nest) {
  assert(depth <= 32 && nIter <= TC_MAX_ITER);
  nest->depth = depth;
  nest->inner = *b;
  for (intptr_t i = 0; i < nIter; ++i)
    nest->iter[i] = init[i];
  for (intptr_t d = 0; d < depth; ++d) {
    tcBForRange(&nest->inner, bounds[d], nIter, nest->iter, &nest->loop[d]);
    nest->inner = nest->loop[d].body;
    nest->iv[d] = nest->loop[d].iv;
    for (intptr_t i = 0; i < nIter; ++i)
      nest->iter[i] = nest->loop[d].iter[i];
  }
}

void tcBForNestEnd(TcForNest *nest, intptr_t nIter, const MlirValue *yields, MlirValue *results) {
  MlirValue carried[TC_MAX_ITER];
  for (intptr_t i = 0; i < nIter; ++i)
    carried[i] = yields[i];
  for (intptr_t d = nest->depth - 1; d >= 0; --d) {
    MlirOperation op = tcBForEnd(&nest->loop[d], carried);
    for (intptr_t i = 0; i < nIter; ++i)
      carried[i] = mlirOperationGetResult(op, i);
  }
  for (intptr_t i = 0; i < nIter; ++i)
    results[i] = carried[i];
}

MlirType tcSignlessType(MlirType type) {
  if (mlirTypeIsAInteger(type) && !mlirIntegerTypeIsSignless(type))
    return mlirIntegerTypeGet(mlirTypeGetContext(type), mlirIntegerTypeGetWidth(type));
  return type;
}

MlirType tcMemRefForTensor(MlirType tensor) {
  intptr_t rank = mlirShapedTypeGetRank(tensor);
  int64_t shape[64];
  for (intptr_t i = 0; i < rank; ++i)
    shape[i] = mlirShapedTypeGetDimSize(tensor, i);
  MlirType element = tcSignlessType(mlirShapedTypeGetElementType(tensor));
  return mlirMemRefTypeContiguousGet(element, rank, shape, mlirAttributeGetNull());
}

bool tcIsUnsigned(MlirType type) { return mlirTypeIsAInteger(type) && mlirIntegerTypeIsUnsigned(type); }

unsigned tcIntWidth(MlirType type) { return mlirTypeIsAInteger(type) ? mlirIntegerTypeGetWidth(type) : 0; }

MlirOperation tcCreateLoopBody(MlirOperation func, MlirSymbolTable symbols, const char *suffix, MlirLocation loc,
                               intptr_t rank, const MlirType *bufferTypes, intptr_t numBuffers) {
  MlirContext ctx = mlirOperationGetContext(func);
  intptr_t n = rank + numBuffers;
  MlirType *types = malloc((size_t)(n ? n : 1) * sizeof *types);
  MlirLocation *locs = malloc((size_t)(n ? n : 1) * sizeof *locs);
  for (intptr_t i = 0; i < n; ++i) {
    types[i] = i < rank ? mlirIndexTypeGet(ctx) : bufferTypes[i - rank];
    locs[i] = loc;
  }
  MlirRegion region = mlirRegionCreate();
  MlirBlock block = mlirBlockCreate(n, types, locs);
  mlirRegionAppendOwnedBlock(region, block);
  MlirStringRef funcName = mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(func, mlirSymbolTableGetSymbolAttributeName()));
  char name[256];
  snprintf(name, sizeof name, "%.*s__%s", (int)funcName.length, funcName.data, suffix);
  MlirNamedAttribute attrs[4] = {
      tcNamed(ctx, "sym_name", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(name))),
      tcNamed(ctx, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n, types, 0, NULL))),
      tcNamed(ctx, "sym_visibility", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("private"))),
      tcNamed(ctx, "tc_loop.body", mlirUnitAttrGet(ctx)),
  };
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), loc);
  mlirOperationStateAddAttributes(&state, 4, attrs);
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation body = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(func), func, body);
  mlirSymbolTableInsert(symbols, body); // renames it if the name is taken
  TcBuilder b = tcBuilderAtEnd(block, loc, false);
  tcBuildOp(&b, "func.return", 0, NULL, 0, NULL, 0, NULL);
  free(types);
  free(locs);
  return body;
}
