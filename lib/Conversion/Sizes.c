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
//   - arith.muli of a size by a positive constant c is c times it, and
//     arith.divui of c·s by a constant d dividing c is (c/d)·s: a reshape's
//     `?` (x's count over the result's static sizes, count·k / m with m | k)
//     is then a multiple of x's, the same key for every reshape of equal
//     sizes. The division is exact, so the key is the number itself; a
//     factor that overflows 64 bits gives the value its own key instead;
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
  return a.dim == b.dim && a.scale == b.scale && nullA == nullB && (nullA || mlirValueEqual(a.base, b.base));
}

/// The positive constant `v` holds, or 0.
static int64_t positiveConstant(MlirValue v) {
  MlirOperation def = tcDefiningOp(v);
  if (!tcIsOp(def, "arith.constant") || !mlirAttributeIsAInteger(attr(def, "value")))
    return 0;
  int64_t c = mlirIntegerAttrGetValueInt(attr(def, "value"));
  return c > 0 ? c : 0;
}

/// `size` times `c` (c > 0), or false if the factor overflows.
static bool scaled(TcSizeKey size, int64_t c, TcSizeKey *out) {
  *out = size;
  return mlirValueIsNull(size.base) ? !__builtin_mul_overflow(size.dim, c, &out->dim)
                                    : !__builtin_mul_overflow(size.scale, c, &out->scale);
}

/// `size` over `d` (d > 0) where the factor (or the constant) is a multiple of d.
static bool divided(TcSizeKey size, int64_t d, TcSizeKey *out) {
  *out = size;
  int64_t *factor = mlirValueIsNull(size.base) ? &out->dim : &out->scale;
  if (*factor < 0 || *factor % d != 0)
    return false;
  *factor /= d;
  return true;
}

TcSizeKey tcSizeOfValue(MlirValue v) {
  MlirOperation def = tcDefiningOp(v);
  if (tcIsOp(def, "arith.constant") && mlirAttributeIsAInteger(attr(def, "value")))
    return (TcSizeKey){{NULL}, mlirIntegerAttrGetValueInt(attr(def, "value")), 1};
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
  TcSizeKey out;
  if (tcIsOp(def, "arith.muli")) {
    for (int k = 0; k < 2; ++k) {
      int64_t c = positiveConstant(mlirOperationGetOperand(def, 1 - k));
      if (c && scaled(tcSizeOfValue(mlirOperationGetOperand(def, k)), c, &out))
        return out;
    }
  }
  if (tcIsOp(def, "arith.divui")) {
    int64_t d = positiveConstant(mlirOperationGetOperand(def, 1));
    if (d && divided(tcSizeOfValue(mlirOperationGetOperand(def, 0)), d, &out))
      return out;
  }
  return (TcSizeKey){v, -1, 1};
}

TcSizeKey tcSizeOfDim(MlirValue buffer, int64_t dim) {
  for (;;) {
    MlirType t = mlirValueGetType(buffer);
    if (!mlirShapedTypeIsDynamicDim(t, dim))
      return (TcSizeKey){{NULL}, mlirShapedTypeGetDimSize(t, dim), 1};
    MlirOperation def = tcDefiningOp(buffer);
    if (tcIsBufferCast(def) && mlirOperationGetNumOperands(def) == 1) {
      buffer = mlirOperationGetOperand(def, 0);
      continue;
    }
    if (!tcIsOp(def, "memref.alloc"))
      return (TcSizeKey){buffer, dim, 1};
    intptr_t operand = 0; // memref.alloc's operands: one size per `?`, in order
    for (int64_t d = 0; d < dim; ++d)
      operand += mlirShapedTypeIsDynamicDim(t, d);
    return tcSizeOfValue(mlirOperationGetOperand(def, operand));
  }
}
