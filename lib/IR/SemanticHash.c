//===- SemanticHash.c - canonical form, semantic hash and IR hash ----------===//
//
// The canonical form of a module is MLIR's own printer output, made
// independent of spelling:
//
// - the module is cloned, so the caller's IR is never touched;
// - every discardable attribute whose name starts with `tc.` is dropped, on
//   every op: tensorc's annotations (the stamp, the manifest, the contract,
//   fusion groups) describe a program, they are not part of it;
// - every dense_resource attribute (also inside arrays and dictionaries) is
//   replaced by the dense attribute holding the same bytes, so a constant is
//   hashed by its content: resource names, which MLIR renames freely, do not
//   count, and `dense_resource` and `dense` spellings of one value agree;
// - the clone is printed in generic op form without locations. The printer
//   sorts attribute dictionaries, numbers values in order (%0, %arg0), prints
//   each float so that it reads back exactly, and collapses splats; parsing
//   has already dropped comments, whitespace and SSA names.
//
// Nothing else is normalised: operand order (even of commutative ops), op
// order and every other attribute, module and function names included, are
// meaning. The hash is XXH3-128 of that text.
//
//===----------------------------------------------------------------------===//
#include "tensorc/SemanticHash.h"

#include "IRInternal.h"
#include "tensorc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

//===-- Hash values -----------------------------------------------------------===//

TcHash128 tcHashFromXXH(XXH128_hash_t h) { return (TcHash128){h.high64, h.low64}; }

TcHash128 tcHashBytes(const void *data, size_t size) { return tcHashFromXXH(XXH3_128bits(data, size)); }

// Streams the file through the hash: executables and shared libraries of a
// few hundred MB (libLLVM) are hashed on every compilation.
bool tcHashFile(const char *path, char *out) {
  FILE *f = fopen(path, "rb");
  XXH3_state_t *state = f ? XXH3_createState() : NULL;
  if (!state) {
    if (f)
      fclose(f);
    return false;
  }
  XXH3_128bits_reset(state);
  static const size_t kChunk = 1 << 20;
  char *chunk = malloc(kChunk);
  size_t n;
  while (chunk && (n = fread(chunk, 1, kChunk, f)) > 0)
    XXH3_128bits_update(state, chunk, n);
  bool ok = chunk && !ferror(f);
  fclose(f);
  free(chunk);
  if (ok)
    tcFormatHash(tcHashFromXXH(XXH3_128bits_digest(state)), out);
  XXH3_freeState(state);
  return ok;
}

bool tcHashEqual(TcHash128 a, TcHash128 b) { return a.high == b.high && a.low == b.low; }

const char *tcFormatHash(TcHash128 hash, char *buf) {
  snprintf(buf, TC_HASH_TEXT_SIZE, "xxh3-128:%016" PRIx64 "%016" PRIx64, hash.high, hash.low);
  return buf;
}

static bool parseHex64(const char *p, uint64_t *out) {
  uint64_t v = 0;
  for (int i = 0; i < 16; ++i) {
    char c = p[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0)
      return false;
    v = v << 4 | (uint64_t)d;
  }
  *out = v;
  return true;
}

bool tcParseHash(MlirStringRef text, TcHash128 *out) {
  if (text.length != TC_HASH_TEXT_SIZE - 1 || memcmp(text.data, "xxh3-128:", 9) != 0)
    return false;
  TcHash128 h;
  if (!parseHex64(text.data + 9, &h.high) || !parseHex64(text.data + 25, &h.low))
    return false;
  *out = h;
  return true;
}

//===-- Canonical form ----------------------------------------------------------===//

typedef struct Canonicalizer {
  MlirOperation original; // printed once, lazily, to read resource blobs
  TcResourceBlobs blobs;
  bool haveBlobs;
  bool failed;
} Canonicalizer;

static const TcResourceBlobs *getBlobs(Canonicalizer *c) {
  if (!c->haveBlobs) {
    TcTextBuffer text = {0};
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
    mlirOperationPrintWithFlags(c->original, flags, tcTextBufferAppend, &text);
    mlirOpPrintingFlagsDestroy(flags);
    tcResourceBlobsParse(&c->blobs, text.data ? text.data : "", text.length);
    free(text.data);
    c->haveBlobs = true;
  }
  return &c->blobs;
}

static int64_t numElements(MlirType shaped) {
  int64_t n = 1;
  for (int64_t d = 0; d < mlirShapedTypeGetRank(shaped); ++d)
    n *= mlirShapedTypeGetDimSize(shaped, d);
  return n;
}

// Bytes per element of a dense_resource blob; 0 for element types that
// have no blob form here.
static size_t elementBytes(MlirType element) {
  if (mlirTypeIsAInteger(element))
    return mlirIntegerTypeGetWidth(element) == 1 ? 1 : (mlirIntegerTypeGetWidth(element) + 7) / 8;
  if (mlirTypeIsAFloat(element))
    return (mlirFloatTypeGetWidth(element) + 7) / 8;
  if (mlirTypeIsAIndex(element))
    return 8;
  return 0;
}

// Builds the dense attribute of `type` holding `blob`; null unless the blob
// holds exactly one value per element (a shorter one is not a splat). i1
// blobs hold one byte per element; dense i1 storage differs, so those are
// rebuilt element by element.
static MlirAttribute denseFromBlob(MlirType type, const TcResourceBlob *blob) {
  MlirType element = mlirShapedTypeGetElementType(type);
  if (!mlirShapedTypeHasStaticShape(type))
    return mlirAttributeGetNull();
  int64_t n = numElements(type);
  size_t width = elementBytes(element);
  if (width == 0 || blob->size != (size_t)n * width)
    return mlirAttributeGetNull();
  if (mlirTypeIsAInteger(element) && mlirIntegerTypeGetWidth(element) == 1) {
    int *values = malloc((size_t)(n ? n : 1) * sizeof *values);
    for (int64_t i = 0; i < n; ++i)
      values[i] = blob->data[i] != 0;
    MlirAttribute attr = mlirDenseElementsAttrBoolGet(type, (intptr_t)n, values);
    free(values);
    return attr;
  }
  return mlirDenseElementsAttrRawBufferGet(type, blob->size, blob->data);
}

