//===- CacheCommand.c - tensorc cache: inspect and maintain the cache -----===//
//
// tensorc cache list [--long] | verify | trim --max-bytes N | path | clear
//                  | put MATERIAL.json FILE... | get KEY|MATERIAL.json -o DIR
//
// A thin driver over include/tensorc/Cache.h (docs/cache.md). The cache is
// the one tcCacheOpen(NULL) finds: $TC_CACHE_DIR, else
// $XDG_CACHE_HOME/tensorc, else ~/.cache/tensorc. `list` reads records
// without hashing files; `verify` hashes everything and evicts what fails;
// `trim` evicts least recently used entries down to a byte budget; `put` and
// `get` store and fetch files by hand (for scripts and tests: `tensorc
// compile` is what normally fills the cache). `put` runs no gate, so what it
// stores is recorded as unverified, and `tensorc compile` never serves such
// an entry: it rebuilds, gates and replaces it (docs/cache.md §5.1).
//
// Exit codes (docs/exit-codes.md): 0 when everything was good; 1 for a bad
// command line or a cache that cannot be read or written; 4 (semantic
// drift) when `verify` or `get` found an entry whose bytes no longer match
// the identity its record states: the artifact is not what its key says,
// which is the drift class's "hash changed", not a conformance failure of
// any program (the bad entry is evicted, so the next compile rebuilds it).
// `get` of an absent key is a miss, exit 1 with a message.
//
//===----------------------------------------------------------------------===//
#include "DriverCommands.h"

#include "tensorc/Cache.h"
#include "tensorc/Tool.h"

#include <errno.h>
#include <jansson.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kTool = "tensorc";

static void printCacheHelp(void) {
  printf("USAGE: tensorc cache COMMAND\n\n"
         "The artifact cache: $TC_CACHE_DIR, else $XDG_CACHE_HOME/tensorc, else ~/.cache/tensorc\n"
         "(docs/cache.md).\n\n"
         "COMMANDS:\n"
         "  list [--long]          One line per entry (key, bytes, files), then the total;\n"
         "                         --long also prints each entry's key material\n"
         "  verify                 Hash every entry against its record; evict the bad ones\n"
         "  trim --max-bytes N     Evict least recently used entries until at most N bytes\n"
         "                         remain (N may end in K, M or G: KiB, MiB, GiB)\n"
         "  path                   Print the cache directory\n"
         "  clear                  Evict every entry\n"
         "  put MATERIAL.json FILE...  Store the files under the key of the material, as unverified\n"
         "                         (tensorc compile never serves such an entry)\n"
         "  get KEY -o DIR         Verify the entry KEY (32 hex digits, or a MATERIAL.json)\n"
         "                         and copy its files into DIR\n\n"
         "Exit codes: 0 all good, 1 usage or an unusable cache directory, 4 (semantic-drift)\n"
         "a corrupt entry was found (and evicted) by verify or get.\n");
}

// Reports a cache that cannot be used: the message, then the class line.
static int cacheFailure(const char *what, char *message) {
  fprintf(stderr, "%s: %s: %s\n%s: %s: %s\n", kTool, what, message ? message : "unknown error", kTool,
          tcExitCodePrefix(TC_EXIT_USAGE), what);
  free(message);
  return TC_EXIT_USAGE;
}

static TcCache *openCache(int *rc) {
  char *message = NULL;
  TcCache *cache = tcCacheOpen(NULL, &message);
  if (!cache)
    *rc = cacheFailure("cannot open the cache", message);
  return cache;
}

static int expectArgs(int argc, char **argv, int used, const char *command) {
  if (argc > used)
    return tcUsageError(kTool, "unexpected argument '%s' to 'cache %s'", argv[used], command);
  return TC_EXIT_SUCCESS;
}

//===-- list, path, clear ------------------------------------------------------===//

static int listCommand(int argc, char **argv) {
  bool longForm = argc > 2 && (strcmp(argv[2], "--long") == 0 || strcmp(argv[2], "-long") == 0);
  int rc = expectArgs(argc, argv, longForm ? 3 : 2, "list");
  TcCache *cache = rc ? NULL : openCache(&rc);
  if (!cache)
    return rc;
  TcCacheEntryInfo *infos;
  size_t count;
  char *message = NULL;
  if (!tcCacheList(cache, &infos, &count, &message)) {
    tcCacheClose(cache);
    return cacheFailure("cannot list the cache", message);
  }
  uint64_t total = 0;
  for (size_t i = 0; i < count; ++i) {
    total += infos[i].bytes;
    if (infos[i].problem)
      printf("%s %" PRIu64 " bytes unreadable: %s\n", infos[i].key, infos[i].bytes, infos[i].problem);
    else
      printf("%s %" PRIu64 " bytes %zu files: %s (%s)\n", infos[i].key, infos[i].bytes, infos[i].numFiles,
             infos[i].files, tcCacheVerdictGetName(infos[i].verdict));
    if (longForm && infos[i].material)
      printf("  material: %s\n", infos[i].material);
  }
  printf("%zu entries, %" PRIu64 " bytes in %s\n", count, total, tcCacheDir(cache));
  tcCacheListDestroy(infos, count);
  tcCacheClose(cache);
  return TC_EXIT_SUCCESS;
}

