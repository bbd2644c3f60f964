//===- ConformanceInternal.h - the gate's own pieces ---------------*- C -*-===//
//
// Shared by the files of lib/Conformance only: the ABI's element encoding,
// the sandboxed run of an entry point, and the judgement of one output.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_CONFORMANCE_INTERNAL_H
#define TENSORC_LIB_CONFORMANCE_INTERNAL_H

#include "tensorc/Conformance.h"

#include <jansson.h>

//===-- ABI element storage (docs/abi.md §2) ----------------------------------===//

/// Bytes per element of `dtype` in an artifact's buffers.
size_t tcConfDtypeSize(TcRefDtype dtype);

/// The dtype called `name` in a descriptor ("f32"); false if none.
bool tcConfDtypeFromName(const char *name, TcRefDtype *out);

/// Writes `t`'s elements into `raw` as the ABI stores them.
void tcConfEncode(const TcRefTensor *t, void *raw);

/// Element `k` of a buffer of `dtype` as the evaluator represents it.
TcRefScalar tcConfDecode(TcRefDtype dtype, const void *raw, int64_t k);

/// Ulps of float `dtype` between two finite values of that dtype.
double tcConfUlpDistance(TcRefDtype dtype, double a, double b);

//===-- Running an entry point in a child process -----------------------------===//

typedef struct ConfBuffer {
  TcRefDtype dtype;
  intptr_t rank;
  int64_t dims[TC_REF_MAX_RANK];
  int64_t numel;
  void *data; ///< inputs: read by the call; outputs: shared with the child
  size_t bytes;
} ConfBuffer;

typedef enum ConfRunStatus {
  CONF_RUN_OK,
  CONF_RUN_NOT_LOADED,  ///< dlopen failed, no or a malformed `__tc_abi`
  CONF_RUN_NO_FUNCTION, ///< no entry point of that name
  CONF_RUN_SIGNATURE,   ///< the entry point's dtypes or shapes differ from the program's
  CONF_RUN_CLOBBERED,   ///< the call wrote into an input
  CONF_RUN_CRASHED,     ///< killed by a signal, or exited
  CONF_RUN_TIMEOUT,
  CONF_RUN_REFUSED,     ///< a dynamic entry point refused a shape the reference accepts
  CONF_RUN_SHAPES,      ///< its shape function gave other output shapes than the reference's
} ConfRunStatus;

typedef struct ConfRun {
  const char *artifact;
  const char *function;
  int threads;
  const ConfBuffer *inputs;
  size_t numInputs;
  ConfBuffer *outputs; ///< allocated by tcConfRunAllocOutputs
  size_t numOutputs;
  unsigned char poison; ///< byte the outputs are filled with before the call
  double timeoutSeconds;
  int timeRepeat;       ///< > 0: also time that many calls
  double medianSeconds; ///< set when timed
  char message[512];    ///< what went wrong
  /// A dynamic entry point (docs/dynamic-shapes.md §3): the program's
  /// argument and result types (-1 for a `?`), which the descriptor must
  /// state; NULL for a static one. The child fills `dims` from the buffers'
  /// shapes, calls the shape function, then the entry point (unless the
  /// shape function already refused a shape the reference accepts).
  const ConfBuffer *declaredInputs, *declaredOutputs;
  bool expectAccept;     ///< the reference accepts the inputs' shapes
  int32_t shapesCode;    ///< set by a dynamic run: the shape function's code
  int32_t callCode;      ///< and the entry point's (-1: not called)
  int64_t *shapesDims;   ///< caller's array of confRunNumDims entries: dims after the shape function
  int64_t *callDims;     ///< and after the call
} ConfRun;


/// Maps shared memory for every output of `run` (dtype and dims already set).
bool tcConfRunAllocOutputs(ConfRun *run);

/// Unmaps the outputs.
void tcConfRunFreeOutputs(ConfRun *run);

/// Runs the entry point once (plus timed calls) in a child process.
ConfRunStatus tcConfRunEntryPoint(ConfRun *run);

/// One phrase per status ("crashed"). Static storage.
const char *tcConfRunStatusName(ConfRunStatus status);

//===-- Judging one output ----------------------------------------------------===//

