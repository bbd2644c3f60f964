//===- Npy.c - NumPy .npy files --------------------------------------------===//
//
// The format: the magic "\x93NUMPY", a major and minor version byte, the
// header length (2 bytes in 1.0, 4 bytes in 2.0 and 3.0, little-endian), then
// the header, a Python dict literal such as
// `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }` padded with
// spaces and a newline so that the data starts at a multiple of 64 bytes,
// then the raw data. The reader parses the whole dict: exactly the three
// keys, each once, in any order, nothing after the closing brace but
// spaces and the newline; and it checks that the file holds exactly the
// data the shape needs.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Npy.h"
#include "tensorc/OutputFile.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *descr, *name;
  size_t size;
} kDtypes[] = {
    [TC_NPY_BOOL] = {"|b1", "bool", 1},   [TC_NPY_I8] = {"|i1", "int8", 1},
    [TC_NPY_I16] = {"<i2", "int16", 2},   [TC_NPY_I32] = {"<i4", "int32", 4},
    [TC_NPY_I64] = {"<i8", "int64", 8},   [TC_NPY_U8] = {"|u1", "uint8", 1},
    [TC_NPY_U16] = {"<u2", "uint16", 2},  [TC_NPY_U32] = {"<u4", "uint32", 4},
    [TC_NPY_U64] = {"<u8", "uint64", 8},  [TC_NPY_F16] = {"<f2", "float16", 2},
    [TC_NPY_F32] = {"<f4", "float32", 4}, [TC_NPY_F64] = {"<f8", "float64", 8},
};
enum { kNumDtypes = sizeof kDtypes / sizeof kDtypes[0] };

size_t tcNpyDtypeSize(TcNpyDtype dtype) { return kDtypes[dtype].size; }
const char *tcNpyDtypeName(TcNpyDtype dtype) { return kDtypes[dtype].name; }

static bool fail(char *err, size_t errSize, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errSize, fmt, ap);
  va_end(ap);
  return false;
}

void tcNpyArrayDestroy(TcNpyArray *array) {
  free(array->data);
  memset(array, 0, sizeof *array);
}

static const char *skipSpace(const char *p) {
  while (isspace((unsigned char)*p))
    ++p;
  return p;
}

// A quoted Python string ('...' or "...", no escapes) into buf; returns the
// position after it, or NULL.
static const char *parseString(const char *p, char *buf, size_t size) {
  char quote = *p;
  if (quote != '\'' && quote != '"')
    return NULL;
  const char *end = strchr(p + 1, quote);
  if (!end || (size_t)(end - p - 1) >= size)
    return NULL;
  memcpy(buf, p + 1, (size_t)(end - p - 1));
  buf[end - p - 1] = '\0';
  return end + 1;
}

static bool setDtype(const char *descr, TcNpyDtype *dtype, char *err, size_t errSize) {
  // "<" and "|" mean the same for one-byte types; "=" is native (little here).
  for (int i = 0; i < kNumDtypes; ++i) {
    const char *want = kDtypes[i].descr;
    if (descr[0] && strcmp(descr + 1, want + 1) == 0 && strchr("<|=", descr[0])) {
      *dtype = (TcNpyDtype)i;
      return true;
    }
  }
  if (descr[0] == '>')
    return fail(err, errSize, "big-endian data ('%s') is not supported", descr);
  return fail(err, errSize, "unsupported dtype '%s'", descr);
}

// `(d0, d1, ...)` with an optional trailing comma; returns the position
// after the `)`, or NULL.
static const char *parseShape(const char *p, TcNpyArray *out, char *err, size_t errSize) {
  if (*p != '(')
    return fail(err, errSize, "malformed 'shape': not a tuple"), NULL;
  p = skipSpace(p + 1);
  out->rank = 0;
  while (*p != ')') {
    char *end;
    errno = 0;
    long long d = strtoll(p, &end, 10);
    if (end == p || d < 0 || errno || !isdigit((unsigned char)*p))
      return fail(err, errSize, "malformed 'shape'"), NULL;
    if (out->rank == TC_NPY_MAX_RANK)
      return fail(err, errSize, "rank above %d", TC_NPY_MAX_RANK), NULL;
    out->shape[out->rank++] = d;
    p = skipSpace(end);
    if (*p == ',')
      p = skipSpace(p + 1);
    else if (*p != ')')
      return fail(err, errSize, "malformed 'shape'"), NULL;
  }
  return p + 1;
}

