//===- TextBuffer.h - a growable text buffer for MLIR print callbacks -*- C -*-===//
//
// MLIR's C API prints through callbacks (MlirStringCallback); every tool and
// library that prints IR, types or diagnostics to memory collects the pieces
// in one of these: a growable buffer, or a fixed one that cuts what overflows.
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

/// A caller-owned fixed-size buffer `buf` of `size` bytes (size >= 1), of
/// which `used` are filled; always NUL-terminated. Text that does not fit is
/// cut, never overflowed: for one-line messages and names.
typedef struct TcFixedText {
  char *buf;
  size_t size, used;
} TcFixedText;

/// Returns an empty TcFixedText over `buf` (writes its terminating NUL).
TcFixedText tcFixedTextInit(char *buf, size_t size);

/// MlirStringCallback appending `text` to the TcFixedText `userData`.
void tcFixedTextAppend(MlirStringRef text, void *userData);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_TEXTBUFFER_H
