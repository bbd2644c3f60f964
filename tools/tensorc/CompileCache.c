//===- CompileCache.c - tensorc compile: the key, the lookup, the insert ---===//
//
// Stage 3 and the cache half of stage 7 of tensorc compile (Compile.h). The
// key is built from the parts CompileKey.c assembles, after the compiler
// and the gate were identified by the hashes of their bytes: an executable
// that cannot be read means no caching, never a key without it. A lookup
// copies an entry into the work directory, not into DIR: the entry is
// served only after the cache verified every byte, the record says the
// entry was gated (an entry `cache put` stored is unverified) and its
// report is a passing verdict on its artifact by this gate
// (compileVerdictBinds). An entry that fails those is not corrupt, it just
// cannot be served: the driver rebuilds, gates, and replaces it.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Compile.h"
#include "CompileKey.h"

#include "tensorc/SemanticHash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *kTool = "tensorc";

//===-- 3: the cache key ------------------------------------------------------===//

static json_t *stringList(const char *const *items, int n) {
  json_t *a = json_array();
  for (int i = 0; i < n; ++i)
    json_array_append_new(a, json_string(items[i]));
  return a;
}

// tensor-conform lives beside tensorc (both are installed to the same
// bin/); its hash is the gate's identity, which keys the cache and which a
// cached verdict must name. Empty if it is not there.
void compileFindGate(Compile *c) {
  c->gate[0] = c->gateHash[0] = '\0';
  ssize_t n = readlink("/proc/self/exe", c->gate, sizeof c->gate - 32);
  if (n <= 0)
    return;
  c->gate[n] = '\0';
  char *slash = strrchr(c->gate, '/');
  strcpy(slash ? slash + 1 : c->gate, "tensor-conform");
  if (access(c->gate, X_OK) != 0 || !tcHashFile(c->gate, c->gateHash))
    c->gate[0] = c->gateHash[0] = '\0';
}

// What can change the outputs or their verdict, and nothing else
// (CompileKey.c, docs/cache.md §2); NULL if the compiler's or the gate's
// identity cannot be established (then there is no caching).
json_t *compileKeyMaterial(Compile *c) {
  char contractHash[TC_HASH_TEXT_SIZE];
  if (!json_is_string(json_object_get(json_object_get(c->toolchain, "tensorc"), "executable")) || !c->gateHash[0])
    return NULL;
  tcFormatHash(tcContractGetHash(c->contract.contract), contractHash);
  json_t *options = json_pack("{s:o, s:o, s:s, s:s, s:s}", "seeds", stringList(c->o->seeds, c->o->numSeeds),
                              "test_faults", stringList(c->o->faults, c->o->numFaults), "threads",
                              c->o->threads ? c->o->threads : "", "time_budget",
                              c->o->timeBudget ? c->o->timeBudget : "", "variants", c->o->variants);
  TcCompileKeyParts parts = {c->semanticHash, tcCustodyGetName(c->custody), contractHash, c->pipeline, options,
                             c->toolchain, c->gateHash};
  json_t *material = tcCompileKeyMaterial(&parts);
  json_decref(options);
  return material;
}

// HIT: the entry's files are in the work directory and proved to be a
// gated verdict on their artifact by this gate. Anything else: build (and,
// if an entry was there but could not be served as gated, replace it).
TcCacheStatus compileLookup(Compile *c, TcCache *cache, TcCacheKey *key) {
  char *message = NULL, paths[kNumFiles][4200], why[512];
  TcCacheFile files[kNumFiles];
  if (!tcCacheKeyFromMaterial(c->material, key, &message)) {
    fprintf(stderr, "%s: warning: no cache key: %s\n", kTool, message);
    free(message);
    return TC_CACHE_ERROR;
  }
  for (int i = 0; i < kNumFiles; ++i) {
    compileWorkPath(c, kFiles[i].name, paths[i], sizeof paths[i]);
    files[i] = (TcCacheFile){.name = kFiles[i].name, .path = paths[i], .mode = i == 0 ? 0777 : 0666};
  }
  TcCacheVerdict verdict;
  TcCacheStatus status = tcCacheLookupWithVerdict(cache, key, files, kNumFiles, &verdict, &message);
  if (status == TC_CACHE_CORRUPT)
    fprintf(stderr, "%s: warning: cache entry %s was corrupt and has been evicted (%s); rebuilding\n", kTool,
            key->hex, message);
  else if (status == TC_CACHE_ERROR)
    fprintf(stderr, "%s: warning: cache lookup failed (%s); building without it\n", kTool, message);
  free(message);
  if (status != TC_CACHE_HIT)
    return status;
  if (verdict != TC_CACHE_GATED)
    snprintf(why, sizeof why, "it is unverified (stored by 'tensorc cache put', not after the gate passed it)");
  if (verdict != TC_CACHE_GATED || !compileVerdictBinds(c, why, sizeof why)) {
    fprintf(stderr, "%s: warning: cache entry %s cannot be served as gated: %s; rebuilding\n", kTool, key->hex, why);
    c->replaceEntry = true;
    return TC_CACHE_MISS;
  }
  return TC_CACHE_HIT;
}

// Inserts the gated outputs (replacing an entry that could not be served).
void compileInsert(Compile *c, TcCache *cache) {
  char paths[kNumFiles][4200], *message = NULL;
  TcCacheFile files[kNumFiles];
  for (int i = 0; i < kNumFiles; ++i) {
    compileWorkPath(c, kFiles[i].name, paths[i], sizeof paths[i]);
    files[i] = (TcCacheFile){.name = kFiles[i].name, .path = paths[i]};
  }
  TcCacheKey key;
  TcCacheInsertOutcome outcome;
  TcCacheInsertOptions options = {TC_CACHE_GATED, c->replaceEntry};
  if (!tcCacheInsertWith(cache, c->material, files, kNumFiles, &options, &key, &outcome, &message))
    fprintf(stderr, "%s: warning: not cached: %s\n", kTool, message);
  else if (outcome == TC_CACHE_REPLACED && c->replaceEntry)
    compileStage(c, 7, "cached as %s, replacing the entry that could not be served as gated", key.hex);
  else if (outcome == TC_CACHE_REPLACED)
    fprintf(stderr, "%s: warning: replaced a corrupt cache entry %s (%s)\n", kTool, key.hex, message);
  else
    compileStage(c, 7, "cached as %s%s", key.hex, outcome == TC_CACHE_KEPT_EXISTING ? " (an equal entry was already there)" : "");
  free(message);
}

