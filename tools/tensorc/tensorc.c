//===- tensorc.c - the driver users run ------------------------------------===//
//
// tensorc compile MODEL -o DIR   import, stamp, compile, gate, cache, write
// tensorc bisect MODEL ...      the pass, the op and a reproducer of a miscompile
// tensorc cache COMMAND          list, verify, trim, clear the artifact cache
// tensorc host [--list|--env]    what code is compiled for, and how to force it
// tensorc run ARTIFACT.so ...    tensor-run under the driver's name
// tensorc diff A B [--json]      what differs between two artifacts' manifests
//
// docs/tensorc.md describes the commands; the exit codes are those of
// docs/exit-codes.md.
//
//===----------------------------------------------------------------------===//
#include "TestFaultPasses.h"
#include "DriverCommands.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/Tool.h"

#include <stdio.h>
#include <string.h>

#ifndef TC_VERSION
#define TC_VERSION "unknown"
#endif

static void printHelp(void) {
  printf("USAGE: tensorc <command> [options]\n\n"
         "COMMANDS:\n"
         "  compile MODEL -o DIR   Compile a tc_tensor program (.mlir) or an ONNX model (.onnx) into\n"
         "                         DIR/<name>.so (the artifact), .h (its C header), .manifest.json and\n"
         "                         .conformance.json, after the conformance gate passed it; cached\n"
         "      --contract FILE    Numerical contract for a program without tc.contract\n"
         "      --seed N           Gate with inputs drawn from seed N (repeatable; default 1 and 2)\n"
         "      --threads N[,M]    Gate these thread counts as variants (default: 1 and every core)\n"
         "      --time-budget S    Fail with performance-regression if a call takes longer than S seconds\n"
         "      --grad             Also build, gate and cache the VJP f_vjp of every function (tc-grad)\n"
         "      --wrt I,J          With --grad: the arguments to differentiate (default: every float one)\n"
         "      --wrt-constants    With --grad: the weights become arguments of f_vjp, their gradients outputs\n"
         "      --no-cache         Neither read nor write the cache\n"
         "      --require-stamp    Refuse a program its producer did not stamp (tc.semantic_hash)\n"
         "      --quiet            No progress lines\n"
         "  bisect MODEL [compile options] [-o DIR] [--budget S]\n"
         "                         Reproduce a compilation the gate rejected, find the pass and the op that\n"
         "                         break it, and write a minimal reproducer and report.md/.json to DIR\n"
         "                         (default ./bisect); exit 0 bisected, 8 does not reproduce, 9 flaky,\n"
         "                         10 incomplete (docs/bisect.md)\n"
         "      --budget S         Stop after S seconds with a partial report\n"
         "  run ARTIFACT.so [--input FILE.npy ... | --input NAME=FILE.npy ...]\n"
         "                         Run an artifact on .npy inputs, by position or by the names it keeps\n"
         "                         (ONNX graph names); the options of tensor-run (docs/tensor-run.md)\n"
         "  cache list             The cache's entries ($TC_CACHE_DIR, else $XDG_CACHE_HOME/tensorc,\n"
         "                         else ~/.cache/tensorc)\n"
         "  cache verify           Check every entry; evict the bad ones\n"
         "  cache trim --max-bytes N   Evict least recently used entries down to N bytes\n"
         "  cache clear | cache path\n"
         "  host                   What code is compiled for here: CPU, vector width, vector math, BLIS\n"
         "                         configuration, OpenMP threshold, and which TC_* variable forced each\n"
         "      --list             The CPUs TC_TARGET_CPU accepts\n"
         "      --env              Every environment variable tensorc reads (docs/environment.md)\n"
         "  diff A.manifest.json B.manifest.json\n"
         "                         What differs between two artifacts: identity, contract, toolchain,\n"
         "                         invocation, emission, and pass by pass the first differing decisions\n"
         "      --json             The difference as a JSON document\n"
         "  --version, --help\n");
}

int main(int argc, char **argv) {
  tcRegisterTestFaultPasses(); // --tc-test-fault kinds that are passes (test/lib/Faults)
  if (argc < 2)
    return tcUsageError("tensorc", "no command given (compile, bisect, run, cache, host or diff)");
  const char *command = argv[1];
  if (strcmp(command, "compile") == 0)
    return tcDriverCompileCommand(argc - 1, argv + 1);
  if (strcmp(command, "bisect") == 0)
    return tcDriverBisectCommand(argc - 1, argv + 1);
  if (strcmp(command, "cache") == 0)
    return tcDriverCacheCommand(argc - 1, argv + 1);
  if (strcmp(command, "host") == 0)
    return tcDriverHostCommand(argc - 1, argv + 1);
  if (strcmp(command, "run") == 0)
    return tcDriverRunCommand(argc - 1, argv + 1);
  if (strcmp(command, "diff") == 0)
    return tcDriverDiffCommand(argc - 1, argv + 1);
  if (strcmp(command, "--help") == 0 || strcmp(command, "-h") == 0 || strcmp(command, "help") == 0) {
    printHelp();
    return TC_EXIT_SUCCESS;
  }
  if (strcmp(command, "--version") == 0) {
    printf("tensorc %s\n", TC_VERSION);
    return TC_EXIT_SUCCESS;
  }
  return tcUsageError("tensorc", "unknown command '%s' (compile, bisect, run, cache, host or diff)", command);
}
