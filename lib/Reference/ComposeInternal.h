//===- ComposeInternal.h - budgets composed through a function ----*- C -*-===//
//
// Shared by Compose.c (the driver: which value has which bound), and the
// rule files ComposeElementwise.c and ComposeLinalg.c (how far an op's
// result can move when its operands are off by their bounds).
//
// A rule sees each operand as its spec value and a bound `err` (NULL: the
// operand is exact, every element 0) and fills `delta` with, per result
// element, an upper bound of |f(x̂) - f(x)| over every x̂ within the
// operands' bounds of x: how far the same op on the artifact's operands can
// be from the spec's result, before the op's own budget and the rounding
// of its result (Compose.c adds those). INFINITY means no bound. Every
// rule is an upper bound: computed in double, with every step that rounds
// pushed up (tcRefRoundUp, nextafter) or covered by a margin it says.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_REFERENCE_COMPOSEINTERNAL_H
#define TENSORC_REFERENCE_COMPOSEINTERNAL_H

#include "RefInternal.h"

/// An operand of the op whose bound is being composed.
typedef struct RefBounded {
  const TcRefTensor *value; ///< the spec's value (borrowed from the evaluator)
  const double *err;        ///< per element; NULL: exact
} RefBounded;

/// One result of one op.
typedef struct RefPropagate {
  MlirOperation op;
  const TcRefOptions *options;
  intptr_t numOperands;
  RefBounded operands[REF_MAX_OPERANDS];
  intptr_t resultIndex;
  const TcRefTensor *result; ///< the spec's value of that result
  double *delta;             ///< filled by the rule: result->numel entries
} RefPropagate;

typedef void (*RefPropagateFn)(RefPropagate *p);


/// The error bound of operand `i` at element `k` (0 where exact).
static inline double refErrAt(const RefPropagate *p, intptr_t i, int64_t k) {
  return p->operands[i].err ? p->operands[i].err[k] : 0.0;
}

/// Fills every entry of delta with `v`.
void tcRefDeltaFill(RefPropagate *p, double v);

/// An upper bound of |v| for a value v of float dtype `d` that stands for
/// an exact value within half an ulp of it: |v| + ulp(v)/2, rounded up.
double tcRefMagnitude(double v, TcRefDtype d);


/// Evaluates the op of `p` as an f64 op on `operands` (f64 tensors shaped
/// like the op's operands; an integer operand such as gather's indices is
/// given as its own value), with the same attributes, renamed to `kind` if
/// not NULL, into `*out` (result `p->resultIndex`, f64, owned by the
/// caller). False if the evaluator fails: no bound.
bool tcRefEvalAsF64(const RefPropagate *p, const char *kind, const TcRefTensor *const *operands, TcRefTensor *out);

/// An f64 tensor shaped like `like` holding operand i's bounds (zeros
/// where exact), or |value| + bound if `magnitude`. False if memory runs out.
bool tcRefBoundTensor(const RefPropagate *p, intptr_t i, bool magnitude, TcRefTensor *out);

// ComposeElementwise.c

/// Δ of a monotone f at x within e: INFINITY where f is not finite at an
/// end while f(x) is, or where the interval meets 0 and `crossesPole`.
double tcRefMonotoneDelta(double (*f)(double), double x, double e, bool crossesPole);
/// Δ of a·b and of a/b with the operands within ea and eb.
double tcRefMulDelta(double a, double b, double ea, double eb);
double tcRefDivDelta(double a, double b, double ea, double eb);
void tcRefComposeUnary(RefPropagate *p);
void tcRefComposeBinary(RefPropagate *p);
void tcRefComposeCompare(RefPropagate *p);
void tcRefComposeWhere(RefPropagate *p);
void tcRefComposeExactOrUnknown(RefPropagate *p);

// ComposeLinalg.c
void tcRefComposeMatmul(RefPropagate *p);
void tcRefComposeGemm(RefPropagate *p);
void tcRefComposeConv2d(RefPropagate *p);
void tcRefComposeSoftmax(RefPropagate *p);
void tcRefComposeLayerNorm(RefPropagate *p);
void tcRefComposeBatchNorm(RefPropagate *p);
void tcRefComposeReduceProd(RefPropagate *p);
void tcRefComposeByF64(RefPropagate *p);

#endif // TENSORC_REFERENCE_COMPOSEINTERNAL_H
