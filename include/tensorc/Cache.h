//===- Cache.h - the content-addressed artifact cache -------------*- C -*-===//
//
// A directory of entries, each a set of named files (a compiled artifact, its
// header, its manifest, its conformance report) stored under a key that is
// XXH3-128 of canonical KEY MATERIAL: a JSON object the caller builds from
// everything that decides the artifact's bytes (semantic hash, contract hash,
// pipeline and options, target triple, CPU and features, tensorc, LLVM, BLIS
// and libomp versions) and never from paths, mtimes or source text. The
// cache canonicalises the material (sorted keys, compact) before hashing it,
// so the caller's key order does not matter.
//
// Every entry carries a record (`entry.json`, format tensorc-cache-entry/1)
// with its key, its material, each file's size and XXH3-128, and the
// inserter's verdict: "gated" when the inserter ran the conformance gate on
// the files (tensorc compile), "unverified" otherwise (tensorc cache put).
// The cache does not interpret the verdict; it keeps it and reports it, so
// that tensorc compile never serves an unverified entry as gated. Inserts are
// atomic (a private temporary directory renamed into place); every read
// re-verifies the record and every file while copying it out, and an entry
// that fails is reported, evicted and answered as a miss, never served.
// Concurrent inserts of one key leave one good entry. Layout, rules and
// commands: docs/cache.md.
//
// Errors are values: functions return a status or false with a message in
// `*message` (malloc'd, the caller frees it with free(); every function sets
// *message to NULL first, so it needs no initialisation; `message` may be
// NULL when the caller does not want it). Nothing here aborts or exits on a
// bad file, a bad argument or an I/O error. The library links libc, jansson
// and xxHash only, never MLIR or LLVM. A TcCache handle is for one thread at
// a time; any number of processes (and handles) may share one directory.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_CACHE_H
#define TENSORC_CACHE_H


#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// JSON values are jansson's `json_t` inside tensorc. Declared here as an
/// incomplete type (C11 and C++ accept the same typedef twice), so including
/// this header needs no jansson headers; hosts that call these functions
/// include <jansson.h> themselves.
typedef struct json_t json_t;

/// The entry record's format tag and its file name inside an entry.
#define TC_CACHE_ENTRY_FORMAT "tensorc-cache-entry/1"
#define TC_CACHE_RECORD_NAME "entry.json"

/// A key: 32 lowercase hex digits (XXH3-128, high 64 bits first) and a NUL.
enum { TC_CACHE_KEY_SIZE = 33, TC_CACHE_MAX_FILES = 64, TC_CACHE_MAX_NAME = 128 };

typedef struct TcCacheKey {
  char hex[TC_CACHE_KEY_SIZE];
} TcCacheKey;

/// An open cache directory. Opaque.
typedef struct TcCache TcCache;

/// What a lookup or a verification found.
typedef enum TcCacheStatus {
  TC_CACHE_HIT = 0, ///< the entry exists and verified (lookup: its files were copied out)
  TC_CACHE_MISS,    ///< no entry for the key (or it vanished while read: a lost race)
  TC_CACHE_CORRUPT, ///< the entry failed verification: *message says which file and
                    ///< what mismatched; it was evicted; treat it as a miss and rebuild
  TC_CACHE_ERROR,   ///< the operation could not be done (I/O error, bad argument)
} TcCacheStatus;

/// The status's name ("hit", "miss", "corrupt", "error"). Static string.
const char *tcCacheStatusGetName(TcCacheStatus status);

//===-- Opening --------------------------------------------------------------===//

/// The directory tcCacheOpen(NULL) uses: $TC_CACHE_DIR if set and non-empty,
/// else $XDG_CACHE_HOME/tensorc if $XDG_CACHE_HOME is an absolute path, else
/// $HOME/.cache/tensorc. Returns a malloc'd path (caller frees), or NULL with
/// *message set when none of the variables is usable.
char *tcCacheResolveDir(char **message);

/// Opens the cache in `dir` (NULL: tcCacheResolveDir), creating the
/// directory and its layout if missing. Returns an owned handle (free with
/// tcCacheClose), or NULL with *message set.
TcCache *tcCacheOpen(const char *dir, char **message);

/// Closes the handle and frees it. NULL is allowed.
void tcCacheClose(TcCache *cache);

/// The cache's directory, as opened. Borrowed: valid until tcCacheClose.
const char *tcCacheDir(const TcCache *cache);

//===-- Keys -----------------------------------------------------------------===//