/// The magnitude a `gamma` tolerance scales with (Magnitude.c).
typedef struct ConfMagnitude {
  TcRefTensor m;  ///< the op on absolute values, shaped like its result
  int64_t length; ///< n of γ_n
  double gammaN;  ///< γ_n; NAN: n·u >= 1, no bound
} ConfMagnitude;

/// True for the op kinds whose results have a magnitude (matmul, gemm, conv2d).
bool tcConfMagnitudeApplies(MlirOperation op);

/// Evaluates, with the reference evaluator, the magnitude of output
/// `output` of `func`, the result of a matmul or gemm on the arguments and
/// constants, for `inputs`, as `reference` says (NULL: the evaluator's
/// defaults; the magnitude may then carry a bound, which the judge adds).
/// False if the evaluation fails. The caller frees `out->m`.
bool tcConfMagnitude(MlirOperation func, intptr_t output, const TcRefTensor *inputs, intptr_t numInputs,
                     const TcRefOptions *reference, ConfMagnitude *out);

typedef struct ConfBudget {
  TcTolerance tolerance; ///< ulp < 0: none; gamma 0: none
  const char *clause;    ///< the contract member that decided, or "exact"
  const char *rule;      ///< why this budget: "op tc_tensor.add", "function output", ...
  const ConfMagnitude *magnitude; ///< for tolerance.gamma > 0; NULL: no gamma bound
  /// The composed budget (docs/conformance.md §2.2), one bound per element:
  /// an element is judged within it (exactly where it is 0), and by
  /// `tolerance` only where it is INFINITY. NULL: `tolerance` judges.
  const double *composed;
  /// The wide draw (docs/conformance.md §2.2, "The wide draw"): where the
  /// composed bound is finite it alone judges, and `tolerance` only where
  /// it is INFINITY.
  bool composedAlone;
} ConfBudget;


/// Judges `actual` (a run's output buffer) against the reference's
/// `expected` under `budget`; returns a JSON object (check record) with
/// `severity`, `failing`, `elements` and the `worst` element, and sets
/// `*severity` and `*ratio` (how far out the worst element is).
json_t *tcConfJudgeOutput(const TcRefTensor *expected, const ConfBuffer *actual, const ConfBudget *budget,
                          TcConfSeverity *severity, double *ratio);

/// Number of elements that differ bitwise (NaN payloads aside) between two
/// buffers of the same dtype and size; the first differing index in *first.
int64_t tcConfBitwiseDifferences(const ConfBuffer *a, const ConfBuffer *b, int64_t *first);

/// Prints an output check (tcConfJudgeOutput's object, with "output" set) as
/// the report's line for it, without the location and the newline
/// (Report.c; tcConformanceCompare prints its lines through it too).
void tcConfPrintOutputCheck(json_t *check, FILE *out);

/// A value as report text: "1.5", "-inf", "nan", "42", "true".
void tcConfFormatScalar(TcRefDtype dtype, TcRefScalar v, char *buf, size_t size);

//===-- The gate's state (Gate.c) and the runs of one input set (Runs.c) ------===//

/// One concrete shape of a function with dynamic dimensions (Dynamic.c):
/// the program's types and the sizes this draw gives each input.
typedef struct ConfShapes {
  const ConfBuffer *declaredInputs;  ///< the arguments' types, -1 for a `?`
  const ConfBuffer *declaredOutputs; ///< the results' types
  intptr_t numInputs, numOutputs;
  const int64_t *const *inputShapes; ///< this draw's shape of each input
  json_t *sizes;                     ///< {"in0.d0": 13, ...}: what the report names the draw by
} ConfShapes;

/// The findings so far.
typedef struct ConfGate {
  const TcConfOptions *o;
  json_t *checks;
  json_t *worst;           ///< the worst finding (borrowed from checks)
  TcConfSeverity severity; ///< of `worst`
  double ratio;
  bool slow;               ///< a timed entry point was over budget
  json_t *timings;         ///< tcConfTimed's entries
  double start;            ///< tcConfNow() when the gate began
  json_t *sizes;           ///< the current draw's sizes (borrowed), added to each check; NULL: static
} ConfGate;

enum { CONF_GIVEN_INPUTS = -1 }; ///< the "seed" of a check on the caller's inputs

