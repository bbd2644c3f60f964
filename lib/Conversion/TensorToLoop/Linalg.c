//===- Linalg.c - lowering of matmul and gemm (§2.2.8-2.2.9) ===//
//
// Not written yet: the table is empty, so these ops are compile failures
// ("has no lowering to tc_loop").
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

static const TcLoweringPattern kPatterns[] = {{NULL, NULL, NULL}};

const TcLoweringPattern *tcLinalgLowerings(intptr_t *count) {
  *count = 0;
  return kPatterns;
}
