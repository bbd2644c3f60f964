//===- TextBuffer.c - a growable text buffer for MLIR print callbacks ------===//
//
// Capacity doubles past what is needed, so appending n bytes in pieces costs
// O(n); the buffer is always NUL-terminated so callers can use it as a string.
//
//===----------------------------------------------------------------------===//
#include "tensorc/TextBuffer.h"

#include "tensorc/Diagnostics.h"

#include <stdlib.h>
#include <string.h>

void tcTextBufferAppend(MlirStringRef text, void *userData) {
  TcTextBuffer *b = userData;
  if (b->length + text.length + 1 > b->capacity) {
    size_t cap = (b->length + text.length + 1) * 2;
    char *grown = realloc(b->data, cap);
    if (!grown)
      tcFatal("out of memory collecting text");
    b->data = grown;
    b->capacity = cap;
  }
  memcpy(b->data + b->length, text.data, text.length);
  b->length += text.length;
  b->data[b->length] = '\0';
}

void tcTextBufferAppendCString(TcTextBuffer *buffer, const char *text) {
  tcTextBufferAppend(mlirStringRefCreateFromCString(text), buffer);
}

TcFixedText tcFixedTextInit(char *buf, size_t size) {
  buf[0] = '\0';
  return (TcFixedText){buf, size, 0};
}

void tcFixedTextAppend(MlirStringRef text, void *userData) {
  TcFixedText *t = userData;
  if (t->used + 1 >= t->size)
    return;
  size_t room = t->size - t->used - 1;
  size_t n = text.length < room ? text.length : room;
  memcpy(t->buf + t->used, text.data, n);
  t->used += n;
  t->buf[t->used] = '\0';
}
