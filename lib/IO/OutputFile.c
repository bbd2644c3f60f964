//===- OutputFile.c - writing a tool's output files safely ----------------===//
//
// include/tensorc/OutputFile.h says what each kind of target gets. The
// decision is made on the final target: symbolic links are followed by hand
// (lstat, readlink, a relative link read against its own directory) so that
// a dangling link creates its target instead of replacing the link. A
// regular target is replaced by rename(2) from a temporary file created in
// its directory with O_EXCL and mode 0666 (0777), so the umask applies as it
// does to any new file; an existing target's mode is then copied onto it.
// Anything else that is not a directory is opened and written in place, and
// so is any path under /dev/ or /proc/ (/dev/stdout names an open file,
// whatever it is, not a directory entry to replace).
//
//===----------------------------------------------------------------------===//
#include "tensorc/OutputFile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { kMaxLinks = 40 };

static bool fail(char *err, size_t errSize, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errSize, fmt, ap);
  va_end(ap);
  return false;
}

// `target` read relative to the directory of `link`, or as is if absolute.
static char *joinLink(const char *link, const char *target) {
  const char *slash = strrchr(link, '/');
  size_t dir = target[0] == '/' || !slash ? 0 : (size_t)(slash - link + 1);
  char *joined = malloc(dir + strlen(target) + 1);
  if (joined) {
    memcpy(joined, link, dir);
    strcpy(joined + dir, target);
  }
  return joined;
}

// Follows symbolic links from `path`; returns the final path (owned) and
// whether it exists (`st` filled), or NULL with errno set.
static char *resolve(const char *path, struct stat *st, bool *exists) {
  char *cur = strdup(path);
  for (int hops = 0; cur; ++hops) {
    if (lstat(cur, st) != 0) {
      if (errno != ENOENT) {
        free(cur);
        return NULL;
      }
      *exists = false;
      return cur;
    }
    if (!S_ISLNK(st->st_mode)) {
      *exists = true;
      return cur;
    }
    char target[PATH_MAX];
    ssize_t n = hops < kMaxLinks ? readlink(cur, target, sizeof target - 1) : -1;
    if (n < 0) {
      if (hops >= kMaxLinks)
        errno = ELOOP;
      free(cur);
      return NULL;
    }
    target[n] = '\0';
    char *next = joinLink(cur, target);
    free(cur);
    cur = next;
  }
  errno = ENOMEM;
  return NULL;
}

// Whether `path` names an open file rather than a directory entry
// (/dev/stdout, /dev/fd/N, /proc/self/fd/N): those are written through.
static bool isDescriptorPath(const char *path) {
  return strncmp(path, "/dev/", 5) == 0 || strncmp(path, "/proc/", 6) == 0;
}

// Creates "<dir>/.<base>.tmp.<pid>.<nonce>" beside `path`.
static int createTemp(const char *path, mode_t mode, char **temp) {
  const char *slash = strrchr(path, '/');
  size_t dir = slash ? (size_t)(slash - path + 1) : 0;
  size_t size = strlen(path) + 64;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  uint64_t nonce = (uint64_t)now.tv_nsec ^ ((uint64_t)now.tv_sec << 30) ^ (uint64_t)(uintptr_t)temp;
  for (int tries = 0; tries < 64; ++tries) {
    *temp = malloc(size);
    if (!*temp)
      return errno = ENOMEM, -1;
    nonce = nonce * 6364136223846793005u + 1442695040888963407u;
    snprintf(*temp, size, "%.*s.%s.tmp.%ld.%08llx", (int)dir, path, path + dir, (long)getpid(),
             (unsigned long long)(nonce >> 32));
    int fd = open(*temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd >= 0)
      return fd;
    int saved = errno;
    free(*temp);
    *temp = NULL;
    if (saved != EEXIST)
      return errno = saved, -1;
  }
  return errno = EEXIST, -1;
}

