//===- RunCommand.c - tensorc run: an artifact on .npy inputs --------------===//
//
// `tensorc run ARTIFACT.so [--input NAME=FILE.npy ...] [tensor-run options]`
// is tensor-run (docs/tensor-run.md) under the driver's name: the driver
// executes the tensor-run installed beside it with the same arguments, so
// the two cannot disagree about inputs, outputs or exit codes. Inputs go by
// position or by the names the artifact keeps (an ONNX model's graph
// names, docs/abi.md §4).
//
//===----------------------------------------------------------------------===//
#include "DriverCommands.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/Tool.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int tcDriverRunCommand(int argc, char **argv) {
  char path[4096];
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 32);
  if (n <= 0) {
    fprintf(stderr, "tensorc run: cannot find this executable: %s\n", strerror(errno));
    return TC_EXIT_INTERNAL;
  }
  path[n] = '\0';
  char *slash = strrchr(path, '/');
  strcpy(slash ? slash + 1 : path, "tensor-run");
  char **args = calloc((size_t)argc + 1, sizeof *args);
  if (!args)
    tcFatal("out of memory");
  args[0] = path;
  for (int i = 1; i < argc; ++i)
    args[i] = argv[i];
  fflush(NULL);
  execv(path, args);
  fprintf(stderr, "tensorc run: cannot run '%s' (tensor-run is installed beside tensorc): %s\n", path,
          strerror(errno));
  free(args);
  return TC_EXIT_INTERNAL;
}
