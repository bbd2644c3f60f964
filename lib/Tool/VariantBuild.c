//===- VariantBuild.c - building each variant in a process of its own ------===//
//
// A variant (include/tensorc/Variants.h) is the program compiled under
// other forced host choices. The choices are environment variables that
// the passes and the emitter read (lib/Host), so a variant can only be
// compiled by a process whose environment holds them from its start: this
// file never changes the environment of the process that calls it. Each
// build is a builder process (its own process group, so that a deadline
// can kill it with everything it started) that runs
//
//   tensor-opt --tc-cpu-pipeline [--contract F] [--tc-test-fault K]...
//              PROGRAM -o variant<i>.mlir
//
// (--pass-pipeline=P instead of --tc-cpu-pipeline when the default build
// ran another pipeline, P: tensorc compile --grad's, tc-grad first), then
//
//   tensor-translate --emit=shared variant<i>.mlir -o variant<i>.so
//                    --manifest-out=variant<i>.manifest.json
//
// with this process's environment plus the variant's choices, the tools'
// output going to variant<i>.log. Up to `jobs` builders run at once.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "tensorc/Tool.h"
#include "tensorc/Variants.h"

#include "mlir-c/BuiltinTypes.h"

#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <fcntl.h>

extern char **environ;

enum { kMaxArgs = 64 };

// This process's environment with the variant's choices set (malloc'd).
static char **childEnvironment(const TcVariant *v) {
  size_t n = 0;
  while (environ[n])
    ++n;
  char **env = calloc(n + (size_t)v->numChoices + 1, sizeof *env);
  size_t m = 0;
  for (size_t i = 0; env && i < n; ++i) {
    bool replaced = false;
    for (int c = 0; c < v->numChoices; ++c) {
      size_t len = strlen(v->choices[c].variable);
      replaced |= strncmp(environ[i], v->choices[c].variable, len) == 0 && environ[i][len] == '=';
    }
    if (!replaced)
      env[m++] = environ[i];
  }
  for (int c = 0; env && c < v->numChoices; ++c)
    if (asprintf(&env[m++], "%s=%s", v->choices[c].variable, v->choices[c].value) < 0)
      env[--m] = NULL;
  return env;
}

// Runs one tool to completion with `env`, its output appended to `log`;
// returns its exit status (128 + signal if killed, 127 if it did not start).
static int runTool(char *const *argv, char **env, const char *log) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, log, O_WRONLY | O_CREAT | O_APPEND, 0666);
  posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, env);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0)
    return 127;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    continue;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void path(char *buf, size_t size, const char *dir, int i, const char *suffix) {
  snprintf(buf, size, "%s/variant%d%s", dir, i, suffix);
}

// The builder process: both tools, in order. Never returns.
static void builder(const TcVariant *v, int i, const TcVariantBuildOptions *o) {
  char opt[4200], translate[4200], lowered[4200], library[4200], manifest[4200], log[4200], manifestArg[4300];
  snprintf(opt, sizeof opt, "%s/tensor-opt", o->toolsDir); // absolute: the builder changes directory
  snprintf(translate, sizeof translate, "%s/tensor-translate", o->toolsDir);
  path(lowered, sizeof lowered, ".", i, ".mlir");
  path(library, sizeof library, ".", i, ".so");
  path(manifest, sizeof manifest, ".", i, ".manifest.json");
  path(log, sizeof log, ".", i, ".log");
  snprintf(manifestArg, sizeof manifestArg, "--manifest-out=%s", manifest);
  char **env = childEnvironment(v), *argv[kMaxArgs], faultArgs[32][160];
  if (chdir(o->workDir) != 0) // relative paths: the manifest names no directory
    _exit(127);
  int n = 0;
  char *pipeline = NULL;
  if (o->pipeline && asprintf(&pipeline, "--pass-pipeline=%s", o->pipeline) < 0)
    _exit(127);
  argv[n++] = opt, argv[n++] = pipeline ? pipeline : "--tc-cpu-pipeline";
  if (o->contractFile)
    argv[n++] = "--contract", argv[n++] = (char *)o->contractFile;
  for (int f = 0; f < o->numFaults && f < 32; ++f) {
    snprintf(faultArgs[f], sizeof faultArgs[f], "--tc-test-fault=%s", o->faults[f]);
    argv[n++] = faultArgs[f];
  }
  argv[n++] = (char *)o->program, argv[n++] = "-o", argv[n++] = lowered, argv[n] = NULL;
  int rc = env ? runTool(argv, env, log) : 127;
  char *second[] = {translate, "--emit=shared", lowered, "-o", library, manifestArg, NULL};
  if (rc == 0)
    rc = runTool(second, env, log);
  unlink(lowered);
  _exit(rc);
}

