//===- CacheRecord.c - the entry record, entry.json -----------------------===//
//
// An entry's record (format tensorc-cache-entry/1) states its key, the key
// material, and each file's name, size and XXH3-128. Reading one checks
// everything that does not need the files: the format; that the stated key
// is the entry directory's name (a swapped or renamed entry fails here);
// that the material hashes to that key (an edited material fails here); and
// that the file list is well formed (safe names, no duplicates, sizes and
// hashes of the right shape); and that the verdict, if any, is one of the
// two (a record without one is unverified). The record is written with
// sorted keys and no time stamps, so the same entry always has the same
// record bytes.
//
//===----------------------------------------------------------------------===//
#include "CacheInternal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool isHashText(const char *s) {
  if (strncmp(s, "xxh3-128:", 9) != 0 || strlen(s) != CACHE_HASH_TEXT_SIZE - 1)
    return false;
  return tcCacheKeyIsValid(s + 9);
}

// Reads the whole record file; NULL with *reason (and *missing) on failure.
static char *readRecordText(int entryfd, size_t *length, bool *missing, char **reason) {
  int fd = openat(entryfd, TC_CACHE_RECORD_NAME, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  struct stat st;
  if (fd < 0) {
    *missing = errno == ENOENT;
    tcCacheFail(reason, TC_CACHE_RECORD_NAME ": %s", *missing ? "missing" : strerror(errno));
    return NULL;
  }
  char *text = NULL;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    tcCacheFail(reason, TC_CACHE_RECORD_NAME ": not a regular file");
  else if (st.st_size > CACHE_MAX_RECORD_BYTES)
    tcCacheFail(reason, TC_CACHE_RECORD_NAME ": %lld bytes, more than a record may have", (long long)st.st_size);
  else if ((text = malloc((size_t)st.st_size + 1))) {
    ssize_t n = pread(fd, text, (size_t)st.st_size, 0);
    if (n != st.st_size) {
      tcCacheFail(reason, TC_CACHE_RECORD_NAME ": short read");
      free(text);
      text = NULL;
    } else {
      text[n] = '\0';
      *length = (size_t)n;
    }
  }
  close(fd);
  return text;
}

static bool readFile(json_t *item, size_t index, CacheFileRecord *out, char **reason) {
  const char *name = json_string_value(json_object_get(item, "name"));
  json_t *bytes = json_object_get(item, "bytes");
  const char *hash = json_string_value(json_object_get(item, "xxh3_128"));
  if (!json_is_object(item) || !name || !json_is_integer(bytes) || !hash)
    return tcCacheFail(reason, TC_CACHE_RECORD_NAME ": files[%zu] lacks a name, bytes or xxh3_128", index);
  if (!tcCacheValidFileName(name))
    return tcCacheFail(reason, TC_CACHE_RECORD_NAME ": files[%zu] has the invalid name '%s'", index, name);
  if (json_integer_value(bytes) < 0 || !isHashText(hash))
    return tcCacheFail(reason, TC_CACHE_RECORD_NAME ": files[%zu] ('%s') has a malformed size or hash", index, name);
  strcpy(out->name, name);
  out->bytes = (uint64_t)json_integer_value(bytes);
  strcpy(out->hash, hash);
  return true;
}

static bool readFiles(json_t *files, CacheRecord *record, char **reason) {
  size_t n = json_array_size(files);
  if (!json_is_array(files) || n == 0 || n > TC_CACHE_MAX_FILES)
    return tcCacheFail(reason, TC_CACHE_RECORD_NAME ": 'files' is not a list of 1 to %d files", TC_CACHE_MAX_FILES);
  for (size_t i = 0; i < n; ++i) {
    if (!readFile(json_array_get(files, i), i, &record->files[i], reason))
      return false;
    for (size_t j = 0; j < i; ++j)
      if (strcmp(record->files[j].name, record->files[i].name) == 0)
        return tcCacheFail(reason, TC_CACHE_RECORD_NAME ": '%s' is listed twice", record->files[i].name);
  }
  record->numFiles = n;
  return true;
}

static bool checkRecord(json_t *root, const char *key, CacheRecord *record, char **reason) {
  const char *format = json_string_value(json_object_get(root, "format"));
  const char *stated = json_string_value(json_object_get(root, "key"));
  json_t *material = json_object_get(root, "material");
  TcCacheKey computed;
  if (!format || strcmp(format, TC_CACHE_ENTRY_FORMAT) != 0)
    return tcCacheFail(reason, TC_CACHE_RECORD_NAME ": format is '%s', expected '" TC_CACHE_ENTRY_FORMAT "'",
                       format ? format : "(none)");
  if (!stated || strcmp(stated, key) != 0)
    return tcCacheFail(reason, TC_CACHE_RECORD_NAME ": key '%s' is not the entry's name", stated ? stated : "(none)");
  if (!tcCacheKeyFromMaterial(material, &computed, NULL))
    return tcCacheFail(reason, TC_CACHE_RECORD_NAME ": 'material' is not a JSON object");
  if (strcmp(computed.hex, key) != 0)
    return tcCacheFail(reason, TC_CACHE_RECORD_NAME ": the key material hashes to %s, not to the entry's key",
                       computed.hex);
  if (!readFiles(json_object_get(root, "files"), record, reason))
    return false;
  json_t *verdict = json_object_get(root, "verdict");
  const char *v = json_string_value(verdict);
  if (verdict && (!v || (strcmp(v, "gated") != 0 && strcmp(v, "unverified") != 0)))
    return tcCacheFail(reason, TC_CACHE_RECORD_NAME ": 'verdict' is neither \"gated\" nor \"unverified\"");
  record->verdict = v && strcmp(v, "gated") == 0 ? TC_CACHE_GATED : TC_CACHE_UNVERIFIED;
  record->material = json_incref(material);
  return true;
}

const char *tcCacheVerdictGetName(TcCacheVerdict verdict) {
  return verdict == TC_CACHE_GATED ? "gated" : "unverified";
}

bool tcCacheRecordRead(int entryfd, const char *key, CacheRecord *record, bool *missing, char **reason) {
  memset(record, 0, sizeof *record);
  *missing = false;
  size_t length = 0;
  char *text = readRecordText(entryfd, &length, missing, reason);
  if (!text)
    return false;
  json_error_t error;
  json_t *root = json_loadb(text, length, JSON_REJECT_DUPLICATES, &error);
  free(text);
  if (!root)
    return tcCacheFail(reason, TC_CACHE_RECORD_NAME ": not JSON (%d:%d: %s)", error.line, error.column, error.text);
  if (!json_is_object(root)) {
    json_decref(root);
    return tcCacheFail(reason, TC_CACHE_RECORD_NAME ": not a JSON object");
  }
  bool ok = checkRecord(root, key, record, reason);
  json_decref(root);
  return ok;
}

void tcCacheRecordFree(CacheRecord *record) {
  json_decref(record->material);
  record->material = NULL;
}

char *tcCacheRecordText(const char *key, const json_t *material, TcCacheVerdict verdict, const CacheFileRecord *files,
                        size_t numFiles) {
  json_t *list = json_array();
  for (size_t i = 0; i < numFiles; ++i)
    json_array_append_new(list, json_pack("{s:s, s:I, s:s}", "name", files[i].name, "bytes", (json_int_t)files[i].bytes,
                                          "xxh3_128", files[i].hash));
  json_t *root = json_pack("{s:s, s:s, s:O, s:o, s:s}", "format", TC_CACHE_ENTRY_FORMAT, "key", key, "material",
                           (json_t *)material, "files", list, "verdict", tcCacheVerdictGetName(verdict));
  char *text = root ? json_dumps(root, JSON_SORT_KEYS | JSON_INDENT(2)) : NULL;
  json_decref(root);
  if (!text)
    return NULL;
  char *withNewline = tcCacheFormat("%s\n", text);
  free(text);
  return withNewline;
}
