//===- CacheInsert.c - putting an entry in place atomically ---------------===//
//
// An insert writes the files and the record into a fresh directory under
// tmp/ (same file system as entries/), syncs each file and the directory,
// and renames the directory to entries/<key>. rename(2) of a directory onto
// a non-empty one fails, so of several processes inserting one key exactly
// one wins; the others then find a complete entry, verify it and discard
// their own copy. An existing entry that fails verification is evicted and
// the rename retried; so is a good one when the caller asks to replace it
// (tensorc compile rebuilding an entry it could not serve as gated). The
// record keeps the caller's verdict. Whatever happens, the temporary
// directory is removed before returning, so a finished insert leaves
// nothing in tmp/.
//
//===----------------------------------------------------------------------===//
#include "CacheInternal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { kNameSize = 96, kAttempts = 4 };

void (*tcCacheTestHookBeforeRename)(const char *key);

static bool checkFiles(const TcCacheFile *files, size_t numFiles, char **message) {
  if (numFiles == 0 || numFiles > TC_CACHE_MAX_FILES)
    return tcCacheFail(message, "an entry holds 1 to %d files, not %zu", TC_CACHE_MAX_FILES, numFiles);
  for (size_t i = 0; i < numFiles; ++i) {
    if (!tcCacheValidFileName(files[i].name))
      return tcCacheFail(message, "'%s' cannot name a file of a cache entry", files[i].name ? files[i].name : "");
    if (!files[i].path && !files[i].data && files[i].size)
      return tcCacheFail(message, "%s: neither a path nor data", files[i].name);
    for (size_t j = 0; j < i; ++j)
      if (strcmp(files[i].name, files[j].name) == 0)
        return tcCacheFail(message, "'%s' is given twice", files[i].name);
  }
  return true;
}

// Creates `name` in `dirfd` from `file`'s source, synced; fills `record`.
static bool writeFile(int dirfd, const char *name, const TcCacheFile *file, CacheFileRecord *record, char **message) {
  int src = -1;
  if (file->path && (src = open(file->path, O_RDONLY | O_CLOEXEC)) < 0)
    return tcCacheFail(message, "cannot read '%s': %s", file->path, strerror(errno));
  int dst = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (dst < 0) {
    int saved = errno;
    if (src >= 0)
      close(src);
    return tcCacheFail(message, "cannot create %s in the cache: %s", name, strerror(saved));
  }
  CacheStreamResult r = tcCacheStream(src, file->data, file->size, &dst, 1, &record->bytes, record->hash);
  int saved = errno;
  if (r == CACHE_STREAM_OK && fsync(dst) != 0) {
    r = CACHE_STREAM_WRITE_FAILED;
    saved = errno;
  }
  close(dst);
  if (src >= 0)
    close(src);
  if (r != CACHE_STREAM_OK)
    return tcCacheFail(message, r == CACHE_STREAM_READ_FAILED ? "cannot read '%s': %s" : "cannot write %s: %s",
                       r == CACHE_STREAM_READ_FAILED ? file->path : name, strerror(saved));
  strcpy(record->name, name);
  return true;
}

// Writes the whole entry into the open directory `dirfd`.
static bool writeEntry(int dirfd, const char *key, const json_t *material, TcCacheVerdict verdict,
                       const TcCacheFile *files, size_t numFiles, char **message) {
  CacheFileRecord records[TC_CACHE_MAX_FILES];
  for (size_t i = 0; i < numFiles; ++i)
    if (!writeFile(dirfd, files[i].name, &files[i], &records[i], message))
      return false;
  char *text = tcCacheRecordText(key, material, verdict, records, numFiles);
  if (!text)
    return tcCacheFail(message, "cannot encode the entry record");
  TcCacheFile record = {.name = TC_CACHE_RECORD_NAME, .data = text, .size = strlen(text)};
  CacheFileRecord ignored;
  bool ok = writeFile(dirfd, TC_CACHE_RECORD_NAME, &record, &ignored, message);
  free(text);
  if (ok && fsync(dirfd) != 0)
    return tcCacheFail(message, "cannot sync the new entry: %s", strerror(errno));
  return ok;
}