static pid_t startBuilder(const TcVariantPlan *plan, int i, const TcVariantBuildOptions *o) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    builder(&plan->variants[i], i, o);
  }
  if (pid > 0)
    setpgid(pid, pid); // also here: no race with a kill before the child ran setpgid
  return pid;
}

static void record(const TcVariantBuildOptions *o, int i, int status, bool killed, TcVariantBuild *b) {
  path(b->library, sizeof b->library, o->workDir, i, ".so");
  path(b->manifest, sizeof b->manifest, o->workDir, i, ".manifest.json");
  b->exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  b->status = killed ? TC_VARIANT_KILLED : b->exitCode == 0 ? TC_VARIANT_BUILT : TC_VARIANT_FAILED;
}

// Waits until a builder ends (or the deadline passes, which kills every
// running one) and records it.
static void waitOne(pid_t *running, int *index, int *numRunning, const TcVariantBuildOptions *o,
                    TcVariantBuild *builds, bool *expired) {
  for (;;) {
    for (int r = 0; r < *numRunning; ++r) {
      int status = 0;
      if (waitpid(running[r], &status, WNOHANG) != running[r])
        continue;
      record(o, index[r], status, *expired, &builds[index[r]]);
      --*numRunning;
      running[r] = running[*numRunning];
      index[r] = index[*numRunning];
      return;
    }
    if (o->deadline > 0 && tcMonotonicSeconds() > o->deadline && !*expired) {
      *expired = true;
      for (int r = 0; r < *numRunning; ++r)
        kill(-running[r], SIGKILL);
    }
    usleep(2000);
  }
}

int tcVariantBuildAll(const TcVariantPlan *plan, const TcVariantBuildOptions *o, TcVariantBuild *builds) {
  pid_t running[TC_VARIANT_MAX];
  int index[TC_VARIANT_MAX], numRunning = 0, next = 0, built = 0;
  bool expired = false;
  for (int i = 0; i < plan->numVariants; ++i)
    builds[i] = (TcVariantBuild){.status = TC_VARIANT_KILLED};
  while (next < plan->numVariants || numRunning > 0) {
    while (!expired && next < plan->numVariants && numRunning < (o->jobs > 0 ? o->jobs : 1)) {
      pid_t pid = startBuilder(plan, next, o);
      if (pid < 0) {
        builds[next++] = (TcVariantBuild){.status = TC_VARIANT_FAILED, .exitCode = 127};
        continue;
      }
      running[numRunning] = pid, index[numRunning++] = next++;
    }
    if (numRunning == 0)
      break;
    waitOne(running, index, &numRunning, o, builds, &expired);
  }
  for (int i = 0; i < plan->numVariants; ++i)
    built += builds[i].status == TC_VARIANT_BUILT;
  return built;
}

//===-- What the gate reads, and what the compilation keeps -------------------===//

static json_t *choicesJson(const TcVariant *v) {
  json_t *c = json_object();
  for (int i = 0; i < v->numChoices; ++i)
    json_object_set_new(c, v->choices[i].variable, json_string(v->choices[i].value));
  return c;
}