static MlirAttribute canonicalAttr(Canonicalizer *c, MlirOperation op, MlirAttribute attr);

static MlirAttribute resourceContent(Canonicalizer *c, MlirOperation op, MlirAttribute attr) {
  char *key = tcDenseResourceKey(attr);
  const TcResourceBlob *blob = key ? tcResourceBlobsFind(getBlobs(c), key) : NULL;
  MlirAttribute dense = blob ? denseFromBlob(mlirAttributeGetType(attr), blob) : mlirAttributeGetNull();
  if (mlirAttributeIsNull(dense)) {
    if (!blob)
      tcEmitOpError(op, "dense_resource '%s' has no data, so it cannot be hashed by content", key ? key : "?");
    else
      tcEmitOpError(op, "dense_resource '%s' holds %zu bytes, which do not fit its type", key, blob->size);
    c->failed = true;
    dense = attr;
  }
  free(key);
  return dense;
}

static MlirAttribute canonicalArray(Canonicalizer *c, MlirOperation op, MlirAttribute attr) {
  intptr_t n = mlirArrayAttrGetNumElements(attr);
  MlirAttribute *elements = malloc((size_t)(n ? n : 1) * sizeof *elements);
  bool changed = false;
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(attr, i);
    elements[i] = canonicalAttr(c, op, e);
    changed |= !mlirAttributeEqual(e, elements[i]);
  }
  MlirAttribute result = changed ? mlirArrayAttrGet(mlirAttributeGetContext(attr), n, elements) : attr;
  free(elements);
  return result;
}

static MlirAttribute canonicalDictionary(Canonicalizer *c, MlirOperation op, MlirAttribute attr) {
  intptr_t n = mlirDictionaryAttrGetNumElements(attr);
  MlirNamedAttribute *elements = malloc((size_t)(n ? n : 1) * sizeof *elements);
  bool changed = false;
  for (intptr_t i = 0; i < n; ++i) {
    MlirNamedAttribute e = mlirDictionaryAttrGetElement(attr, i);
    elements[i] = mlirNamedAttributeGet(e.name, canonicalAttr(c, op, e.attribute));
    changed |= !mlirAttributeEqual(e.attribute, elements[i].attribute);
  }
  MlirAttribute result = changed ? mlirDictionaryAttrGet(mlirAttributeGetContext(attr), n, elements) : attr;
  free(elements);
  return result;
}

// Returns `attr` with every dense_resource in it replaced by its content.
static MlirAttribute canonicalAttr(Canonicalizer *c, MlirOperation op, MlirAttribute attr) {
  if (mlirAttributeIsADenseResourceElements(attr))
    return resourceContent(c, op, attr);
  if (mlirAttributeIsAArray(attr))
    return canonicalArray(c, op, attr);
  if (mlirAttributeIsADictionary(attr))
    return canonicalDictionary(c, op, attr);
  return attr;
}

static bool isAnnotation(MlirStringRef name) { return name.length > 3 && memcmp(name.data, "tc.", 3) == 0; }

static void dropAnnotations(MlirOperation op) {
  for (intptr_t i = mlirOperationGetNumDiscardableAttributes(op) - 1; i >= 0; --i) {
    MlirNamedAttribute a = mlirOperationGetDiscardableAttribute(op, i);
    if (isAnnotation(mlirIdentifierStr(a.name)))
      mlirOperationRemoveDiscardableAttributeByName(op, mlirIdentifierStr(a.name));
  }
}

static MlirWalkResult canonicalizeOp(MlirOperation op, void *userData) {
  Canonicalizer *c = userData;
  dropAnnotations(op);
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
    MlirAttribute canonical = canonicalAttr(c, op, a.attribute);
    if (!mlirAttributeEqual(canonical, a.attribute))
      mlirOperationSetAttributeByName(op, mlirIdentifierStr(a.name), canonical);
  }
  return MlirWalkResultAdvance;
}

MlirLogicalResult tcPrintCanonicalForm(MlirOperation module, MlirStringCallback callback, void *userData) {
  Canonicalizer c = {.original = module};
  MlirOperation clone = mlirOperationClone(module);
  mlirOperationWalk(clone, canonicalizeOp, &c, MlirWalkPreOrder);
  if (!c.failed) {
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
    mlirOpPrintingFlagsEnableDebugInfo(flags, false, false);
    mlirOperationPrintWithFlags(clone, flags, callback, userData);
    mlirOpPrintingFlagsDestroy(flags);
  }
  mlirOperationDestroy(clone);
  tcResourceBlobsDestroy(&c.blobs);
  return c.failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

void tcHashUpdate(MlirStringRef text, void *userData) { XXH3_128bits_update(userData, text.data, text.length); }

MlirLogicalResult tcComputeSemanticHash(MlirOperation module, TcHash128 *out) {
  XXH3_state_t *state = XXH3_createState();
  if (!state)
    tcFatal("out of memory hashing a module");
  XXH3_128bits_reset(state);
  MlirLogicalResult result = tcPrintCanonicalForm(module, tcHashUpdate, state);
  if (mlirLogicalResultIsSuccess(result))
    *out = tcHashFromXXH(XXH3_128bits_digest(state));
  XXH3_freeState(state);
  return result;
}
