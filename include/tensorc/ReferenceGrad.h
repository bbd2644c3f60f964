//===- ReferenceGrad.h - the reference evaluator's gradients -----*- C -*-===//
//
// The reference's own vector-Jacobian products (docs/autodiff.md §3): for a
// tc_tensor function f(x_1..x_n) -> (y_1..y_m), the adjoint of every
// differentiated argument (and weight) given cotangents dy_j for f's float
// results. Each op's derivative is evaluated exactly (in binary128) at the
// values the forward computes, adjoints are chained in binary128, and each
// gradient is rounded once to its argument's dtype.
//
// The rules are written from the math in docs/autodiff.md and share no
// code with tc-grad (lib/Autodiff), which the evaluator never links; the
// conformance gate judges compiled VJPs against these. utils/grad-oracle.py
// checks them in float64 against central finite differences and PyTorch's
// autograd.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_REFERENCEGRAD_H
#define TENSORC_REFERENCEGRAD_H

#include "tensorc/Reference.h"

#ifdef __cplusplus
extern "C" {
#endif

/// What to differentiate (the options of tc-grad, docs/autodiff.md §2).
typedef struct TcRefVJPConfig {
  const int64_t *wrt; ///< argument indices; used when wrtGiven
  intptr_t numWrt;
  bool wrtGiven;      ///< false: every float argument
  bool wrtConstants;  ///< true: the float constants of rank >= 1 are weights
} TcRefVJPConfig;

/// The VJP's interface: f_vjp(x_1..x_n, w_1..w_k, dy_1..dy_p) ->
/// (dx_i for i in wrt, dw_1..dw_k).
typedef struct TcRefVJPLayout {
  intptr_t numArgs;
  bool *wrt;                ///< per argument (owned)
  intptr_t numWeights;
  MlirOperation *weights;   ///< the weight constants, in program order (owned array)
  intptr_t numCotangents;
  intptr_t *cotangentOf;    ///< the result each cotangent belongs to (owned)
  intptr_t numGrads;        ///< wrt arguments plus weights
} TcRefVJPLayout;

/// Computes the layout of `func` under `config`. Fails with a message in
/// `err` for a wrt index that is out of range or names a non-float argument.
/// Destroy with tcRefVJPLayoutDestroy.
bool tcRefVJPLayoutCreate(MlirOperation func, const TcRefVJPConfig *config, TcRefVJPLayout *layout, char *err,
                          size_t errSize);
void tcRefVJPLayoutDestroy(TcRefVJPLayout *layout);

/// Creates `grads[i]` (zero-filled, layout->numGrads of them) with the
/// dtype and shape of each gradient, and `cotangents[j]` likewise; either
/// array may be NULL.
bool tcRefVJPShapes(MlirOperation func, const TcRefVJPLayout *layout, TcRefTensor *cotangents, TcRefTensor *grads);

/// Draws the VJP's inputs for `seed`: the arguments exactly as
/// tcRefDrawInputs draws them (`inputs[0..numArgs)`), the weights' own
/// values (`inputs[numArgs..)`), and the cotangents from a generator seeded
/// with seed ^ TC_REF_COTANGENT_STREAM, each from its result's
/// `tc.distribution` (res_attrs) or uniform(-1, 1). On failure nothing is
/// left allocated.
#define TC_REF_COTANGENT_STREAM 0x636f74616e67656eull /* "cotangen" */
bool tcRefDrawVJPInputs(MlirOperation func, const TcRefVJPLayout *layout, uint64_t seed, TcRefTensor *inputs,
                        TcRefTensor *cotangents, char *err, size_t errSize);

/// Evaluates f's VJP: `inputs` holds the n arguments then the k weights,
/// `cotangents` the p cotangents; the forward is evaluated as `options` says
/// (NULL: the evaluator's defaults). On success allocates `*grads`
/// (layout->numGrads tensors) and, if `outputs` is not NULL, `*outputs`
/// (f's results, *numOutputs of them); free each tensor, then the array.
/// Fails, with located errors, as tcRefEvaluate does, and for an op whose
/// derivative the reference does not implement (TC_REF_UNSUPPORTED).
MlirLogicalResult tcRefEvaluateVJP(MlirOperation func, const TcRefVJPLayout *layout, const TcRefTensor *inputs,
                                   const TcRefTensor *cotangents, const TcRefOptions *options, TcRefTensor **grads,
                                   TcRefTensor **outputs, intptr_t *numOutputs, TcRefFailure *failure);

/// True if the reference knows the op named `opName` ("tc_tensor.matmul"):
/// a derivative, or a reason it has none. `*differentiable` (may be NULL)
/// says which.
bool tcRefGradKnowsOp(MlirStringRef opName, bool *differentiable);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_REFERENCEGRAD_H
