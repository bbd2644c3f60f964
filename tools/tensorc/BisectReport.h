//===- BisectReport.h - what tensorc bisect found, and its files -*- C -*-===//
//
// The findings of one bisection, filled in step by step by BisectCommand.c,
// and BisectReport.c, which writes DIR: report.json (format
// tensorc-bisect/1), report.md, the program, the reproducer with its
// inputs and reproduce.sh, after running the script from DIR once more.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TOOLS_TENSORC_BISECT_REPORT_H
#define TENSORC_TOOLS_TENSORC_BISECT_REPORT_H

#include "Bisect.h"

#include <jansson.h>

typedef struct BisectReport {
  const char *outcome; ///< bisected, does-not-reproduce, flaky, not-bisected, incomplete (static)
  const char *class;   ///< the failure class of docs/exit-codes.md (static)
  const char *note;    ///< why the outcome is what it is (static; may be NULL)
  int runs[2];         ///< the two compilations' exit codes
  json_t *finding;     ///< the gate's worst finding (owned; may be NULL)
  char *pass, *passAfter; ///< the pass that breaks the program, and the one before it (owned)
  int passPosition, passProbes;
  json_t *passRecord;  ///< its manifest record in the probe (owned)
  json_t *passContext; ///< earlier fusions of the nests its test faults name (owned; may be NULL)
  const char *passNote;
  json_t *decision;    ///< the decision whose refusal makes the build conform (owned; may be NULL)
  char *decisionNote;  ///< why none was named (owned; may be NULL)
  int decisionCandidates, decisionProbes;
  char *op;            ///< the first op whose cut fails, with its location (owned)
  int opIndex;
  const char *opNote;
  char *repro;         ///< the reproducer's program file (owned)
  int reproOps, numReproInputs, reproCheck; ///< reproCheck: reproduce.sh's exit code from DIR
  int exitCode;
  double elapsed;
} BisectReport;

/// Copies a file; false if it cannot.
bool bisectCopyFile(const char *from, const char *to);

/// Writes DIR (the reproducer is copied only if one was found, and run once
/// more from there); an exit code (1 if DIR cannot be written).
int bisectWriteReport(Bisect *b, BisectReport *r);

/// Removes the work directory and what it holds.
void bisectRemoveWork(const Bisect *b);

void bisectReportDestroy(BisectReport *r);

#endif // TENSORC_TOOLS_TENSORC_BISECT_REPORT_H
