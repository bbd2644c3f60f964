//===- Driver.h - what compiler drivers share ---------------------*- C -*-===//
//
// The compiler's tools (tensor-opt now; tensor-translate and tensor-bisect
// later) run passes under the IR contract of docs/ir-contract.md. This
// header is their shared part, on top of Tool.h:
//
// - checking an input's tensorc annotations before any pass: a stamp that
//   does not match the program is semantic drift;
// - choosing the numerical contract of a module (its own `tc.contract`, a
//   file given on the command line, or the default);
// - running a pipeline one pass at a time, re-checking the stamp after every
//   pass and appending each pass's manifest record.
//
// Tools that only read programs (the reference evaluator) use Tool.h alone.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_DRIVER_H
#define TENSORC_DRIVER_H

#include "tensorc/Contract.h"
#include "tensorc/Manifest.h"
#include "tensorc/Tool.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Checks the annotations of an input module before any pass runs:
/// `tc.manifest`, if present, must be a list of records (else
/// TC_EXIT_STRUCTURAL); `tc.semantic_hash`, if present, must be a
/// well-formed stamp that matches the program (else TC_EXIT_DRIFT). A module
/// whose IR hash equals the `ir_after` of its last successful manifest
/// record is exactly what an earlier run produced, so its stamp is taken as
/// checked by that run; any other module's stamp is compared with its
/// semantic hash. Errors are emitted at the module's location.
TcExitCode tcCheckInput(MlirOperation module);

/// The annotations no pass may touch: the stamp and the declared contract
/// (null attributes when absent).
typedef struct TcIdentity {
  MlirAttribute stamp;    ///< `tc.semantic_hash`
  MlirAttribute contract; ///< `tc.contract`
} TcIdentity;

/// Reads the module's identity annotations.
TcIdentity tcIdentityGet(MlirOperation module);

/// Checks the module after `step` ran against its identity before (`before`):
/// a stamp it had must still be there, byte for byte; if it had none, only
/// tc-stamp may have added one; `tc.contract` must be exactly as it was.
/// Returns TC_EXIT_DRIFT, with an error at the module naming the pass
/// (`stepText`), otherwise success.
TcExitCode tcCheckStepIdentity(MlirOperation module, const TcIdentity *before, const TcPipelineStep *step,
                               const char *stepText);

/// Everything tcPipelineRun needs. All pointers are borrowed.
typedef struct TcPipelineRun {
  const TcPipelineStep *steps;
  const MlirPassManager *passManagers; ///< one per step, from tcPipelineStepBuild
  size_t numSteps;
  bool verifyEach;            ///< run tc-verify after every pass
  const TcDiagnostics *diags; ///< tells whether a failing pass said why
  const TcContract *contract; ///< recorded in every record (its hash)
  TcManifest *manifest;       ///< receives the timings; may be NULL
  /// Resource content hashes kept across runs in one context (a driver
  /// that runs a pipeline step by step keeps one); NULL: one per run.
  TcIRHashCache *hashCache;
} TcPipelineRun;

/// Runs the steps on `module` one at a time. Around each pass: the IR hash
/// before and after, the stamp check (tcCheckStepIdentity), tc-verify when
/// `verifyEach`, and one record appended to `tc.manifest` whatever the
/// outcome, with the decisions drained from the context's log. Stops at
/// the first failure and returns its class: the pass failed (compile
/// failure; structural for tc-verify), the stamp drifted, or the IR broke
/// tc-verify. The context must have a decision log attached and
/// `run->contract` active.
TcExitCode tcPipelineRun(const TcPipelineRun *run, MlirOperation module);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_DRIVER_H