/// One function on one input set, with the reference's outputs.
typedef struct ConfCase {
  ConfGate *g;
  MlirOperation func;
  const char *name;
  int64_t seed; ///< CONF_GIVEN_INPUTS for the caller's inputs
  TcRefDraw draw;
  TcRefTensor *expected;
  intptr_t numOutputs;
  ConfBuffer *inputs;
  intptr_t numInputs;
  ConfMagnitude **magnitudes; ///< per output: for a `gamma` budget, else NULL
  double **composed;          ///< per output: the composed budget (tcRefEvaluateComposed)
  const ConfShapes *shapes;   ///< a dynamic function's draw; NULL: static
} ConfCase;

/// Records a finding; keeps the worst (most severe, then furthest out).
void tcConfAddCheck(ConfGate *g, json_t *check, TcConfSeverity severity, double ratio);

/// A check's location: function, seed, draw, variant.
json_t *tcConfWhere(const char *fn, int64_t seed, TcRefDraw draw, const TcConfVariant *v);

/// The budget of output `output` of `func` (docs/conformance.md §2.1); the
/// rule's text goes to `rule`.
ConfBudget tcConfBudgetOf(const TcContract *c, MlirOperation func, intptr_t output, TcRefDtype dtype, char *rule,
                          size_t ruleSize);

/// True if the contract lets some op of `func` use `permission`.
bool tcConfAnyAllows(const TcContract *c, MlirOperation func, TcContractPermission permission);

/// Sets the dtype and shape of each output buffer from the reference's outputs.
void tcConfShapeOutputs(const TcRefTensor *outputs, intptr_t n, ConfBuffer *buffers);

/// Runs every variant on the case's inputs: judges each output, checks
/// run-to-run and variant agreement (Runs.c).
void tcConfRunCase(ConfCase *c);

/// Checks one function on one input set: drawn with `seed` and `draw` (at
/// `shapes`' sizes for a dynamic function, else NULL), or the caller's
/// inputs (seed CONF_GIVEN_INPUTS). Returns an exit code for failures that
/// stop the gate before any verdict (Gate.c).
int tcConfCheckSeed(ConfGate *g, MlirOperation func, const char *name, int64_t seed, TcRefDraw draw,
                    const ConfShapes *shapes, json_t *errors);

/// Every input set of one function at one shape: each seed in the standard
/// draw, the first also in every other kind that applies (Gate.c).
int tcConfCheckInputSets(ConfGate *g, MlirOperation func, const char *name, const ConfShapes *shapes, json_t *errors);

//===-- Dynamic dimensions (Dynamic.c, docs/conformance.md §2.5) -----------===//

/// The element budget of a dynamic function's largest draw: the inputs of
/// the largest tied size hold at most this many elements together.
enum { CONF_DYNAMIC_ELEMENTS = 1 << 20 };

/// True if an argument or result type of `func` has a `?`.
bool tcConfFunctionIsDynamic(MlirOperation func);

/// Checks a dynamic function on every drawn size and on the shapes that
/// break its constraints; `dynamic` receives its entry of the report's
/// `dynamic` member. Returns an exit code as tcConfCheckSeed does.
int tcConfCheckDynamic(ConfGate *g, MlirOperation func, const char *name, json_t *dynamic, json_t *errors);

/// The run-time constraint a diagnostic of the reference names ("equal-dims"
/// of "shape constraint 'equal-dims' violated: ..."), into `kind`; false
/// for any other diagnostic.
bool tcConfConstraintOf(const char *message, char *kind, size_t size);

/// Checks every variant on a shape the reference rejects with `constraint`:
/// the shape function and the entry point must return its code and leave
/// every output as it was given.
void tcConfCheckRejected(ConfGate *g, MlirOperation func, const char *name, int64_t seed, TcRefDraw draw,
                         const ConfShapes *shapes, const ConfBuffer *inputs, const char *constraint);

//===-- Timings and progress (Timing.c) ----------------------------------------===//

/// CLOCK_MONOTONIC seconds.
double tcConfNow(void);

/// Records that `stage` ("draw", "reference", "run", "judge") of an input
/// set took `seconds` (for `variant`, or NULL).
void tcConfTimed(ConfGate *g, const char *fn, int64_t seed, TcRefDraw draw, const char *stage, const char *variant,
                 double seconds);

/// A progress line on stderr, if the options ask for them.
void tcConfProgress(ConfGate *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/// The report's `timings` member.
json_t *tcConfTimingsJson(const ConfGate *g);

#endif // TENSORC_LIB_CONFORMANCE_INTERNAL_H
