//===- CacheMaintain.c - listing, trimming and clearing the cache ---------===//
//
// Listing reads each entry's directory and record but hashes nothing (that
// is tcCacheVerifyEntry's job), so it stays cheap on a large cache. An
// entry's size is the sum of its files' sizes, entry.json included. Trimming
// sorts the list by last use (the use clock of CacheEvict.c; entries whose
// record cannot be read first, as they can never be served) and evicts from
// the front until the total fits the budget. Eviction is a rename to trash/,
// so a concurrent reader either already holds the old entry's descriptors
// and finishes reading it, or no longer finds it and answers a miss.
//
//===----------------------------------------------------------------------===//
#include "CacheInternal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct InfoList {
  TcCacheEntryInfo *items;
  size_t count, capacity;
} InfoList;

static uint64_t directoryBytes(int entryfd) {
  int fd = openat(entryfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *dir = fd < 0 ? NULL : fdopendir(fd);
  uint64_t total = 0;
  if (!dir) {
    if (fd >= 0)
      close(fd);
    return 0;
  }
  struct stat st;
  for (struct dirent *e; (e = readdir(dir));)
    if (fstatat(entryfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
      total += (uint64_t)st.st_size;
  closedir(dir);
  return total;
}

static char *joinNames(const CacheRecord *record) {
  size_t length = 1;
  for (size_t i = 0; i < record->numFiles; ++i)
    length += strlen(record->files[i].name) + 1;
  char *text = calloc(1, length);
  for (size_t i = 0; text && i < record->numFiles; ++i) {
    if (i)
      strcat(text, ",");
    strcat(text, record->files[i].name);
  }
  return text;
}

static void describe(TcCache *cache, const char *name, TcCacheEntryInfo *info) {
  snprintf(info->key, sizeof info->key, "%s", name);
  info->lastUse = tcCacheLastUse(cache, name);
  if (!tcCacheKeyIsValid(name)) {
    info->problem = tcCacheFormat("'%s' is not a cache key", name);
    info->files = strdup("");
    return;
  }
  int entryfd = openat(cache->entriesfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  CacheRecord record;
  bool missing;
  if (entryfd < 0) {
    info->problem = tcCacheFormat("cannot open: %s", strerror(errno));
  } else if (tcCacheRecordRead(entryfd, name, &record, &missing, &info->problem)) {
    info->numFiles = record.numFiles;
    info->files = joinNames(&record);
    info->material = tcCacheCanonicalMaterial(record.material);
    info->verdict = record.verdict;
    tcCacheRecordFree(&record);
  }
  if (!info->files)
    info->files = strdup("");
  if (entryfd >= 0) {
    info->bytes = directoryBytes(entryfd);
    close(entryfd);
  }
}

static bool append(InfoList *list, TcCache *cache, const char *name) {
  if (list->count == list->capacity) {
    size_t capacity = list->capacity ? 2 * list->capacity : 16;
    TcCacheEntryInfo *items = realloc(list->items, capacity * sizeof *items);
    if (!items)
      return false;
    list->items = items;
    list->capacity = capacity;
  }
  TcCacheEntryInfo *info = &list->items[list->count++];
  memset(info, 0, sizeof *info);
  describe(cache, name, info);
  return true;
}

static int byKey(const void *a, const void *b) {
  return strcmp(((const TcCacheEntryInfo *)a)->key, ((const TcCacheEntryInfo *)b)->key);
}

bool tcCacheList(TcCache *cache, TcCacheEntryInfo **infos, size_t *count, char **message) {
  if (message)
    *message = NULL;
  *infos = NULL;
  *count = 0;
  int fd = openat(cache->entriesfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *dir = fd < 0 ? NULL : fdopendir(fd);
  if (!dir) {
    if (fd >= 0)
      close(fd);
    return tcCacheFail(message, "cannot list '%s/entries': %s", cache->dir, strerror(errno));
  }
  InfoList list = {0};
  bool ok = true;
  for (struct dirent *e; ok && (e = readdir(dir));)
    if (e->d_name[0] != '.')
      ok = append(&list, cache, e->d_name);
  closedir(dir);
  if (!ok) {
    tcCacheListDestroy(list.items, list.count);
    return tcCacheFail(message, "out of memory");
  }
  if (list.count)
    qsort(list.items, list.count, sizeof *list.items, byKey);
  *infos = list.items;
  *count = list.count;
  return true;
}

void tcCacheListDestroy(TcCacheEntryInfo *infos, size_t count) {
  for (size_t i = 0; infos && i < count; ++i) {
    free(infos[i].files);
    free(infos[i].material);
    free(infos[i].problem);
  }
  free(infos);
}

bool tcCacheVerifyAll(TcCache *cache, TcCacheVerifyCallback callback, void *userData, size_t *numCorrupt,
                      size_t *numErrors, char **message) {
  TcCacheEntryInfo *infos;
  size_t count, corrupt = 0, errors = 0;
  if (!tcCacheList(cache, &infos, &count, message))
    return false;
  for (size_t i = 0; i < count; ++i) {
    char *reason = NULL;
    TcCacheStatus status;
    if (tcCacheKeyIsValid(infos[i].key)) {
      TcCacheKey key;
      memcpy(key.hex, infos[i].key, sizeof key.hex);
      status = tcCacheVerifyEntry(cache, &key, true, &reason);
    } else {
      status = TC_CACHE_CORRUPT;
      reason = tcCacheFormat("cache entry %s: not a cache key; evicted", infos[i].key);
      if (!tcCacheEvictName(cache, infos[i].key, NULL, NULL))
        status = TC_CACHE_ERROR;
    }
    if (status == TC_CACHE_MISS) // gone meanwhile (a concurrent trim or eviction)
      continue;
    corrupt += status == TC_CACHE_CORRUPT;
    errors += status == TC_CACHE_ERROR;
    if (callback)
      callback(infos[i].key, status, reason, userData);
    free(reason);
  }
  tcCacheListDestroy(infos, count);
  tcCacheCollectLeftovers(cache);
  if (numCorrupt)
    *numCorrupt = corrupt;
  if (numErrors)
    *numErrors = errors;
  return true;
}

// Trim order: unreadable records first, then least recently used, then key.
static int byEvictionOrder(const void *pa, const void *pb) {
  const TcCacheEntryInfo *a = pa, *b = pb;
  if (!a->problem != !b->problem)
    return a->problem ? -1 : 1;
  if (a->lastUse != b->lastUse)
    return a->lastUse < b->lastUse ? -1 : 1;
  return strcmp(a->key, b->key);
}

bool tcCacheTrim(TcCache *cache, uint64_t maxBytes, TcCacheTrimStats *stats, char **message) {
  TcCacheEntryInfo *infos;
  size_t count;
  if (!tcCacheList(cache, &infos, &count, message))
    return false;
  TcCacheTrimStats s = {.entriesBefore = count};
  for (size_t i = 0; i < count; ++i)
    s.bytesBefore += infos[i].bytes;
  if (count)
    qsort(infos, count, sizeof *infos, byEvictionOrder);
  uint64_t total = s.bytesBefore;
  bool ok = true;
  for (size_t i = 0; ok && i < count && total > maxBytes; ++i) {
    ok = tcCacheEvictName(cache, infos[i].key, NULL, message);
    if (ok) {
      total -= infos[i].bytes;
      s.evicted++;
    }
  }
  tcCacheListDestroy(infos, count);
  tcCacheCollectLeftovers(cache);
  s.entriesAfter = s.entriesBefore - s.evicted;
  s.bytesAfter = total;
  if (stats)
    *stats = s;
  return ok;
}

bool tcCacheClear(TcCache *cache, TcCacheTrimStats *stats, char **message) {
  return tcCacheTrim(cache, 0, stats, message);
}
