//===- CacheTestSupport.h - what the cache's unit tests share ---*- C -*-===//
//
// A fresh cache in a temporary directory per test (the cmocka fixture), key
// material and deterministic file contents for "program n", and helpers that
// damage, inspect and look up entries. Functions are static inline so that
// each test program uses what it needs without unused-function warnings.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_UNITTESTS_CACHE_TEST_SUPPORT_H
#define TENSORC_UNITTESTS_CACHE_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "Cache/CacheInternal.h"
#include "tensorc/Cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xxhash.h>

enum { kArtifactBytes = 150000 };

static const char *const kNames[] = {"artifact.so", "artifact.h", "manifest.json", "conformance.json"};
enum { kNumNames = sizeof kNames / sizeof kNames[0] };

typedef struct Fixture {
  char root[256];  // temporary directory of the test
  char cache[300]; // root/cache
  char out[300];   // root/out: lookup destinations
  TcCache *handle;
} Fixture;

//===-- Helpers ---------------------------------------------------------------===//

static inline int removeOne(const char *path, const struct stat *st, int flag, struct FTW *ftw) { return remove(path); }

static inline int setUp(void **state) {
  Fixture *f = calloc(1, sizeof *f);
  const char *tmp = getenv("TMPDIR");
  snprintf(f->root, sizeof f->root, "%s/tc-cache-test.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(f->root))
    return -1;
  snprintf(f->cache, sizeof f->cache, "%s/cache", f->root);
  snprintf(f->out, sizeof f->out, "%s/out", f->root);
  char *message = NULL;
  f->handle = tcCacheOpen(f->cache, &message);
  if (!f->handle) {
    fprintf(stderr, "%s\n", message);
    return -1;
  }
  *state = f;
  return 0;
}

static inline int tearDown(void **state) {
  Fixture *f = *state;
  tcCacheClose(f->handle);
  nftw(f->root, removeOne, 16, FTW_DEPTH | FTW_PHYS);
  free(f);
  return 0;
}

// Key material of program `n`: a stand-in for what the driver pins.
static inline json_t *material(int n) {
  char hash[64];
  snprintf(hash, sizeof hash, "xxh3-128:%032x", n);
  return json_pack("{s:s, s:s, s:s, s:{s:s, s:s}}", "semantic_hash", hash, "contract_hash", "xxh3-128:0", "pipeline",
                   "tc-cpu-pipeline", "target", "triple", "x86_64-pc-linux-gnu", "cpu", "generic");
}

// Deterministic contents of file `i` of program `n`; `size` bytes.
static inline unsigned char *contents(int n, int i, size_t *size) {
  *size = i == 0 ? kArtifactBytes : 200 + (size_t)(37 * n + i); // artifacts differ only in bytes
  unsigned char *data = malloc(*size);
  uint32_t x = 2166136261u ^ (uint32_t)(n * 131 + i);
  for (size_t k = 0; k < *size; ++k)
    data[k] = (unsigned char)((x = x * 1664525u + 1013904223u) >> 24);
  return data;
}

// Inserts program `n` from memory; no cmocka asserts (forked writers use it).
static inline bool tryInsertProgram(TcCache *cache, int n, TcCacheKey *key, TcCacheInsertOutcome *outcome) {
  TcCacheFile files[kNumNames];
  unsigned char *data[kNumNames];
  for (int i = 0; i < kNumNames; ++i) {
    size_t size;
    data[i] = contents(n, i, &size);
    files[i] = (TcCacheFile){.name = kNames[i], .data = data[i], .size = size};
  }
  json_t *m = material(n);
  char *message = NULL;
  bool ok = tcCacheInsert(cache, m, files, kNumNames, key, outcome, &message);
  if (!ok)
    fprintf(stderr, "insert: %s\n", message);
  free(message);
  json_decref(m);
  for (int i = 0; i < kNumNames; ++i)
    free(data[i]);
  return ok;
}

static inline TcCacheKey insertProgram(TcCache *cache, int n, TcCacheInsertOutcome *outcome) {
  TcCacheKey key;
  assert_true(tryInsertProgram(cache, n, &key, outcome));
  return key;
}

static inline char *readWhole(const char *path, size_t *size) {
  FILE *fp = fopen(path, "rb");
  if (!fp)
    return NULL;
  fseek(fp, 0, SEEK_END);
  long n = ftell(fp);
  rewind(fp);
  char *data = malloc((size_t)n + 1);
  *size = fread(data, 1, (size_t)n, fp);
  fclose(fp);
  return data;
}

static inline void entryPath(const Fixture *f, const TcCacheKey *key, const char *name, char *buf, size_t size) {
  snprintf(buf, size, "%s/entries/%s%s%s", f->cache, key->hex, name ? "/" : "", name ? name : "");
}

static inline bool exists(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0;
}

static inline size_t countNames(const char *dir) {
  DIR *d = opendir(dir);
  size_t n = 0;
  for (struct dirent *e; d && (e = readdir(d));)
    n += e->d_name[0] != '.';
  if (d)
    closedir(d);
  return n;
}

// Looks `key` up into f->out and expects `want`; returns the message.
static inline char *lookupExpect(Fixture *f, const TcCacheKey *key, TcCacheStatus want) {
  char *message = NULL;
  TcCacheStatus got = tcCacheLookupToDir(f->handle, key, f->out, &message);
  if (got != want)
    fprintf(stderr, "lookup: %s (%s)\n", tcCacheStatusGetName(got), message ? message : "");
  assert_int_equal(got, want);
  return message;
}

// A damaged entry: reported naming `file` and `what`, evicted, nothing
// served, and a miss afterwards.
static inline void expectCorrupt(Fixture *f, const TcCacheKey *key, const char *file, const char *what) {
  char *message = lookupExpect(f, key, TC_CACHE_CORRUPT);
  assert_non_null(message);
  assert_non_null(strstr(message, key->hex));
  assert_non_null(strstr(message, file));
  assert_non_null(strstr(message, what));
  free(message);
  char path[512];
  entryPath(f, key, NULL, path, sizeof path);
  assert_false(exists(path));
  assert_int_equal(countNames(f->out), 0);
  free(lookupExpect(f, key, TC_CACHE_MISS));
}

static inline void overwriteByte(const char *path, long offset) {
  int fd = open(path, O_RDWR);
  assert_true(fd >= 0);
  unsigned char c;
  assert_int_equal(pread(fd, &c, 1, offset), 1);
  c ^= 0x01;
  assert_int_equal(pwrite(fd, &c, 1, offset), 1);
  close(fd);
}

#define CACHE_TEST(name) cmocka_unit_test_setup_teardown(name, setUp, tearDown)

#endif // TENSORC_UNITTESTS_CACHE_TEST_SUPPORT_H
