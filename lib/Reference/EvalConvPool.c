//===- EvalConvPool.c - reference evaluation of conv2d and pooling ===//
//
// PENDING: not written yet. Until it is, these ops are reported as
// unsupported by the reference evaluator, never evaluated approximately.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

bool refEvalConv2d(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalMaxPool2d(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalAvgPool2d(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalGlobalPool(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }
