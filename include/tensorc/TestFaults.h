//===- TestFaults.h - test-only miscompiles of the CPU pipeline ----*- C -*-===//
//
// The conformance gate (tensor-conform) is only worth something if it fails
// when the compiler is wrong. These switches make chosen spots of the CPU
// pipeline's lowerings miscompile in a known, deterministic way (drop gemm's
// bias, swap sub's operands, iterate a loop one short, ...), so that a test
// can compile a small program with each fault and show the gate rejecting
// the artifact (test/Conformance/faults.test).
//
// Faults are process-global: a driver enables them (tensor-opt
// --tc-test-fault=KIND) before any pass runs and never changes them while
// passes run, so passes on several threads may read them without locking.
//
// The later faults are not switches but test-only passes that mutate IR
// (test/lib/Faults, style.md rule 18): a tool that links them registers
// their table once at start (TcTestFaultPass), and --tc-test-fault=KIND
// inserts the pass into the CPU pipeline after the pass it names
// (tcCreateCpuPipelineTextWithFaults). Each records the same `test-fault`
// decision (tcTestFaultRecord).
// Every faulted spot is guarded by `if (tcTestFaultApply(kind, op))`, which
// records a manifest decision `test-fault` about `op` whenever it returns
// true: a manifest never hides that an artifact was built miscompiled on
// purpose. Nothing is ever active unless a driver enables it.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TESTFAULTS_H
#define TENSORC_TESTFAULTS_H

#include "tensorc/Passes.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The kinds of injected miscompile; docs/tensor-opt.md lists what each does.
typedef enum TcTestFault {
  TC_TEST_FAULT_BUFFERIZE_ALIAS,       ///< tc-bufferize computes a temporary into a live input
  TC_TEST_FAULT_COUNT
} TcTestFault;

/// The fault's name as --tc-test-fault spells it ("bufferize-alias"); static.
const char *tcTestFaultName(TcTestFault fault);

/// One line on what the fault breaks; static.
const char *tcTestFaultDescription(TcTestFault fault);

/// Writes every fault's name, separated by ", ", into `buf` (truncated to
/// `size`, always terminated): the kinds a usage error lists.
void tcTestFaultNameList(char *buf, size_t size);

/// Sets `*out` to the fault named `name` and returns true; false (and `*out`
/// untouched) if no fault has that name.
bool tcTestFaultParse(const char *name, TcTestFault *out);

/// Turns `fault` on for the rest of the process. Call before passes run.
void tcTestFaultEnable(TcTestFault fault);

/// Turns every fault off (for tests of the switches themselves).
void tcTestFaultDisableAll(void);

/// Whether `fault` is on. Thread-safe once passes run.
bool tcTestFaultActive(TcTestFault fault);

/// If `fault` is on: records the manifest decision {what: "test-fault",
/// subject: `op` at its location, detail: "<name>: <description>"} in op's
/// context and returns true. Otherwise returns false and records nothing.
/// The guard of every faulted spot. Thread-safe.
bool tcTestFaultApply(TcTestFault fault, MlirOperation op);

/// Records the manifest decision {what: "test-fault", subject: `op`,
/// detail: "<kind>: <description> (test-only miscompile)"} for a fault
/// pass's change at `op`. Thread-safe.
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
