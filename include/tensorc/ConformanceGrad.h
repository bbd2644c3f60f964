//===- ConformanceGrad.h - the conformance gate for gradients ------*- C -*-===//
//
// "Forward matches, so the compile is correct" is wrong: the backward is a
// different program. The gradient gate runs a compiled artifact's VJP entry
// points (`f_vjp`, built by tc-grad, docs/autodiff.md) and the reference
// evaluator's own VJP (include/tensorc/ReferenceGrad.h) on the same inputs
// and cotangents, and judges every gradient element under the contract's
// `grads` budgets (docs/contract.md §1.2). The expected VJP is derived from
// the forward program alone: the gate never reads the compiler's VJP IR.
//
// Like the forward gate it links the evaluator, the contract library and
// the MLIR C API, nothing of the compiler (test/Conformance/independence.test).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_CONFORMANCEGRAD_H
#define TENSORC_CONFORMANCEGRAD_H

#include "tensorc/Conformance.h"
#include "tensorc/ReferenceGrad.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Runs the gradient gate on `module` for every function and seed of
/// `options` (given inputs are not accepted: the VJP's inputs and
/// cotangents are drawn, tcRefDrawVJPInputs), with `vjp` the configuration
/// the artifact's VJPs were built with (tc-grad's options). Appends its
/// checks and errors to `report` (from tcConformanceRun on the same module,
/// borrowed) and updates its verdict: the returned code is the worse of
/// `forwardCode` and the gradients' (TC_EXIT_CONFORMANCE for a gradient
/// outside its budget, a VJP entry point missing or of another signature,
/// TC_EXIT_COMPILE if the reference cannot differentiate the program,
/// TC_EXIT_USAGE for a configuration the program does not fit).
int tcConformanceRunGrad(MlirOperation module, const TcConfOptions *options, const TcRefVJPConfig *vjp, void *report,
                         int forwardCode);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_CONFORMANCEGRAD_H
