//===- CompileGate.c - tensorc compile: the gate and its verdict ----------===//
//
// Stage 6 of tensorc compile (Compile.h): the program's variants are built
// (GateVariants.c), then tensor-conform, the one beside tensorc, judges the
// artifact against the reference evaluator, and every variant against the
// artifact, in a separate process that links none of the compiler. Under
// --compile-budget both watch the deadline and stop what they started. The compiler never
// certifies its own output, and it does not take the gate's exit code
// alone either: the report must be a passing verdict on exactly the bytes
// of the artifact, written by exactly the gate that was hashed (CompileKey.c),
// before anything is cached or written.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Compile.h"
#include "CompileBudget.h"
#include "CompileKey.h"

#include "tensorc/SemanticHash.h"
#include "tensorc/Tool.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *kTool = "tensorc";

// Whether the files in the work directory are a gated verdict on their
// artifact by this gate; if not, why, in `why`.
bool compileVerdictBinds(Compile *c, char *why, size_t size) {
  char artifact[4200], report[4200], contractHash[TC_HASH_TEXT_SIZE];
  compileWorkPath(c, kFiles[0].name, artifact, sizeof artifact);
  compileWorkPath(c, kFiles[3].name, report, sizeof report);
  TcVerdictSubject subject = {artifact, c->semanticHash,
                              tcFormatHash(tcContractGetHash(c->contract.contract), contractHash), c->gateHash};
  return tcVerdictBinds(report, &subject, why, size);
}

static void variantProgress(void *data, const char *line) { compileStage(data, 6, "  %s", line); }

// Waits for the gate; true if it ran past the compile budget (then it has
// been killed, with every run it started).
static bool waitForGate(pid_t pid, int *status) {
  if (pid > 0)
    setpgid(pid, pid);
  while (pid > 0) {
    pid_t got = waitpid(pid, status, tcBudgetDeadline() > 0 ? WNOHANG : 0);
    if (got == pid)
      return false;
    if (got < 0 && errno != EINTR)
      return false;
    if (tcBudgetExpired()) {
      kill(-pid, SIGKILL);
      while (waitpid(pid, status, 0) < 0 && errno == EINTR)
        continue;
      return true;
    }
    if (got == 0)
      usleep(5000);
  }
  return false;
}

// Builds the variants the gate compares with the artifact (GateVariants.c)
// into `file`, the list tensor-conform --variants reads.
// Under --grad they are built by the artifact's own pipeline (tc-grad
// first), so that every variant has the VJP entry points the gate judges;
// that pipeline already holds the fault passes (every fault is a pass), so
// no --tc-test-fault is given then.
static int buildVariants(Compile *c, const char *artifact, char *file, size_t size) {
  bool grad = c->o->grad.grad;
  TcCompileVariants v = {.matrix = c->matrix, .workDir = c->work, .defaultLibrary = artifact,
                         .pipeline = grad ? c->pipeline : NULL, .faults = grad ? NULL : c->o->faults,
                         .numFaults = grad ? 0 : c->o->numFaults, .progress = variantProgress,
                         .progressData = c, .deadline = tcBudgetDeadline()};
  if (c->o->contractFile && strcmp(c->contract.source, "file") == 0)
    v.contractFile = c->o->contractFile;
  int failed = tcCompileVariants(&v, file, size);
  if (failed < 0) {
    fprintf(stderr, "%s: cannot build the gate's variants (the tools beside tensorc, or %s)\n", kTool, file);
    return TC_EXIT_INTERNAL;
  }
  if (failed > 0)
    fprintf(stderr, "%s: %s\n", kTool, v.failure);
  return !failed ? TC_EXIT_SUCCESS : v.killed ? TC_EXIT_BUDGET : TC_EXIT_COMPILE;
}

static int forkGate(Compile *c, const char *artifact, char *variants);

// Builds the variants, then gates the artifact with them.
int compileRunGate(Compile *c) {
  char artifact[4200], variants[4200];
  if (!c->gate[0]) {
    fprintf(stderr, "%s: cannot find tensor-conform beside tensorc: the artifact cannot be gated\n", kTool);
    return TC_EXIT_INTERNAL;
  }
  compileWorkPath(c, kFiles[0].name, artifact, sizeof artifact);
  tcBudgetHoldAlarm(true); // stage 6 watches the deadline itself and stops what it started
  int built = buildVariants(c, artifact, variants, sizeof variants);
  int rc = built == TC_EXIT_SUCCESS ? forkGate(c, artifact, variants) : built;
  tcBudgetHoldAlarm(false);
  return rc;
}

// Runs tensor-conform on the artifact and its variants; returns its verdict.
static int forkGate(Compile *c, const char *artifact, char *variants) {
  char *gate = c->gate, program[4200], report[4200];
  compileWorkPath(c, "program.mlir", program, sizeof program);
  compileWorkPath(c, kFiles[3].name, report, sizeof report);
  char *argv[32 + 2 * kMaxList];
  int n = 0;
  argv[n++] = gate;
  argv[n++] = program;
  argv[n++] = "--artifact", argv[n++] = (char *)artifact;
  argv[n++] = "--report", argv[n++] = report;
  argv[n++] = "--quiet";
  // A --contract file is not written into the program: the gate must be
  // given it, or it would judge under the default contract.
  if (c->o->contractFile && strcmp(c->contract.source, "file") == 0)
    argv[n++] = "--contract", argv[n++] = (char *)c->o->contractFile;
  for (int i = 0; i < c->o->numSeeds; ++i)
    argv[n++] = "--seed", argv[n++] = (char *)c->o->seeds[i];
  argv[n++] = "--threads", argv[n++] = c->o->threads ? (char *)c->o->threads : "1";
  argv[n++] = "--variants", argv[n++] = variants;
  int numDraws;
  const char *const *draws = tcCompileDrawsFor(c->matrix, &numDraws);
  for (int i = 0; i < numDraws; ++i)
    argv[n++] = "--draw", argv[n++] = (char *)draws[i];
  if (!c->o->quiet) // the gate's progress lines, as the other stages have theirs
    argv[n++] = "--progress";
  if (c->o->timeBudget)
    argv[n++] = "--time-budget", argv[n++] = (char *)c->o->timeBudget;
  n = tcDriverGradGateArgs(&c->o->grad, argv, n);
  argv[n] = NULL;
  char summary[4200];
  compileWorkPath(c, "gate.txt", summary, sizeof summary);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0); // so that the compile budget can stop it with its runs
    if (!freopen(summary, "w", stdout))
      _exit(TC_EXIT_INTERNAL);
    execv(gate, argv);
    _exit(TC_EXIT_INTERNAL);
  }
  int status = 0;
  if (waitForGate(pid, &status)) {
    fprintf(stderr, "%s: the gate ran past the compile budget of %g s\n", kTool, tcBudgetSeconds());
    return TC_EXIT_BUDGET;
  }
  if (pid < 0 || !WIFEXITED(status)) {
    fprintf(stderr, "%s: the gate did not finish (%s)\n", kTool, pid < 0 ? strerror(errno) : "killed");
    return TC_EXIT_INTERNAL;
  }
  // The gate's verdict and worst finding: always when it failed.
  TcSourceFile text;
  char err[512];
  if ((!c->o->quiet || WEXITSTATUS(status) != TC_EXIT_SUCCESS) && tcSourceFileRead(&text, summary, err, sizeof err)) {
    fwrite(text.text, 1, text.length, stdout);
    fflush(stdout); // before the progress lines that follow on stderr
    tcSourceFileDestroy(&text);
  }
  return WEXITSTATUS(status);
}

