//===- test_cache.c - unit tests of the content-addressed artifact cache --===//
//
// Real files in a fresh temporary cache per test: a hit gives back the bytes
// that went in; every way of damaging an entry (truncating or flipping a byte
// of a file, swapping files or whole entries between keys, a garbage or
// missing record, a stranger file) is reported with the file's name,
// evicted, and answered as a miss, and no output is written; trimming fits
// the budget and keeps the most recently used entries; the directory comes
// from TC_CACHE_DIR, XDG_CACHE_HOME, HOME in that order. Concurrency:
// test_cache_concurrency.c.
//
//===----------------------------------------------------------------------===//
#define _XOPEN_SOURCE 700
#include "CacheTestSupport.h"

//===-- Keys and hits -----------------------------------------------------------===//

// The key is XXH3-128 of the sorted compact text, whatever the key order.
static void key_is_hash_of_canonical_material(void **state) {
  TcCacheKey a, b, c;
  assert_true(tcCacheKeyFromString("{ \"b\": [2, 3],\n \"a\": 1 }", &a, NULL));
  assert_true(tcCacheKeyFromString("{\"a\":1,\"b\":[2,3]}", &b, NULL));
  assert_string_equal(a.hex, b.hex);
  const char *canonical = "{\"a\":1,\"b\":[2,3]}";
  XXH128_hash_t h = XXH3_128bits(canonical, strlen(canonical));
  char expected[TC_CACHE_KEY_SIZE];
  snprintf(expected, sizeof expected, "%016" PRIx64 "%016" PRIx64, (uint64_t)h.high64, (uint64_t)h.low64);
  assert_string_equal(a.hex, expected);
  assert_true(tcCacheKeyIsValid(a.hex));
  assert_true(tcCacheKeyFromString("{\"a\":1,\"b\":[3,2]}", &c, NULL));
  assert_string_not_equal(a.hex, c.hex);
  char *message = NULL;
  assert_false(tcCacheKeyFromString("[1]", &c, &message));
  assert_non_null(strstr(message, "not a JSON object"));
  free(message);
  message = NULL;
  assert_false(tcCacheKeyFromString("{\"a\":", &c, &message));
  assert_non_null(strstr(message, "not JSON"));
  free(message);
}

