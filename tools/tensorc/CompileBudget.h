//===- CompileBudget.h - the deadline of one tensorc compile ------*- C -*-===//
//
// CompileBudget.c says how --compile-budget stops a compilation. One per
// process: it is the process's alarm.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TOOLS_TENSORC_COMPILE_BUDGET_H
#define TENSORC_TOOLS_TENSORC_COMPILE_BUDGET_H

#include <stdbool.h>

/// Sets the deadline `seconds` from now (<= 0: none) and arms the watchdog,
/// which removes `workFiles` of `workDir` and the directory before it exits.
void tcBudgetArm(double seconds, const char *model, const char *workDir, const char *const *workFiles, int numFiles);

/// The deadline in CLOCK_MONOTONIC seconds; 0: none.
double tcBudgetDeadline(void);

/// True once the deadline has passed.
bool tcBudgetExpired(void);

/// The budget in seconds (0: none).
double tcBudgetSeconds(void);

/// The stage (1-7) the watchdog names if it fires.
void tcBudgetStage(int stage);

/// Holds the watchdog back (while the driver waits on children it kills
/// itself at the deadline) or lets it fire again.
void tcBudgetHoldAlarm(bool hold);

#endif // TENSORC_TOOLS_TENSORC_COMPILE_BUDGET_H
