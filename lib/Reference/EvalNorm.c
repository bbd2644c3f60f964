//===- EvalNorm.c - reference evaluation of batch norm, layer norm, softmax ===//
//
// PENDING: not written yet. Until it is, these ops are reported as
// unsupported by the reference evaluator, never evaluated approximately.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

bool refEvalBatchNorm(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalLayerNorm(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalSoftmax(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }
