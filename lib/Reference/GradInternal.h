//===- GradInternal.h - the reference's gradient rules ------------*- C -*-===//
//
// The reference VJP (GradEval.c) evaluates the function forward with
// tcRefEvaluate, keeping every value, then visits the ops last to first.
// A rule receives one op's forward operand values (g->r.operands, read with
// the evaluator's own accessors), its result values, the adjoints of its
// results (binary128 arrays, NULL for none: zero) and an accumulator per
// operand that needs an adjoint (NULL otherwise), and adds
// dy · ∂result/∂operand into the accumulators, element by element, from
// the definition of the op in docs/dialects.md. Nothing is rounded until
// the gradients are stored.
//
// The files: GradElementwise.c, GradLinalg.c, GradConvPool.c, GradNorm.c,
// GradReduce.c, GradShape.c (the rules), GradEval.c (the sweep and the rule
// table), GradArguments.c (layout and inputs).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_REFERENCE_GRADINTERNAL_H
#define TENSORC_REFERENCE_GRADINTERNAL_H

#define __STDC_WANT_IEC_60559_TYPES_EXT__ 1
#include "RefInternal.h"

#include "tensorc/ReferenceGrad.h"

typedef _Float128 Quad;

/// One op whose adjoints are being computed.
typedef struct RefGrad {
  RefOp r; ///< r.op, r.operands and r.numOperands: the forward operands
  const TcRefTensor *results[REF_MAX_RESULTS];
  intptr_t numResults;
  const Quad *dy[REF_MAX_RESULTS]; ///< NULL: the result has no adjoint
  Quad *dx[REF_MAX_OPERANDS];      ///< NULL: the operand needs none
} RefGrad;

typedef bool (*RefGradFn)(RefGrad *g);

/// Element k of result r's adjoint (0 without one).
static inline Quad refGradDy(const RefGrad *g, intptr_t r, int64_t k) { return g->dy[r] ? g->dy[r][k] : 0; }

/// Element k of a float tensor, as binary128 (exact).
static inline Quad refGradX(const TcRefTensor *t, int64_t k) { return t->data[k].f; }

// GradElementwise.c
bool tcRefGradUnary(RefGrad *g);
bool tcRefGradBinary(RefGrad *g);
bool tcRefGradWhere(RefGrad *g);
bool tcRefGradClip(RefGrad *g);
bool tcRefGradCast(RefGrad *g);
// GradLinalg.c
bool tcRefGradMatmul(RefGrad *g);
bool tcRefGradGemm(RefGrad *g);
// GradConvPool.c
bool tcRefGradConv2d(RefGrad *g);
bool tcRefGradMaxPool2d(RefGrad *g);
bool tcRefGradAvgPool2d(RefGrad *g);
// GradNorm.c
bool tcRefGradBatchNorm(RefGrad *g);
bool tcRefGradLayerNorm(RefGrad *g);
bool tcRefGradSoftmax(RefGrad *g);
// GradReduce.c
bool tcRefGradReduce(RefGrad *g);
bool tcRefGradGlobalPool(RefGrad *g);
// GradShape.c
bool tcRefGradTranspose(RefGrad *g);
bool tcRefGradReshape(RefGrad *g);
bool tcRefGradBroadcastTo(RefGrad *g);
bool tcRefGradConcat(RefGrad *g);
bool tcRefGradSplit(RefGrad *g);
bool tcRefGradSlice(RefGrad *g);
bool tcRefGradGather(RefGrad *g);
bool tcRefGradPad(RefGrad *g);


#endif // TENSORC_REFERENCE_GRADINTERNAL_H
