//===- GradMode.h - tensor-ref --grad ----------------------------*- C -*-===//
//
// tensor-ref's gradient mode (GradMode.c): the reference VJP of a function,
// kept beside the forward mode so that tensor-ref.c only dispatches to it.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TOOLS_TENSOR_REF_GRADMODE_H
#define TENSORC_TOOLS_TENSOR_REF_GRADMODE_H

#include <stdbool.h>

/// True if the command line asks for --grad.
bool tcRefGradModeRequested(int argc, char **argv);

/// Runs tensor-ref --grad with the whole command line; returns the exit code.
int tcRefGradModeMain(int argc, char **argv);

#endif // TENSORC_TOOLS_TENSOR_REF_GRADMODE_H
