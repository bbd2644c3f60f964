//===- CompileBudget.c - tensorc compile --compile-budget SECONDS ----------===//
//
// A compilation that runs past its budget stops with its own diagnostic and
// exit code 7, compile-budget-exceeded (docs/exit-codes.md), and writes
// nothing. Where the driver waits on other processes (the variant builds,
// the gate) it watches the deadline itself and kills them (CompileBudget.h:
// tcBudgetDeadline); between the passes of lowering it checks it. What it
// cannot interrupt — one pass, LLVM's emission, reading a model — a
// watchdog does: SIGALRM, armed a little after the deadline, whose handler
// only removes the work directory's files (unlink and rmdir are
// async-signal-safe), writes the precomputed diagnostic and _exits. The
// alarm is held back (blocked) while stage 6 waits on its children, which
// it kills itself; nothing else of the compilation is process state.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "CompileBudget.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/Tool.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

enum { kMaxFiles = 96, kPathSize = 4200 };

// The watchdog's view: written before the alarm is armed (and the stage
// number as the stages go), read by the handler only.
static char gPaths[kMaxFiles][kPathSize];
static int gNumPaths;
static char gWork[kPathSize];
static char gMessage[8][1024];
static volatile sig_atomic_t gStage;
static double gDeadline, gBudget;
static char gModel[1024];

static void onAlarm(int sig) {
  (void)sig;
  for (int i = 0; i < gNumPaths; ++i)
    unlink(gPaths[i]);
  if (gWork[0])
    rmdir(gWork);
  const char *m = gMessage[gStage >= 0 && gStage < 8 ? gStage : 0];
  ssize_t ignored = write(STDERR_FILENO, m, strlen(m));
  (void)ignored;
  _exit(TC_EXIT_BUDGET);
}

static void prepareMessages(void) {
  static const char *const kStages[8] = {"starting",          "reading the model",    "checking and stamping",
                                         "the cache lookup",  "lowering",             "emitting",
                                         "gating",            "writing the outputs"};
  for (int s = 0; s < 8; ++s)
    snprintf(gMessage[s], sizeof gMessage[s],
             "tensorc: %s ran past the compile budget of %g s; nothing was written\n"
             "tensorc: compile-budget-exceeded: %.600s was not compiled\n",
             kStages[s], gBudget, gModel);
}

void tcBudgetArm(double seconds, const char *model, const char *workDir, const char *const *workFiles, int numFiles) {
  if (!(seconds > 0))
    return;
  gBudget = seconds;
  gDeadline = tcMonotonicSeconds() + seconds;
  snprintf(gModel, sizeof gModel, "%s", model);
  snprintf(gWork, sizeof gWork, "%s", workDir);
  for (gNumPaths = 0; gNumPaths < numFiles && gNumPaths < kMaxFiles; ++gNumPaths)
    snprintf(gPaths[gNumPaths], kPathSize, "%s/%s", workDir, workFiles[gNumPaths]);
  prepareMessages();
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = onAlarm;
  sigaction(SIGALRM, &sa, NULL);
  double late = seconds + 0.25; // the cooperative checks come first
  struct itimerval t = {{0, 0}, {(time_t)late, (suseconds_t)((late - (double)(time_t)late) * 1e6)}};
  setitimer(ITIMER_REAL, &t, NULL);
}

double tcBudgetDeadline(void) { return gDeadline; }

bool tcBudgetExpired(void) { return gDeadline > 0 && tcMonotonicSeconds() > gDeadline; }

double tcBudgetSeconds(void) { return gBudget; }

void tcBudgetStage(int stage) { gStage = stage; }

void tcBudgetHoldAlarm(bool hold) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGALRM);
  sigprocmask(hold ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}
