//===- Diagnostics.h - failure classes and located diagnostics ----*- C -*-===//
//
// Every tensorc tool ends with one of the exit codes below; each failure class
// of design.md §2 has its own code and its own diagnostic prefix, the same in
// every tool (docs/exit-codes.md). User errors are MLIR diagnostics at a
// location, emitted through the printf-style helpers here; broken invariants
// abort through tcFatal.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_DIAGNOSTICS_H
#define TENSORC_DIAGNOSTICS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Process exit codes, one per failure class. Values are part of the tools'
/// interface: never renumber them.
typedef enum TcExitCode {
  TC_EXIT_SUCCESS = 0,
  TC_EXIT_USAGE = 1,        ///< bad command line, unreadable or unwritable file
  TC_EXIT_STRUCTURAL = 2,   ///< the program is illegal (parse, verify)
  TC_EXIT_COMPILE = 3,      ///< legal program this backend could not build
  TC_EXIT_DRIFT = 4,        ///< semantic identity or contract broken
  TC_EXIT_CONFORMANCE = 5,  ///< artifact disagrees with the reference
  TC_EXIT_PERFORMANCE = 6,  ///< artifact correct but over its time budget
  TC_EXIT_BUDGET = 7,       ///< the compilation ran past its --compile-budget
  TC_EXIT_INTERNAL = 70,    ///< a tensorc bug (an invariant broke)
} TcExitCode;

/// Returns the diagnostic prefix of a failure class, e.g.
/// "structural-rejection". The string is static; never NULL.
const char *tcExitCodePrefix(TcExitCode code);

/// Emits an error diagnostic at `loc`, formatted like printf.
void tcEmitError(MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/// Emits an error at `op`'s location, prefixed with "'<op name>' op " as
/// MLIR's own op verifiers do.
void tcEmitOpError(MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/// Reports a broken internal invariant and aborts. Never returns. (The
/// attribute, not C11's _Noreturn, so that C++ hosts can include this.)
void tcFatal(const char *fmt, ...)
    __attribute__((noreturn, format(printf, 1, 2)));

#ifdef __cplusplus
}
#endif

#endif // TENSORC_DIAGNOSTICS_H
