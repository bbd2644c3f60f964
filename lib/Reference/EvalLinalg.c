//===- EvalLinalg.c - reference evaluation of matmul and gemm ===//
//
// PENDING: not written yet. Until it is, these ops are reported as
// unsupported by the reference evaluator, never evaluated approximately.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

bool refEvalMatmul(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }

bool refEvalGemm(RefOp *r) { return refUnsupported(r, "is not supported by the reference evaluator yet"); }
