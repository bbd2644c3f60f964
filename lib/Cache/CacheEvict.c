//===- CacheEvict.c - eviction, the use clock, and leftovers --------------===//
//
// Evicting renames entries/<key> to a fresh name under trash/ (one atomic
// step: from then on no reader can open it by its key, while a reader that
// already holds its descriptors finishes on the old inode) and then deletes
// it. The use clock orders entries for trim without access times or mtimes:
// the file `clock` holds a counter, bumped under an fcntl lock on each use,
// and used/<key> holds the counter's value at the entry's last insert or
// hit. Leftovers of crashed processes (an insert's tmp/ directory, a trash/
// directory whose deletion was interrupted) carry their creator's pid in
// their name and are deleted once that process no longer exists.
//
//===----------------------------------------------------------------------===//
#include "CacheInternal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { kNameSize = 96, kClockText = 32 };

bool tcCacheEvictName(TcCache *cache, const char *name, const struct stat *expected, char **message) {
  char trashName[kNameSize];
  tcCacheUniqueName(trashName, sizeof trashName, "");
  if (expected && !tcCacheEntryUnchanged(cache, name, expected))
    return true;
  if (renameat(cache->entriesfd, name, cache->trashfd, trashName) != 0) {
    if (errno == ENOENT)
      return true;
    return tcCacheFail(message, "cannot move entry %s to the trash: %s", name, strerror(errno));
  }
  unlinkat(cache->usedfd, name, 0);
  if (!tcCacheRemoveTree(cache->trashfd, trashName))
    return tcCacheFail(message, "cannot delete trash/%s: %s", trashName, strerror(errno));
  return true;
}

bool tcCacheEvict(TcCache *cache, const TcCacheKey *key, char **message) {
  if (message)
    *message = NULL;
  if (!tcCacheKeyIsValid(key->hex))
    return tcCacheFail(message, "'%s' is not a cache key", key->hex);
  return tcCacheEvictName(cache, key->hex, NULL, message);
}

static uint64_t parseClock(const char *text) {
  char *end;
  unsigned long long v = strtoull(text, &end, 10);
  return end == text ? 0 : (uint64_t)v;
}

// The next value of the use clock, or 0 if the clock cannot be used.
static uint64_t tick(TcCache *cache) {
  int fd = openat(cache->rootfd, "clock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0)
    return 0;
  struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
  uint64_t now = 0;
  while (fcntl(fd, F_SETLKW, &lock) != 0 && errno == EINTR) {
  }
  char text[kClockText + 1] = {0};
  ssize_t n = pread(fd, text, kClockText, 0);
  if (n >= 0) {
    now = parseClock(text) + 1;
    int len = snprintf(text, sizeof text, "%020" PRIu64 "\n", now);
    if (pwrite(fd, text, (size_t)len, 0) != len)
      now = 0;
  }
  lock.l_type = F_UNLCK;
  fcntl(fd, F_SETLK, &lock);
  close(fd);
  return now;
}

void tcCacheTouch(TcCache *cache, const char *key) {
  uint64_t now = tick(cache);
  if (now == 0)
    return;
  char tmp[kNameSize], text[kClockText];
  tcCacheUniqueName(tmp, sizeof tmp, ".");
  int fd = openat(cache->usedfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0)
    return;
  int len = snprintf(text, sizeof text, "%" PRIu64 "\n", now);
  bool ok = tcCacheWriteAll(fd, text, (size_t)len);
  close(fd);
  if (!ok || renameat(cache->usedfd, tmp, cache->usedfd, key) != 0)
    unlinkat(cache->usedfd, tmp, 0);
}

uint64_t tcCacheLastUse(TcCache *cache, const char *key) {
  int fd = openat(cache->usedfd, key, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    return 0;
  char text[kClockText + 1] = {0};
  ssize_t n = read(fd, text, kClockText);
  close(fd);
  return n > 0 ? parseClock(text) : 0;
}

static bool processGone(long pid) { return pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH; }

// Calls `visit` on every name in the directory `dirfd` but . and ..
static void forEachName(int dirfd, void (*visit)(TcCache *, int, const char *), TcCache *cache) {
  int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *dir = fd < 0 ? NULL : fdopendir(fd);
  if (!dir) {
    if (fd >= 0)
      close(fd);
    return;
  }
  for (struct dirent *e; (e = readdir(dir));)
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
      visit(cache, dirfd, e->d_name);
  closedir(dir);
}

static void collectDead(TcCache *cache, int dirfd, const char *name) {
  if (processGone(tcCacheNamePid(name, 0)))
    tcCacheRemoveTree(dirfd, name);
}

static void collectUse(TcCache *cache, int dirfd, const char *name) {
  struct stat st;
  if (name[0] == '.') {
    if (processGone(tcCacheNamePid(name, 1)))
      unlinkat(dirfd, name, 0);
  } else if (fstatat(cache->entriesfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT) {
    unlinkat(dirfd, name, 0);
  }
}

void tcCacheCollectLeftovers(TcCache *cache) {
  forEachName(cache->tmpfd, collectDead, cache);
  forEachName(cache->trashfd, collectDead, cache);
  forEachName(cache->usedfd, collectUse, cache);
}
