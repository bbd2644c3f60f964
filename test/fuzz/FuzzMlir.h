//===- FuzzMlir.h - what the fuzz targets over MLIR share --------*- C -*-===//
//
// The targets that parse or build MLIR (fuzz-mlir, fuzz-onnx,
// fuzz-contract) silence the context's diagnostics: a fuzzer's input is
// expected to be wrong, and printing every complaint would only slow it.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TEST_FUZZ_MLIR_H
#define TENSORC_TEST_FUZZ_MLIR_H

#include "FuzzSupport.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

/// Swallows every diagnostic.
static inline MlirLogicalResult tcFuzzQuiet(MlirDiagnostic d, void *u) {
  (void)d, (void)u;
  return mlirLogicalResultSuccess();
}

#endif // TENSORC_TEST_FUZZ_MLIR_H