// The value of `key` at `p`; returns the position after it, or NULL.
static const char *parseValue(const char *key, const char *p, TcNpyArray *out, char *err, size_t errSize) {
  if (strcmp(key, "descr") == 0) {
    char descr[16];
    const char *q = parseString(p, descr, sizeof descr);
    if (!q)
      return fail(err, errSize, "malformed 'descr'"), NULL;
    return setDtype(descr, &out->dtype, err, errSize) ? q : NULL;
  }
  if (strcmp(key, "fortran_order") == 0) {
    if (strncmp(p, "False", 5) == 0)
      return p + 5;
    if (strncmp(p, "True", 4) == 0)
      return fail(err, errSize, "Fortran-order arrays are not supported"), NULL;
    return fail(err, errSize, "malformed 'fortran_order'"), NULL;
  }
  return parseShape(p, out, err, errSize);
}

// The header: a Python dict literal holding exactly the keys 'descr',
// 'fortran_order' and 'shape', each once (NumPy's own reader refuses any
// other key set), then only spaces and the closing newline.
static bool parseHeader(const char *header, TcNpyArray *out, char *err, size_t errSize) {
  static const char *const kKeys[] = {"descr", "fortran_order", "shape"};
  bool seen[3] = {false, false, false};
  const char *p = skipSpace(header);
  if (*p != '{')
    return fail(err, errSize, "malformed header: not a dict");
  p = skipSpace(p + 1);
  while (*p != '}') {
    if (*p == '\0')
      return fail(err, errSize, "malformed header: no closing '}'");
    char key[32];
    const char *q = parseString(p, key, sizeof key);
    int k = -1;
    for (int i = 0; q && i < 3; ++i)
      k = strcmp(key, kKeys[i]) == 0 ? i : k;
    if (k < 0)
      return q ? fail(err, errSize, "header has an unknown key '%s'", key) : fail(err, errSize, "malformed header");
    if (seen[k])
      return fail(err, errSize, "header has the key '%s' twice", key);
    seen[k] = true;
    p = skipSpace(q);
    if (*p != ':')
      return fail(err, errSize, "malformed header: no ':' after '%s'", key);
    if (!(p = parseValue(key, skipSpace(p + 1), out, err, errSize)))
      return false;
    p = skipSpace(p);
    if (*p == ',')
      p = skipSpace(p + 1);
    else if (*p != '}')
      return fail(err, errSize, "malformed header: no ',' or '}' after '%s'", key);
  }
  if (*skipSpace(p + 1) != '\0')
    return fail(err, errSize, "malformed header: text after its closing '}'");
  for (int i = 0; i < 3; ++i)
    if (!seen[i])
      return fail(err, errSize, "header has no '%s'", kKeys[i]);
  return true;
}

// Number of data bytes the shape needs, or SIZE_MAX on overflow.
static size_t dataBytes(const TcNpyArray *a) {
  size_t n = tcNpyDtypeSize(a->dtype);
  for (int i = 0; i < a->rank; ++i) {
    if (a->shape[i] != 0 && n > SIZE_MAX / (size_t)a->shape[i])
      return SIZE_MAX;
    n *= (size_t)a->shape[i];
  }
  return n;
}

static bool readHeader(FILE *f, char **header, char *err, size_t errSize) {
  unsigned char pre[10];
  if (fread(pre, 1, 8, f) != 8 || memcmp(pre, "\x93NUMPY", 6) != 0)
    return fail(err, errSize, "not a .npy file (bad magic)");
  int major = pre[6];
  size_t lenBytes = major == 1 ? 2 : 4;
  if (major < 1 || major > 3)
    return fail(err, errSize, "unsupported .npy version %d.%d", major, pre[7]);
  if (fread(pre, 1, lenBytes, f) != lenBytes)
    return fail(err, errSize, "truncated header");
  size_t len = pre[0] | (size_t)pre[1] << 8 | (lenBytes == 4 ? (size_t)pre[2] << 16 | (size_t)pre[3] << 24 : 0);
  if (len > (1u << 20))
    return fail(err, errSize, "header of %zu bytes is too long", len);
  *header = malloc(len + 1);
  if (!*header || fread(*header, 1, len, f) != len) {
    free(*header);
    *header = NULL;
    return fail(err, errSize, "truncated header");
  }
  (*header)[len] = '\0';
  return true;
}

// Bytes left in a seekable stream, or SIZE_MAX when it cannot tell (a FIFO).
static size_t bytesLeft(FILE *f) {
  long here = ftell(f);
  if (here < 0 || fseek(f, 0, SEEK_END) != 0)
    return SIZE_MAX;
  long end = ftell(f);
  if (end < here || fseek(f, here, SEEK_SET) != 0)
    return SIZE_MAX;
  return (size_t)(end - here);
}