int tcVariantsBuildForGate(const TcVariantPlan *plan, const TcVariantBuildOptions *o, const char *defaultLibrary,
                           int threads, const char *gateFile, TcVariantBuild *builds) {
  int built = tcVariantBuildAll(plan, o, builds);
  json_t *gate = json_array();
  if (defaultLibrary && threads > 1) // the default build on every thread: its own parallel nests
    json_array_append_new(gate, json_pack("{s:s, s:s, s:{}, s:[i]}", "name", "default", "artifact", defaultLibrary,
                                          "choices", "threads", threads));
  for (int i = 0; i < plan->numVariants; ++i) {
    const TcVariant *v = &plan->variants[i];
    if (builds[i].status != TC_VARIANT_BUILT)
      continue;
    int n = threads > 1 ? threads : 2;
    json_t *t = v->threadedOnly ? json_pack("[i]", n) : v->threaded ? json_pack("[i, i]", 1, n) : json_pack("[i]", 1);
    json_array_append_new(gate, json_pack("{s:s, s:s, s:o, s:o, s:s}", "name", v->name, "artifact",
                                          builds[i].library, "choices", choicesJson(v), "threads", t, "manifest",
                                          builds[i].manifest));
  }
  json_t *doc = json_pack("{s:s, s:s, s:s, s:o}", "format", "tensorc-variants/1", "matrix",
                          tcVariantMatrixName(plan->matrix), "omitted", plan->omitted, "variants", gate);
  int rc = json_dump_file(doc, gateFile, JSON_SORT_KEYS | JSON_INDENT(2)) == 0 ? built : -1;
  json_decref(doc);
  return rc;
}

//===-- How heavy a program is -------------------------------------------------===//

static int64_t numel(MlirType t) {
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
    return 0;
  int64_t n = 1;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
    n *= mlirShapedTypeGetDimSize(t, d);
  return n;
}

static bool named(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), mlirStringRefCreateFromCString(name));
}

typedef struct Weight {
  int64_t macs, constants;
} Weight;

// Multiply-adds of one matmul, gemm or conv2d: result elements times the
// contraction (the last dimension of a matmul's lhs, a gemm's K, a conv's
// C/group·KH·KW, all read from the operand types).
static MlirWalkResult weigh(MlirOperation op, void *userData) {
  Weight *w = userData;
  if (named(op, "tc_tensor.constant") && mlirOperationGetNumResults(op) == 1)
    w->constants += numel(mlirValueGetType(mlirOperationGetResult(op, 0)));
  if (!(named(op, "tc_tensor.matmul") || named(op, "tc_tensor.gemm") || named(op, "tc_tensor.conv2d")))
    return MlirWalkResultAdvance;
  MlirType a = mlirValueGetType(mlirOperationGetOperand(op, named(op, "tc_tensor.conv2d") ? 1 : 0));
  int64_t k = 1, out = numel(mlirValueGetType(mlirOperationGetResult(op, 0)));
  intptr_t rank = mlirTypeIsARankedTensor(a) ? mlirShapedTypeGetRank(a) : 0;
  if (named(op, "tc_tensor.conv2d"))
    for (intptr_t d = 1; d < rank; ++d)
      k *= mlirShapedTypeGetDimSize(a, d);
  else if (rank > 0)
    k = mlirShapedTypeGetDimSize(a, rank - 1); // gemm: max(M, K) is an upper bound either way
  if (named(op, "tc_tensor.gemm") && rank == 2)
    k = mlirShapedTypeGetDimSize(a, 0) > k ? mlirShapedTypeGetDimSize(a, 0) : k;
  w->macs += out * k;
  return MlirWalkResultAdvance;
}

TcVariantMatrix tcVariantMatrixFor(MlirOperation module) {
  Weight w = {0, 0};
  mlirOperationWalk(module, weigh, &w, MlirWalkPreOrder);
  return w.macs > ((int64_t)1 << 27) || w.constants > ((int64_t)1 << 20) ? TC_VARIANT_MATRIX_REDUCED
                                                                          : TC_VARIANT_MATRIX_FULL;
}
