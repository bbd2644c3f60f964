//===- Tool.h - what tensorc's command-line tools share ----------*- C -*-===//
//
// Reading a source file (or stdin) and splitting it at `// -----` lines;
// collecting MLIR diagnostics to print them as `file:line:col: error: ...`
// with the source line, or to check them against `expected-*` comments
// (-verify-diagnostics); and parsing a --pass-pipeline that mixes tensorc
// passes with upstream ones into single-pass steps.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TOOL_H
#define TENSORC_TOOL_H

#include "tensorc/Diagnostics.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

//===-- Time --------------------------------------------------------------------===//

/// Seconds on the monotonic clock (CLOCK_MONOTONIC): for durations, budgets
/// and progress lines, never for dates.
double tcMonotonicSeconds(void);

//===-- Command lines ----------------------------------------------------------===//

/// Matches argv[*i] against flag `name` spelt `-name` or `--name`; with
/// `value` non-NULL the flag takes a value, given as `--name=value` or as the
/// next argument (then *i advances past it).
bool tcMatchFlag(int argc, char **argv, int *i, const char *name, const char **value);

/// Prints "<tool>: <message>" and the usage-error class line to stderr and
/// returns TC_EXIT_USAGE.
int tcUsageError(const char *tool, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/// A new context with every upstream dialect registered (not loaded), the
/// start of every tool. The caller destroys it.
MlirContext tcToolContextCreate(void);

//===-- Source files ---------------------------------------------------------===//

/// A whole input file in memory. `name` is what locations and diagnostics
/// call it ("<stdin>" for standard input).
typedef struct TcSourceFile {
  char *name;
  char *text;
  size_t length;
} TcSourceFile;

/// Reads `path` ("-" = standard input) into `file`. On failure returns false
/// with `file` zeroed and a message in `err` (at most `errSize` bytes).
bool tcSourceFileRead(TcSourceFile *file, const char *path, char *err, size_t errSize);

/// Frees what tcSourceFileRead allocated; `file` may be zeroed.
void tcSourceFileDestroy(TcSourceFile *file);

/// True if the text holds nothing but whitespace and `//` comments.
bool tcSourceIsBlank(const char *text, size_t length);

/// One part of a file split at `// -----` lines. `text` is owned: the part's
/// lines preceded by as many newlines as there are lines before the part, so
/// that line numbers in diagnostics are those of the whole file.
typedef struct TcSourceChunk {
  char *text;
  size_t length;
  unsigned firstLine; ///< 1-based line number of the part's first line
} TcSourceChunk;

/// Splits `file` into chunks (`split` false: one chunk, the whole file).
/// Returns a malloc'd array of `*count` chunks; free with tcSourceChunksDestroy.
TcSourceChunk *tcSourceSplit(const TcSourceFile *file, bool split, size_t *count);
/// As tcSourceSplit, at lines holding `marker` (then optionally more dashes)
/// and nothing else but spaces, as `--split-input-file=<marker>` asks; NULL
/// does not split.
TcSourceChunk *tcSourceSplitAt(const TcSourceFile *file, const char *marker, size_t *count);
void tcSourceChunksDestroy(TcSourceChunk *chunks, size_t count);

//===-- Diagnostics ------------------------------------------------------------===//

/// One diagnostic as text, with its location decoded. Notes attached to a
/// diagnostic follow it as records of their own with `isAttachedNote` set.
typedef struct TcDiagRecord {
  MlirDiagnosticSeverity severity;
  char *file;         ///< NULL when the location has no file (unknown loc)
  unsigned line, col; ///< 0 when unknown
  char *message;
  bool isAttachedNote;
} TcDiagRecord;

/// Collects every diagnostic emitted on a context while attached. In print
/// mode each is printed to `out` at once (with the source line and a caret
/// when the file is `source`); in capture mode they are kept for
/// tcDiagnosticsVerify.
typedef struct TcDiagnostics {
  MlirContext ctx;
  MlirDiagnosticHandlerID handler;
  bool capture;
  FILE *out;
  const TcSourceFile *source;
  TcDiagRecord *records;
  size_t count, capacity;
  size_t numErrors;
  bool onlyExpected; ///< tcDiagnosticsVerify ignores unexpected diagnostics
} TcDiagnostics;

/// Attaches a collector to `ctx`. `source` may be NULL.
void tcDiagnosticsAttach(TcDiagnostics *diags, MlirContext ctx, bool capture, FILE *out,
                         const TcSourceFile *source);
/// Detaches the collector and frees its records.
void tcDiagnosticsDetach(TcDiagnostics *diags);
/// Forgets the records collected so far (and resets numErrors).
void tcDiagnosticsClear(TcDiagnostics *diags);

/// Checks the captured diagnostics against the `expected-*` comments in
/// `chunk` (of file `fileName`): every expectation must be matched by a
/// diagnostic of its severity on its line whose message contains its text
/// (or matches it, for `-re`), and every diagnostic must be expected (unless
/// `diags->onlyExpected`, `--verify-diagnostics=only-expected`). Prints
/// each mismatch to `out` as a located error. Returns true if all matched.
bool tcDiagnosticsVerify(const TcDiagnostics *diags, const TcSourceChunk *chunk, const char *fileName, FILE *out);

/// Prints a record as `file:line:col: error: message` (or without a
/// location), with the source line and a caret when `source` has it.
void tcDiagnosticPrint(FILE *out, const TcDiagRecord *record, const TcSourceFile *source);

//===-- Pass pipelines ------------------------------------------------------===//

/// One step of a pipeline: a single pass (tensorc's or upstream's) and the ops
/// it is nested under, e.g. `func.func(canonicalize{max-iterations=2})`.
typedef struct TcPipelineStep {
  char *nesting[8]; ///< op names from the outside in; NULL-terminated
  char *passName;   ///< e.g. "canonicalize" or "tc-verify"
  char *passText;   ///< name with its `{options}`, as upstream parses it
  bool isTensorc;
} TcPipelineStep;

/// Parses `text` (e.g. `builtin.module(tc-verify,func.func(cse))`, the
/// outer `builtin.module(...)` optional) into one step per pass. Returns
/// false with a message in `err` on a syntax error or an unknown tensorc
/// pass name; upstream names are checked when the step is built.
bool tcPipelineParse(const char *text, TcPipelineStep **steps, size_t *count, char *err, size_t errSize);
void tcPipelineDestroy(TcPipelineStep *steps, size_t count);

/// Builds a pass manager on builtin.module that runs `step`. Returns a null
/// pass manager with a message in `err` if upstream MLIR rejects the pass.
MlirPassManager tcPipelineStepBuild(MlirContext ctx, const TcPipelineStep *step, char *err, size_t errSize);

/// Writes the step back as pipeline text (`func.func(cse)`) into `buf`.
const char *tcPipelineStepFormat(const TcPipelineStep *step, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_TOOL_H
