//===- Sizes.c - which run-time sizes the IR shows to be equal -------------===//
//
// A run-time size (a `?` dimension, a -1 loop bound) is read with
// memref.dim where it is needed, so two buffers of the same size carry no
// sign of it: a fused nest needs its members' bounds equal, a broadcast
// needs to know whether two `?` extents may differ. tcSizeOfDim follows a
// buffer's size back through what made it, as far as the IR shows it:
//
//   - a static extent is a constant;
//   - a memref.alloc's dimension is the size operand it was given;
//   - memref.dim %b, c (c constant) is dimension c of %b;
//   - arith.maxui of two equal sizes is that size (the size of a broadcast
//     of equal extents, tc-lower-tensor's broadcastSizes);
//   - a buffer cast (builtin.unrealized_conversion_cast) has its operand's;
//   - anything else (a function argument, a view, an index computed some
//     other way) is itself: dimension d of that value, or the value.
//
// Two sizes with equal keys are the same number whenever both are read; the
// converse does not hold (unequal keys may still be equal at run time), so
// a caller may only use equality to drop a run-time check, never to add one.
//
//===----------------------------------------------------------------------===//
#include "ConversionInternal.h"

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

bool tcSameSize(TcSizeKey a, TcSizeKey b) {
  bool nullA = mlirValueIsNull(a.base), nullB = mlirValueIsNull(b.base);
  return a.dim == b.dim && nullA == nullB && (nullA || mlirValueEqual(a.base, b.base));
}

TcSizeKey tcSizeOfValue(MlirValue v) {
  MlirOperation def = tcDefiningOp(v);
  if (tcIsOp(def, "arith.constant") && mlirAttributeIsAInteger(attr(def, "value")))
    return (TcSizeKey){{NULL}, mlirIntegerAttrGetValueInt(attr(def, "value"))};
  if (tcIsOp(def, "memref.dim")) {
    MlirOperation index = tcDefiningOp(mlirOperationGetOperand(def, 1));
    if (tcIsOp(index, "arith.constant"))
      return tcSizeOfDim(mlirOperationGetOperand(def, 0), mlirIntegerAttrGetValueInt(attr(index, "value")));
  }
  if (tcIsOp(def, "arith.maxui")) {
    TcSizeKey a = tcSizeOfValue(mlirOperationGetOperand(def, 0)), b = tcSizeOfValue(mlirOperationGetOperand(def, 1));
    if (tcSameSize(a, b))
      return a;
  }
  return (TcSizeKey){v, -1};
}

TcSizeKey tcSizeOfDim(MlirValue buffer, int64_t dim) {
  for (;;) {
    MlirType t = mlirValueGetType(buffer);
    if (!mlirShapedTypeIsDynamicDim(t, dim))
      return (TcSizeKey){{NULL}, mlirShapedTypeGetDimSize(t, dim)};
    MlirOperation def = tcDefiningOp(buffer);
    if (tcIsBufferCast(def) && mlirOperationGetNumOperands(def) == 1) {
      buffer = mlirOperationGetOperand(def, 0);
      continue;
    }
    if (!tcIsOp(def, "memref.alloc"))
      return (TcSizeKey){buffer, dim};
    intptr_t operand = 0; // memref.alloc's operands: one size per `?`, in order
    for (int64_t d = 0; d < dim; ++d)
      operand += mlirShapedTypeIsDynamicDim(t, d);
    return tcSizeOfValue(mlirOperationGetOperand(def, operand));
  }
}