static int pathCommand(int argc, char **argv) {
  int rc = expectArgs(argc, argv, 2, "path");
  if (rc)
    return rc;
  char *message = NULL, *dir = tcCacheResolveDir(&message);
  if (!dir)
    return cacheFailure("no cache directory", message);
  printf("%s\n", dir);
  free(dir);
  return TC_EXIT_SUCCESS;
}

static int printTrim(TcCache *cache, const TcCacheTrimStats *s) {
  printf("evicted %zu of %zu entries; %" PRIu64 " bytes before, %" PRIu64 " bytes after, in %s\n", s->evicted,
         s->entriesBefore, s->bytesBefore, s->bytesAfter, tcCacheDir(cache));
  tcCacheClose(cache);
  return TC_EXIT_SUCCESS;
}

static int clearCommand(int argc, char **argv) {
  int rc = expectArgs(argc, argv, 2, "clear");
  TcCache *cache = rc ? NULL : openCache(&rc);
  if (!cache)
    return rc;
  TcCacheTrimStats stats;
  char *message = NULL;
  if (!tcCacheClear(cache, &stats, &message)) {
    tcCacheClose(cache);
    return cacheFailure("cannot clear the cache", message);
  }
  return printTrim(cache, &stats);
}

//===-- trim -------------------------------------------------------------------===//

// "123", "64K", "10M", "2G" (powers of 1024).
static bool parseBytes(const char *text, uint64_t *bytes) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(text, &end, 10);
  if (*text < '0' || *text > '9' || errno)
    return false;
  unsigned shift = 0;
  if (*end && !end[1])
    shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20 : *end == 'G' || *end == 'g' ? 30 : 64;
  else if (*end)
    return false;
  if (shift == 64 || (shift && v > (UINT64_MAX >> shift)))
    return false;
  *bytes = (uint64_t)v << shift;
  return true;
}

static int trimCommand(int argc, char **argv) {
  const char *value = NULL;
  int i = 2;
  if (i >= argc || !tcMatchFlag(argc, argv, &i, "max-bytes", &value))
    return tcUsageError(kTool, "'cache trim' needs --max-bytes N");
  uint64_t budget;
  if (!parseBytes(value, &budget))
    return tcUsageError(kTool, "--max-bytes takes a byte count (optionally ending in K, M or G), got '%s'", value);
  int rc = expectArgs(argc, argv, i + 1, "trim");
  TcCache *cache = rc ? NULL : openCache(&rc);
  if (!cache)
    return rc;
  TcCacheTrimStats stats;
  char *message = NULL;
  if (!tcCacheTrim(cache, budget, &stats, &message)) {
    tcCacheClose(cache);
    return cacheFailure("cannot trim the cache", message);
  }
  return printTrim(cache, &stats);
}

//===-- verify -----------------------------------------------------------------===//

static void printVerdict(const char *name, TcCacheStatus status, const char *reason, void *userData) {
  if (status == TC_CACHE_HIT)
    printf("%s ok\n", name);
  else
    fprintf(stderr, "%s: %s: %s\n", kTool, status == TC_CACHE_CORRUPT ? "corrupt" : "error", reason ? reason : name);
}

static int corruptFound(size_t numCorrupt) {
  fprintf(stderr, "%s: %s: %zu cache %s did not match %s record%s and %s evicted\n", kTool,
          tcExitCodePrefix(TC_EXIT_DRIFT), numCorrupt, numCorrupt == 1 ? "entry" : "entries",
          numCorrupt == 1 ? "its" : "their", numCorrupt == 1 ? "" : "s", numCorrupt == 1 ? "was" : "were");
  return TC_EXIT_DRIFT;
}

static int verifyCommand(int argc, char **argv) {
  int rc = expectArgs(argc, argv, 2, "verify");
  TcCache *cache = rc ? NULL : openCache(&rc);
  if (!cache)
    return rc;
  size_t corrupt = 0, errors = 0;
  char *message = NULL;
  bool listed = tcCacheVerifyAll(cache, printVerdict, NULL, &corrupt, &errors, &message);
  tcCacheClose(cache);
  if (!listed)
    return cacheFailure("cannot verify the cache", message);
  if (corrupt)
    return corruptFound(corrupt);
  if (errors)
    return cacheFailure("cannot verify the cache", strdup("some entries could not be read"));
  return TC_EXIT_SUCCESS;
}

//===-- put, get ---------------------------------------------------------------===//

