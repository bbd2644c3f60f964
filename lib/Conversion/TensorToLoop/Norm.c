//===- Norm.c - lowering of softmax, log_softmax, layer_norm, batch_norm (§2.2.14-2.2.16) ===//
//
// Not written yet: the table is empty, so these ops are compile failures
// ("has no lowering to tc_loop").
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

static const TcLoweringPattern kPatterns[] = {{NULL, NULL, NULL}};

const TcLoweringPattern *tcNormLowerings(intptr_t *count) {
  *count = 0;
  return kPatterns;
}
