//===- Constant.c - lowering of tc_tensor.constant -------------------------===//
//
// A constant becomes a read-only `memref.global` (private, aligned to 64
// bytes) and a `memref.get_global` where the op was: no nest and no copy,
// the data lives in the artifact's read-only section. The global holds the
// value with the signless element type of its buffer (ui8 data as i8, the
// same bytes). tc-bufferize never frees or writes such a buffer; a function
// that returns a constant copies it into its result.
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

#include "tensorc/Diagnostics.h"

#include <stdio.h>

/// The value with the signless element type: unsigned integer data is
/// re-typed from its raw bytes; anything else is returned unchanged.
static MlirAttribute signlessValue(MlirAttribute value, bool *ok) {
  MlirType type = mlirAttributeGetType(value);
  MlirType element = mlirShapedTypeGetElementType(type);
  *ok = true;
  if (!tcIsUnsigned(element))
    return value;
  if (!mlirAttributeIsADenseElements(value)) {
    *ok = false;
    return value;
  }
  int64_t shape[TC_MAX_RANK];
  intptr_t rank = tcShapeOf(type, shape);
  MlirType signless = mlirRankedTensorTypeGet(rank, shape, tcSignlessType(element), mlirAttributeGetNull());
  size_t bytes = mlirIntegerTypeGetWidth(element) / 8;
  size_t count = mlirDenseElementsAttrIsSplat(value) ? 1 : (size_t)mlirElementsAttrGetNumElements(value);
  return mlirDenseElementsAttrRawBufferGet(signless, bytes * count, mlirDenseElementsAttrGetRawData(value));
}

static MlirLogicalResult lowerConstant(TcLowering *l) {
  MlirContext ctx = l->at.ctx;
  MlirValue result = mlirOperationGetResult(l->op, 0);
  MlirType tensorType = mlirValueGetType(result);
  MlirType memrefType = tcMemRefForTensor(tensorType);
  bool ok;
  MlirAttribute value =
      signlessValue(mlirOperationGetAttributeByName(l->op, mlirStringRefCreateFromCString("value")), &ok);
  if (!ok) {
    tcEmitOpError(l->op, "a dense_resource constant of an unsigned dtype is not lowered yet");
    return mlirLogicalResultFailure();
  }
  MlirStringRef funcName =
      mlirStringAttrGetValue(mlirOperationGetAttributeByName(l->func, mlirSymbolTableGetSymbolAttributeName()));
  char name[256];
  snprintf(name, sizeof name, "%.*s__constant", (int)funcName.length, funcName.data);
  MlirNamedAttribute attrs[6] = {
      tcNamed(ctx, "sym_name", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(name))),
      tcNamed(ctx, "sym_visibility", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("private"))),
      tcNamed(ctx, "type", mlirTypeAttrGet(memrefType)),
      tcNamed(ctx, "initial_value", value),
      tcNamed(ctx, "constant", mlirUnitAttrGet(ctx)),
      tcNamed(ctx, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 64)),
  };
  TcBuilder atModule = tcBuilderBefore(l->func);
  MlirOperation global = tcBuildOp(&atModule, "memref.global", 0, NULL, 0, NULL, 6, attrs);
  MlirAttribute symbol = mlirSymbolTableInsert(l->symbols, global); // renames it if the name is taken
  MlirNamedAttribute ref = tcNamed(ctx, "name", mlirFlatSymbolRefAttrGet(ctx, mlirStringAttrGetValue(symbol)));
  MlirValue buffer = tcBuildValue(&l->at, "memref.get_global", memrefType, 0, NULL, 1, &ref);
  MlirValue tensor = tcBuildValue(&l->at, "builtin.unrealized_conversion_cast", tensorType, 1, &buffer, 0, NULL);
  mlirValueReplaceAllUsesOfWith(result, tensor);
  return mlirLogicalResultSuccess();
}

static const TcLoweringPattern kPatterns[] = {
    {"tc_tensor.constant", lowerConstant, NULL, NULL},
};

const TcLoweringPattern *tcConstantLowerings(intptr_t *count) {
  *count = (intptr_t)(sizeof kPatterns / sizeof kPatterns[0]);
  return kPatterns;
}
