//===- TestFaults.h - test-only miscompiles of the CPU pipeline ----*- C -*-===//
//
// The conformance gate (tensor-conform) is only worth something if it fails
// when the compiler is wrong. The test-only faults make the CPU pipeline
// miscompile in a known, deterministic way (drop gemm's bias, swap sub's
// operands, iterate a loop one short, ...), so that a test can compile a
// small program with each fault and show the gate rejecting the artifact
// (test/Conformance/faults.test, subtle.test).
//
// Every fault is a test-only pass that mutates IR (test/lib/Faults,
// style.md rule 18; none is a switch inside production code): a tool that
// links them registers their table once at start (TcTestFaultPass), and
// --tc-test-fault=KIND inserts the pass into the CPU pipeline after the
// pass it names (tcCreateCpuPipelineTextWithFaults). Each records a
// manifest decision `test-fault` wherever it changes the code
// (tcTestFaultRecord), so a manifest never hides that an artifact was built
// miscompiled on purpose. A tool that registers none (the gate) has none.
//
// The table is process-global: it is set before any pass runs and only
// read afterwards, so passes on several threads may read it without locking.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TESTFAULTS_H
#define TENSORC_TESTFAULTS_H

#include "tensorc/Passes.h"

#include "mlir-c/IR.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Records the manifest decision {what: "test-fault", subject: `op` at its
/// location, detail: "<kind>: <description> (test-only miscompile)"} for a
/// fault pass's change at `op`, in op's context. Thread-safe.
void tcTestFaultRecord(const char *kind, const char *description, MlirOperation op);

/// As tcTestFaultRecord, with the subject `opName` at `at`'s location: for
/// a fault pass that breaks what a lowering built from an op that is gone
/// (the body function of a tc_tensor.gemm keeps the gemm's location, so the
/// decision names "tc_tensor.gemm at <loc>", as the lowering's own records
/// do). Thread-safe.
void tcTestFaultRecordAs(const char *kind, const char *description, const char *opName, MlirOperation at);

/// A test-only miscompile done by a pass of its own.
typedef struct TcTestFaultPass {
  const char *kind;        ///< --tc-test-fault=KIND
  const char *description; ///< what it breaks
  const char *after;       ///< the CPU pipeline pass it runs after
  TcPassInfo pass;         ///< its registry entry ("tc-test-fault-KIND")
} TcTestFaultPass;

/// Registers the fault passes (borrowed; static storage): once, before any
/// pass runs, by a tool that links them. tcLookupPass then finds them.
void tcTestFaultPassesRegister(const TcTestFaultPass *passes, intptr_t count);

/// The registered fault pass of `kind`, or NULL.
const TcTestFaultPass *tcTestFaultPassFind(const char *kind);

/// The registered fault passes; `*count` of them (0 if none registered).
const TcTestFaultPass *tcTestFaultPasses(intptr_t *count);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_TESTFAULTS_H
