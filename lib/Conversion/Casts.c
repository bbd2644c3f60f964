//===- Casts.c - the bridge between tensors and buffers --------------------===//
//
// While a module is partly lowered, a tensor and the buffer holding it meet
// through `builtin.unrealized_conversion_cast` (tensor -> memref where a
// lowering reads a tensor, memref -> tensor where it defines one). The
// passes that finish the job (tc-bufferize, tc-lower-kernels) fold every
// cast memref -> tensor -> memref back to the buffer it started from.
//
//===----------------------------------------------------------------------===//
#include "ConversionInternal.h"

#include "tensorc/Diagnostics.h"

bool tcIsOp(MlirOperation op, const char *name) {
  return !mlirOperationIsNull(op) &&
         mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), mlirStringRefCreateFromCString(name));
}

bool tcIsBufferCast(MlirOperation op) { return tcIsOp(op, "builtin.unrealized_conversion_cast"); }

MlirOperation tcDefiningOp(MlirValue v) {
  MlirOperation none = {NULL};
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : none;
}

MlirValue tcBufferBehind(MlirValue v) {
  if (mlirTypeIsAMemRef(mlirValueGetType(v)))
    return v;
  MlirOperation def = tcDefiningOp(v);
  if (tcIsBufferCast(def) && mlirOperationGetNumOperands(def) == 1 &&
      mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetOperand(def, 0))))
    return mlirOperationGetOperand(def, 0);
  MlirValue none = {NULL};
  return none;
}

void tcFoldBufferCasts(MlirBlock block) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (tcIsBufferCast(op) && mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetResult(op, 0)))) {
      MlirValue buffer = tcBufferBehind(mlirOperationGetOperand(op, 0));
      MlirValue result = mlirOperationGetResult(op, 0);
      if (mlirValueIsNull(buffer) || !mlirTypeEqual(mlirValueGetType(buffer), mlirValueGetType(result)))
        tcFatal("a cast to a buffer has no buffer of its type behind it");
      mlirValueReplaceAllUsesOfWith(result, buffer);
      mlirOperationDestroy(op);
    }
    op = next;
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (tcIsBufferCast(op) && mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 0))))
      mlirOperationDestroy(op);
    op = next;
  }
}
