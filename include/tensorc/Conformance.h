//===- Conformance.h - the conformance gate -----------------------*- C -*-===//
//
// The gate decides whether a compiled artifact still computes what its
// program means (design.md §1, invariant 2). It draws inputs as the
// reference evaluator does (tcRefDrawInputs), evaluates the program with
// lib/Reference, runs the artifact's entry points on the same inputs in a
// child process (so a crashing artifact is a verdict, not a crash of the
// gate), and judges every output element under the numerical contract.
//
// The gate links the evaluator, the contract library, file I/O and the MLIR
// C API; never the compiler's passes, kernels or runtime. Its artifact
// loading (the `__tc_abi` descriptor, element encoding) is written here a
// second time on purpose: a loader bug in lib/Runtime must not hide itself
// by being used to check itself. test/Conformance/independence.test checks
// the link graph.
//
// docs/conformance.md documents the rules (which budget judges an output,
// severities, agreement between variants) and the report format.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_CONFORMANCE_H
#define TENSORC_CONFORMANCE_H

#include "tensorc/Contract.h"
#include "tensorc/Reference.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TC_CONFORMANCE_FORMAT "tensorc-conformance/1"

/// How bad a finding is; a report's severity is its worst finding's.
typedef enum TcConfSeverity {
  TC_CONF_NONE,     ///< within the contract
  TC_CONF_MINOR,    ///< outside the budget by at most 10 times it
  TC_CONF_MAJOR,    ///< further out, a wrong integer, a run-to-run difference
  TC_CONF_CRITICAL, ///< a crash, a wrong signature, a wrong special value
} TcConfSeverity;

/// "none", "minor", "major", "critical". Static storage.
const char *tcConfSeverityName(TcConfSeverity severity);

/// A host-dependent choice a variant was built under ("TC_BLIS_CONFIG", "haswell").
typedef struct TcConfChoice {
  const char *variable, *value;
} TcConfChoice;

/// One way of running the program: an artifact, optionally with a fixed
/// OpenMP thread count (OMP_NUM_THREADS in the child; 0 leaves the
/// environment as it is).
typedef struct TcConfVariant {
  const char *name;
  const char *artifact; ///< path of a shared library (tensor-translate --emit=shared)
  int threads;
  /// Run on the first input set only (the first seed, standard draw), once,
  /// with the outputs poisoned with 0x5A: the variant matrix of `tensorc
  /// compile` (docs/conformance.md §2.4). False: every input set, twice.
  bool firstOnly;
  const char *against;         ///< the variant it must agree with; NULL: the first
  const TcConfChoice *choices; ///< the choices it was built under (for the report)
  int numChoices;
  const char *manifest;        ///< its build's manifest (JSON file), kept in the report; NULL: none
} TcConfVariant;

/// What to check. All pointers are borrowed.
typedef struct TcConfOptions {
  const TcContract *contract;    ///< the contract to judge under
  const uint64_t *seeds;         ///< input draws (tcRefDrawInputsOfKind)
  size_t numSeeds;
  const TcRefDraw *draws;        ///< kinds of draw: every seed standard, the first also each other kind
  size_t numDraws;               ///< listed here (draws NULL: every kind; docs/conformance.md §2)
  const TcRefTensor *inputs;     ///< instead of seeds: one input per argument (one function only)
  size_t numInputs;
  const TcConfVariant *variants; ///< at least one
  size_t numVariants;
  const char *const *functions;  ///< public functions to check; NULL: all
  size_t numFunctions;
  const TcRefOptions *reference; ///< how the reference evaluates; NULL: its defaults (the fast mode)
  double timeoutSeconds;         ///< per run of an entry point; <= 0: none
  double timeBudgetSeconds;      ///< median seconds per call allowed; < 0: not timed
  int timeRepeat;                ///< calls timed when a budget is given
  bool progress;                 ///< a line on stderr per function, input set and variant
} TcConfOptions;

/// Runs the gate on `module` (a parsed tc_tensor program). Returns
/// TC_EXIT_SUCCESS if every output of every checked function conforms on
/// every seed and in every variant, TC_EXIT_CONFORMANCE if any does not (or
/// the artifact cannot be run as the program's implementation),
/// TC_EXIT_DRIFT if the program's stamp does not match its content,
/// TC_EXIT_PERFORMANCE if everything conforms but a timed entry point is over
/// its budget, TC_EXIT_USAGE for bad options (no such function) and
/// TC_EXIT_COMPILE if the evaluator does not support the program.
/// `*report` receives the JSON report (caller frees with json_decref; an
/// opaque pointer so that this header needs no jansson).
int tcConformanceRun(MlirOperation module, const TcConfOptions *options, void **report);

/// Writes the report as the human-readable summary the tools print: with
/// `details` a line per check, then the verdict and the worst finding.
void tcConformancePrintReport(const void *report, bool details, FILE *out);

/// Writes the report as JSON (sorted keys, two-space indentation), atomically.
bool tcConformanceWriteReport(const void *report, const char *path, char *err, size_t errSize);

/// Frees a report.
void tcConformanceReportDestroy(void *report);

/// `tensor-conform compare` (docs/conformance.md §7): outputs already
/// written as files (output_<i>.npy, tensor-ref and tensor-run
/// --output-dir), judged by the gate's judge under the contract. All
/// pointers are borrowed.
typedef struct TcConfCompareOptions {
  const TcContract *contract;
  const char *expectedDir; ///< the reference's outputs
  const char *actualDir;   ///< the outputs judged
  /// Judge every output as a result of this op kind on the arguments
  /// (ops.<kind>.tolerance, docs/conformance.md §2.1); NULL: as function
  /// outputs (outputs.<dtype>).
  const char *opKind;
  bool grads; ///< the outputs are gradients: the contract's grads section judges
  /// With opKind matmul: its two operands (.npy), for a `gamma` tolerance's
  /// magnitude, which the reference evaluates as the gate does; NULL: no
  /// gamma bound.
  const char *operands[2];
  /// The dtype output `dtypeOutputs[k]` holds (bf16 outputs travel as float32).
  const int64_t *dtypeOutputs;
  const TcRefDtype *dtypes;
  size_t numDtypes;
} TcConfCompareOptions;

/// Judges every output of `options->actualDir` against the same-numbered
/// one of `options->expectedDir`, printing a line per output and a summary
/// to `out`. `ctx` has the tensorc dialects registered (the gamma
/// magnitude is evaluated in it). Returns TC_EXIT_SUCCESS if every output
/// passes, TC_EXIT_CONFORMANCE if any fails (outside its budget, another
/// dtype or shape, missing, unreadable, or not among the expected), and
/// TC_EXIT_USAGE with a reason in `err` if the expected side or an option
/// cannot be used (no expected outputs, an unreadable expected file or
/// operand, a dtype override that does not fit).
int tcConformanceCompare(MlirContext ctx, const TcConfCompareOptions *options, FILE *out, char *err, size_t errSize);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_CONFORMANCE_H
