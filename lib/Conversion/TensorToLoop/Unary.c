//===- Unary.c - lowering of unary elementwise tc_tensor ops ---------------===//
//
// The unary ops of docs/dialects.md §2.2.1 (and `clip`, `cast`), one scalar
// function each, lowered by tcLowerElementwise. Each function computes the
// element exactly as the spec says, special values included; buffers hold
// the signless form of the dtype, so the functions pick signed or unsigned
// ops from `dtype`.
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

static MlirValue scalarRelu(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  MlirType t = mlirValueGetType(x[0]);
  if (mlirTypeIsAFloat(dtype)) {
    // x > 0 ? x : +0; NaN is not > 0 but must stay NaN.
    MlirValue zero = tcBConstFloat(b, t, 0.0);
    MlirValue positive = tcBCmpF(b, TC_CMPF_OGT, x[0], zero);
    MlirValue isNan = tcBCmpF(b, TC_CMPF_UNO, x[0], x[0]);
    return tcBSelect(b, tcBBinary(b, "arith.ori", positive, isNan), x[0], zero);
  }
  if (tcIsUnsigned(dtype))
    return x[0];
  return tcBBinary(b, "arith.maxsi", x[0], tcBConstInt(b, t, 0));
}

static const TcLoweringPattern kPatterns[] = {
    TC_ELEMENTWISE("relu", 1, scalarRelu),
};

const TcLoweringPattern *tcUnaryLowerings(intptr_t *count) {
  *count = (intptr_t)(sizeof kPatterns / sizeof kPatterns[0]);
  return kPatterns;
}