static const char *baseName(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

static json_t *loadMaterial(const char *path, int *rc) {
  json_error_t error;
  json_t *material = json_load_file(path, JSON_REJECT_DUPLICATES, &error);
  if (!json_is_object(material)) {
    *rc = tcUsageError(kTool, "%s:%d:%d: the key material is not a JSON object%s%s", path, error.line, error.column,
                       material ? "" : ": ", material ? "" : error.text);
    json_decref(material);
    return NULL;
  }
  return material;
}

static int putCommand(int argc, char **argv) {
  if (argc < 4)
    return tcUsageError(kTool, "'cache put' needs MATERIAL.json and at least one FILE");
  if (argc - 3 > TC_CACHE_MAX_FILES)
    return tcUsageError(kTool, "'cache put' takes at most %d files", TC_CACHE_MAX_FILES);
  int rc = TC_EXIT_SUCCESS;
  json_t *material = loadMaterial(argv[2], &rc);
  TcCache *cache = material ? openCache(&rc) : NULL;
  if (!cache) {
    json_decref(material);
    return rc;
  }
  TcCacheFile files[TC_CACHE_MAX_FILES];
  for (int i = 3; i < argc; ++i)
    files[i - 3] = (TcCacheFile){.name = baseName(argv[i]), .path = argv[i]};
  TcCacheKey key;
  TcCacheInsertOutcome outcome;
  char *message = NULL;
  bool ok = tcCacheInsert(cache, material, files, (size_t)(argc - 3), &key, &outcome, &message);
  json_decref(material);
  tcCacheClose(cache);
  if (!ok)
    return cacheFailure("cannot insert", message);
  if (outcome == TC_CACHE_REPLACED)
    fprintf(stderr, "%s: warning: replaced a corrupt entry: %s\n", kTool, message);
  free(message);
  printf("%s %s%s\n", key.hex,
         outcome == TC_CACHE_INSERTED   ? "inserted"
         : outcome == TC_CACHE_REPLACED ? "replaced"
                                        : "kept existing",
         outcome == TC_CACHE_KEPT_EXISTING ? "" : " (unverified: tensorc compile never serves it as gated)");
  return TC_EXIT_SUCCESS;
}

// KEY is 32 hex digits, or a key-material file whose key is meant.
static bool keyArgument(const char *arg, TcCacheKey *key, int *rc) {
  if (tcCacheKeyIsValid(arg)) {
    memcpy(key->hex, arg, sizeof key->hex);
    return true;
  }
  json_t *material = loadMaterial(arg, rc);
  bool ok = material && tcCacheKeyFromMaterial(material, key, NULL);
  json_decref(material);
  return ok;
}

static int getCommand(int argc, char **argv) {
  const char *dir = NULL;
  int i = 3, rc = TC_EXIT_SUCCESS;
  TcCacheKey key;
  if (argc < 3)
    return tcUsageError(kTool, "'cache get' needs a KEY or a MATERIAL.json");
  if (!keyArgument(argv[2], &key, &rc))
    return rc;
  if (i >= argc || !tcMatchFlag(argc, argv, &i, "o", &dir))
    return tcUsageError(kTool, "'cache get' needs -o DIR");
  rc = expectArgs(argc, argv, i + 1, "get");
  TcCache *cache = rc ? NULL : openCache(&rc);
  if (!cache)
    return rc;
  char *message = NULL;
  TcCacheStatus status = tcCacheLookupToDir(cache, &key, dir, &message);
  tcCacheClose(cache);
  if (status == TC_CACHE_HIT) {
    printf("%s hit: copied into %s\n", key.hex, dir);
    return TC_EXIT_SUCCESS;
  }
  if (status == TC_CACHE_CORRUPT) {
    fprintf(stderr, "%s: corrupt: %s\n", kTool, message);
    free(message);
    return corruptFound(1);
  }
  if (status == TC_CACHE_MISS)
    message = strdup("no such entry");
  return cacheFailure(status == TC_CACHE_MISS ? "cache miss" : "cannot read the cache", message);
}

//===-- Dispatch ---------------------------------------------------------------===//

int tcDriverCacheCommand(int argc, char **argv) {
  if (argc < 2)
    return tcUsageError(kTool, "'cache' needs a command: list, verify, trim, path, clear, put or get");
  const char *command = argv[1];
  if (strcmp(command, "--help") == 0 || strcmp(command, "-help") == 0 || strcmp(command, "help") == 0) {
    printCacheHelp();
    return TC_EXIT_SUCCESS;
  }
  static const struct {
    const char *name;
    int (*run)(int, char **);
  } kCommands[] = {{"list", listCommand},   {"verify", verifyCommand}, {"trim", trimCommand}, {"path", pathCommand},
                   {"clear", clearCommand}, {"put", putCommand},       {"get", getCommand}};
  for (size_t i = 0; i < sizeof kCommands / sizeof kCommands[0]; ++i)
    if (strcmp(command, kCommands[i].name) == 0)
      return kCommands[i].run(argc, argv);
  return tcUsageError(kTool, "unknown cache command '%s' (list, verify, trim, path, clear, put or get)", command);
}
