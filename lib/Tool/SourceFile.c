//===- SourceFile.c - reading inputs and splitting them at `// -----` ------===//
//
// A chunk keeps the line numbers of the whole file: its text starts with one
// newline per line that precedes it, so the parser's locations, and so every
// diagnostic and `expected-*@+N` offset, refer to lines of the real file.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Tool.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

bool tcSourceFileRead(TcSourceFile *file, const char *path, char *err, size_t errSize) {
  memset(file, 0, sizeof *file);
  bool isStdin = strcmp(path, "-") == 0;
  FILE *in = isStdin ? stdin : fopen(path, "rb");
  if (!in) {
    snprintf(err, errSize, "cannot open '%s': %s", path, strerror(errno));
    return false;
  }
  size_t cap = 1 << 16, len = 0;
  char *text = malloc(cap);
  while (text) {
    if (len + 1 >= cap) {
      char *bigger = realloc(text, cap * 2);
      if (!bigger) {
        free(text);
        text = NULL;
        break;
      }
      text = bigger;
      cap *= 2;
    }
    size_t n = fread(text + len, 1, cap - len - 1, in);
    len += n;
    if (n == 0)
      break;
  }
  bool readError = ferror(in);
  if (!isStdin)
    fclose(in);
  if (!text || readError) {
    snprintf(err, errSize, "cannot read '%s': %s", path, text ? "read error" : "out of memory");
    free(text);
    return false;
  }
  text[len] = '\0';
  file->text = text;
  file->length = len;
  file->name = strdup(isStdin ? "<stdin>" : path);
  return true;
}

void tcSourceFileDestroy(TcSourceFile *file) {
  free(file->name);
  free(file->text);
  memset(file, 0, sizeof *file);
}

bool tcSourceIsBlank(const char *text, size_t length) {
  for (size_t i = 0; i < length; ++i) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')
      continue;
    if (c == '/' && i + 1 < length && text[i + 1] == '/') {
      while (i < length && text[i] != '\n')
        ++i;
      continue;
    }
    return false;
  }
  return true;
}

// A separator is a line holding `marker` (`// -----` by default; more
// dashes allowed after it) and nothing else but surrounding spaces.
static bool isSeparator(const char *line, size_t len, const char *marker) {
  size_t i = 0, n = strlen(marker);
  while (i < len && (line[i] == ' ' || line[i] == '\t'))
    ++i;
  if (len - i < n || memcmp(line + i, marker, n) != 0)
    return false;
  i += n;
  while (i < len && line[i] == '-')
    ++i;
  while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
    ++i;
  return i == len;
}

static bool appendChunk(TcSourceChunk **chunks, size_t *count, size_t *cap, const char *start, size_t len,
                        unsigned firstLine) {
  if (*count == *cap) {
    size_t newCap = *cap ? *cap * 2 : 4;
    TcSourceChunk *grown = realloc(*chunks, newCap * sizeof **chunks);
    if (!grown)
      return false;
    *chunks = grown;
    *cap = newCap;
  }
  size_t pad = firstLine - 1;
  char *text = malloc(pad + len + 1);
  if (!text)
    return false;
  memset(text, '\n', pad);
  memcpy(text + pad, start, len);
  text[pad + len] = '\0';
  (*chunks)[(*count)++] = (TcSourceChunk){text, pad + len, firstLine};
  return true;
}

TcSourceChunk *tcSourceSplit(const TcSourceFile *file, bool split, size_t *count) {
  return tcSourceSplitAt(file, split ? "// -----" : NULL, count);
}

TcSourceChunk *tcSourceSplitAt(const TcSourceFile *file, const char *marker, size_t *count) {
  bool split = marker && marker[0];
  TcSourceChunk *chunks = NULL;
  size_t cap = 0;
  *count = 0;
  const char *text = file->text, *end = file->text + file->length;
  const char *chunkStart = text;
  unsigned line = 1, chunkFirst = 1;
  for (const char *p = text; split && p < end; ++line) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    size_t len = eol ? (size_t)(eol - p) : (size_t)(end - p);
    if (isSeparator(p, len, marker)) {
      if (!appendChunk(&chunks, count, &cap, chunkStart, (size_t)(p - chunkStart), chunkFirst))
        tcFatal("out of memory splitting input");
      chunkStart = eol ? eol + 1 : end;
      chunkFirst = line + 1;
    }
    p = eol ? eol + 1 : end;
  }
  if (!appendChunk(&chunks, count, &cap, chunkStart, (size_t)(end - chunkStart), chunkFirst))
    tcFatal("out of memory splitting input");
  return chunks;
}

void tcSourceChunksDestroy(TcSourceChunk *chunks, size_t count) {
  for (size_t i = 0; i < count; ++i)
    free(chunks[i].text);
  free(chunks);
}
