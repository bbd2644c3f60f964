//===- test_cache_concurrency.c - the cache under concurrent use ----------===//
//
// Forked writers racing on the same keys leave exactly one good entry per
// key and nothing in tmp/ or trash/; an insert that loses the rename to
// another keeps the winner's entry; a reader racing with trims and inserts
// only ever sees a good hit (byte-identical files) or a miss, never a
// corrupt or partial entry.
//
//===----------------------------------------------------------------------===//
#define _XOPEN_SOURCE 700
#include "CacheTestSupport.h"

enum { kWriters = 6, kRaceKeys = 3, kRounds = 150 };

// Forked writers, released together, insert the same kRaceKeys programs:
// per key exactly one reports INSERTED, one good entry remains, and tmp/ and
// trash/ end empty.
static void concurrent_writers_leave_one_entry(void **state) {
  Fixture *f = *state;
  int go[2], results[2];
  assert_int_equal(pipe(go), 0);
  assert_int_equal(pipe(results), 0);
  pid_t pids[kWriters];
  for (int w = 0; w < kWriters; ++w) {
    pids[w] = fork();
    assert_true(pids[w] >= 0);
    if (pids[w] == 0) {
      close(go[1]);
      char c;
      if (read(go[0], &c, 1) != 0) // wait for the parent to close its end
        _exit(3);
      TcCache *cache = tcCacheOpen(f->cache, NULL);
      for (int k = 0; cache && k < kRaceKeys; ++k) {
        int which = (k + w) % kRaceKeys;
        TcCacheKey key;
        TcCacheInsertOutcome outcome;
        if (!tryInsertProgram(cache, 100 + which, &key, &outcome))
          _exit(5);
        unsigned char report = (unsigned char)(which << 2 | outcome);
        if (write(results[1], &report, 1) != 1)
          _exit(4);
      }
      tcCacheClose(cache);
      _exit(cache ? 0 : 2);
    }
  }
  close(go[0]);
  close(results[1]);
  close(go[1]); // release them all
  int inserted[kRaceKeys] = {0}, reports = 0;
  unsigned char report;
  while (read(results[0], &report, 1) == 1) {
    reports++;
    if ((report & 3) == TC_CACHE_INSERTED)
      inserted[report >> 2]++;
    assert_int_not_equal(report & 3, TC_CACHE_REPLACED);
  }
  close(results[0]);
  for (int w = 0; w < kWriters; ++w) {
    int status;
    assert_int_equal(waitpid(pids[w], &status, 0), pids[w]);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  assert_int_equal(reports, kWriters * kRaceKeys);
  for (int k = 0; k < kRaceKeys; ++k) {
    assert_int_equal(inserted[k], 1);
    TcCacheKey key;
    json_t *m = material(100 + k);
    assert_true(tcCacheKeyFromMaterial(m, &key, NULL));
    json_decref(m);
    assert_int_equal(tcCacheVerifyEntry(f->handle, &key, false, NULL), TC_CACHE_HIT);
  }
  char dir[400];
  snprintf(dir, sizeof dir, "%s/entries", f->cache);
  assert_int_equal(countNames(dir), kRaceKeys);
  snprintf(dir, sizeof dir, "%s/tmp", f->cache);
  assert_int_equal(countNames(dir), 0);
  snprintf(dir, sizeof dir, "%s/trash", f->cache);
  assert_int_equal(countNames(dir), 0);
}

// The race forked writers rarely lose on cue: another insert of the same key
// lands between an insert's check and its rename. The loser's rename fails,
// it finds the winner's entry good and keeps it.
static TcCache *gRival;
static void rivalInserts(const char *key) {
  tcCacheTestHookBeforeRename = NULL;
  TcCacheInsertOutcome outcome;
  insertProgram(gRival, 30, &outcome);
  assert_int_equal(outcome, TC_CACHE_INSERTED);
}

static void insert_that_loses_the_rename_keeps_winner(void **state) {
  Fixture *f = *state;
  gRival = tcCacheOpen(f->cache, NULL);
  assert_non_null(gRival);
  tcCacheTestHookBeforeRename = rivalInserts;
  TcCacheInsertOutcome outcome;
  TcCacheKey key = insertProgram(f->handle, 30, &outcome);
  assert_null(tcCacheTestHookBeforeRename); // the rival ran
  assert_int_equal(outcome, TC_CACHE_KEPT_EXISTING);
  assert_int_equal(tcCacheVerifyEntry(f->handle, &key, false, NULL), TC_CACHE_HIT);
  char dir[400];
  snprintf(dir, sizeof dir, "%s/tmp", f->cache);
  assert_int_equal(countNames(dir), 0);
  tcCacheClose(gRival);
}

// True if every file of program `n` in `dir` has exactly its bytes.
static bool outputsAreProgram(const char *dir, int n) {
  bool same = true;
  for (int i = 0; same && i < kNumNames; ++i) {
    char path[600];
    size_t want, got;
    snprintf(path, sizeof path, "%s/%s", dir, kNames[i]);
    unsigned char *expected = contents(n, i, &want);
    char *actual = readWhole(path, &got);
    same = actual && got == want && memcmp(actual, expected, want) == 0;
    free(expected);
    free(actual);
  }
  return same;
}

// The forked reader: looks up until `stop` exists; exits 0 if every lookup
// was a good hit or a miss, and reports how many were hits.
static void readLoop(const char *cacheDir, const char *outDir, const char *stop, TcCacheKey key, int hitsFd) {
  TcCache *cache = tcCacheOpen(cacheDir, NULL);
  int hits = 0;
  for (long r = 0; cache && !exists(stop) && r < 1000000; ++r) {
    char *message = NULL;
    TcCacheStatus status = tcCacheLookupToDir(cache, &key, outDir, &message);
    if (status == TC_CACHE_CORRUPT || status == TC_CACHE_ERROR) {
      fprintf(stderr, "reader saw %s: %s\n", tcCacheStatusGetName(status), message ? message : "");
      _exit(1);
    }
    free(message);
    if (status == TC_CACHE_HIT && !outputsAreProgram(outDir, 50))
      _exit(2);
    hits += status == TC_CACHE_HIT;
  }
  tcCacheClose(cache);
  if (write(hitsFd, &hits, sizeof hits) != sizeof hits)
    _exit(4);
  _exit(cache ? 0 : 3);
}

// Evictions (by trim and directly) race with a reader while the entry comes
// and goes: the reader only ever sees hits of the right bytes or misses.
static void readers_racing_trim_see_hit_or_miss(void **state) {
  Fixture *f = *state;
  char stop[400], mine[400];
  snprintf(stop, sizeof stop, "%s/stop", f->root);
  snprintf(mine, sizeof mine, "%s/mine", f->root);
  TcCacheKey key = insertProgram(f->handle, 50, NULL);
  int hitsPipe[2];
  assert_int_equal(pipe(hitsPipe), 0);
  pid_t reader = fork();
  assert_true(reader >= 0);
  if (reader == 0)
    readLoop(f->cache, f->out, stop, key, hitsPipe[1]);
  close(hitsPipe[1]);
  for (int r = 0; r < kRounds; ++r) {
    insertProgram(f->handle, 50, NULL);
    // Keep the entry in place about as long as a lookup takes.
    assert_int_equal(tcCacheLookupToDir(f->handle, &key, mine, NULL), TC_CACHE_HIT);
    if (r % 2)
      assert_true(tcCacheTrim(f->handle, 0, NULL, NULL));
    else
      assert_true(tcCacheEvict(f->handle, &key, NULL));
  }
  fclose(fopen(stop, "w"));
  int status, hits = -1;
  assert_int_equal(waitpid(reader, &status, 0), reader);
  assert_true(WIFEXITED(status));
  assert_int_equal(WEXITSTATUS(status), 0);
  assert_int_equal(read(hitsPipe[0], &hits, sizeof hits), sizeof hits);
  close(hitsPipe[0]);
  assert_true(hits > 0); // the entry was there for some of the reads
}

int main(void) {
  const struct CMUnitTest tests[] = {
      CACHE_TEST(concurrent_writers_leave_one_entry),
      CACHE_TEST(insert_that_loses_the_rename_keeps_winner),
      CACHE_TEST(readers_racing_trim_see_hit_or_miss),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