// A hit copies out exactly the bytes that went in, under the entry's names or
// under names the caller picks.
static void hit_returns_identical_files(void **state) {
  Fixture *f = *state;
  TcCacheInsertOutcome outcome;
  TcCacheKey key = insertProgram(f->handle, 1, &outcome);
  assert_int_equal(outcome, TC_CACHE_INSERTED);
  free(lookupExpect(f, &key, TC_CACHE_HIT));
  for (int i = 0; i < kNumNames; ++i) {
    char path[512];
    size_t want, got;
    snprintf(path, sizeof path, "%s/%s", f->out, kNames[i]);
    unsigned char *expected = contents(1, i, &want);
    char *actual = readWhole(path, &got);
    assert_non_null(actual);
    assert_int_equal(got, want);
    assert_memory_equal(actual, expected, want);
    free(expected);
    free(actual);
  }
  char dest[512];
  snprintf(dest, sizeof dest, "%s/model.so", f->root);
  TcCacheFile one = {.name = "artifact.so", .path = dest, .mode = 0750};
  mode_t mask = umask(022);
  assert_int_equal(tcCacheLookup(f->handle, &key, &one, 1, NULL), TC_CACHE_HIT);
  umask(mask);
  struct stat st;
  assert_int_equal(stat(dest, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0750);
  size_t want, got;
  unsigned char *expected = contents(1, 0, &want);
  char *actual = readWhole(dest, &got);
  assert_int_equal(got, want);
  assert_memory_equal(actual, expected, want);
  free(expected);
  free(actual);
  // A second insert of the same program keeps the first entry.
  insertProgram(f->handle, 1, &outcome);
  assert_int_equal(outcome, TC_CACHE_KEPT_EXISTING);
  assert_int_equal(countNames(f->out), kNumNames); // no temporaries left beside the outputs
}

// An insert from files on disk records the files' sizes and hashes.
static void insert_from_paths(void **state) {
  Fixture *f = *state;
  char src[512];
  snprintf(src, sizeof src, "%s/lib.so", f->root);
  size_t size;
  unsigned char *data = contents(7, 0, &size);
  FILE *fp = fopen(src, "wb");
  fwrite(data, 1, size, fp);
  fclose(fp);
  json_t *m = material(7);
  TcCacheFile file = {.name = "artifact.so", .path = src};
  TcCacheKey key;
  assert_true(tcCacheInsert(f->handle, m, &file, 1, &key, NULL, NULL));
  char path[512];
  entryPath(f, &key, "entry.json", path, sizeof path);
  json_t *record = json_load_file(path, 0, NULL);
  json_t *entry = json_array_get(json_object_get(record, "files"), 0);
  assert_string_equal(json_string_value(json_object_get(record, "format")), TC_CACHE_ENTRY_FORMAT);
  assert_string_equal(json_string_value(json_object_get(record, "key")), key.hex);
  assert_true(json_equal(json_object_get(record, "material"), m));
  assert_int_equal(json_integer_value(json_object_get(entry, "bytes")), size);
  XXH128_hash_t h = XXH3_128bits(data, size);
  char hash[64];
  snprintf(hash, sizeof hash, "xxh3-128:%016" PRIx64 "%016" PRIx64, (uint64_t)h.high64, (uint64_t)h.low64);
  assert_string_equal(json_string_value(json_object_get(entry, "xxh3_128")), hash);
  json_decref(record);
  json_decref(m);
  free(data);
}

//===-- Verdicts ----------------------------------------------------------------===//

// The record keeps the inserter's verdict: tcCacheInsert stores unverified,
// tcCacheInsertWith what it is told; a lookup reports it; replacing a good
// entry takes `replace`; a record with another verdict is corrupt.
static void verdicts_are_kept_and_replace_is_explicit(void **state) {
  Fixture *f = *state;
  TcCacheKey key = insertProgram(f->handle, 4, NULL);
  json_t *m = material(4);
  size_t size;
  unsigned char *data = contents(4, 0, &size);
  char out[512];
  snprintf(out, sizeof out, "%s/got.so", f->root);
  TcCacheFile file = {.name = "artifact.so", .data = data, .size = size}, lookup = {.name = "artifact.so", .path = out};
  TcCacheVerdict verdict = TC_CACHE_GATED;
  assert_int_equal(tcCacheLookupWithVerdict(f->handle, &key, &lookup, 1, &verdict, NULL), TC_CACHE_HIT);
  assert_int_equal(verdict, TC_CACHE_UNVERIFIED);
  TcCacheInsertOutcome outcome;
  TcCacheInsertOptions gated = {TC_CACHE_GATED, false}, replacing = {TC_CACHE_GATED, true};
  assert_true(tcCacheInsertWith(f->handle, m, &file, 1, &gated, NULL, &outcome, NULL));
  assert_int_equal(outcome, TC_CACHE_KEPT_EXISTING); // a good entry is kept unless asked
  char *message = NULL;
  assert_true(tcCacheInsertWith(f->handle, m, &file, 1, &replacing, NULL, &outcome, &message));
  assert_int_equal(outcome, TC_CACHE_REPLACED);
  free(message);
  assert_int_equal(tcCacheLookupWithVerdict(f->handle, &key, &lookup, 1, &verdict, NULL), TC_CACHE_HIT);
  assert_int_equal(verdict, TC_CACHE_GATED);
  char path[512];
  entryPath(f, &key, "entry.json", path, sizeof path);
  size_t length = 0;
  char *record = readWhole(path, &length);
  char *at = strstr(record, "\"gated\"");
  assert_non_null(at);
  memcpy(at, "\"gates\"", 7);
  FILE *fp = fopen(path, "wb");
  fwrite(record, 1, length, fp);
  fclose(fp);
  free(record);
  expectCorrupt(f, &key, "entry.json", "verdict");
  json_decref(m);
  free(data);
}

//===-- Damage ------------------------------------------------------------------===//

static void truncated_file_is_evicted(void **state) {
  Fixture *f = *state;
  TcCacheKey key = insertProgram(f->handle, 2, NULL);
  char path[512];
  entryPath(f, &key, "artifact.so", path, sizeof path);
  assert_int_equal(truncate(path, kArtifactBytes / 2), 0);
  expectCorrupt(f, &key, "artifact.so", "bytes");
}

static void flipped_byte_is_evicted(void **state) {
  Fixture *f = *state;
  TcCacheKey key = insertProgram(f->handle, 3, NULL);
  char path[512];
  entryPath(f, &key, "manifest.json", path, sizeof path);
  overwriteByte(path, 17);
  expectCorrupt(f, &key, "manifest.json", "hash");
}

// Both entries whose artifacts were exchanged are caught.
static void swapped_artifacts_are_both_evicted(void **state) {
  Fixture *f = *state;
  TcCacheKey a = insertProgram(f->handle, 4, NULL), b = insertProgram(f->handle, 5, NULL);
  char pa[512], pb[512], tmp[600];
  entryPath(f, &a, "artifact.so", pa, sizeof pa);
  entryPath(f, &b, "artifact.so", pb, sizeof pb);
  snprintf(tmp, sizeof tmp, "%s.swap", pa);
  assert_int_equal(rename(pa, tmp), 0);
  assert_int_equal(rename(pb, pa), 0);
  assert_int_equal(rename(tmp, pb), 0);
  expectCorrupt(f, &a, "artifact.so", "the record says");
  expectCorrupt(f, &b, "artifact.so", "the record says");
}

// Exchanging two whole entry directories breaks the key check of both.
static void swapped_entries_are_both_evicted(void **state) {
  Fixture *f = *state;
  TcCacheKey a = insertProgram(f->handle, 6, NULL), b = insertProgram(f->handle, 8, NULL);
  char pa[512], pb[512], tmp[600];
  entryPath(f, &a, NULL, pa, sizeof pa);
  entryPath(f, &b, NULL, pb, sizeof pb);
  snprintf(tmp, sizeof tmp, "%s/swap", f->root);
  assert_int_equal(rename(pa, tmp), 0);
  assert_int_equal(rename(pb, pa), 0);
  assert_int_equal(rename(tmp, pb), 0);
  expectCorrupt(f, &a, "entry.json", "key");
  expectCorrupt(f, &b, "entry.json", "key");
}

static void bad_records_are_evicted(void **state) {
  Fixture *f = *state;
  char path[512];
  TcCacheKey key = insertProgram(f->handle, 9, NULL);
  entryPath(f, &key, "entry.json", path, sizeof path);
  FILE *fp = fopen(path, "w");
  fputs("{\"format\": \"tensorc-cache-entry/1\", garbage", fp);
  fclose(fp);
  expectCorrupt(f, &key, "entry.json", "not JSON");

  key = insertProgram(f->handle, 9, NULL);
  entryPath(f, &key, "entry.json", path, sizeof path);
  assert_int_equal(unlink(path), 0);
  expectCorrupt(f, &key, "entry.json", "missing");

  // An edited material no longer hashes to the entry's key.
  key = insertProgram(f->handle, 9, NULL);
  entryPath(f, &key, "entry.json", path, sizeof path);
  json_t *record = json_load_file(path, 0, NULL);
  json_object_set_new(json_object_get(record, "material"), "pipeline", json_string("something-else"));
  json_dump_file(record, path, JSON_SORT_KEYS);
  json_decref(record);
  expectCorrupt(f, &key, "entry.json", "hashes to");
}

static void stray_and_missing_files_are_evicted(void **state) {
  Fixture *f = *state;
  char path[512];
  TcCacheKey key = insertProgram(f->handle, 10, NULL);
  entryPath(f, &key, "extra.bin", path, sizeof path);
  fclose(fopen(path, "w"));
  expectCorrupt(f, &key, "extra.bin", "does not list");

  key = insertProgram(f->handle, 10, NULL);
  entryPath(f, &key, "artifact.h", path, sizeof path);
  assert_int_equal(unlink(path), 0);
  expectCorrupt(f, &key, "artifact.h", "missing");

  // A symbolic link is not served even if it points at the right bytes.
  key = insertProgram(f->handle, 10, NULL);
  char target[600];
  entryPath(f, &key, "artifact.h", path, sizeof path);
  snprintf(target, sizeof target, "%s/outside.h", f->root);
  assert_int_equal(rename(path, target), 0);
  assert_int_equal(symlink(target, path), 0);
  expectCorrupt(f, &key, "artifact.h", "artifact.h");

  // Asking for a file the entry does not have is a miss, never a partial hit.
  key = insertProgram(f->handle, 10, NULL);
  char dest[512];
  snprintf(dest, sizeof dest, "%s/x", f->out);
  TcCacheFile want = {.name = "profile.json", .path = dest};
  char *message = NULL;
  assert_int_equal(tcCacheLookup(f->handle, &key, &want, 1, &message), TC_CACHE_CORRUPT);
  assert_non_null(strstr(message, "profile.json"));
  free(message);
}

typedef struct Verdicts {
  size_t good, corrupt;
} Verdicts;

static void countVerdict(const char *name, TcCacheStatus status, const char *reason, void *userData) {
  Verdicts *v = userData;
  v->good += status == TC_CACHE_HIT;
  v->corrupt += status == TC_CACHE_CORRUPT;
  if (status == TC_CACHE_CORRUPT)
    assert_non_null(strstr(reason, name));
}

// Verifying the whole cache evicts the bad entries (and a stray name that is
// not a key) and keeps the good ones.
static void verify_all_evicts_only_bad_entries(void **state) {
  Fixture *f = *state;
  TcCacheKey good1 = insertProgram(f->handle, 40, NULL), bad = insertProgram(f->handle, 41, NULL);
  TcCacheKey good2 = insertProgram(f->handle, 42, NULL);
  char path[512];
  entryPath(f, &bad, "artifact.h", path, sizeof path);
  overwriteByte(path, 0);
  snprintf(path, sizeof path, "%s/entries/not-a-key", f->cache);
  assert_int_equal(mkdir(path, 0777), 0);
  Verdicts v = {0};
  size_t corrupt, errors;
  assert_true(tcCacheVerifyAll(f->handle, countVerdict, &v, &corrupt, &errors, NULL));
  assert_int_equal(v.good, 2);
  assert_int_equal(v.corrupt, 2);
  assert_int_equal(corrupt, 2);
  assert_int_equal(errors, 0);
  assert_false(exists(path));
  assert_int_equal(tcCacheVerifyEntry(f->handle, &bad, false, NULL), TC_CACHE_MISS);
  assert_int_equal(tcCacheVerifyEntry(f->handle, &good1, false, NULL), TC_CACHE_HIT);
  assert_int_equal(tcCacheVerifyEntry(f->handle, &good2, false, NULL), TC_CACHE_HIT);
}

// An insert over a corrupt entry replaces it and says what was wrong.
static void insert_replaces_corrupt_entry(void **state) {
  Fixture *f = *state;
  TcCacheKey key = insertProgram(f->handle, 11, NULL);
  char path[512];
  entryPath(f, &key, "conformance.json", path, sizeof path);
  overwriteByte(path, 3);
  TcCacheFile file = {.name = "artifact.so", .data = "x", .size = 1};
  json_t *m = material(11);
  TcCacheInsertOutcome outcome;
  char *message = NULL;
  assert_true(tcCacheInsert(f->handle, m, &file, 1, NULL, &outcome, &message));
  assert_int_equal(outcome, TC_CACHE_REPLACED);
  assert_non_null(strstr(message, "conformance.json"));
  free(message);
  json_decref(m);
  assert_int_equal(tcCacheVerifyEntry(f->handle, &key, false, NULL), TC_CACHE_HIT);
}

// Bad arguments are messages, never crashes, and leave nothing behind.
static void bad_arguments_are_errors(void **state) {
  Fixture *f = *state;
  json_t *m = material(12), *notObject = json_integer(3);
  const char *names[] = {"../escape", "entry.json", ".hidden", "a/b", ""};
  char *message = NULL;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
    TcCacheFile file = {.name = names[i], .data = "x", .size = 1};
    assert_false(tcCacheInsert(f->handle, m, &file, 1, NULL, NULL, &message));
    assert_non_null(message);
    free(message);
  }
  TcCacheFile twice[2] = {{.name = "a", .data = "x", .size = 1}, {.name = "a", .data = "y", .size = 1}};
  assert_false(tcCacheInsert(f->handle, m, twice, 2, NULL, NULL, &message));
  free(message);
  assert_false(tcCacheInsert(f->handle, notObject, twice, 1, NULL, NULL, &message));
  free(message);
  TcCacheFile missing = {.name = "a", .path = "/nonexistent/file"};
  assert_false(tcCacheInsert(f->handle, m, &missing, 1, NULL, NULL, &message));
  assert_non_null(strstr(message, "/nonexistent/file"));
  free(message);
  TcCacheKey bad = {"not-a-key"};
  assert_int_equal(tcCacheLookupToDir(f->handle, &bad, f->out, &message), TC_CACHE_ERROR);
  free(message);
  char tmp[400];
  snprintf(tmp, sizeof tmp, "%s/tmp", f->cache);
  assert_int_equal(countNames(tmp), 0);
  snprintf(tmp, sizeof tmp, "%s/entries", f->cache);
  assert_int_equal(countNames(tmp), 0);
  assert_null(tcCacheOpen("/proc/version/cache", &message));
  assert_non_null(message);
  free(message);
  json_decref(m);
  json_decref(notObject);
}

