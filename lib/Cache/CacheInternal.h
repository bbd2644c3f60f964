//===- CacheInternal.h - what the artifact cache's files share ---*- C -*-===//
//
// The handle keeps one descriptor per directory of the layout (docs/cache.md)
// so that every file operation is relative to a directory that was opened
// once (openat and friends): a concurrent rename of the cache's parent cannot
// redirect it, and entry names never get spliced into paths. Entry records
// are parsed into CacheRecord; CacheVerify.c streams an entry's files
// through the hash, optionally copying them at the same time, so that what
// is copied out is exactly what was verified.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_CACHE_CACHEINTERNAL_H
#define TENSORC_LIB_CACHE_CACHEINTERNAL_H

#include "tensorc/Cache.h"

#include <jansson.h>
#include <sys/stat.h>

struct TcCache {
  char *dir;
  int rootfd;    // the cache directory
  int entriesfd; // entries/<key>/: the entries
  int tmpfd;     // tmp/<pid>.<n>.<nonce>/: inserts being written
  int trashfd;   // trash/<pid>.<n>.<nonce>: evicted entries being deleted
  int usedfd;    // used/<key>: the logical time of each entry's last use
};

/// "xxh3-128:" and 32 hex digits, as tc.semantic_hash spells hashes.
enum { CACHE_HASH_TEXT_SIZE = 42, CACHE_MAX_RECORD_BYTES = 16 << 20 };

//===-- Messages and names (CacheFs.c) ------------------------------------===//

/// A malloc'd printf-formatted string.
char *tcCacheFormat(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/// Sets *message (if `message` is non-NULL, freeing an older one) and returns false.
bool tcCacheFail(char **message, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/// Replaces *message by "<prefix><old message>".
void tcCachePrefix(char **message, const char *prefix);
/// True if `name` may name a file of an entry (Cache.h, TcCacheFile).
bool tcCacheValidFileName(const char *name);
/// Writes "<prefix><pid>.<n>.<nonce>" into buf: unique within this host at
/// the time of the call (callers still create with O_EXCL and retry).
void tcCacheUniqueName(char *buf, size_t size, const char *prefix);
/// The pid a name made by tcCacheUniqueName (after `prefixLength` bytes) carries, or 0.
long tcCacheNamePid(const char *name, size_t prefixLength);

//===-- Files (CacheFs.c) --------------------------------------------------===//

/// Writes all `size` bytes, retrying short writes. False with errno set.
bool tcCacheWriteAll(int fd, const void *data, size_t size);
/// Removes `name` under `dirfd`: a file, or a directory and all it holds.
/// False with errno set on failure (ENOENT counts as success).
bool tcCacheRemoveTree(int dirfd, const char *name);
/// Creates `path` and its missing parents (like mkdir -p).
bool tcCacheMakeDirs(const char *path, char **message);
/// Opens (creating if missing) the directory `name` under `dirfd`.
int tcCacheOpenSubdir(int dirfd, const char *name);

typedef enum CacheStreamResult {
  CACHE_STREAM_OK,
  CACHE_STREAM_READ_FAILED,
  CACHE_STREAM_WRITE_FAILED
} CacheStreamResult;

/// Reads `src` to its end (or, with src < 0, takes `data`), hashing the
/// bytes and writing them to each of the `numSinks` descriptors. Sets
/// *bytes and the hash text. On failure errno says why.
CacheStreamResult tcCacheStream(int src, const void *data, size_t dataSize, const int *sinks, size_t numSinks,
                                uint64_t *bytes, char hash[CACHE_HASH_TEXT_SIZE]);

//===-- Records (CacheRecord.c) --------------------------------------------===//

typedef struct CacheFileRecord {
  char name[TC_CACHE_MAX_NAME + 1];
  uint64_t bytes;
  char hash[CACHE_HASH_TEXT_SIZE];
} CacheFileRecord;

typedef struct CacheRecord {
  json_t *material;
  TcCacheVerdict verdict;
  size_t numFiles;
  CacheFileRecord files[TC_CACHE_MAX_FILES];
} CacheRecord;

/// Reads and checks `entry.json` of the entry open at `entryfd`, whose
/// directory is named `key`: its format, that its key equals `key`, that its
/// material hashes to `key`, and that its file list is well formed. On
/// failure returns false with *reason naming the mismatch and *missing set
/// if entry.json did not exist.
bool tcCacheRecordRead(int entryfd, const char *key, CacheRecord *record, bool *missing, char **reason);
void tcCacheRecordFree(CacheRecord *record);
/// The text of an entry record (malloc'd).
char *tcCacheRecordText(const char *key, const json_t *material, TcCacheVerdict verdict, const CacheFileRecord *files,
                        size_t numFiles);

//===-- Verification (CacheVerify.c) ---------------------------------------===//

/// Where the verified bytes of record file `file` are also written.
typedef struct CacheSink {
  size_t file;
  int fd;
} CacheSink;

/// Verifies that the entry directory open at `entryfd` holds exactly the
/// record's files (plus entry.json) with their sizes and hashes, streaming
/// each file into its sinks. HIT if all match; CORRUPT with *reason naming
/// the file otherwise; ERROR if a sink could not be written.
TcCacheStatus tcCacheVerifyFiles(int entryfd, const CacheRecord *record, const CacheSink *sinks, size_t numSinks,
                                 char **reason);

/// Opens entries/<key> and reads its record. HIT with *entryfd, *st and
/// *record set; MISS if absent; CORRUPT with *reason if the directory or its
/// record is bad; ERROR with *reason on an I/O error.
TcCacheStatus tcCacheOpenEntry(TcCache *cache, const char *key, int *entryfd, struct stat *st, CacheRecord *record,
                               char **reason);

/// True if entries/<key> is still the directory `st` describes.
bool tcCacheEntryUnchanged(TcCache *cache, const char *key, const struct stat *st);

/// Turns a verification failure into the caller's answer: if the entry
/// changed meanwhile (evicted or replaced by someone else) it is a MISS and
/// the reason is dropped; else the entry is evicted (when `evict`) and the
/// reason is prefixed with the entry's name.
TcCacheStatus tcCacheSettleFailure(TcCache *cache, const char *key, const struct stat *st, TcCacheStatus status,
                                   bool evict, char **reason);

/// Test hook: when non-NULL, an insert calls it between finding no good
/// entry for its key and renaming its own into place, so a unit test can
/// make another insert win that race deterministically. NULL in tensorc.
extern void (*tcCacheTestHookBeforeRename)(const char *key);

//===-- Eviction and use (CacheEvict.c) ------------------------------------===//

/// Moves entries/<name> to trash/ and deletes it, with its use record. When
/// `expected` is non-NULL, only if entries/<name> is still that directory.
/// True if it is gone or was never there.
bool tcCacheEvictName(TcCache *cache, const char *name, const struct stat *expected, char **message);
/// Records that `key` was just used (best effort: a failure only ages it).
void tcCacheTouch(TcCache *cache, const char *key);
/// The logical time of `key`'s last use, 0 if none is recorded.
uint64_t tcCacheLastUse(TcCache *cache, const char *key);
/// Deletes what dead processes left in tmp/ and trash/, and use records
/// of entries that no longer exist.
void tcCacheCollectLeftovers(TcCache *cache);

#endif // TENSORC_LIB_CACHE_CACHEINTERNAL_H
