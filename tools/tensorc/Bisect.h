//===- Bisect.h - what the files of tensorc bisect share ---------*- C -*-===//
//
// `tensorc bisect` (docs/bisect.md) is one command in four files:
// BisectDecision.c bisects the decisions of the pass that pass bisection
// names; BisectCommand.c holds the steps in order (reproduce, pass bisection, op
// bisection, reproducer, report) and the command line; BisectProbe.c builds
// and gates one candidate build in child processes (tensor-opt,
// tensor-translate, tensor-conform beside tensorc); BisectProgram.c cuts
// sub-programs out of the program with the MLIR C API.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TOOLS_TENSORC_BISECT_H
#define TENSORC_TOOLS_TENSORC_BISECT_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

enum { kBisectMaxList = 32, kBisectMaxChoices = 8 };

/// tensorc bisect's own exit codes (docs/exit-codes.md): besides these it
/// exits with the class of a failure it does not bisect.
enum {
  kBisectFound = 0,         ///< bisected: the report names the pass and/or op
  kBisectNotReproduced = 8, ///< the compilation conforms: nothing to bisect
  kBisectFlaky = 9,         ///< two runs of the compilation disagree: not bisected
  kBisectIncomplete = 10,   ///< --budget ran out, or nothing could be isolated: a partial report
};

/// The variant of the gate whose finding is bisected: the environment its
/// build had and the threads it ran on (from the conformance report).
typedef struct BisectVariant {
  char name[256];
  char variables[kBisectMaxChoices][64], values[kBisectMaxChoices][64];
  int numChoices, threads;
} BisectVariant;

/// One bisection: the options it was given and where it works.
typedef struct Bisect {
  const char *model, *outDir, *contractFile;
  const char *variants, *threads; ///< passed on to tensorc compile (NULL: its defaults)
  const char *seeds[kBisectMaxList], *faults[kBisectMaxList];
  int numSeeds, numFaults;
  double budget, start, deadline; ///< --budget seconds (0: none); monotonic times
  char work[4096], tools[4096];   ///< the work directory; the directory tensorc is in
  char contractPath[4200];        ///< --contract as an absolute path ("" if none)
  BisectVariant variant;
  int probes;                     ///< probe builds so far
} Bisect;

/// Seconds since the bisection started.
double bisectElapsed(const Bisect *b);

/// Whether --budget has run out.
bool bisectExpired(const Bisect *b);

/// One progress line on stderr: `tensorc bisect: [  1.2s] ...`.
__attribute__((format(printf, 2, 3))) void bisectProgress(const Bisect *b, const char *fmt, ...);

//===-- BisectProbe.c -----------------------------------------------------===//

/// Runs `argv` (argv[0] a path) in `cwd` to completion, its stdout and
/// stderr appended to `log`, with `variant`'s choices (may be NULL) set in
/// its environment; its exit code, 128 + signal if killed, 127 if it did
/// not start.
int bisectRun(const Bisect *b, char *const *argv, const char *cwd, const char *log, const BisectVariant *variant);

/// A candidate build: `prefix` (pipeline text, with the switch faults on)
/// then `suffix` (without any fault; NULL or "" for none), emitted and
/// judged by tensor-conform against `program`. All paths are relative to
/// the work directory. `inputs` (NULL-terminated, may be NULL) gate on
/// those .npy files instead of --seed draws.
typedef struct BisectProbe {
  const char *program, *prefix, *suffix;
  const char *const *inputs;
  const char *name; ///< file stem in the work directory
  bool faulted;     ///< whether the prefix holds the failing compilation's fault passes (said by `prefix` itself)
  const char *refuse; ///< decisions refused (tensor-opt --tc-refuse, ';'-separated); NULL: none
} BisectProbe;

/// Builds and gates one probe; returns the class of docs/exit-codes.md:
/// 0 conforms, 5 does not, 3 a build step failed. The prefix run's manifest
/// is `<name>.prefix.json`, the gate's report `<name>.report.json`, every
/// tool's output `<name>.log`, in the work directory. If `script` is not
/// NULL, the exact commands are written there as a shell script.
int bisectProbe(Bisect *b, const BisectProbe *p, const char *script);

/// Writes `program` stamped (tensor-opt --tc-stamp) as `stamped`, both in
/// the work directory; the tool's exit code.
int bisectStamp(const Bisect *b, const char *program, const char *stamped);

//===-- BisectDecision.c --------------------------------------------------===//

struct BisectReport;

/// Decision bisection (docs/bisect.md §1 step 3): the refusable decisions
/// of the pass at 0-based `pass` of the `numSteps`-step faulted pipeline,
/// then those of the passes before it, as the faulted build's manifest
/// `manifest` (in the work directory) records them; refuses prefixes of
/// that list until the build conforms, then the one decision alone. Fills
/// r->decision or r->decisionNote.
void bisectDecisions(Bisect *b, struct BisectReport *r, const char *manifest, size_t numSteps, size_t pass);

//===-- BisectProgram.c ---------------------------------------------------===//

/// The public function's entry block of `module`, or a null block.
MlirBlock bisectEntryBlock(MlirOperation module);

/// The number of ops in `block` before its terminator.
int bisectNumOps(MlirBlock block);

/// The number of ops in `block` that are neither constants nor its terminator.
int bisectNumComputeOps(MlirBlock block);

/// The `index`-th op of `block`.
MlirOperation bisectOpAt(MlirBlock block, int index);

/// The position of `op` in its block.
int bisectOpIndex(MlirOperation op);

/// A copy of `module` whose public function returns the results of its
/// `index`-th op (then the function's outputs computed before it), the ops
/// after it removed, its stamps and manifest
/// dropped (the probe stamps it again). Owned by the caller.
MlirOperation bisectCutAt(MlirOperation module, int index);

/// Where an operand of the single-op program comes from: an argument of
/// the original function, or a result of one of its ops.
typedef struct BisectSource {
  int argument;      ///< >= 0: this argument of the original function
  int op, result;    ///< otherwise: result `result` of the op at `op`
} BisectSource;

/// A program holding only the `index`-th op of `module` (and the constants
/// it reads): its other operands become arguments, whose sources are
/// written to `sources` (`*numSources` of them, at most `max`). Owned by
/// the caller; null if the op has more operands than `max`.
MlirOperation bisectSingleOp(MlirOperation module, int index, BisectSource *sources, int max, int *numSources);

/// Writes `op` to `path` in generic form; false if it cannot.
bool bisectWriteModule(MlirOperation op, const char *path);

/// The op's name and location ("tc_tensor.gemm at program.mlir:10:10").
void bisectDescribeOp(MlirOperation op, char *buf, size_t size);

#endif // TENSORC_TOOLS_TENSORC_BISECT_H
