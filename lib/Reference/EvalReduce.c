//===- EvalReduce.c - reference evaluation of reductions and arg-reductions ===//
//
// PENDING: not written yet. Until it is, these ops are reported as
// unsupported by the reference evaluator, never evaluated approximately.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

bool refEvalReduce(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalArgReduce(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }
