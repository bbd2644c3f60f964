//===- GateVariants.c - tensorc compile's variant matrix for the gate -------===//
//
// Stage 6 of tensorc compile gates the artifact together with its variants
// (include/tensorc/Variants.h, docs/conformance.md §2.4): the same program
// built under every other host-dependent choice this machine can run (the
// matrix of lib/Host/Variants.c; reduced for heavy programs, or as
// --variants says), each by tensor-opt and tensor-translate in a child
// process with its own environment (lib/Tool/VariantBuild.c). This file
// only wires that to the compilation: the tools beside tensorc, the
// compilation's faults and contract file, its work directory, its
// deadline, and one progress line per stage of the builds.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "GateVariants.h"

#include "tensorc/HostTarget.h"
#include "tensorc/Variants.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool tcCompileParseMatrix(const char *text, TcCompileMatrix *out) {
  if (strcmp(text, "full") == 0)
    *out = TC_COMPILE_MATRIX_FULL;
  else if (strcmp(text, "reduced") == 0)
    *out = TC_COMPILE_MATRIX_REDUCED;
  else if (strcmp(text, "auto") == 0)
    *out = TC_COMPILE_MATRIX_AUTO;
  else
    return false;
  return true;
}

const char *const *tcCompileDrawsFor(TcCompileMatrix matrix, int *count) {
  static const char *const kHeavy[] = {"wide", "rows", "special"};
  *count = matrix == TC_COMPILE_MATRIX_REDUCED ? 3 : 0;
  return kHeavy;
}

TcCompileMatrix tcCompileResolveMatrix(TcCompileMatrix requested, MlirOperation module) {
  if (requested != TC_COMPILE_MATRIX_AUTO)
    return requested;
  return tcVariantMatrixFor(module) == TC_VARIANT_MATRIX_FULL ? TC_COMPILE_MATRIX_FULL : TC_COMPILE_MATRIX_REDUCED;
}

static bool toolsDir(char *buf, size_t size) {
  ssize_t n = readlink("/proc/self/exe", buf, size - 1);
  if (n <= 0)
    return false;
  buf[n] = '\0';
  char *slash = strrchr(buf, '/');
  if (!slash)
    return false;
  *slash = '\0';
  return true;
}

// The last line of variant i's build log, for the diagnostic.
static void lastLogLine(const char *workDir, int i, char *buf, size_t size) {
  char path[4200], line[512] = "";
  snprintf(path, sizeof path, "%s/variant%d.log", workDir, i);
  FILE *f = fopen(path, "r");
  for (char next[512]; f && fgets(next, sizeof next, f);)
    snprintf(line, sizeof line, "%s", next);
  if (f)
    fclose(f);
  line[strcspn(line, "\n")] = '\0';
  snprintf(buf, size, "%s", line);
}

static void describeFailures(TcCompileVariants *c, const TcVariantPlan *plan, const TcVariantBuild *builds) {
  for (int i = 0; i < plan->numVariants; ++i) {
    if (builds[i].status == TC_VARIANT_BUILT || c->failure[0])
      continue;
    char log[512];
    lastLogLine(c->workDir, i, log, sizeof log);
    c->killed |= builds[i].status == TC_VARIANT_KILLED;
    snprintf(c->failure, sizeof c->failure, "variant %s %s (exit %d)%s%s", plan->variants[i].name,
             builds[i].status == TC_VARIANT_KILLED ? "ran past the compile budget" : "did not build",
             builds[i].exitCode, log[0] ? ": " : "", log);
  }
}

int tcCompileVariants(TcCompileVariants *c, char *gateFile, size_t size) {
  TcHostTarget host;
  char err[256], tools[4096];
  if (!tcHostTargetResolve(&host, err, sizeof err) || !toolsDir(tools, sizeof tools))
    return -1;
  TcVariantMatrix matrix = c->matrix == TC_COMPILE_MATRIX_REDUCED ? TC_VARIANT_MATRIX_REDUCED : TC_VARIANT_MATRIX_FULL;
  TcVariantPlan plan;
  tcVariantPlanCreate(&host, matrix, &plan);
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  char line[1024];
  snprintf(line, sizeof line, "building %d variant(s), %s matrix, %ld at a time%s%s", plan.numVariants,
           tcVariantMatrixName(matrix), cores > 0 ? cores : 1, plan.omitted[0] ? "; left out: " : "",
           plan.omitted);
  c->progress(c->progressData, line);
  TcVariantBuildOptions o = {.toolsDir = tools, .program = "program.mlir", .contractFile = c->contractFile,
                             .pipeline = c->pipeline,
                             .faults = c->faults, .numFaults = c->numFaults, .workDir = c->workDir,
                             .jobs = cores > 0 ? (int)cores : 1, .deadline = c->deadline};
  snprintf(gateFile, size, "%s/variants.json", c->workDir);
  TcVariantBuild builds[TC_VARIANT_MAX];
  // The default build on N threads too, beside the full matrix; the reduced
  // one's builds both run threaded instead.
  const char *defaultOnThreads = matrix == TC_VARIANT_MATRIX_FULL ? c->defaultLibrary : NULL;
  int built = tcVariantsBuildForGate(&plan, &o, defaultOnThreads, cores > 1 ? (int)cores : 2, gateFile, builds);
  describeFailures(c, &plan, builds);
  snprintf(line, sizeof line, "built %d of %d variant(s)", built < 0 ? 0 : built, plan.numVariants);
  c->progress(c->progressData, line);
  return built < 0 ? -1 : plan.numVariants - built;
}

int tcCompileVariantsWorkFiles(const char **names, int max) {
  static char kNames[TC_VARIANT_MAX * 4 + 1][48];
  static const char *const kSuffixes[] = {".so", ".manifest.json", ".log", ".mlir"};
  int n = 0;
  for (int i = 0; i < TC_VARIANT_MAX; ++i)
    for (int s = 0; s < 4; ++s)
      snprintf(kNames[n++], sizeof kNames[0], "variant%d%s", i, kSuffixes[s]);
  snprintf(kNames[n++], sizeof kNames[0], "variants.json");
  for (int i = 0; i < n && i < max; ++i)
    names[i] = kNames[i];
  return n < max ? n : max;
}

void tcCompileVariantsRemove(const char *workDir) {
  const char *names[TC_COMPILE_MAX_WORK_FILES];
  char path[4200];
  int n = tcCompileVariantsWorkFiles(names, TC_COMPILE_MAX_WORK_FILES);
  for (int i = 0; i < n; ++i) {
    snprintf(path, sizeof path, "%s/%s", workDir, names[i]);
    unlink(path);
  }
}
