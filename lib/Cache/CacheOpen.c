//===- CacheOpen.c - finding, creating and opening the cache directory ----===//
//
// The directory comes from the caller, else $TC_CACHE_DIR, else
// $XDG_CACHE_HOME/tensorc (the XDG base-directory rules: only an absolute
// $XDG_CACHE_HOME counts), else $HOME/.cache/tensorc. Opening creates the
// layout (entries/, tmp/, trash/, used/, and a CACHEDIR.TAG so that backup
// tools skip the directory) and keeps a descriptor on each subdirectory for
// the handle's lifetime.
//
//===----------------------------------------------------------------------===//
#include "CacheInternal.h"

#include "tensorc/Environment.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char kTag[] = "Signature: 8a477f597d28d172789f06886806bc55\n"
                           "# This file is a cache directory tag created by tensorc.\n"
                           "# For information about cache directory tags see https://bford.info/cachedir/\n";

const char *tcCacheStatusGetName(TcCacheStatus status) {
  switch (status) {
  case TC_CACHE_HIT:
    return "hit";
  case TC_CACHE_MISS:
    return "miss";
  case TC_CACHE_CORRUPT:
    return "corrupt";
  case TC_CACHE_ERROR:
    return "error";
  }
  return "error";
}

static const char *nonEmpty(const char *name) { return tcEnvGet(name); }

char *tcCacheResolveDir(char **message) {
  if (message)
    *message = NULL;
  const char *v;
  if ((v = nonEmpty("TC_CACHE_DIR")))
    return strdup(v);
  if ((v = nonEmpty("XDG_CACHE_HOME")) && v[0] == '/')
    return tcCacheFormat("%s/tensorc", v);
  if ((v = nonEmpty("HOME")))
    return tcCacheFormat("%s/.cache/tensorc", v);
  tcCacheFail(message, "no cache directory: set TC_CACHE_DIR, XDG_CACHE_HOME or HOME");
  return NULL;
}

// Best effort: a missing tag only means backups include the cache.
static void writeTag(int rootfd) {
  int fd = openat(rootfd, "CACHEDIR.TAG", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0)
    return;
  bool ok = tcCacheWriteAll(fd, kTag, sizeof kTag - 1);
  close(fd);
  if (!ok)
    unlinkat(rootfd, "CACHEDIR.TAG", 0);
}

static TcCache *newHandle(char *dir) {
  TcCache *cache = calloc(1, sizeof *cache);
  if (!cache) {
    free(dir);
    return NULL;
  }
  cache->dir = dir;
  cache->rootfd = cache->entriesfd = cache->tmpfd = cache->trashfd = cache->usedfd = -1;
  return cache;
}

TcCache *tcCacheOpen(const char *dir, char **message) {
  if (message)
    *message = NULL;
  char *path = dir ? strdup(dir) : tcCacheResolveDir(message);
  if (!path || !*path) {
    if (path)
      tcCacheFail(message, "the cache directory name is empty");
    free(path);
    return NULL;
  }
  TcCache *cache = newHandle(path);
  if (!cache) {
    tcCacheFail(message, "out of memory");
    return NULL;
  }
  if (!tcCacheMakeDirs(cache->dir, message)) {
    tcCacheClose(cache);
    return NULL;
  }
  cache->rootfd = open(cache->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  const char *failed = cache->rootfd < 0 ? "." : NULL;
  if (!failed && (cache->entriesfd = tcCacheOpenSubdir(cache->rootfd, "entries")) < 0)
    failed = "entries";
  if (!failed && (cache->tmpfd = tcCacheOpenSubdir(cache->rootfd, "tmp")) < 0)
    failed = "tmp";
  if (!failed && (cache->trashfd = tcCacheOpenSubdir(cache->rootfd, "trash")) < 0)
    failed = "trash";
  if (!failed && (cache->usedfd = tcCacheOpenSubdir(cache->rootfd, "used")) < 0)
    failed = "used";
  if (failed) {
    tcCacheFail(message, "cannot open cache directory '%s/%s': %s", cache->dir, failed, strerror(errno));
    tcCacheClose(cache);
    return NULL;
  }
  writeTag(cache->rootfd);
  return cache;
}

void tcCacheClose(TcCache *cache) {
  if (!cache)
    return;
  int fds[] = {cache->rootfd, cache->entriesfd, cache->tmpfd, cache->trashfd, cache->usedfd};
  for (size_t i = 0; i < sizeof fds / sizeof fds[0]; ++i)
    if (fds[i] >= 0)
      close(fds[i]);
  free(cache->dir);
  free(cache);
}

const char *tcCacheDir(const TcCache *cache) { return cache->dir; }
