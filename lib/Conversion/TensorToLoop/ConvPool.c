//===- ConvPool.c - lowering of conv2d and the pools (§2.2.10-2.2.13) ===//
//
// Not written yet: the table is empty, so these ops are compile failures
// ("has no lowering to tc_loop").
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

static const TcLoweringPattern kPatterns[] = {{NULL, NULL, NULL}};

const TcLoweringPattern *tcConvPoolLowerings(intptr_t *count) {
  *count = 0;
  return kPatterns;
}
