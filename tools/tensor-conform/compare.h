//===- compare.h - tensor-conform compare ---------------------*- C -*-===//
//
// The `compare` subcommand of tensor-conform (compare.c).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TOOLS_TENSOR_CONFORM_COMPARE_H
#define TENSORC_TOOLS_TENSOR_CONFORM_COMPARE_H

/// Runs `tensor-conform compare`; `argv[0]` is "compare". Returns the exit code.
int tensorConformCompare(int argc, char **argv);

#endif // TENSORC_TOOLS_TENSOR_CONFORM_COMPARE_H
