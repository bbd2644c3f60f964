//===- CacheVerify.c - checking an entry against its record ---------------===//
//
// An entry is good when its directory holds entry.json and exactly the
// files the record lists, each a regular file (not a link) whose size and
// XXH3-128 are the record's. Files are hashed as they are streamed into
// their sinks, so a lookup never copies out anything but the verified bytes
// even if the entry changes under it.
//
// A failure is only reported as corruption while entries/<key> is still the
// directory that was read: if it was evicted or replaced meanwhile (a trim,
// another process's insert), the reader lost a race and answers a miss.
//
//===----------------------------------------------------------------------===//
#include "CacheInternal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool listed(const CacheRecord *record, const char *name) {
  if (strcmp(name, TC_CACHE_RECORD_NAME) == 0)
    return true;
  for (size_t i = 0; i < record->numFiles; ++i)
    if (strcmp(record->files[i].name, name) == 0)
      return true;
  return false;
}

// Every name in the directory must be the record's or a listed file.
static TcCacheStatus checkNoStrangers(int entryfd, const CacheRecord *record, char **reason) {
  int fd = openat(entryfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *dir = fd < 0 ? NULL : fdopendir(fd);
  if (!dir) {
    if (fd >= 0)
      close(fd);
    tcCacheFail(reason, "cannot list the entry: %s", strerror(errno));
    return TC_CACHE_ERROR;
  }
  TcCacheStatus status = TC_CACHE_HIT;
  for (struct dirent *e; status == TC_CACHE_HIT && (e = readdir(dir));)
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && !listed(record, e->d_name)) {
      tcCacheFail(reason, "%s: a file the record does not list", e->d_name);
      status = TC_CACHE_CORRUPT;
    }
  closedir(dir);
  return status;
}

static TcCacheStatus verifyFile(int entryfd, const CacheRecord *record, size_t index, const CacheSink *sinks,
                                size_t numSinks, char **reason) {
  const CacheFileRecord *file = &record->files[index];
  int fds[TC_CACHE_MAX_FILES * 2], numFds = 0;
  for (size_t i = 0; i < numSinks && numFds < (int)(sizeof fds / sizeof fds[0]); ++i)
    if (sinks[i].file == index)
      fds[numFds++] = sinks[i].fd;
  int fd = openat(entryfd, file->name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    return tcCacheFail(reason, "%s: %s", file->name, errno == ENOENT ? "missing" : strerror(errno)), TC_CACHE_CORRUPT;
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return tcCacheFail(reason, "%s: not a regular file", file->name), TC_CACHE_CORRUPT;
  }
  uint64_t bytes;
  char hash[CACHE_HASH_TEXT_SIZE];
  CacheStreamResult r = tcCacheStream(fd, NULL, 0, fds, (size_t)numFds, &bytes, hash);
  int saved = errno;
  close(fd);
  if (r == CACHE_STREAM_WRITE_FAILED)
    return tcCacheFail(reason, "cannot write the copy of %s: %s", file->name, strerror(saved)), TC_CACHE_ERROR;
  if (r == CACHE_STREAM_READ_FAILED)
    return tcCacheFail(reason, "%s: cannot be read: %s", file->name, strerror(saved)), TC_CACHE_CORRUPT;
  if (bytes != file->bytes)
    return tcCacheFail(reason, "%s: %" PRIu64 " bytes, the record says %" PRIu64, file->name, bytes, file->bytes),
           TC_CACHE_CORRUPT;
  if (strcmp(hash, file->hash) != 0)
    return tcCacheFail(reason, "%s: hash %s, the record says %s", file->name, hash, file->hash), TC_CACHE_CORRUPT;
  return TC_CACHE_HIT;
}

TcCacheStatus tcCacheVerifyFiles(int entryfd, const CacheRecord *record, const CacheSink *sinks, size_t numSinks,
                                 char **reason) {
  TcCacheStatus status = checkNoStrangers(entryfd, record, reason);
  for (size_t i = 0; status == TC_CACHE_HIT && i < record->numFiles; ++i)
    status = verifyFile(entryfd, record, i, sinks, numSinks, reason);
  return status;
}

TcCacheStatus tcCacheOpenEntry(TcCache *cache, const char *key, int *entryfd, struct stat *st, CacheRecord *record,
                               char **reason) {
  memset(record, 0, sizeof *record);
  *entryfd = openat(cache->entriesfd, key, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (*entryfd < 0) {
    if (errno == ENOENT)
      return TC_CACHE_MISS;
    int saved = errno;
    if (fstatat(cache->entriesfd, key, st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISDIR(st->st_mode))
      return tcCacheFail(reason, "not a directory"), TC_CACHE_CORRUPT;
    return tcCacheFail(reason, "cannot open: %s", strerror(saved)), TC_CACHE_ERROR;
  }
  bool missing;
  if (fstat(*entryfd, st) != 0)
    return tcCacheFail(reason, "cannot stat: %s", strerror(errno)), TC_CACHE_ERROR;
  if (!tcCacheRecordRead(*entryfd, key, record, &missing, reason))
    return TC_CACHE_CORRUPT;
  return TC_CACHE_HIT;
}

// The inode number alone is not an identity: an evicted entry's inode can be
// reused at once by the next insert of the same key. Its change time (set
// when the directory was renamed into place) tells the two apart.
bool tcCacheEntryUnchanged(TcCache *cache, const char *key, const struct stat *st) {
  struct stat now;
  return fstatat(cache->entriesfd, key, &now, AT_SYMLINK_NOFOLLOW) == 0 && now.st_dev == st->st_dev &&
         now.st_ino == st->st_ino && now.st_ctim.tv_sec == st->st_ctim.tv_sec &&
         now.st_ctim.tv_nsec == st->st_ctim.tv_nsec;
}

TcCacheStatus tcCacheSettleFailure(TcCache *cache, const char *key, const struct stat *st, TcCacheStatus status,
                                   bool evict, char **reason) {
  if (status != TC_CACHE_CORRUPT)
    return status;
  if (!tcCacheEntryUnchanged(cache, key, st)) {
    if (reason) {
      free(*reason);
      *reason = NULL;
    }
    return TC_CACHE_MISS;
  }
  char *prefix = tcCacheFormat("cache entry %s: ", key);
  tcCachePrefix(reason, prefix ? prefix : "");
  free(prefix);
  char *evictError = NULL;
  if (evict && !tcCacheEvictName(cache, key, st, &evictError)) {
    char *both = tcCacheFormat("%s (and it could not be evicted: %s)", reason && *reason ? *reason : "", evictError);
    if (reason) {
      free(*reason);
      *reason = both;
    } else
      free(both);
  } else if (evict && reason && *reason) {
    char *withNote = tcCacheFormat("%s; evicted", *reason);
    free(*reason);
    *reason = withNote;
  }
  free(evictError);
  return TC_CACHE_CORRUPT;
}