// Makes tmp/<unique> and writes the entry there; its name in `tmpName`.
static bool stageEntry(TcCache *cache, char tmpName[kNameSize], const char *key, const json_t *material,
                       TcCacheVerdict verdict, const TcCacheFile *files, size_t numFiles, char **message) {
  int dirfd = -1;
  for (int tries = 0; dirfd < 0 && tries < 16; ++tries) {
    tcCacheUniqueName(tmpName, kNameSize, "");
    if (mkdirat(cache->tmpfd, tmpName, 0777) == 0)
      dirfd = openat(cache->tmpfd, tmpName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    else if (errno != EEXIST)
      break;
  }
  if (dirfd < 0)
    return tcCacheFail(message, "cannot create a directory in '%s/tmp': %s", cache->dir, strerror(errno));
  bool ok = writeEntry(dirfd, key, material, verdict, files, numFiles, message);
  close(dirfd);
  if (!ok)
    tcCacheRemoveTree(cache->tmpfd, tmpName);
  return ok;
}

// One attempt to put tmp/<tmpName> in place. Returns true when done (with
// *outcome), false with *again when another attempt may succeed. A corrupt
// entry found in the way is evicted and its reason kept in *replaced.
static bool placeEntry(TcCache *cache, const char *tmpName, const TcCacheKey *key, bool replace,
                       TcCacheInsertOutcome *outcome, char **replaced, bool *again, char **message) {
  *again = false;
  char *reason = NULL;
  TcCacheStatus existing = tcCacheVerifyEntry(cache, key, true, &reason);
  if (existing == TC_CACHE_HIT && replace) {
    if (!tcCacheEvict(cache, key, message))
      return false;
    free(*replaced);
    *replaced = tcCacheFormat("cache entry %s verified, but the inserter asked to replace it", key->hex);
    existing = TC_CACHE_MISS;
  }
  if (existing == TC_CACHE_HIT) {
    *outcome = TC_CACHE_KEPT_EXISTING;
    return true;
  }
  if (existing == TC_CACHE_ERROR) {
    tcCacheFail(message, "%s", reason ? reason : "cannot verify the existing entry");
    free(reason);
    return false;
  }
  if (existing == TC_CACHE_CORRUPT) {
    free(*replaced);
    *replaced = reason ? reason : tcCacheFormat("cache entry %s was corrupt; evicted", key->hex);
    reason = NULL;
  }
  free(reason);
  if (tcCacheTestHookBeforeRename)
    tcCacheTestHookBeforeRename(key->hex);
  if (renameat(cache->tmpfd, tmpName, cache->entriesfd, key->hex) == 0) {
    fsync(cache->entriesfd);
    *outcome = *replaced ? TC_CACHE_REPLACED : TC_CACHE_INSERTED;
    return true;
  }
  *again = errno == ENOTEMPTY || errno == EEXIST;
  return tcCacheFail(message, "cannot move the new entry into '%s/entries': %s", cache->dir, strerror(errno));
}

bool tcCacheInsert(TcCache *cache, const json_t *material, const TcCacheFile *files, size_t numFiles, TcCacheKey *key,
                   TcCacheInsertOutcome *outcome, char **message) {
  TcCacheInsertOptions options = {TC_CACHE_UNVERIFIED, false};
  return tcCacheInsertWith(cache, material, files, numFiles, &options, key, outcome, message);
}

bool tcCacheInsertWith(TcCache *cache, const json_t *material, const TcCacheFile *files, size_t numFiles,
                       const TcCacheInsertOptions *options, TcCacheKey *key, TcCacheInsertOutcome *outcome,
                       char **message) {
  TcCacheKey k;
  TcCacheInsertOutcome done = TC_CACHE_INSERTED;
  char tmpName[kNameSize], *replaced = NULL, *error = NULL;
  if (message)
    *message = NULL;
  if (!tcCacheKeyFromMaterial(material, &k, message) || !checkFiles(files, numFiles, message) ||
      !stageEntry(cache, tmpName, k.hex, material, options->verdict, files, numFiles, message))
    return false;
  bool ok = false, again = true;
  for (int attempt = 0; !ok && again && attempt < kAttempts; ++attempt)
    ok = placeEntry(cache, tmpName, &k, options->replace && attempt == 0, &done, &replaced, &again, &error);
  tcCacheRemoveTree(cache->tmpfd, tmpName);
  if (ok)
    tcCacheTouch(cache, k.hex);
  if (key)
    *key = k;
  if (outcome)
    *outcome = done;
  char *report = ok ? (done == TC_CACHE_REPLACED ? replaced : NULL) : error;
  if (message)
    *message = report;
  else
    free(report);
  if (report != replaced)
    free(replaced);
  if (report != error)
    free(error);
  return ok;
}
