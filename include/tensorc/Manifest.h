//===- Manifest.h - the per-pass manifest --------------------------*- C -*-===//
//
// Every pass that runs, tensorc's and upstream's, earns one record
// (docs/manifest.md): its position, name, version, options, the IR hash
// before and after, its status and the decisions it took. Records ride in
// the IR as the module attribute `tc.manifest` (an array of dictionaries) and
// leave it as a JSON document written next to the artifact, together with the
// toolchain the compiler was built with and the command line.
//
// Three layers, one per part of this header:
// - decisions: passes record them with tcManifestRecordDecision, from any
//   thread, into a log kept per MLIR context; the driver drains the log after
//   each pass;
// - records: the driver appends one per pass to the module's `tc.manifest`;
// - the document: the driver collects every module's records and writes JSON
//   with sorted keys. Timings, the only part that differs between two runs of
//   the same input, are kept under their own top-level key.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_MANIFEST_H
#define TENSORC_MANIFEST_H

#include "tensorc/SemanticHash.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// JSON values are jansson's `json_t` inside tensorc. Declared here as an
/// incomplete type (C11 and C++ accept the same typedef twice), so including
/// this header needs no jansson headers; hosts that call these functions
/// include <jansson.h> themselves.
typedef struct json_t json_t;

/// Name of the module attribute that carries the records.
#define TC_MANIFEST_ATTR "tc.manifest"

/// Identifies the manifest format; changes when the schema does.
#define TC_MANIFEST_FORMAT "tensorc-manifest/2"

//===-- Decisions ---------------------------------------------------------------===//

/// One decision a pass took. Strings are borrowed for the call only.
typedef struct TcDecision {
  const char *what;    ///< its kind: "stamp", "reassociate", "fuse", "kernel", ...
  const char *subject; ///< what it is about: an op at its location, a function
  const char *detail;  ///< what was decided, and why
  const char *clause;  ///< the contract clause that allowed or refused it; NULL if none
} TcDecision;

/// Starts a decision log for `ctx`. Decisions recorded in a context without
/// a log are dropped (a pass run outside a driver has no manifest).
void tcDecisionLogAttach(MlirContext ctx);

/// Ends the log of `ctx`, dropping what it still holds.
void tcDecisionLogDetach(MlirContext ctx);

/// Records `decision` (its strings are copied) in the log of `ctx`.
/// Thread-safe: passes running on several threads may call it at once.
void tcManifestRecordDecision(MlirContext ctx, const TcDecision *decision);

/// Refusing decisions (tensor-opt --tc-refuse, docs/bisect.md §8): a
/// refusal names a pass, a decision kind and its subject exactly as the
/// manifest records them, "PASS:WHAT:SUBJECT" ("tc-lower-loops:loops:
/// tc_loop.nest at program.mlir:9:10"); SUBJECT `*` refuses every decision
/// of that kind the pass would take. By subject and not by a running index
/// because passes on func.func take their decisions on several threads at
/// once: only the subject names one decision in every run. Refusals live in
/// the log of `ctx`, so two contexts never share them.
///
/// Adds the refusals of `specs` (one or more, separated by ';') to the log
/// of `ctx` (which must be attached). Returns false with a reason in `err`
/// if one is malformed or the pass or kind is not refusable
/// (tcDecisionKindRefusable).
bool tcDecisionLogRefuse(MlirContext ctx, const char *specs, char *err, size_t errSize);

/// Whether pass `pass` refuses the decision `what` about `subject` it is about
/// to take. If a refusal of the log of `ctx` names it, records the decision
/// {what: "refused", subject, detail: "<what> by <pass> refused
/// (--tc-refuse): <instead>"} and returns true; the caller then takes the
/// conservative path `instead` describes. Thread-safe. The one helper every
/// refusable site calls, before it records its own decision.
bool tcDecisionRefused(MlirContext ctx, const char *pass, const char *what, const char *subject, const char *instead);

/// Whether decisions `what` of pass `pass` can be refused (the table in
/// DecisionLog.c, docs/bisect.md §8): true for optimisations with a
/// conservative alternative, false for facts (a contract check, a stamp).
bool tcDecisionKindRefusable(const char *pass, const char *what);

/// Writes into `buf` (`size` bytes, always terminated) the refusals of the
/// log of `ctx` that no decision matched so far, separated by "; " ("" if
/// none): what a driver warns about at the end of a run.
void tcDecisionLogUnusedRefusals(MlirContext ctx, char *buf, size_t size);

/// Takes the decisions recorded in `ctx` since the last drain, as a JSON
/// array of objects sorted by their text (so that the order in which threads
/// recorded them does not matter). The caller owns the array. Empty if `ctx`
/// has no log.
json_t *tcDecisionLogDrain(MlirContext ctx);

//===-- Records in the IR ----------------------------------------------------------===//

