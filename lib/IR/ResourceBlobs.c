//===- ResourceBlobs.c - dense_resource data read from printed IR ----------===//
//
// MLIR prints a module's resources after it as
//
//   {-#
//     dialect_resources: {
//       builtin: {
//         key: "0x<alignment as 4 little-endian bytes><data>",
//         "a quoted key": "0x..."
//       }
//     }
//   #-}
//
// This file reads that section back: a small reader for its `key: value`
// nesting that keeps the string values found under
// dialect_resources.builtin, decoded from hex and without the alignment word
// (alignment is how the bytes were stored, not what they are). Keys are bare
// identifiers or quoted strings with MLIR's escapes (`\\`, `\"`, `\XX` hex);
// the same reader decodes the key printed inside `dense_resource<...>`.
//
//===----------------------------------------------------------------------===//
#include "IRInternal.h"

#include "tensorc/Diagnostics.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct Reader {
  const char *p, *end;
} Reader;

static void skipSpace(Reader *r) {
  while (r->p < r->end && isspace((unsigned char)*r->p))
    ++r->p;
}

static int hexValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

// Reads a quoted string (at `"`) with MLIR's escapes; malloc'd, or NULL.
static char *readQuoted(Reader *r) {
  char *out = malloc((size_t)(r->end - r->p) + 1);
  size_t n = 0;
  for (++r->p; r->p < r->end && *r->p != '"'; ++r->p) {
    if (*r->p != '\\' || r->p + 1 >= r->end) {
      out[n++] = *r->p;
      continue;
    }
    ++r->p;
    int hi = hexValue(r->p[0]), lo = r->p + 1 < r->end ? hexValue(r->p[1]) : -1;
    if (hi >= 0 && lo >= 0) {
      out[n++] = (char)(hi * 16 + lo);
      ++r->p;
    } else {
      out[n++] = *r->p; // `\\`, `\"`
    }
  }
  if (r->p >= r->end) {
    free(out);
    return NULL;
  }
  ++r->p;
  out[n] = '\0';
  return out;
}

// Reads a bare key or a quoted string; malloc'd, or NULL.
static char *readKey(Reader *r) {
  skipSpace(r);
  if (r->p < r->end && *r->p == '"')
    return readQuoted(r);
  const char *start = r->p;
  while (r->p < r->end && (isalnum((unsigned char)*r->p) || strchr("_$.-", *r->p)))
    ++r->p;
  return r->p > start ? strndup(start, (size_t)(r->p - start)) : NULL;
}

// Decodes "0x<hex>" without its 4-byte alignment word into `blob`.
static bool decodeBlob(const char *hex, TcResourceBlob *blob) {
  size_t len = strlen(hex);
  if (len < 10 || hex[0] != '0' || hex[1] != 'x' || len % 2 != 0)
    return false;
  size_t size = (len - 2) / 2 - 4;
  unsigned char *data = malloc(size ? size : 1);
  for (size_t i = 0; i < size; ++i) {
    int hi = hexValue(hex[10 + 2 * i]), lo = hexValue(hex[11 + 2 * i]);
    if (hi < 0 || lo < 0) {
      free(data);
      return false;
    }
    data[i] = (unsigned char)(hi * 16 + lo);
  }
  blob->data = data;
  blob->size = size;
  return true;
}

static void addBlob(TcResourceBlobs *out, char *key, const char *hex) {
  TcResourceBlob blob = {key, NULL, 0};
  if (!decodeBlob(hex, &blob)) {
    free(key);
    return;
  }
  TcResourceBlob *grown = realloc(out->blobs, (out->count + 1) * sizeof *grown);
  if (!grown)
    tcFatal("out of memory reading resources");
  out->blobs = grown;
  out->blobs[out->count++] = blob;
}

static bool readGroup(Reader *r, TcResourceBlobs *out, int depth, bool inBuiltin, bool inDialectResources);

// Reads one `key: value` member of a group at depth `depth`. A string value
// directly under dialect_resources.builtin (depth 2) becomes a blob.
static bool readMember(Reader *r, TcResourceBlobs *out, int depth, bool inBuiltin, bool inDialectResources) {
  char *key = readKey(r);
  skipSpace(r);
  if (!key || r->p >= r->end || *r->p != ':') {
    free(key);
    return false;
  }
  ++r->p;
  skipSpace(r);
  if (r->p < r->end && *r->p == '{') {
    bool dialectResources = depth == 0 && strcmp(key, "dialect_resources") == 0;
    bool builtin = depth == 1 && inDialectResources && strcmp(key, "builtin") == 0;
    free(key);
    return readGroup(r, out, depth + 1, builtin, dialectResources);
  }
  char *value = r->p < r->end && *r->p == '"' ? readQuoted(r) : NULL;
  if (value && inBuiltin && depth == 2)
    addBlob(out, key, value);
  else
    free(key);
  bool ok = value != NULL;
  free(value);
  return ok;
}

// Reads `{ member, member, ... }`.
static bool readGroup(Reader *r, TcResourceBlobs *out, int depth, bool inBuiltin, bool inDialectResources) {
  skipSpace(r);
  if (r->p >= r->end || *r->p != '{')
    return false;
  ++r->p;
  for (;;) {
    skipSpace(r);
    if (r->p < r->end && *r->p == '}') {
      ++r->p;
      return true;
    }
    if (!readMember(r, out, depth, inBuiltin, inDialectResources))
      return false;
    skipSpace(r);
    if (r->p < r->end && *r->p == ',')
      ++r->p;
  }
}

void tcResourceBlobsParse(TcResourceBlobs *out, const char *text, size_t length) {
  out->blobs = NULL;
  out->count = 0;
  for (size_t i = 0; i + 3 <= length; ++i) {
    if ((i == 0 || text[i - 1] == '\n') && memcmp(text + i, "{-#", 3) == 0) {
      // The section body is a group without its braces: read it as one.
      Reader r = {text + i + 3, text + length};
      const char *close = strstr(r.p, "#-}");
      if (!close)
        return;
      size_t bodyLen = (size_t)(close - r.p);
      char *group = malloc(bodyLen + 3);
      group[0] = '{';
      memcpy(group + 1, r.p, bodyLen);
      group[bodyLen + 1] = '}';
      group[bodyLen + 2] = '\0';
      Reader g = {group, group + bodyLen + 2};
      readGroup(&g, out, 0, false, false);
      free(group);
      return;
    }
  }
}

const TcResourceBlob *tcResourceBlobsFind(const TcResourceBlobs *blobs, const char *key) {
  for (size_t i = 0; i < blobs->count; ++i)
    if (strcmp(blobs->blobs[i].key, key) == 0)
      return &blobs->blobs[i];
  return NULL;
}

void tcResourceBlobsDestroy(TcResourceBlobs *blobs) {
  for (size_t i = 0; i < blobs->count; ++i) {
    free(blobs->blobs[i].key);
    free(blobs->blobs[i].data);
  }
  free(blobs->blobs);
  blobs->blobs = NULL;
  blobs->count = 0;
}

char *tcDenseResourceKey(MlirAttribute attr) {
  TcTextBuffer text = {0};
  mlirAttributePrint(attr, tcTextBufferAppend, &text);
  static const char prefix[] = "dense_resource<";
  char *key = NULL;
  if (text.data && strncmp(text.data, prefix, sizeof prefix - 1) == 0) {
    Reader r = {text.data + sizeof prefix - 1, text.data + text.length};
    key = readKey(&r);
  }
  free(text.data);
  return key;
}
