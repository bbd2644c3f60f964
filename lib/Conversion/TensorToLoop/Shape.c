//===- Shape.c - lowering of data movement: transpose, reshape, broadcast_to, concat, split, slice, gather, pad (§2.2.19-2.2.26) ===//
//
// Not written yet: the table is empty, so these ops are compile failures
// ("has no lowering to tc_loop").
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

static const TcLoweringPattern kPatterns[] = {{NULL, NULL, NULL}};

const TcLoweringPattern *tcShapeLowerings(intptr_t *count) {
  *count = 0;
  return kPatterns;
}
