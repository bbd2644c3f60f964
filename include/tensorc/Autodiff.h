//===- Autodiff.h - reverse-mode differentiation of tc_tensor programs -*- C -*-===//
//
// tc-grad builds, next to a tc_tensor function f(x_1..x_n) -> (y_1..y_m),
// its vector-Jacobian product as another tc_tensor function of the same
// module,
//
//   f_vjp(x_1..x_n, [w_1..w_k,] dy_1..dy_p) -> (dx_i for i in wrt, [dw_1..dw_k])
//
// (dy_j: one cotangent per float result of f; w: the weights, f's float
// constants of rank >= 1, when `wrt-constants` turns them into arguments),
// so the VJP is verified, lowered, fused and gated like any program.
// docs/autodiff.md gives every rule, the conventions at non-differentiable
// points (PyTorch's), and how f_vjp's identity derives from f's stamp.
//
// The rules are written once, here; the reference evaluator has its own,
// written from the same math independently (include/tensorc/ReferenceGrad.h).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_AUTODIFF_H
#define TENSORC_AUTODIFF_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The version of the derivation rules: part of every VJP's identity and of
/// tc-grad's manifest records. Bumped whenever a rule's output changes.
#define TC_GRAD_RULES_VERSION 1

/// The suffix of a VJP function's name: `f` gets `f_vjp`.
#define TC_GRAD_SUFFIX "_vjp"

/// Creates tc-grad with its default options: every public function that is
/// not itself a VJP, every float argument, constants kept as constants.
/// Caller owns the pass.
MlirPass tcCreateGradPass(void);

/// Creates tc-grad from pipeline option text (`fn=f,g wrt=0,2
/// wrt-constants=true`, separated by spaces). Returns a null pass with a
/// message in `err` for an unknown or malformed option.
MlirPass tcCreateGradPassWithOptions(const char *options, char *err, size_t errSize);

/// True if tc-grad knows what to do with the op named `opName`
/// ("tc_tensor.matmul"): a VJP rule, or a documented reason why it has none
/// (a non-differentiable op); `*differentiable` (may be NULL) says which.
/// Every tc_tensor op must be known.
bool tcGradKnowsOp(MlirStringRef opName, bool *differentiable);

/// Creates the test-only pass tc-test-grad-fault{kind=K}: breaks one
/// backward rule in the VJP functions tc-grad built (docs/autodiff.md lists
/// the kinds), recording a `test-fault` manifest decision at every spot it
/// changes; fails if it finds none. Caller owns the pass.
MlirPass tcCreateTestGradFaultPassWithOptions(const char *options, char *err, size_t errSize);

/// tc-test-grad-fault without options: a usage error at run time (a kind is
/// required); exists so the registry's every entry can be created.
MlirPass tcCreateTestGradFaultPass(void);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_AUTODIFF_H
