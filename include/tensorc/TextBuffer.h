//===- TextBuffer.h - a growable text buffer for MLIR print callbacks -*- C -*-===//
//
// MLIR's C API prints through callbacks (MlirStringCallback); every tool and
// library that prints IR, types or diagnostics to memory collects the pieces
// in one of these.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TEXTBUFFER_H
#define TENSORC_TEXTBUFFER_H

#include "mlir-c/Support.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A growable NUL-terminated byte buffer. Zero-initialise it; `data` is NULL
/// until something is appended. The owner frees `data` with free().
typedef struct TcTextBuffer {
  char *data;
  size_t length, capacity;
} TcTextBuffer;

/// MlirStringCallback appending `text` to the TcTextBuffer `userData`. Aborts
/// if memory runs out.
void tcTextBufferAppend(MlirStringRef text, void *userData);

/// Appends a NUL-terminated string.
void tcTextBufferAppendCString(TcTextBuffer *buffer, const char *text);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_TEXTBUFFER_H
