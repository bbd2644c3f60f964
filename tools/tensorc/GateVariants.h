//===- GateVariants.h - tensorc compile's variant matrix ----------*- C -*-===//
//
// What CompileCommand.c asks of GateVariants.c: build the variants of the
// compiled program for the gate (docs/conformance.md §2.4).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TOOLS_TENSORC_GATE_VARIANTS_H
#define TENSORC_TOOLS_TENSORC_GATE_VARIANTS_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

/// --variants: which matrix to build.
typedef enum TcCompileMatrix {
  TC_COMPILE_MATRIX_AUTO,    ///< by the program's weight (tcVariantMatrixFor)
  TC_COMPILE_MATRIX_FULL,
  TC_COMPILE_MATRIX_REDUCED,
} TcCompileMatrix;

/// "auto", "full", "reduced" to `*out`; false for anything else.
bool tcCompileParseMatrix(const char *text, TcCompileMatrix *out);

/// The matrix to build: `requested`, or for auto the one the program's
/// weight calls for (tcVariantMatrixFor; `module` is the tc_tensor program).
TcCompileMatrix tcCompileResolveMatrix(TcCompileMatrix requested, MlirOperation module);

/// The stress draws the gate runs besides the standard ones: all of them
/// (count 0: tensor-conform's default) for a program of the full matrix;
/// for a heavy one, whose every input set costs seconds, `wide`, `rows`
/// (which has all-negative and all-positive rows besides mixed ones) and
/// `special` (docs/conformance.md §2.4). Static.
const char *const *tcCompileDrawsFor(TcCompileMatrix matrix, int *count);

typedef struct TcCompileVariants {
  TcCompileMatrix matrix;     ///< full or reduced (resolved)
  const char *workDir;        ///< holds program.mlir; the variants are built there
  const char *defaultLibrary; ///< the artifact being gated
  const char *contractFile;   ///< NULL: the program's or the default contract
  const char *pipeline;       ///< NULL: the CPU pipeline; else the artifact's (TcVariantBuildOptions.pipeline)
  const char *const *faults;  ///< --tc-test-fault kinds
  int numFaults;
  double deadline;            ///< CLOCK_MONOTONIC seconds; <= 0: none
  void (*progress)(void *data, const char *line);
  void *progressData;
  char failure[1024];         ///< set when a variant did not build: which, and its log's last line
  bool killed;                ///< a build ran past the deadline
} TcCompileVariants;

/// Builds the variants and writes the file tensor-conform --variants reads
/// to `gateFile`. Returns 0 if every variant built, else the number that did
/// not (c->failure says which; c->killed if past the deadline), -1 if the
/// tools cannot be found or the file written.
int tcCompileVariants(TcCompileVariants *c, char *gateFile, size_t size);

/// Removes every file tcCompileVariants may have left in `workDir`.
void tcCompileVariantsRemove(const char *workDir);

enum { TC_COMPILE_MAX_WORK_FILES = 72 };

/// The names of the files tcCompileVariants may leave in its work directory
/// (static strings), at most `max`; returns how many.
int tcCompileVariantsWorkFiles(const char **names, int max);

#endif // TENSORC_TOOLS_TENSORC_GATE_VARIANTS_H
