//===- FuzzSupport.h - what the fuzz targets share ---------------*- C -*-===//
//
// Each target in this folder is one libFuzzer entry point over one input
// path of tensorc (utils/fuzz.sh builds and runs them; docs/reliability.md).
// A target must never crash, hang or trip a sanitizer on any input: a
// rejected input is the expected outcome of most. Inputs that the library
// reads from a path are written to a private temporary file first.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TEST_FUZZ_SUPPORT_H
#define TENSORC_TEST_FUZZ_SUPPORT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// Writes the input to this process's temporary file and returns its path
/// (static storage), or NULL.
static inline const char *tcFuzzWriteTemp(const uint8_t *data, size_t size, const char *suffix) {
  static char path[256];
  const char *dir = getenv("TMPDIR");
  snprintf(path, sizeof path, "%s/tc-fuzz-%ld%s", dir && *dir ? dir : "/tmp", (long)getpid(), suffix);
  FILE *f = fopen(path, "wb");
  if (!f)
    return NULL;
  size_t n = fwrite(data, 1, size, f);
  return fclose(f) == 0 && n == size ? path : NULL;
}

#endif // TENSORC_TEST_FUZZ_SUPPORT_H
