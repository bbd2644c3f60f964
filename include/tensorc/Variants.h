//===- Variants.h - the builds of one program the gate compares ----*- C -*-===//
//
// A variant is the same program built under other host-dependent choices
// (docs/environment.md): another BLIS sub-configuration, the loop path
// instead of BLIS, another vector width or vector-math set, every parallel
// nest threaded. The gate runs every variant on the same inputs and
// requires them to agree with the default build (docs/conformance.md
// §2.4). This header plans them (lib/Host/Variants.c: which alternatives
// this CPU can run, combined into as few builds as cover each once) and
// builds them (lib/Tool/VariantBuild.c: each in a child process with its own
// environment, never by changing the environment of a process that
// compiles).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_VARIANTS_H
#define TENSORC_VARIANTS_H

#include "tensorc/HostTarget.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { TC_VARIANT_MAX_CHOICES = 5, TC_VARIANT_MAX = 16 };

/// One forced choice: an environment variable of Environment.def and its value.
typedef struct TcVariantChoice {
  const char *variable; ///< static
  char value[32];
} TcVariantChoice;

/// One build of the program under forced choices.
typedef struct TcVariant {
  char name[160]; ///< the choices, e.g. "blis-haswell+vec128+vmath-none+par0"
  TcVariantChoice choices[TC_VARIANT_MAX_CHOICES];
  int numChoices;
  bool threaded;     ///< every parallel nest threaded: also run on N threads
  bool threadedOnly; ///< run on N threads only (the reduced matrix's loop path)
} TcVariant;

/// How many alternatives a plan covers.
typedef enum TcVariantMatrix {
  TC_VARIANT_MATRIX_FULL,    ///< every alternative of every choice in some build
  TC_VARIANT_MATRIX_REDUCED, ///< every kind of choice, one or two alternatives each, in two builds, both threaded
} TcVariantMatrix;

typedef struct TcVariantPlan {
  TcVariantMatrix matrix;
  TcVariant variants[TC_VARIANT_MAX];
  int numVariants;
  /// The alternatives a reduced matrix leaves out, as "TC_BLIS_CONFIG=zen"
  /// separated by ", " (empty for the full matrix).
  char omitted[512];
} TcVariantPlan;

/// Plans the variants of a build for `base` (the resolved default target):
/// the alternatives of each choice that base's CPU can run (vector widths
/// up to its ISA's, vector-math sets it has, the BLIS configurations whose
/// kernels it can execute, the loop path, every parallel nest threaded),
/// combined so that every alternative is forced in one build (`full`) or
/// every kind of choice in at least one (`reduced`). Deterministic.
void tcVariantPlanCreate(const TcHostTarget *base, TcVariantMatrix matrix, TcVariantPlan *plan);

/// "full" or "reduced". Static string.
const char *tcVariantMatrixName(TcVariantMatrix matrix);

/// What every build runs: the compiler's tools and their arguments.
typedef struct TcVariantBuildOptions {
  const char *toolsDir;        ///< where tensor-opt and tensor-translate are
  const char *program;         ///< the stamped program (MLIR text)
  const char *contractFile;    ///< NULL: the program's or the default contract
  /// NULL: tensor-opt --tc-cpu-pipeline; else --pass-pipeline=<this>, the
  /// default build's own pipeline when it is not the plain CPU pipeline
  /// (tensorc compile --grad: tc-grad first), which then holds the fault
  /// passes itself: `faults` holds only the switch kinds.
  const char *pipeline;
  const char *const *faults;   ///< --tc-test-fault kinds, as the default build's
  int numFaults;
  const char *workDir;         ///< variant i goes to workDir/variant<i>.{so,manifest.json}
  int jobs;                    ///< builds at once (>= 1)
  double deadline;             ///< CLOCK_MONOTONIC seconds after which builds are killed; <= 0: none
} TcVariantBuildOptions;

/// Why a build did not produce its library.
typedef enum TcVariantBuildStatus {
  TC_VARIANT_BUILT,
  TC_VARIANT_FAILED,   ///< a tool exited with an error (its exit code is kept)
  TC_VARIANT_KILLED,   ///< past the deadline
} TcVariantBuildStatus;

typedef struct TcVariantBuild {
  TcVariantBuildStatus status;
  int exitCode;          ///< of the tool that failed
  char library[4200];    ///< the shared library
  char manifest[4200];   ///< its manifest (tensor-translate's .manifest.json)
} TcVariantBuild;

/// Builds every variant of `plan` (tensor-opt --tc-cpu-pipeline or the
/// given pipeline, then
/// tensor-translate --emit=shared, each variant in its own child process
/// whose environment is this process's plus the variant's choices), `jobs`
/// at a time, into `builds` (one per variant), working in `workDir` (where
/// `program` is, as a relative path, so that no manifest names a
/// directory). Returns the number built.
int tcVariantBuildAll(const TcVariantPlan *plan, const TcVariantBuildOptions *options, TcVariantBuild *builds);

/// The matrix a program gets by default: full, unless one call of it does
/// more than 2^27 multiply-adds (matmul, gemm, conv2d) or it holds more
/// than 2^20 constant elements, where every variant costs a build and a
/// run of seconds: reduced (docs/conformance.md §2.4). Deterministic.
TcVariantMatrix tcVariantMatrixFor(MlirOperation module);

/// Builds the plan's variants (tcVariantBuildAll, into `builds`) and writes
/// `gateFile`, the tensorc-variants/1 document tensor-conform --variants
/// reads: the default build `defaultLibrary` on `threads` threads if that
/// is more than 1, then each built variant with its library, manifest,
/// choices and thread counts (1, and `threads` too for the one with every
/// parallel nest threaded), and the matrix with what it left out. Returns
/// the number built; -1 if `gateFile` cannot be written.
int tcVariantsBuildForGate(const TcVariantPlan *plan, const TcVariantBuildOptions *options,
                           const char *defaultLibrary, int threads, const char *gateFile, TcVariantBuild *builds);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_VARIANTS_H