//===-- Trimming, directories ----------------------------------------------------===//

// Trim keeps the most recently used entries that fit, and they still verify.
static void trim_fits_budget_keeping_recent(void **state) {
  Fixture *f = *state;
  enum { kEntries = 5 };
  TcCacheKey keys[kEntries];
  for (int n = 0; n < kEntries; ++n)
    keys[n] = insertProgram(f->handle, 20 + n, NULL);
  // Use them in the order 3, 0, 4: 1 and 2 are the least recently used.
  int uses[] = {3, 0, 4};
  for (size_t i = 0; i < 3; ++i)
    free(lookupExpect(f, &keys[uses[i]], TC_CACHE_HIT));
  TcCacheEntryInfo *infos;
  size_t count;
  assert_true(tcCacheList(f->handle, &infos, &count, NULL));
  assert_int_equal(count, kEntries);
  uint64_t keep = 0, largest = 0;
  for (size_t i = 0; i < count; ++i) {
    assert_null(infos[i].problem);
    assert_int_equal(infos[i].numFiles, kNumNames);
    for (size_t u = 0; u < 3; ++u)
      if (strcmp(infos[i].key, keys[uses[u]].hex) == 0)
        keep += infos[i].bytes;
    largest = infos[i].bytes > largest ? infos[i].bytes : largest;
  }
  tcCacheListDestroy(infos, count);
  TcCacheTrimStats stats;
  assert_true(tcCacheTrim(f->handle, keep, &stats, NULL));
  assert_int_equal(stats.evicted, 2);
  assert_true(stats.bytesAfter <= keep);
  assert_int_equal(tcCacheVerifyEntry(f->handle, &keys[1], false, NULL), TC_CACHE_MISS);
  assert_int_equal(tcCacheVerifyEntry(f->handle, &keys[2], false, NULL), TC_CACHE_MISS);
  for (size_t u = 0; u < 3; ++u)
    assert_int_equal(tcCacheVerifyEntry(f->handle, &keys[uses[u]], false, NULL), TC_CACHE_HIT);
  // A budget below one entry empties the cache.
  assert_true(tcCacheTrim(f->handle, largest - 1, &stats, NULL));
  assert_true(stats.bytesAfter <= largest - 1);
  assert_true(tcCacheClear(f->handle, &stats, NULL));
  assert_int_equal(stats.entriesAfter, 0);
  char dir[400];
  snprintf(dir, sizeof dir, "%s/used", f->cache);
  assert_int_equal(countNames(dir), 0);
}

