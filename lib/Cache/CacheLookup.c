//===- CacheLookup.c - verified reads: lookup, copy out, verify -----------===//
//
// A lookup opens entries/<key>, checks its record, opens one temporary file
// per requested output beside its destination, and streams every file of
// the entry through the hash (CacheVerify.c), copying the requested ones on
// the way. Only if the whole entry verified are the outputs synced and
// renamed to their destinations; otherwise the temporaries are removed and
// the entry is evicted, so a bad entry is never served, not even in part.
// Verification without copying is the same path with no outputs.
//
//===----------------------------------------------------------------------===//
#include "CacheInternal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Outputs {
  size_t count;
  CacheSink sinks[TC_CACHE_MAX_FILES];
  char *dest[TC_CACHE_MAX_FILES]; // owned
  char *temp[TC_CACHE_MAX_FILES]; // owned; NULL once renamed
} Outputs;

static bool findFile(const CacheRecord *record, const char *name, size_t *index) {
  for (size_t i = 0; i < record->numFiles; ++i)
    if (strcmp(record->files[i].name, name) == 0)
      return *index = i, true;
  return false;
}

// Opens dest's temporary file: "<dir>/.<base>.tmp.<pid>.<n>.<nonce>".
static bool openTemp(Outputs *outs, size_t i, unsigned mode, char **message) {
  const char *dest = outs->dest[i], *slash = strrchr(dest, '/');
  int dirLength = slash ? (int)(slash - dest + 1) : 0;
  char unique[96];
  for (int tries = 0; tries < 16; ++tries) {
    cacheUniqueName(unique, sizeof unique, "");
    free(outs->temp[i]);
    outs->temp[i] = cacheFormat("%.*s.%s.tmp.%s", dirLength, dest, slash ? slash + 1 : dest, unique);
    if (!outs->temp[i])
      return cacheFail(message, "out of memory");
    outs->sinks[i].fd = open(outs->temp[i], O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ? (mode_t)mode : 0666);
    if (outs->sinks[i].fd >= 0)
      return true;
    if (errno != EEXIST)
      break;
  }
  bool ok = cacheFail(message, "cannot write '%s': %s", dest, strerror(errno));
  free(outs->temp[i]);
  outs->temp[i] = NULL;
  return ok;
}

static TcCacheStatus addOutput(Outputs *outs, const CacheRecord *record, const char *name, char *dest, unsigned mode,
                               char **message) {
  size_t i = outs->count, index;
  if (!dest)
    return cacheFail(message, "out of memory"), TC_CACHE_ERROR;
  outs->dest[i] = dest;
  outs->sinks[i].fd = -1;
  outs->count++;
  if (!findFile(record, name, &index))
    return cacheFail(message, "%s: requested, but the entry has no such file", name), TC_CACHE_CORRUPT;
  outs->sinks[i].file = index;
  return openTemp(outs, i, mode, message) ? TC_CACHE_HIT : TC_CACHE_ERROR;
}

// Opens a temporary file for each output (all of the entry's files into
// `dir` when dir is non-NULL).
static TcCacheStatus prepareOutputs(Outputs *outs, const CacheRecord *record, const TcCacheFile *outputs,
                                    size_t numOutputs, const char *dir, char **message) {
  TcCacheStatus status = TC_CACHE_HIT;
  size_t n = dir ? record->numFiles : numOutputs;
  for (size_t i = 0; status == TC_CACHE_HIT && i < n; ++i) {
    const char *name = dir ? record->files[i].name : outputs[i].name;
    char *dest = dir ? cacheFormat("%s/%s", dir, name) : (outputs[i].path ? strdup(outputs[i].path) : NULL);
    status = addOutput(outs, record, name ? name : "", dest, dir ? 0 : outputs[i].mode, message);
  }
  return status;
}

static TcCacheStatus commitOutputs(Outputs *outs, char **message) {
  for (size_t i = 0; i < outs->count; ++i) {
    int fd = outs->sinks[i].fd;
    outs->sinks[i].fd = -1;
    if (fsync(fd) != 0 || close(fd) != 0 || rename(outs->temp[i], outs->dest[i]) != 0)
      return cacheFail(message, "cannot write '%s': %s", outs->dest[i], strerror(errno)), TC_CACHE_ERROR;
    free(outs->temp[i]);
    outs->temp[i] = NULL;
  }
  return TC_CACHE_HIT;
}

static void discardOutputs(Outputs *outs) {
  for (size_t i = 0; i < outs->count; ++i) {
    if (outs->sinks[i].fd >= 0)
      close(outs->sinks[i].fd);
    if (outs->temp[i])
      unlink(outs->temp[i]);
    free(outs->temp[i]);
    free(outs->dest[i]);
  }
}

static TcCacheStatus lookupCore(TcCache *cache, const TcCacheKey *key, const TcCacheFile *outputs, size_t numOutputs,
                                const char *dir, bool use, bool evict, char **message) {
  if (message)
    *message = NULL;
  if (!tcCacheKeyIsValid(key->hex))
    return cacheFail(message, "'%.*s' is not a cache key", TC_CACHE_KEY_SIZE - 1, key->hex), TC_CACHE_ERROR;
  if (numOutputs > TC_CACHE_MAX_FILES)
    return cacheFail(message, "more than %d outputs", TC_CACHE_MAX_FILES), TC_CACHE_ERROR;
  if (dir && !cacheMakeDirs(dir, message))
    return TC_CACHE_ERROR;
  int entryfd = -1;
  struct stat st;
  CacheRecord record;
  Outputs outs = {0};
  TcCacheStatus status = cacheOpenEntry(cache, key->hex, &entryfd, &st, &record, message);
  if (status == TC_CACHE_HIT)
    status = prepareOutputs(&outs, &record, outputs, numOutputs, dir, message);
  if (status == TC_CACHE_HIT)
    status = cacheVerifyFiles(entryfd, &record, outs.sinks, outs.count, message);
  if (status == TC_CACHE_HIT)
    status = commitOutputs(&outs, message);
  discardOutputs(&outs);
  if (entryfd >= 0)
    close(entryfd);
  cacheRecordFree(&record);
  if (status == TC_CACHE_CORRUPT)
    status = cacheSettleFailure(cache, key->hex, &st, status, evict, message);
  if (status == TC_CACHE_HIT && use)
    cacheTouch(cache, key->hex);
  return status;
}

TcCacheStatus tcCacheLookup(TcCache *cache, const TcCacheKey *key, const TcCacheFile *outputs, size_t numOutputs,
                            char **message) {
  return lookupCore(cache, key, outputs, numOutputs, NULL, true, true, message);
}

TcCacheStatus tcCacheLookupToDir(TcCache *cache, const TcCacheKey *key, const char *dir, char **message) {
  if (message)
    *message = NULL;
  if (!dir)
    return cacheFail(message, "no destination directory"), TC_CACHE_ERROR;
  return lookupCore(cache, key, NULL, 0, dir, true, true, message);
}

TcCacheStatus tcCacheVerifyEntry(TcCache *cache, const TcCacheKey *key, bool evict, char **message) {
  return lookupCore(cache, key, NULL, 0, NULL, false, evict, message);
}
