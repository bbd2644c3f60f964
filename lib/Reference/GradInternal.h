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
bool refGradUnary(RefGrad *g);
bool refGradBinary(RefGrad *g);
bool refGradWhere(RefGrad *g);
bool refGradClip(RefGrad *g);
bool refGradCast(RefGrad *g);
// GradLinalg.c
bool refGradMatmul(RefGrad *g);
bool refGradGemm(RefGrad *g);
// GradConvPool.c
bool refGradConv2d(RefGrad *g);
bool refGradMaxPool2d(RefGrad *g);
bool refGradAvgPool2d(RefGrad *g);
// GradNorm.c
bool refGradBatchNorm(RefGrad *g);
bool refGradLayerNorm(RefGrad *g);
bool refGradSoftmax(RefGrad *g);
// GradReduce.c
bool refGradReduce(RefGrad *g);
bool refGradGlobalPool(RefGrad *g);
// GradShape.c
bool refGradTranspose(RefGrad *g);
bool refGradReshape(RefGrad *g);
bool refGradBroadcastTo(RefGrad *g);
bool refGradConcat(RefGrad *g);
bool refGradSplit(RefGrad *g);
bool refGradSlice(RefGrad *g);
bool refGradGather(RefGrad *g);
bool refGradPad(RefGrad *g);


#endif // TENSORC_REFERENCE_GRADINTERNAL_H