static void expectDir(const char *want) {
  char *message = NULL, *got = tcCacheResolveDir(&message);
  if (!want) {
    assert_null(got);
    assert_non_null(message);
  } else {
    assert_non_null(got);
    assert_string_equal(got, want);
  }
  free(got);
  free(message);
}

static void directory_comes_from_environment(void **state) {
  setenv("TC_CACHE_DIR", "/a/tc", 1);
  setenv("XDG_CACHE_HOME", "/b/xdg", 1);
  setenv("HOME", "/c/home", 1);
  expectDir("/a/tc");
  setenv("TC_CACHE_DIR", "", 1);
  expectDir("/b/xdg/tensorc");
  unsetenv("TC_CACHE_DIR");
  expectDir("/b/xdg/tensorc");
  setenv("XDG_CACHE_HOME", "relative", 1); // the XDG spec ignores relative paths
  expectDir("/c/home/.cache/tensorc");
  unsetenv("XDG_CACHE_HOME");
  expectDir("/c/home/.cache/tensorc");
  unsetenv("HOME");
  expectDir(NULL);
  // tcCacheOpen(NULL) creates the layout where the environment says.
  Fixture *f = *state;
  char dir[400];
  snprintf(dir, sizeof dir, "%s/env/cache", f->root);
  setenv("TC_CACHE_DIR", dir, 1);
  TcCache *cache = tcCacheOpen(NULL, NULL);
  assert_non_null(cache);
  assert_string_equal(tcCacheDir(cache), dir);
  strcat(dir, "/entries");
  assert_true(exists(dir));
  tcCacheClose(cache);
  unsetenv("TC_CACHE_DIR");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(key_is_hash_of_canonical_material),
      CACHE_TEST(hit_returns_identical_files),
      CACHE_TEST(insert_from_paths),
      CACHE_TEST(verdicts_are_kept_and_replace_is_explicit),
      CACHE_TEST(truncated_file_is_evicted),
      CACHE_TEST(flipped_byte_is_evicted),
      CACHE_TEST(swapped_artifacts_are_both_evicted),
      CACHE_TEST(swapped_entries_are_both_evicted),
      CACHE_TEST(bad_records_are_evicted),
      CACHE_TEST(stray_and_missing_files_are_evicted),
      CACHE_TEST(verify_all_evicts_only_bad_entries),
      CACHE_TEST(insert_replaces_corrupt_entry),
      CACHE_TEST(bad_arguments_are_errors),
      CACHE_TEST(trim_fits_budget_keeping_recent),
      CACHE_TEST(directory_comes_from_environment),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