static bool readData(FILE *f, TcNpyArray *out, char *err, size_t errSize) {
  size_t n = dataBytes(out);
  if (n == SIZE_MAX || n > TC_NPY_MAX_DATA_BYTES)
    return fail(err, errSize, "shape too large: tensors are limited to 2^40 bytes");
  // The shape is only a claim: never allocate what the file does not hold.
  // A seekable file says up front; a stream grows the buffer as bytes arrive.
  size_t left = bytesLeft(f);
  if (left != SIZE_MAX && left < n)
    return fail(err, errSize, "truncated data: the shape needs %zu bytes, the file has %zu", n, left);
  size_t cap = left != SIZE_MAX ? n : (n < (1u << 20) ? n : (size_t)1 << 20);
  out->data = malloc(cap ? cap : 1);
  if (!out->data)
    return fail(err, errSize, "out of memory for %zu bytes", cap);
  size_t got = 0;
  while (got < n) {
    if (got == cap) {
      size_t grown = cap * 2 < n ? cap * 2 : n;
      void *p = realloc(out->data, grown);
      if (!p)
        return fail(err, errSize, "out of memory for %zu bytes", grown);
      out->data = p;
      cap = grown;
    }
    size_t r = fread((char *)out->data + got, 1, cap - got, f);
    if (r == 0)
      break;
    got += r;
  }
  out->numBytes = n;
  if (got != n)
    return fail(err, errSize, "truncated data: the shape needs %zu bytes, the file has %zu", n, got);
  if (fgetc(f) != EOF)
    return fail(err, errSize, "trailing bytes after the data");
  return true;
}

static bool readStream(FILE *f, TcNpyArray *out, char *err, size_t errSize) {
  char *header = NULL;
  bool ok = readHeader(f, &header, err, errSize) && parseHeader(header, out, err, errSize) &&
            readData(f, out, err, errSize);
  free(header);
  if (!ok)
    tcNpyArrayDestroy(out);
  return ok;
}

bool tcNpyRead(const char *path, TcNpyArray *out, char *err, size_t errSize) {
  memset(out, 0, sizeof *out);
  FILE *f = fopen(path, "rb");
  if (!f)
    return fail(err, errSize, "cannot open: %s", strerror(errno));
  bool ok = readStream(f, out, err, errSize);
  fclose(f);
  return ok;
}

bool tcNpyReadMemory(const void *data, size_t size, TcNpyArray *out, char *err, size_t errSize) {
  memset(out, 0, sizeof *out);
  FILE *f = size ? fmemopen((void *)data, size, "rb") : NULL;
  if (!f)
    return fail(err, errSize, size ? "cannot read memory: %s" : "not a .npy file (empty)", strerror(errno));
  bool ok = readStream(f, out, err, errSize);
  fclose(f);
  return ok;
}

bool tcNpyWrite(const char *path, const TcNpyArray *a, char *err, size_t errSize) {
  char shape[TC_NPY_MAX_RANK * 24 + 8] = "";
  size_t used = 0;
  for (int i = 0; i < a->rank; ++i)
    used += (size_t)snprintf(shape + used, sizeof shape - used, "%lld, ", (long long)a->shape[i]);
  if (a->rank > 1)
    shape[used - 2] = '\0'; // (2, 3); a 1-tuple keeps its comma: (4,)
  else if (a->rank == 1)
    shape[used - 1] = '\0';
  char header[sizeof shape + 256];
  int len = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }",
                     kDtypes[a->dtype].descr, shape);
  int total = 10 + len + 1, pad = (64 - total % 64) % 64;
  memset(header + len, ' ', (size_t)pad);
  header[len + pad] = '\n';
  size_t headerLen = (size_t)(len + pad + 1);
  unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(headerLen & 0xff),
                           (unsigned char)(headerLen >> 8)};
  TcOutputFile out;
  if (!tcOutputFileOpen(&out, path, 0, err, errSize))
    return false;
  bool ok = tcOutputFileWrite(&out, pre, 10, err, errSize) && tcOutputFileWrite(&out, header, headerLen, err, errSize) &&
            tcOutputFileWrite(&out, a->data, a->numBytes, err, errSize);
  if (!ok) {
    tcOutputFileDiscard(&out);
    return false;
  }
  return tcOutputFileCommit(&out, err, errSize);
}
