//===- CacheLookup.c - verified reads: lookup, copy out, verify -----------===//
//
// A lookup opens entries/<key>, checks its record, opens one temporary file
// per requested output beside its destination (lib/IO/OutputFile.c; a
// device or FIFO is written through instead), and streams every file of
// the entry through the hash (CacheVerify.c), copying the requested ones on
// the way. Only if the whole entry verified are the outputs synced and
// renamed to their destinations; otherwise the temporaries are removed and
// the entry is evicted, so a bad entry is never served, not even in part.
// Verification without copying is the same path with no outputs.
//
//===----------------------------------------------------------------------===//
#include "CacheInternal.h"

#include "tensorc/OutputFile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Outputs {
  size_t count;
  CacheSink sinks[TC_CACHE_MAX_FILES];
  TcOutputFile files[TC_CACHE_MAX_FILES]; // lib/IO/OutputFile.c: a temporary beside each destination
} Outputs;

static bool findFile(const CacheRecord *record, const char *name, size_t *index) {
  for (size_t i = 0; i < record->numFiles; ++i)
    if (strcmp(record->files[i].name, name) == 0)
      return *index = i, true;
  return false;
}

// Opens output `i` at `dest` (owned; freed here): a temporary file beside a
// regular destination, or the destination itself when it is a device or FIFO.
static TcCacheStatus addOutput(Outputs *outs, const CacheRecord *record, const char *name, char *dest, unsigned mode,
                               char **message) {
  size_t i = outs->count, index = 0;
  if (!dest)
    return tcCacheFail(message, "out of memory"), TC_CACHE_ERROR;
  outs->files[i].fd = -1;
  outs->sinks[i].fd = -1;
  outs->count++;
  TcCacheStatus status = TC_CACHE_HIT;
  char err[512];
  if (!findFile(record, name, &index))
    status = (tcCacheFail(message, "%s: requested, but the entry has no such file", name), TC_CACHE_CORRUPT);
  else if (!tcOutputFileOpenWithMode(&outs->files[i], dest, mode ? mode : 0666, TC_OUTPUT_DURABLE, err, sizeof err))
    status = (tcCacheFail(message, "%s", err), TC_CACHE_ERROR);
  outs->sinks[i].file = index;
  outs->sinks[i].fd = outs->files[i].fd;
  free(dest);
  return status;
}

// Opens a temporary file for each output (all of the entry's files into
// `dir` when dir is non-NULL).
static TcCacheStatus prepareOutputs(Outputs *outs, const CacheRecord *record, const TcCacheFile *outputs,
                                    size_t numOutputs, const char *dir, char **message) {
  TcCacheStatus status = TC_CACHE_HIT;
  size_t n = dir ? record->numFiles : numOutputs;
  for (size_t i = 0; status == TC_CACHE_HIT && i < n; ++i) {
    const char *name = dir ? record->files[i].name : outputs[i].name;
    char *dest = dir ? tcCacheFormat("%s/%s", dir, name) : (outputs[i].path ? strdup(outputs[i].path) : NULL);
    status = addOutput(outs, record, name ? name : "", dest, dir ? 0 : outputs[i].mode, message);
  }
  return status;
}

static TcCacheStatus commitOutputs(Outputs *outs, char **message) {
  char err[512];
  for (size_t i = 0; i < outs->count; ++i) {
    outs->sinks[i].fd = -1;
    if (!tcOutputFileCommit(&outs->files[i], err, sizeof err))
      return tcCacheFail(message, "%s", err), TC_CACHE_ERROR;
  }
  return TC_CACHE_HIT;
}

static void discardOutputs(Outputs *outs) {
  for (size_t i = 0; i < outs->count; ++i)
    tcOutputFileDiscard(&outs->files[i]);
}

static TcCacheStatus lookupCore(TcCache *cache, const TcCacheKey *key, const TcCacheFile *outputs, size_t numOutputs,
                                const char *dir, bool use, bool evict, TcCacheVerdict *verdict, char **message) {
  if (message)
    *message = NULL;
  if (!tcCacheKeyIsValid(key->hex))
    return tcCacheFail(message, "'%.*s' is not a cache key", TC_CACHE_KEY_SIZE - 1, key->hex), TC_CACHE_ERROR;
  if (numOutputs > TC_CACHE_MAX_FILES)
    return tcCacheFail(message, "more than %d outputs", TC_CACHE_MAX_FILES), TC_CACHE_ERROR;
  if (dir && !tcCacheMakeDirs(dir, message))
    return TC_CACHE_ERROR;
  int entryfd = -1;
  struct stat st;
  CacheRecord record;
  Outputs outs = {0};
  TcCacheStatus status = tcCacheOpenEntry(cache, key->hex, &entryfd, &st, &record, message);
  if (status == TC_CACHE_HIT)
    status = prepareOutputs(&outs, &record, outputs, numOutputs, dir, message);
  if (status == TC_CACHE_HIT)
    status = tcCacheVerifyFiles(entryfd, &record, outs.sinks, outs.count, message);
  if (status == TC_CACHE_HIT)
    status = commitOutputs(&outs, message);
  discardOutputs(&outs);
  if (entryfd >= 0)
    close(entryfd);
  tcCacheRecordFree(&record); // keeps record.verdict
  if (status == TC_CACHE_CORRUPT)
    status = tcCacheSettleFailure(cache, key->hex, &st, status, evict, message);
  if (status == TC_CACHE_HIT && use)
    tcCacheTouch(cache, key->hex);
  if (verdict)
    *verdict = record.verdict;
  return status;
}

TcCacheStatus tcCacheLookup(TcCache *cache, const TcCacheKey *key, const TcCacheFile *outputs, size_t numOutputs,
                            char **message) {
  return lookupCore(cache, key, outputs, numOutputs, NULL, true, true, NULL, message);
}

TcCacheStatus tcCacheLookupWithVerdict(TcCache *cache, const TcCacheKey *key, const TcCacheFile *outputs,
                                       size_t numOutputs, TcCacheVerdict *verdict, char **message) {
  *verdict = TC_CACHE_UNVERIFIED;
  return lookupCore(cache, key, outputs, numOutputs, NULL, true, true, verdict, message);
}

TcCacheStatus tcCacheLookupToDir(TcCache *cache, const TcCacheKey *key, const char *dir, char **message) {
  if (message)
    *message = NULL;
  if (!dir)
    return tcCacheFail(message, "no destination directory"), TC_CACHE_ERROR;
  return lookupCore(cache, key, NULL, 0, dir, true, true, NULL, message);
}

TcCacheStatus tcCacheVerifyEntry(TcCache *cache, const TcCacheKey *key, bool evict, char **message) {
  return lookupCore(cache, key, NULL, 0, NULL, false, evict, NULL, message);
}
