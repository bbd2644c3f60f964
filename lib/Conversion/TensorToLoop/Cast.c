//===- Cast.c - lowering of cast and clip (docs/dialects.md §2.2.5-2.2.6) ===//
//
// Not written yet: the table is empty, so these ops are compile failures
// ("has no lowering to tc_loop").
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

static const TcLoweringPattern kPatterns[] = {{NULL, NULL, NULL}};

const TcLoweringPattern *tcCastLowerings(intptr_t *count) {
  *count = 0;
  return kPatterns;
}
