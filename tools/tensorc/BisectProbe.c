//===- BisectProbe.c - one candidate build of tensorc bisect, gated ---------===//
//
// A probe is a build the bisection judges: the program lowered by a
// pipeline prefix with the failing compilation's faults on, then by the
// rest of the pipeline with none, emitted and judged by the gate:
//
//   tensor-opt --pass-pipeline=PREFIX PROGRAM -o N.prefix.mlir
//   tensor-opt --pass-pipeline=SUFFIX N.prefix.mlir -o N.lowered.mlir
//   tensor-translate --emit=shared N.lowered.mlir -o N.so
//   tensor-conform PROGRAM --artifact N.so [--seed S]... [--threads T] | [--input F]...
//
// The faults are passes (include/tensorc/TestFaults.h), steps of PREFIX
// itself, so no --tc-test-fault is given. Each tool is the one beside
// tensorc, run in the work directory (so the locations the manifest names
// are "program.mlir:L:C") with the environment of the variant whose
// finding is bisected. The build runs in child processes because the
// variant's choices are read from the environment at start (lib/Host):
// this process keeps none.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Bisect.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

enum { kMaxArgs = 96 };

int bisectRun(const Bisect *b, char *const *argv, const char *cwd, const char *log, const BisectVariant *variant) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0)
    return 127;
  if (pid == 0) {
    int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0666);
    if (fd < 0 || (cwd && chdir(cwd) != 0))
      _exit(127);
    dup2(fd, STDOUT_FILENO), dup2(fd, STDERR_FILENO), close(fd);
    for (int i = 0; variant && i < variant->numChoices; ++i)
      setenv(variant->variables[i], variant->values[i], 1);
    execv(argv[0], argv);
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    continue;
  (void)b;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static char *tool(const Bisect *b, const char *name) {
  char *p = NULL;
  if (asprintf(&p, "%s/%s", b->tools, name) < 0)
    abort();
  return p;
}

static char *format(const char *fmt, const char *a, const char *c) {
  char *p = NULL;
  if (asprintf(&p, fmt, a, c) < 0)
    abort();
  return p;
}

// The argument lists of the four tools; strings are malloc'd and freed by
// freeArgs.
typedef struct Commands {
  char *argv[4][kMaxArgs];
  int argc[4], count;
} Commands;

static void push(Commands *c, int cmd, char *arg) {
  if (c->argc[cmd] + 1 < kMaxArgs)
    c->argv[cmd][c->argc[cmd]++] = arg;
}

static void pushContract(const Bisect *b, Commands *c, int cmd) {
  if (b->contractPath[0])
    push(c, cmd, strdup("--contract")), push(c, cmd, strdup(b->contractPath));
}

