//===- EvalShape.c - reference evaluation of data movement ===//
//
// PENDING: not written yet. Until it is, these ops are reported as
// unsupported by the reference evaluator, never evaluated approximately.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

bool refEvalTranspose(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalReshape(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalBroadcastTo(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalConcat(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalSplit(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalSlice(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalGather(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalPad(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }
