//===- CapiTest.h - what the C API test programs share -----------*- C -*-===//
//
// Every test program needs a context with the upstream dialects and tensorc's
// registered, and most print diagnostics to stdout for FileCheck; several
// read their input file whole. Header-only (static functions): each test is
// one translation unit.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TEST_CAPI_CAPITEST_H
#define TENSORC_TEST_CAPI_CAPITEST_H

#include "tensorc/Dialects.h"
#include "tensorc/TextBuffer.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/RegisterEverything.h"

#include <stdbool.h>
#include <stdio.h>

static void capiPrintStr(MlirStringRef s, void *userData) { fwrite(s.data, 1, s.length, stdout); }

/// Prints every diagnostic as "diagnostic: <message>".
static MlirLogicalResult capiPrintDiag(MlirDiagnostic d, void *userData) {
  printf("diagnostic: ");
  mlirDiagnosticPrint(d, capiPrintStr, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

/// Creates a context with every upstream dialect registered and, with
/// `withTensorc`, tensorc's dialects loaded; with `printDiagnostics`,
/// diagnostics go to stdout. Returns a null context if tensorc's dialects fail
/// to load. Destroy with mlirContextDestroy.
static MlirContext capiCreateContext(bool printDiagnostics, bool withTensorc) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  if (printDiagnostics)
    mlirContextAttachDiagnosticHandler(ctx, capiPrintDiag, NULL, NULL);
  if (withTensorc && mlirLogicalResultIsFailure(tcRegisterDialects(ctx))) {
    mlirContextDestroy(ctx);
    return (MlirContext){NULL};
  }
  return ctx;
}

/// The whole of file `path`, NUL-terminated (free it), or NULL if it cannot
/// be opened.
static inline char *capiReadFile(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  TcTextBuffer b = {0};
  char chunk[4096];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    tcTextBufferAppend(mlirStringRefCreate(chunk, n), &b);
  fclose(f);
  tcTextBufferAppendCString(&b, "");
  return b.data;
}

#endif // TENSORC_TEST_CAPI_CAPITEST_H
