//===- CompileGrad.h - tensorc compile --grad ---------------------*- C -*-===//
//
// The options of `tensorc compile --grad [--wrt I,J] [--wrt-constants]`
// (CompileGrad.c, docs/tensorc.md §6) and the three places the compile
// command uses them: its pipeline (tc-grad first), the gate's command line
// (tensor-conform --grad with the same options) and nothing else: the
// pipeline text is part of the cache key, so a VJP build caches apart.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TOOLS_TENSORC_COMPILEGRAD_H
#define TENSORC_TOOLS_TENSORC_COMPILEGRAD_H

#include <stdbool.h>

typedef struct DriverGradOptions {
  bool grad;
  bool wrtConstants;
  const char *wrt; ///< the --wrt list as given, or NULL
} DriverGradOptions;

/// Takes argv[*i] if it is --grad, --wrt or --wrt-constants (advancing *i
/// past a value); *rc is a usage error for a malformed --wrt.
bool tcDriverParseGradFlag(int argc, char **argv, int *i, DriverGradOptions *g, int *rc);

/// Usage errors for options given without --grad; TC_EXIT_SUCCESS otherwise.
int tcDriverCheckGradOptions(const DriverGradOptions *g);

/// The pipeline to compile with: `cpuPipeline` itself without --grad, else
/// the same with `tc-grad{...}` first. Caller frees.
char *tcDriverGradPipeline(const char *cpuPipeline, const DriverGradOptions *g);

/// Appends the gate's options (--grad, --wrt, --wrt-constants) to argv at
/// position n; returns the new count.
int tcDriverGradGateArgs(const DriverGradOptions *g, char **argv, int n);

#endif // TENSORC_TOOLS_TENSORC_COMPILEGRAD_H
