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

/// Who vouches for a module's stamp (docs/ir-contract.md §3).
typedef enum TcCustody {
  TC_CUSTODY_NONE,     ///< the module has no stamp
  TC_CUSTODY_PRODUCER, ///< it came stamped, and the stamp is its recomputed canonical hash
  TC_CUSTODY_DRIVER,   ///< it came unstamped, and this run's tc-stamp stamped it
  TC_CUSTODY_RECORDS,  ///< it came stamped but lowered (no tc_tensor op is left), so the stamp
                       ///< cannot be recomputed: its last manifest record vouches for it
} TcCustody;

/// "producer", "driver", "records", or NULL for TC_CUSTODY_NONE. Static.
const char *tcCustodyGetName(TcCustody custody);

/// Checks the annotations of an input module before any pass runs:
/// `tc.manifest`, if present, must be a list of records (else
/// TC_EXIT_STRUCTURAL); `tc.semantic_hash`, if present, must be a
/// well-formed stamp that matches the program (else TC_EXIT_DRIFT); a
/// declared `tc.contract` must be the one the stamp bound
/// (`tc.contract_stamp`), present exactly when it is (else TC_EXIT_DRIFT).
/// The stamp is always compared with the recomputed semantic hash; only a
/// module with no tc_tensor op left (lowered IR, which no longer hashes to
/// the program it came from) may instead be vouched for by its manifest:
/// its IR hash must be the `ir_after` of its last successful record.
/// Records never excuse a mismatch at the tc_tensor level. Sets *custody
/// (may be NULL). Errors are emitted at the module's location.
TcExitCode tcCheckInput(MlirOperation module, TcCustody *custody);

/// The annotations no pass may touch: the stamp, the declared contract and
/// the contract's stamp (null attributes when absent).
typedef struct TcIdentity {
  MlirAttribute stamp;         ///< `tc.semantic_hash`
  MlirAttribute contract;      ///< `tc.contract`
  MlirAttribute contractStamp; ///< `tc.contract_stamp`
} TcIdentity;

/// Reads the module's identity annotations.
TcIdentity tcIdentityGet(MlirOperation module);

/// Checks the module after `step` ran against its identity before (`before`):
/// a stamp it had must still be there, byte for byte; if it had none, only
/// tc-stamp may have added one; the same holds for `tc.contract_stamp`;
/// `tc.contract` must be exactly as it was.
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