/// Computes the key of `material`, which must be a JSON object: XXH3-128 of
/// json_dumps(material, JSON_SORT_KEYS | JSON_COMPACT). Borrows `material`.
/// Returns false with *message set if it is not an object.
bool tcCacheKeyFromMaterial(const json_t *material, TcCacheKey *key, char **message);

/// Parses `text` as a JSON object and computes its key as above (so two texts
/// that differ only in key order or whitespace give the same key). Returns
/// false with *message set if the text is not a JSON object.
bool tcCacheKeyFromString(const char *text, TcCacheKey *key, char **message);

/// The canonical text of `material` that the key hashes (malloc'd, caller
/// frees), or NULL if it is not a JSON object. Borrows `material`.
char *tcCacheCanonicalMaterial(const json_t *material);

/// True if `text` is a well-formed key (32 lowercase hex digits).
bool tcCacheKeyIsValid(const char *text);

//===-- Inserting and looking up ---------------------------------------------===//

/// One named file of an entry. For an insert, the contents come from `path`
/// (a file to read) or, when `path` is NULL, from `data` (`size` bytes). For
/// a lookup, `path` is where the entry's file `name` is copied to
/// (include/tensorc/OutputFile.h: atomically, through a device or a link),
/// a new file created with permission bits `mode` (0 means 0666; the umask
/// applies as to any new file), a replaced one keeping its own; modes are
/// not stored in the cache. Names are 1 to
/// TC_CACHE_MAX_NAME characters of [A-Za-z0-9._+-], not starting with '.',
/// and not TC_CACHE_RECORD_NAME. Everything is borrowed.
typedef struct TcCacheFile {
  const char *name;
  const char *path;
  const void *data;
  size_t size;
  unsigned mode;
} TcCacheFile;

/// Who stands behind an entry's files (its record's "verdict").
typedef enum TcCacheVerdict {
  TC_CACHE_UNVERIFIED, ///< stored without being judged: `cache put`, or a record without a verdict
  TC_CACHE_GATED,      ///< the inserter ran the conformance gate on them and it passed
} TcCacheVerdict;

/// "unverified" or "gated". Static string.
const char *tcCacheVerdictGetName(TcCacheVerdict verdict);

/// What an insert did.
typedef enum TcCacheInsertOutcome {
  TC_CACHE_INSERTED,      ///< there was no entry; ours is now in place
  TC_CACHE_KEPT_EXISTING, ///< a good entry for the key already existed (or another
                          ///< process inserted one first); ours was discarded
  TC_CACHE_REPLACED,      ///< the existing entry failed verification; it was evicted
                          ///< and ours put in place (*message says what was wrong)
} TcCacheInsertOutcome;

/// Inserts an entry of `numFiles` files (1 to TC_CACHE_MAX_FILES, distinct
/// names) under the key of `material` (a JSON object, borrowed): the files
/// and the record are written into a private directory under tmp/, synced,
/// and renamed into entries/<key>. `key` and `outcome` may be NULL; when
/// given they receive the key and what happened. Returns false with *message
/// set if the insert could not be done (nothing is left behind); on success
/// *message is set only for TC_CACHE_REPLACED. Records the entry as just used.
bool tcCacheInsert(TcCache *cache, const json_t *material, const TcCacheFile *files, size_t numFiles, TcCacheKey *key,
                   TcCacheInsertOutcome *outcome, char **message);

/// How tcCacheInsertWith inserts.
typedef struct TcCacheInsertOptions {
  TcCacheVerdict verdict; ///< recorded in the entry
  bool replace;           ///< evict an existing entry even if it verifies (outcome
                          ///< TC_CACHE_REPLACED): it could not be used, e.g. it was unverified
} TcCacheInsertOptions;

/// As tcCacheInsert (which inserts unverified and keeps a good existing
/// entry), with `options`.
bool tcCacheInsertWith(TcCache *cache, const json_t *material, const TcCacheFile *files, size_t numFiles,
                       const TcCacheInsertOptions *options, TcCacheKey *key, TcCacheInsertOutcome *outcome,
                       char **message);