/// What the driver knows about one pass step. Strings are borrowed.
typedef struct TcManifestStep {
  const char *pass;     ///< the pass name: "cse", "tc-stamp"
  const char *origin;   ///< "tensorc" or "mlir"
  const char *version;  ///< tensorc: the pass's version number; mlir: the LLVM version
  const char *step;     ///< the step as pipeline text: "func.func(cse)"
  const char *options;  ///< the options as written, "" if none
  const char *pipeline; ///< the step as MLIR prints it, every option spelt out
  TcHash128 irBefore, irAfter;
  const char *contract; ///< the formatted hash of the contract in force
  const char *status;   ///< "success" or the failure-class prefix
  json_t *decisions;    ///< array from tcDecisionLogDrain; borrowed
} TcManifestStep;

/// Returns the module's `tc.manifest` if it is an array of dictionaries with
/// a JSON form (JsonAttribute.h), a null attribute if the module has none.
/// Emits an error at the module and fails if it has one of another shape.
MlirLogicalResult tcManifestGetRecordsAttr(MlirOperation module, MlirAttribute *records);

/// Sets the module's `tc.manifest` to `records` (the array the module had
/// before the step, or a null attribute for none) followed by a record of
/// `step`, whose position is the number of earlier records. Taking the old
/// records from the caller means a pass cannot rewrite the history.
/// Returns the new record's position.
int64_t tcManifestAppend(MlirOperation module, MlirAttribute records, const TcManifestStep *step);

//===-- The document ---------------------------------------------------------------===//

/// The JSON document of one tool run. Opaque; create with tcManifestCreate.
typedef struct TcManifest TcManifest;

/// Creates the document of a run of `tool` with command line `argv`
/// (`argc` entries) and pipeline text `pipeline`, with the toolchain of
/// tcToolchainInfo. Caller owns it.
TcManifest *tcManifestCreate(const char *tool, int argc, char *const *argv, const char *pipeline);

/// As tcManifestCreate with a toolchain the caller already has (a copy is
/// kept; `toolchain` is borrowed): a driver that also keys a cache on the
/// toolchain reads it once.
TcManifest *tcManifestCreateWithToolchain(const char *tool, int argc, char *const *argv, const char *pipeline,
                                          const json_t *toolchain);

/// Frees the document; NULL is allowed.
void tcManifestDestroy(TcManifest *manifest);

/// What the driver knows about one processed module. Strings are borrowed.
typedef struct TcManifestModule {
  MlirOperation module; ///< its records, stamp and final IR hash are read; may be null
  const char *status;   ///< "success" or the failure-class prefix
  const char *contractName;
  const char *contractHash;
  const char *contractSource; ///< "module", "file" or "default"
  const char *custody;        ///< who vouches for the stamp (tcCustodyGetName); NULL: no stamp
} TcManifestModule;

/// Adds one module (one part of a split input) to the document.
void tcManifestAddModule(TcManifest *manifest, const TcManifestModule *module);

/// Sets the `emission` member of the module added last (docs/manifest.md
/// §2.2) to `emission`, which is consumed; replaces an earlier one. Does
/// nothing (but free it) if no module was added.
void tcManifestSetEmission(TcManifest *manifest, json_t *emission);

/// Records how long the pass at `position` took on the module being
/// processed (the one the next tcManifestAddModule adds).
void tcManifestAddTiming(TcManifest *manifest, int64_t position, const char *pass, double seconds);

/// Returns the document as JSON text with sorted keys and a final newline;
/// the caller frees it.
char *tcManifestToString(const TcManifest *manifest);

/// Writes the document to `path` (atomically: a temporary file renamed).
/// On failure returns false with a message in `err`.
bool tcManifestWrite(const TcManifest *manifest, const char *path, char *err, size_t errSize);

//===-- Comparing two documents ----------------------------------------------------===//

/// Compares two manifest documents (parsed JSON, borrowed): identity,
/// contract, toolchain, invocation, emission and the records pass by pass,
/// with the first differing decisions of each pass (ManifestDiff.c). Returns
/// a new object of format "tensorc-manifest-diff/1" whose "same" says
/// whether anything but timings differs, or NULL with a reason in `err` if
/// either is not a manifest.
json_t *tcManifestDiff(const json_t *a, const json_t *b, char *err, size_t errSize);

/// Prints a tcManifestDiff result for people.
void tcManifestDiffPrint(const json_t *diff, FILE *out);

/// Returns the toolchain tensorc was built with, the libraries this process
/// runs with and artifacts link, and the host it runs on, as a JSON object
/// the caller owns (docs/manifest.md §2.1). Reads the executable, libLLVM
/// and libMLIR to hash them and asks dpkg-query for packages: call it once
/// per run.
json_t *tcToolchainInfo(void);

/// The version of the libLLVM this process loaded ("22.1.8"), which is
/// libMLIR's too (one Debian source package), as upstream passes' records
/// give it, written into `buf`, which is returned.
const char *tcToolchainLLVMVersion(char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_MANIFEST_H
