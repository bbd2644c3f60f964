//===- RefTool.h - what tensor-ref's two modes share ------------*- C -*-===//
//
// The forward mode (tensor-ref.c) and the gradient mode (GradMode.c) find
// their function, print values and write .npy files the same way; these
// are the one copy of each (RefTool.c). Messages go to stderr with the
// `tensor-ref: ` prefix.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TOOLS_TENSOR_REF_REFTOOL_H
#define TENSORC_TOOLS_TENSOR_REF_REFTOOL_H

#include "tensorc/Reference.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

/// True for a public func.func with a body.
bool tcRefToolIsPublicDefinition(MlirOperation op);

/// The public function named `wanted`, or without a name the only one;
/// null (with a message) if there is none or, without a name, several.
MlirOperation tcRefToolFindFunction(MlirModule module, const char *wanted);

/// The exit class of a function tcRefToolFindFunction did not find
/// (docs/exit-codes.md): a --fn the program lacks, or several functions
/// and no --fn, is the command line's (1); a program with no public
/// function at all is a structural rejection (2), as in every tool that
/// needs an entry point.
int tcRefToolMissingFunctionClass(MlirOperation module, const char *wanted);

/// Prints `WHAT #I: tensor<2x2xf32> = [[1, 2], [3, 4]]` and a newline to
/// stdout: the type of `t`, then its values as nested lists.
void tcRefToolPrintTensor(const char *what, intptr_t i, const TcRefTensor *t);

/// Writes `t` to DIR/NAME as .npy; false with a message if it cannot.
bool tcRefToolWriteNpy(const char *dir, const char *name, const TcRefTensor *t);

/// Makes directory `dir` unless it exists; false with a message if it
/// cannot (or it is not a directory).
bool tcRefToolMakeDir(const char *dir);

#endif // TENSORC_TOOLS_TENSOR_REF_REFTOOL_H