/// Looks up `key`, verifies the whole entry (record, key, every file's size
/// and hash) and copies the entry's file `outputs[i].name` to
/// `outputs[i].path` for each i, each atomically (a temporary file in the
/// destination's directory, synced and renamed); nothing is written unless
/// every file verified. HIT: copied, and the entry recorded as just used.
/// MISS: no entry. CORRUPT: *message names the file and the mismatch, the
/// entry was evicted, and no output was written; a requested name the entry
/// does not have also counts as corrupt. ERROR: *message says why (e.g. a
/// destination cannot be written); the entry is kept.
TcCacheStatus tcCacheLookup(TcCache *cache, const TcCacheKey *key, const TcCacheFile *outputs, size_t numOutputs,
                            char **message);

/// As tcCacheLookup, also setting *verdict (on a HIT) to the entry's verdict.
TcCacheStatus tcCacheLookupWithVerdict(TcCache *cache, const TcCacheKey *key, const TcCacheFile *outputs,
                                       size_t numOutputs, TcCacheVerdict *verdict, char **message);

/// As tcCacheLookup, copying every file of the entry into `dir` (created if
/// missing) under its own name.
TcCacheStatus tcCacheLookupToDir(TcCache *cache, const TcCacheKey *key, const char *dir, char **message);

/// Verifies the entry of `key` as a lookup does, copying nothing: HIT if it
/// is good, MISS if absent, CORRUPT (with *message) if not; a corrupt entry
/// is evicted when `evict` is true. Does not count as a use.
TcCacheStatus tcCacheVerifyEntry(TcCache *cache, const TcCacheKey *key, bool evict, char **message);

/// Called by tcCacheVerifyAll once per entry with the entry's directory name,
/// what verification found (HIT: good), and for CORRUPT or ERROR the reason
/// (borrowed for the call).
typedef void (*TcCacheVerifyCallback)(const char *name, TcCacheStatus status, const char *reason, void *userData);

/// Verifies every entry as tcCacheVerifyEntry(..., evict = true) does; a
/// name under entries/ that is not a key is corrupt and evicted too.
/// `callback` may be NULL. *numCorrupt and *numErrors (either may be NULL)
/// count the entries that were evicted and those that could not be checked.
/// Returns false with *message set if the entries cannot be listed.
bool tcCacheVerifyAll(TcCache *cache, TcCacheVerifyCallback callback, void *userData, size_t *numCorrupt,
                      size_t *numErrors, char **message);

/// Removes the entry of `key` if present (renamed to trash/, then deleted).
/// Returns false with *message set on an I/O error; true if it was removed
/// or absent.
bool tcCacheEvict(TcCache *cache, const TcCacheKey *key, char **message);

//===-- Listing and maintenance ----------------------------------------------===//

/// One entry as tcCacheList sees it, from its directory and record (file
/// contents are not hashed: use tcCacheVerifyEntry for that).
typedef struct TcCacheEntryInfo {
  char key[TC_CACHE_KEY_SIZE]; ///< the entry directory's name
  uint64_t bytes;              ///< bytes of all its files, entry.json included
  size_t numFiles;             ///< files the record lists
  char *files;                 ///< their names, comma-separated (owned; "" if unreadable)
  char *material;              ///< the record's canonical material (owned; NULL if unreadable)
  uint64_t lastUse;            ///< logical clock of its last insert or hit; 0 if never
  TcCacheVerdict verdict;      ///< the record's verdict
  char *problem;               ///< NULL, or why its record is unreadable (owned)
} TcCacheEntryInfo;

/// Lists every entry, sorted by key, into a malloc'd array of *count infos
/// (free with tcCacheListDestroy). Returns false with *message set on an I/O
/// error.
bool tcCacheList(TcCache *cache, TcCacheEntryInfo **infos, size_t *count, char **message);

/// Frees what tcCacheList returned. NULL is allowed.
void tcCacheListDestroy(TcCacheEntryInfo *infos, size_t count);

/// What a trim or a clear did.
typedef struct TcCacheTrimStats {
  size_t entriesBefore, entriesAfter, evicted;
  uint64_t bytesBefore, bytesAfter;
} TcCacheTrimStats;

/// Evicts least recently used entries (smallest lastUse first; entries with
/// unreadable records before all others) until the entries' total bytes are
/// at most `maxBytes`; also removes leftovers of dead processes in tmp/ and
/// trash/. A reader racing with the trim sees a miss, never a partial entry.
/// `stats` may be NULL. Returns false with *message set on an I/O error.
bool tcCacheTrim(TcCache *cache, uint64_t maxBytes, TcCacheTrimStats *stats, char **message);

/// Evicts every entry and its use record (tcCacheTrim with a budget of 0).
bool tcCacheClear(TcCache *cache, TcCacheTrimStats *stats, char **message);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_CACHE_H