static void buildCommands(const Bisect *b, const BisectProbe *p, Commands *c) {
  memset(c, 0, sizeof *c);
  bool suffix = p->suffix && p->suffix[0];
  char *prefixOut = format("%s.%s.mlir", p->name, suffix ? "prefix" : "lowered");
  push(c, 0, tool(b, "tensor-opt")), push(c, 0, format("--pass-pipeline=%s", p->prefix, NULL));
  pushContract(b, c, 0);
  if (p->refuse)
    push(c, 0, format("--tc-refuse=%s", p->refuse, NULL));
  push(c, 0, format("--manifest-out=%s.prefix.json", p->name, NULL));
  push(c, 0, strdup(p->program)), push(c, 0, strdup("-o")), push(c, 0, prefixOut);
  int n = 1;
  if (suffix) {
    push(c, 1, tool(b, "tensor-opt")), push(c, 1, format("--pass-pipeline=%s", p->suffix, NULL));
    pushContract(b, c, 1);
    if (p->refuse)
      push(c, 1, format("--tc-refuse=%s", p->refuse, NULL));
    push(c, 1, strdup(prefixOut)), push(c, 1, strdup("-o")), push(c, 1, format("%s.lowered.mlir", p->name, NULL));
    n = 2;
  } else {
    c->argc[1] = 0;
  }
  int t = 2, g = 3;
  push(c, t, tool(b, "tensor-translate")), push(c, t, strdup("--emit=shared"));
  push(c, t, format("%s.lowered.mlir", p->name, NULL)), push(c, t, strdup("-o")), push(c, t, format("%s.so", p->name, NULL));
  push(c, g, tool(b, "tensor-conform")), push(c, g, strdup(p->program));
  push(c, g, strdup("--artifact")), push(c, g, format("%s.so", p->name, NULL));
  pushContract(b, c, g);
  if (p->inputs) {
    push(c, g, strdup("--input"));
    for (int i = 0; p->inputs[i]; ++i)
      push(c, g, strdup(p->inputs[i]));
  } else {
    for (int i = 0; i < b->numSeeds; ++i)
      push(c, g, strdup("--seed")), push(c, g, strdup(b->seeds[i]));
  }
  char threads[32];
  snprintf(threads, sizeof threads, "%d", b->variant.threads > 0 ? b->variant.threads : 1);
  push(c, g, strdup("--threads")), push(c, g, strdup(threads));
  push(c, g, strdup("--quiet")), push(c, g, format("--report=%s.report.json", p->name, NULL));
  (void)n;
  for (int i = 0; i < 4; ++i)
    c->argv[i][c->argc[i]] = NULL;
}

static void freeCommands(Commands *c) {
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < c->argc[i]; ++j)
      free(c->argv[i][j]);
}

// The commands as a shell script that runs them in its own directory with
// the variant's environment and exits with the gate's code.
static void writeScript(const Bisect *b, const Commands *c, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f)
    return;
  fprintf(f, "#!/bin/sh\n# Reproduces the miscompile: exits 5 (conformance-failure) while it persists.\n"
             "set -e\ncd \"$(dirname \"$0\")\"\n");
  for (int i = 0; i < b->variant.numChoices; ++i)
    fprintf(f, "export %s='%s'\n", b->variant.variables[i], b->variant.values[i]);
  for (int i = 0; i < 4; ++i) {
    if (!c->argc[i])
      continue;
    if (i == 3)
      fprintf(f, "exec");
    for (int j = 0; j < c->argc[i]; ++j)
      fprintf(f, "%s'%s'", i == 3 || j ? " " : "", c->argv[i][j]);
    fprintf(f, "\n");
  }
  fclose(f);
  chmod(path, 0755);
}

int bisectProbe(Bisect *b, const BisectProbe *p, const char *script) {
  Commands c;
  buildCommands(b, p, &c);
  char log[4300];
  snprintf(log, sizeof log, "%s/%s.log", b->work, p->name);
  unlink(log);
  ++b->probes;
  int rc = 0;
  for (int i = 0; i < 3 && rc == 0; ++i)
    if (c.argc[i])
      rc = bisectRun(b, c.argv[i], b->work, log, &b->variant) == 0 ? 0 : 3;
  if (rc == 0)
    rc = bisectRun(b, c.argv[3], b->work, log, &b->variant);
  if (script)
    writeScript(b, &c, script);
  freeCommands(&c);
  return rc;
}

int bisectStamp(const Bisect *b, const char *program, const char *stamped) {
  char *opt = tool(b, "tensor-opt"), log[4300], *argv[8];
  int n = 0;
  argv[n++] = opt, argv[n++] = "--tc-stamp";
  if (b->contractPath[0])
    argv[n++] = "--contract", argv[n++] = (char *)b->contractPath;
  argv[n++] = (char *)program, argv[n++] = "-o", argv[n++] = (char *)stamped, argv[n] = NULL;
  snprintf(log, sizeof log, "%s/stamp.log", b->work);
  int rc = bisectRun(b, argv, b->work, log, NULL);
  free(opt);
  return rc;
}