bool tcOutputFileOpen(TcOutputFile *out, const char *path, unsigned flags, char *err, size_t errSize) {
  return tcOutputFileOpenWithMode(out, path, flags & TC_OUTPUT_EXECUTABLE ? 0777 : 0666, flags, err, errSize);
}

bool tcOutputFileOpenWithMode(TcOutputFile *out, const char *path, unsigned mode, unsigned flags, char *err,
                              size_t errSize) {
  memset(out, 0, sizeof *out);
  out->fd = -1;
  out->flags = flags;
  if (strcmp(path, "-") == 0) {
    fflush(stdout); // what the tool printed through stdio goes first
    out->fd = STDOUT_FILENO;
    out->path = strdup(path);
    return out->path ? true : fail(err, errSize, "out of memory");
  }
  struct stat st;
  bool exists = false;
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode))
      return fail(err, errSize, "cannot write '%s': it is a directory", path);
    // A device, FIFO or other special file: write through it.
    out->path = strdup(path);
    out->fd = out->path ? open(path, O_WRONLY | O_CLOEXEC) : -1;
  } else if (isDescriptorPath(path)) {
    // /dev/stdout and the like name an open file, not a place in a directory.
    out->path = strdup(path);
    out->fd = out->path ? open(path, O_WRONLY | O_TRUNC | O_CLOEXEC) : -1;
  } else if ((out->path = resolve(path, &st, &exists))) {
    out->fd = createTemp(out->path, (mode_t)(mode & 07777), &out->temp);
    if (out->fd >= 0 && exists && fchmod(out->fd, st.st_mode & 07777) != 0) {
      int saved = errno;
      tcOutputFileDiscard(out);
      errno = saved;
    }
  }
  if (out->fd < 0) {
    int saved = errno;
    tcOutputFileDiscard(out);
    return fail(err, errSize, "cannot write '%s': %s", path, strerror(saved));
  }
  return true;
}

bool tcOutputFileWrite(TcOutputFile *out, const void *data, size_t size, char *err, size_t errSize) {
  for (size_t done = 0; done < size;) {
    ssize_t n = write(out->fd, (const char *)data + done, size - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return fail(err, errSize, "cannot write '%s': %s", out->path, n < 0 ? strerror(errno) : "short write");
    done += (size_t)n;
  }
  return true;
}

bool tcOutputFileCommit(TcOutputFile *out, char *err, size_t errSize) {
  bool ok = true;
  int saved = 0;
  if (out->fd == STDOUT_FILENO) {
    out->fd = -1;
  } else if (out->fd >= 0) {
    ok = (!(out->flags & TC_OUTPUT_DURABLE) || !out->temp || fsync(out->fd) == 0);
    saved = ok ? 0 : errno;
    ok = close(out->fd) == 0 && ok;
    saved = saved ? saved : errno;
    out->fd = -1;
  }
  if (ok && out->temp) {
    ok = rename(out->temp, out->path) == 0;
    saved = errno;
    if (ok) {
      free(out->temp);
      out->temp = NULL;
    }
  }
  if (!ok)
    fail(err, errSize, "cannot write '%s': %s", out->path ? out->path : "", strerror(saved));
  tcOutputFileDiscard(out);
  return ok;
}

void tcOutputFileDiscard(TcOutputFile *out) {
  if (out->fd >= 0 && out->fd != STDOUT_FILENO)
    close(out->fd);
  out->fd = -1;
  if (out->temp)
    unlink(out->temp);
  free(out->temp);
  free(out->path);
  out->temp = out->path = NULL;
}

bool tcWriteFile(const char *path, const void *data, size_t size, unsigned flags, char *err, size_t errSize) {
  TcOutputFile out;
  if (!tcOutputFileOpen(&out, path, flags, err, errSize))
    return false;
  if (!tcOutputFileWrite(&out, data, size, err, errSize)) {
    tcOutputFileDiscard(&out);
    return false;
  }
  return tcOutputFileCommit(&out, err, errSize);
}
