//===- CompileGate.c - tensorc compile: the gate and its verdict ----------===//
//
// Stage 6 of tensorc compile (Compile.h): tensor-conform, the one beside
// tensorc, judges the artifact against the reference evaluator in a
// separate process that links none of the compiler. The compiler never
// certifies its own output, and it does not take the gate's exit code
// alone either: the report must be a passing verdict on exactly the bytes
// of the artifact, written by exactly the gate that was hashed (CompileKey.c),
// before anything is cached or written.
//
//===----------------------------------------------------------------------===//
#include "Compile.h"
#include "CompileKey.h"

#include "tensorc/SemanticHash.h"
#include "tensorc/Tool.h"

#include <errno.h>
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

int compileRunGate(Compile *c) {
  char *gate = c->gate, program[4200], artifact[4200], report[4200];
  if (!gate[0]) {
    fprintf(stderr, "%s: cannot find tensor-conform beside tensorc: the artifact cannot be gated\n", kTool);
    return TC_EXIT_INTERNAL;
  }
  compileWorkPath(c, "program.mlir", program, sizeof program);
  compileWorkPath(c, kFiles[0].name, artifact, sizeof artifact);
  compileWorkPath(c, kFiles[3].name, report, sizeof report);
  char *argv[16 + 2 * kMaxList];
  int n = 0;
  argv[n++] = gate;
  argv[n++] = program;
  argv[n++] = "--artifact", argv[n++] = artifact;
  argv[n++] = "--report", argv[n++] = report;
  argv[n++] = "--quiet";
  // A --contract file is not written into the program: the gate must be
  // given it, or it would judge under the default contract.
  if (c->o->contractFile && strcmp(c->contract.source, "file") == 0)
    argv[n++] = "--contract", argv[n++] = (char *)c->o->contractFile;
  for (int i = 0; i < c->o->numSeeds; ++i)
    argv[n++] = "--seed", argv[n++] = (char *)c->o->seeds[i];
  argv[n++] = "--threads", argv[n++] = (char *)c->o->threads;
  if (c->o->timeBudget)
    argv[n++] = "--time-budget", argv[n++] = (char *)c->o->timeBudget;
  n = tcDriverGradGateArgs(&c->o->grad, argv, n);
  argv[n] = NULL;
  char summary[4200];
  compileWorkPath(c, "gate.txt", summary, sizeof summary);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    if (!freopen(summary, "w", stdout))
      _exit(TC_EXIT_INTERNAL);
    execv(gate, argv);
    _exit(TC_EXIT_INTERNAL);
  }
  int status = 0;
  while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
    continue;
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

