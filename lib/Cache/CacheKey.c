//===- CacheKey.c - keys from canonical key material ----------------------===//
//
// A key is XXH3-128 of the key material's canonical text: jansson's dump with
// sorted keys and no whitespace. The material is whatever the caller says
// decides the artifact's bytes; the cache neither adds to it nor inspects
// it, which keeps the rule "never paths, mtimes or source text" with the
// caller that knows what the fields mean (docs/cache.md lists them). The
// key's text is the 128-bit value in hex, high half first, the digits of
// tc.semantic_hash without its "xxh3-128:" prefix.
//
//===----------------------------------------------------------------------===//
#include "CacheInternal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

char *tcCacheCanonicalMaterial(const json_t *material) {
  if (!json_is_object(material))
    return NULL;
  return json_dumps(material, JSON_SORT_KEYS | JSON_COMPACT);
}

bool tcCacheKeyFromMaterial(const json_t *material, TcCacheKey *key, char **message) {
  if (message)
    *message = NULL;
  char *text = tcCacheCanonicalMaterial(material);
  if (!text)
    return tcCacheFail(message, "the key material is not a JSON object");
  XXH128_hash_t h = XXH3_128bits(text, strlen(text));
  free(text);
  snprintf(key->hex, sizeof key->hex, "%016" PRIx64 "%016" PRIx64, (uint64_t)h.high64, (uint64_t)h.low64);
  return true;
}

// Parses key-material text into an object (owned), or NULL with *message.
static json_t *cacheParseMaterial(const char *text, char **message) {
  json_error_t error;
  json_t *material = json_loads(text, JSON_REJECT_DUPLICATES, &error);
  if (!material) {
    tcCacheFail(message, "the key material is not JSON: %d:%d: %s", error.line, error.column, error.text);
    return NULL;
  }
  if (!json_is_object(material)) {
    json_decref(material);
    tcCacheFail(message, "the key material is not a JSON object");
    return NULL;
  }
  return material;
}

bool tcCacheKeyFromString(const char *text, TcCacheKey *key, char **message) {
  if (message)
    *message = NULL;
  json_t *material = cacheParseMaterial(text, message);
  if (!material)
    return false;
  bool ok = tcCacheKeyFromMaterial(material, key, message);
  json_decref(material);
  return ok;
}

bool tcCacheKeyIsValid(const char *text) {
  if (!text || strlen(text) != TC_CACHE_KEY_SIZE - 1)
    return false;
  for (const char *c = text; *c; ++c)
    if (!((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f')))
      return false;
  return true;
}
