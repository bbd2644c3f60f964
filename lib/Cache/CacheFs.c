//===- CacheFs.c - messages, names, streaming and tree removal ------------===//
//
// The file-system helpers the cache is built from. Everything works on
// descriptors (openat, unlinkat, renameat) and never follows a symbolic link
// inside the cache (O_NOFOLLOW), so an entry cannot point a read or a delete
// outside the cache. tcCacheStream is the single loop through which every byte
// an entry stores or serves passes, hashing it on the way: the hash a record
// states is the hash of exactly the bytes that were written, and the bytes a
// lookup copies out are exactly the bytes whose hash it compared.
//
//===----------------------------------------------------------------------===//
#include "CacheInternal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

enum { kChunk = 1 << 16, kMaxTreeDepth = 4 };

static char *formatV(const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n < 0)
    n = 0;
  char *text = malloc((size_t)n + 1);
  if (text)
    vsnprintf(text, (size_t)n + 1, fmt, ap);
  return text;
}

char *tcCacheFormat(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *text = formatV(fmt, ap);
  va_end(ap);
  return text;
}

bool tcCacheFail(char **message, const char *fmt, ...) {
  if (!message)
    return false;
  va_list ap;
  va_start(ap, fmt);
  char *text = formatV(fmt, ap);
  va_end(ap);
  free(*message);
  *message = text;
  return false;
}

void tcCachePrefix(char **message, const char *prefix) {
  if (!message || !*message)
    return;
  char *text = tcCacheFormat("%s%s", prefix, *message);
  free(*message);
  *message = text;
}

bool tcCacheValidFileName(const char *name) {
  size_t n = name ? strlen(name) : 0;
  if (n == 0 || n > TC_CACHE_MAX_NAME || name[0] == '.' || strcmp(name, TC_CACHE_RECORD_NAME) == 0)
    return false;
  for (const char *c = name; *c; ++c)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || strchr("._+-", *c)))
      return false;
  return true;
}

void tcCacheUniqueName(char *buf, size_t size, const char *prefix) {
  static unsigned counter;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  unsigned nonce = (unsigned)ts.tv_nsec ^ (unsigned)((uintptr_t)buf >> 4) ^ (unsigned)ts.tv_sec * 2654435761u;
  snprintf(buf, size, "%s%ld.%u.%08x", prefix, (long)getpid(), counter++, nonce);
}

long tcCacheNamePid(const char *name, size_t prefixLength) {
  if (strlen(name) <= prefixLength)
    return 0;
  char *end;
  long pid = strtol(name + prefixLength, &end, 10);
  return *end == '.' && pid > 0 ? pid : 0;
}

bool tcCacheWriteAll(int fd, const void *data, size_t size) {
  const char *p = data;
  while (size) {
    ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    p += n;
    size -= (size_t)n;
  }
  return true;
}

static void hashText(XXH128_hash_t h, char out[CACHE_HASH_TEXT_SIZE]) {
  snprintf(out, CACHE_HASH_TEXT_SIZE, "xxh3-128:%016" PRIx64 "%016" PRIx64, (uint64_t)h.high64, (uint64_t)h.low64);
}

static bool writeSinks(const int *sinks, size_t numSinks, const void *data, size_t size) {
  for (size_t i = 0; i < numSinks; ++i)
    if (!tcCacheWriteAll(sinks[i], data, size))
      return false;
  return true;
}

CacheStreamResult tcCacheStream(int src, const void *data, size_t dataSize, const int *sinks, size_t numSinks,
                                uint64_t *bytes, char hash[CACHE_HASH_TEXT_SIZE]) {
  *bytes = 0;
  if (src < 0) {
    *bytes = dataSize;
    hashText(XXH3_128bits(data, dataSize), hash);
    return writeSinks(sinks, numSinks, data, dataSize) ? CACHE_STREAM_OK : CACHE_STREAM_WRITE_FAILED;
  }
  XXH3_state_t *state = XXH3_createState();
  char *buf = malloc(kChunk);
  CacheStreamResult result = CACHE_STREAM_OK;
  if (!state || !buf) {
    errno = ENOMEM;
    result = CACHE_STREAM_READ_FAILED;
  } else {
    XXH3_128bits_reset(state);
    for (;;) {
      ssize_t n = read(src, buf, kChunk);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0) {
        result = CACHE_STREAM_READ_FAILED;
        break;
      }
      if (n == 0)
        break;
      XXH3_128bits_update(state, buf, (size_t)n);
      *bytes += (uint64_t)n;
      if (!writeSinks(sinks, numSinks, buf, (size_t)n)) {
        result = CACHE_STREAM_WRITE_FAILED;
        break;
      }
    }
    hashText(XXH3_128bits_digest(state), hash);
  }
  int saved = errno;
  free(buf);
  XXH3_freeState(state);
  errno = saved;
  return result;
}

static bool removeTreeDepth(int dirfd, const char *name, int depth) {
  if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT)
    return true;
  if (errno != EISDIR && errno != EPERM)
    return false;
  if (depth > kMaxTreeDepth) {
    errno = ELOOP;
    return false;
  }
  int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    return errno == ENOENT;
  DIR *dir = fdopendir(fd);
  if (!dir) {
    close(fd);
    return false;
  }
  bool ok = true;
  for (struct dirent *e; (e = readdir(dir));)
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
      ok = removeTreeDepth(fd, e->d_name, depth + 1) && ok;
  closedir(dir);
  return ok && (unlinkat(dirfd, name, AT_REMOVEDIR) == 0 || errno == ENOENT);
}

bool tcCacheRemoveTree(int dirfd, const char *name) { return removeTreeDepth(dirfd, name, 0); }

bool tcCacheMakeDirs(const char *path, char **message) {
  char *copy = strdup(path);
  if (!copy)
    return tcCacheFail(message, "out of memory");
  for (char *p = copy + 1;; ++p) {
    if (*p != '/' && *p != '\0')
      continue;
    char saved = *p;
    *p = '\0';
    struct stat st;
    if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
      bool ok = tcCacheFail(message, "cannot create directory '%s': %s", copy, strerror(errno));
      free(copy);
      return ok;
    }
    if (stat(copy, &st) != 0 || !S_ISDIR(st.st_mode)) {
      bool ok = tcCacheFail(message, "'%s' is not a directory", copy);
      free(copy);
      return ok;
    }
    if (saved == '\0')
      break;
    *p = saved;
  }
  free(copy);
  return true;
}

int tcCacheOpenSubdir(int dirfd, const char *name) {
  if (mkdirat(dirfd, name, 0777) != 0 && errno != EEXIST)
    return -1;
  return openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}
