//===- EmptyBuffers.c - buffers without elements, retyped ------------------===//
//
// MLIR's bare-pointer calling convention refuses a memref with a zero-size
// dimension that is not the outermost (memref<2x0xf32>): func-to-llvm then
// leaves the function unconverted. No such buffer can ever be read or
// written (no index lies in it), so its shape carries no information, and
// tc-lower-loops retypes every one to memref<0xT>: block arguments, op
// results, globals and function types. A load from such a buffer is dead
// code and becomes a zero constant; a store into one is dead and goes.
//
//===----------------------------------------------------------------------===//
#include "LoopToSCFInternal.h"

#include <stdlib.h>

static bool isEmptyMemRef(MlirType t) {
  if (!mlirTypeIsAMemRef(t))
    return false;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i)
    if (mlirShapedTypeGetDimSize(t, i) == 0)
      return !(mlirShapedTypeGetRank(t) == 1); // memref<0xT> is already fine
  return false;
}

static MlirType flatEmpty(MlirType t) {
  int64_t zero = 0;
  return mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(t), 1, &zero, mlirAttributeGetNull());
}

typedef struct {
  MlirOperation *ops;
  intptr_t n, cap;
} OpList;

static MlirWalkResult collect(MlirOperation op, void *userData) {
  OpList *list = userData;
  if (list->n == list->cap)
    list->ops = realloc(list->ops, (list->cap = list->cap * 2 + 64) * sizeof *list->ops);
  list->ops[list->n++] = op;
  return MlirWalkResultAdvance;
}

static bool isOp(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), mlirStringRefCreateFromCString(name));
}

static void retypeBlockArguments(MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i) {
        MlirValue arg = mlirBlockGetArgument(b, i);
        if (isEmptyMemRef(mlirValueGetType(arg)))
          mlirBlockArgumentSetType(arg, flatEmpty(mlirValueGetType(arg)));
      }
}

/// Dead accesses: a load becomes a zero of its type, a store goes.
/// Returns true if `op` was erased.
static bool dropDeadAccess(MlirOperation op) {
  bool load = isOp(op, "memref.load"), store = isOp(op, "memref.store");
  if (!load && !store)
    return false;
  MlirValue memref = mlirOperationGetOperand(op, load ? 0 : 1);
  if (!isEmptyMemRef(mlirValueGetType(memref)))
    return false;
  if (load) {
    TcBuilder b = tcBuilderBefore(op);
    MlirValue result = mlirOperationGetResult(op, 0);
    MlirType t = mlirValueGetType(result);
    MlirValue zero = mlirTypeIsAFloat(t) ? tcBConstFloat(&b, t, 0.0) : tcBConstInt(&b, t, 0);
    mlirValueReplaceAllUsesOfWith(result, zero);
  }
  mlirOperationDestroy(op);
  return true;
}

static void retypeGlobal(MlirOperation op) {
  MlirStringRef typeName = mlirStringRefCreateFromCString("type");
  MlirType t = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(op, typeName));
  if (!isEmptyMemRef(t))
    return;
  MlirType flat = flatEmpty(t);
  int64_t zero = 0;
  MlirType tensor = mlirRankedTensorTypeGet(1, &zero, mlirShapedTypeGetElementType(t), mlirAttributeGetNull());
  mlirOperationSetAttributeByName(op, typeName, mlirTypeAttrGet(flat));
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString("initial_value"),
                                  mlirDenseElementsAttrRawBufferGet(tensor, 0, NULL));
}

static void retypeFunction(MlirOperation op) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(entry))
    return;
  MlirStringRef typeName = mlirStringRefCreateFromCString("function_type");
  MlirType fnType = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(op, typeName));
  intptr_t n = mlirBlockGetNumArguments(entry), nResults = mlirFunctionTypeGetNumResults(fnType);
  MlirType *types = malloc((n + nResults + 1) * sizeof *types);
  for (intptr_t i = 0; i < n; ++i)
    types[i] = mlirValueGetType(mlirBlockGetArgument(entry, i));
  for (intptr_t i = 0; i < nResults; ++i)
    types[n + i] = mlirFunctionTypeGetResult(fnType, i);
  MlirContext ctx = mlirOperationGetContext(op);
  mlirOperationSetAttributeByName(op, typeName,
                                  mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n, types, nResults, types + n)));
  free(types);
}

void tcRetypeEmptyBuffers(MlirOperation module) {
  OpList list = {NULL, 0, 0};
  mlirOperationWalk(module, collect, &list, MlirWalkPreOrder);
  // First the dead accesses, while the buffers still have their types.
  for (intptr_t i = 0; i < list.n; ++i)
    if (dropDeadAccess(list.ops[i]))
      list.ops[i] = (MlirOperation){NULL};
  for (intptr_t i = 0; i < list.n; ++i) {
    MlirOperation op = list.ops[i];
    if (mlirOperationIsNull(op))
      continue;
    retypeBlockArguments(op);
    for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r) {
      MlirValue result = mlirOperationGetResult(op, r);
      if (isEmptyMemRef(mlirValueGetType(result)))
        mlirValueSetType(result, flatEmpty(mlirValueGetType(result)));
    }
    if (isOp(op, "memref.global"))
      retypeGlobal(op);
    else if (isOp(op, "func.func"))
      retypeFunction(op);
  }
  free(list.ops);
}
