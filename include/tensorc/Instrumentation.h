//===- Instrumentation.h - mlir-opt's pass instrumentation flags --*- C -*-===//
//
// What mlir-opt's everyday flags ask of a pass manager, for tools that run
// passes (tensor-opt runs one pass manager per step, so each step gets the
// same settings): IR printing before/after passes, timing, statistics and
// the verifier. MLIR prints what they produce to stderr, in its own format;
// timing and statistics reports appear when a pass manager is destroyed.
// Also here: the pass listing of --list-passes.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_INSTRUMENTATION_H
#define TENSORC_INSTRUMENTATION_H

#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The instrumentation a tool's command line asked for. Zero: none, and
/// the verifier off.
typedef struct TcInstrumentation {
  bool printBeforeAll;      ///< --mlir-print-ir-before-all
  bool printAfterAll;       ///< --mlir-print-ir-after-all
  bool printAfterChange;    ///< --mlir-print-ir-after-change (implies after)
  bool printAfterFailure;   ///< --mlir-print-ir-after-failure
  bool printGeneric;        ///< the dumps in generic op form
  bool printDebugInfo;      ///< the dumps with locations
  bool timing;              ///< --mlir-timing
  bool statistics;          ///< --mlir-pass-statistics
  bool verifyEach;          ///< MLIR's verifier after every pass
} TcInstrumentation;

/// Applies `inst` to `pm`.
void tcPassManagerInstrument(MlirPassManager pm, const TcInstrumentation *inst);

/// Prints tensorc's passes (argument, anchor, version, description) as
/// --list-passes does, and how upstream passes are named.
void tcPrintPassList(FILE *out);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_INSTRUMENTATION_H
