//===- Reduce.c - lowering of reductions, argmax and argmin (§2.2.17-2.2.18) ===//
//
// Not written yet: the table is empty, so these ops are compile failures
// ("has no lowering to tc_loop").
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

static const TcLoweringPattern kPatterns[] = {{NULL, NULL, NULL}};

const TcLoweringPattern *tcReduceLowerings(intptr_t *count) {
  *count = 0;
  return kPatterns;
}
