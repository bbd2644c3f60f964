//===- fuzz-cache-record.c - cache entry records through their reader -----===//
//
// tcCacheRecordRead (lib/Cache/CacheRecord.c) on the input as an entry's
// entry.json: what every lookup trusts before it verifies and serves the
// entry's files. The record is written into a private directory, read back
// through the directory's descriptor as the cache does, and checked
// against a fixed key.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "../../lib/Cache/CacheInternal.h"

#include <fcntl.h>

static const char kKey[] = "0123456789abcdef0123456789abcdef";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static char dir[256];
  static int dirfd = -1;
  if (dirfd < 0) {
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/tc-fuzz-cache.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir) || (dirfd = open(dir, O_RDONLY | O_DIRECTORY)) < 0)
      abort();
  }
  int fd = openat(dirfd, TC_CACHE_RECORD_NAME, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0)
    abort();
  size_t done = 0;
  while (done < size) {
    ssize_t n = write(fd, data + done, size - done);
    if (n <= 0)
      abort();
    done += (size_t)n;
  }
  close(fd);
  CacheRecord record;
  bool missing;
  char *reason = NULL;
  if (tcCacheRecordRead(dirfd, kKey, &record, &missing, &reason))
    tcCacheRecordFree(&record);
  free(reason);
  return 0;
}
