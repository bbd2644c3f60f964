//===- compare.h - tensor-conform compare ---------------------*- C -*-===//
//
// The `compare` subcommand of tensor-conform (compare.c).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TOOLS_TENSOR_CONFORM_COMPARE_H
#define TENSORC_TOOLS_TENSOR_CONFORM_COMPARE_H

#include "tensorc/Contract.h"

#include <stdbool.h>

/// Reads and parses the contract file `path` (owned by the caller, NULL on
/// failure). A file it cannot read is a usage error `tool` reports; a file
/// that does not parse sets *rc to TC_EXIT_USAGE after the parser's
/// diagnostic, plus a line of `tool`'s if `sayInvalid`. Shared by both
/// commands of tensor-conform.
TcContract *tensorConformReadContract(MlirContext ctx, const char *tool, const char *path, bool sayInvalid, int *rc);

/// Runs `tensor-conform compare`; `argv[0]` is "compare". Returns the exit code.
int tensorConformCompare(int argc, char **argv);

#endif // TENSORC_TOOLS_TENSOR_CONFORM_COMPARE_H
