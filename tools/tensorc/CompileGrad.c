//===- CompileGrad.c - tensorc compile --grad: both entry points, gated ----===//
//
// `tensorc compile MODEL -o DIR --grad` builds, gates and caches an artifact
// with both entry points of every function: f and its VJP f_vjp. Three
// things change, and only these (docs/tensorc.md §6):
//
// - the pipeline starts with tc-grad (with the --wrt and --wrt-constants
//   options), so the VJPs are derived from the stamped program, verified
//   and lowered with the forward; the pipeline text is part of the cache
//   key, so a --grad build never shares an entry with a forward-only one;
// - the gate is run with --grad and the same options: it judges the
//   forward and every VJP against the reference evaluator (whose gradients
//   it derives from the program alone);
// - the header and the manifest describe both, since both are in the
//   artifact.
//
//===----------------------------------------------------------------------===//
#include "CompileGrad.h"

#include "tensorc/Tool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kTool = "tensorc";

static bool isIndexList(const char *v) {
  if (!*v)
    return false;
  for (const char *p = v; *p; ++p)
    if (!((*p >= '0' && *p <= '9') || (*p == ',' && p != v && p[1] && p[1] != ',')))
      return false;
  return true;
}

bool tcDriverParseGradFlag(int argc, char **argv, int *i, DriverGradOptions *g, int *rc) {
  const char *v;
  *rc = TC_EXIT_SUCCESS;
  if (tcMatchFlag(argc, argv, i, "grad", NULL))
    g->grad = true;
  else if (tcMatchFlag(argc, argv, i, "wrt-constants", NULL))
    g->wrtConstants = true;
  else if (tcMatchFlag(argc, argv, i, "wrt", &v)) {
    g->wrt = v;
    if (!isIndexList(v))
      *rc = tcUsageError(kTool, "--wrt takes a comma-separated list of argument indices, got '%s'", v);
  } else
    return false;
  return true;
}

int tcDriverCheckGradOptions(const DriverGradOptions *g) {
  if ((g->wrt || g->wrtConstants) && !g->grad)
    return tcUsageError(kTool, "--wrt and --wrt-constants need --grad");
  return TC_EXIT_SUCCESS;
}

char *tcDriverGradPipeline(const char *cpuPipeline, const DriverGradOptions *g) {
  static const char root[] = "builtin.module(";
  if (!g->grad || strncmp(cpuPipeline, root, sizeof root - 1) != 0)
    return strdup(cpuPipeline);
  char options[512];
  snprintf(options, sizeof options, "%s%s%s%s", g->wrt ? "wrt=" : "", g->wrt ? g->wrt : "",
           g->wrt && g->wrtConstants ? " " : "", g->wrtConstants ? "wrt-constants=true" : "");
  size_t size = strlen(cpuPipeline) + strlen(options) + 32;
  char *text = malloc(size);
  snprintf(text, size, "%stc-grad%s%s%s,%s", root, options[0] ? "{" : "", options, options[0] ? "}" : "",
           cpuPipeline + sizeof root - 1);
  return text;
}

int tcDriverGradGateArgs(const DriverGradOptions *g, char **argv, int n) {
  if (!g->grad)
    return n;
  argv[n++] = "--grad";
  if (g->wrt)
    argv[n++] = "--wrt", argv[n++] = (char *)g->wrt;
  if (g->wrtConstants)
    argv[n++] = "--wrt-constants";
  return n;
}
