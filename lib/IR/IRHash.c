//===- IRHash.c - the IR hash of a module, with resource blobs hashed once --===//
//
// The IR hash names a state of a module: the manifest's `ir_before` and
// `ir_after` of every pass, the chain of custody (lib/Tool/IdentityCheck.c).
// It is XXH3-128 of, in order:
//
//   - the module's attributes (name and value, as printed), but
//     `tc.manifest`, which records the history and is not the state;
//   - each op of the module's body, printed in custom form without
//     locations and with local scope, so that no printed op carries the
//     module's resource section; elements attributes of more than 64
//     elements printed elided, and the type and bytes of each hashed apart
//     (hashOp says how an op whose printer does not elide is hashed whole). Custom, not generic: a module printed in
//     custom form and parsed back must hash as it did (the chain of custody,
//     docs/ir-contract.md §3.1, compares a re-read module with the record
//     of the run that printed it), and the generic form does not survive
//     that trip: llvm.func's parser fills in inherent attributes
//     (`unnamed_addr = 0`) that the op it printed did not have. MLIR's
//     custom printers are round-trip stable by design;
//   - for every dense_resource attribute the walk meets (inside arrays and
//     dictionaries too), its key and the XXH3-128 of its blob's bytes.
//
// The printed ops name each resource by its key and type; the content is
// hashed apart because printing it is most of the cost: a module with 25 MB
// of weights prints 50 MB of hex, once per pass. Content hashes come from a
// TcIRHashCache when the caller keeps one (a pipeline run does: a blob's
// bytes never change under its key in one context); a key it lacks is read
// by printing the module once (lib/IR/ResourceBlobs.c). With or without a
// cache the hash is the same function of the module.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // memmem
#include "tensorc/SemanticHash.h"

#include "IRInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/TextBuffer.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

struct TcIRHashCache {
  char **keys;
  TcHash128 *hashes;
  size_t count, cap;
};

TcIRHashCache *tcIRHashCacheCreate(void) {
  TcIRHashCache *c = calloc(1, sizeof *c);
  if (!c)
    tcFatal("out of memory hashing a module");
  return c;
}

void tcIRHashCacheDestroy(TcIRHashCache *c) {
  for (size_t i = 0; c && i < c->count; ++i)
    free(c->keys[i]);
  if (c)
    free(c->keys), free(c->hashes);
  free(c);
}

static const TcHash128 *cacheFind(const TcIRHashCache *c, const char *key) {
  for (size_t i = 0; i < c->count; ++i)
    if (strcmp(c->keys[i], key) == 0)
      return &c->hashes[i];
  return NULL;
}

static void cacheAdd(TcIRHashCache *c, const char *key, TcHash128 hash) {
  if (cacheFind(c, key))
    return;
  if (c->count == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 16;
    c->keys = realloc(c->keys, c->cap * sizeof *c->keys);
    c->hashes = realloc(c->hashes, c->cap * sizeof *c->hashes);
    if (!c->keys || !c->hashes)
      tcFatal("out of memory hashing a module");
  }
  c->keys[c->count] = strdup(key);
  c->hashes[c->count++] = hash;
}

// Prints the whole module once and adds every blob of its resource section.
static void cacheFill(TcIRHashCache *c, MlirOperation module) {
  TcTextBuffer text = {0};
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOperationPrintWithFlags(module, flags, tcTextBufferAppend, &text);
  mlirOpPrintingFlagsDestroy(flags);
  TcResourceBlobs blobs;
  tcResourceBlobsParse(&blobs, text.data ? text.data : "", text.length);
  free(text.data);
  for (size_t i = 0; i < blobs.count; ++i)
    cacheAdd(c, blobs.blobs[i].key, tcHashBytes(blobs.blobs[i].data, blobs.blobs[i].size));
  tcResourceBlobsDestroy(&blobs);
}

typedef struct Walk {
  XXH3_state_t *state;
  TcIRHashCache *cache;
  MlirOperation module;
  bool filled; ///< the module was printed once already
} Walk;

static void hashResource(Walk *w, MlirAttribute attr) {
  char *key = tcDenseResourceKey(attr);
  const TcHash128 *h = key ? cacheFind(w->cache, key) : NULL;
  if (key && !h && !w->filled) {
    cacheFill(w->cache, w->module);
    w->filled = true;
    h = cacheFind(w->cache, key);
  }
  TcHash128 none = {0, 0};
  const char *name = key ? key : "?";
  XXH3_128bits_update(w->state, name, strlen(name) + 1);
  XXH3_128bits_update(w->state, h ? h : &none, sizeof *h); // a blob without data hashes as none
  free(key);
}

static void hashAttribute(Walk *w, MlirAttribute attr) {
  if (mlirAttributeIsADenseResourceElements(attr))
    hashResource(w, attr);
  else if (mlirAttributeIsAArray(attr))
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(attr); ++i)
      hashAttribute(w, mlirArrayAttrGetElement(attr, i));
  else if (mlirAttributeIsADictionary(attr))
    for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(attr); ++i)
      hashAttribute(w, mlirDictionaryAttrGetElement(attr, i).attribute);
}

static MlirWalkResult hashOpResources(MlirOperation op, void *userData) {
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i)
    hashAttribute(userData, mlirOperationGetAttribute(op, i).attribute);
  return MlirWalkResultAdvance;
}

static void hashModuleAttributes(MlirOperation module, XXH3_state_t *state) {
  MlirStringRef manifest = mlirStringRefCreateFromCString("tc.manifest");
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(module); ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(module, i);
    MlirStringRef name = mlirIdentifierStr(a.name);
    if (mlirStringRefEqual(name, manifest))
      continue;
    XXH3_128bits_update(state, name.data, name.length);
    XXH3_128bits_update(state, "=", 1);
    mlirAttributePrint(a.attribute, tcHashUpdate, state);
    XXH3_128bits_update(state, ";", 1);
  }
}

// Elements attributes of more than kElideAbove elements are printed elided
// (`dense_resource<__elided__>`) and their content is hashed apart, from the
// attribute's storage: printing 16 MB of f32 weights as hex, then hashing
// the text, is most of a pass's cost on a real model (lowering, as
// memref.global and llvm.mlir.global initialisers, moves weights out of the
// resource section into dense attributes).
enum { kElideAbove = 64 };
static const char kElided[] = "dense_resource<__elided__>";

// What the printer elides under kElideAbove: a non-splat elements attribute
// other than dense_resource (which prints its key) with more elements.
static bool isElided(MlirAttribute attr) {
  if (!mlirAttributeIsAElements(attr) || mlirAttributeIsADenseResourceElements(attr))
    return false;
  if ((mlirAttributeIsADenseIntElements(attr) || mlirAttributeIsADenseFPElements(attr) ||
       mlirAttributeIsADenseElements(attr)) &&
      mlirDenseElementsAttrIsSplat(attr))
    return false;
  return mlirElementsAttrGetNumElements(attr) > kElideAbove;
}

// The byte width of a dense int/fp attribute's elements when its storage
// is one element after another (not i1, which is packed, nor complex).
static size_t denseByteWidth(MlirAttribute attr) {
  if (!mlirAttributeIsADenseIntElements(attr) && !mlirAttributeIsADenseFPElements(attr))
    return 0;
  MlirType element = mlirShapedTypeGetElementType(mlirAttributeGetType(attr));
  unsigned bits = mlirTypeIsAInteger(element) ? mlirIntegerTypeGetWidth(element)
                  : mlirTypeIsAFloat(element) ? mlirFloatTypeGetWidth(element)
                                              : 0;
  return bits && bits % 8 == 0 ? bits / 8 : 0;
}

typedef struct Contents {
  XXH3_state_t *state; ///< the elided attributes' contents, in walk order
  size_t count;
} Contents;

static void hashContent(Contents *c, MlirAttribute attr) {
  if (isElided(attr)) {
    size_t width = denseByteWidth(attr);
    mlirTypePrint(mlirAttributeGetType(attr), tcHashUpdate, c->state);
    if (width)
      XXH3_128bits_update(c->state, mlirDenseElementsAttrGetRawData(attr),
                          width * (size_t)mlirElementsAttrGetNumElements(attr));
    else
      mlirAttributePrint(attr, tcHashUpdate, c->state);
    XXH3_128bits_update(c->state, ";", 1);
    ++c->count;
  } else if (mlirAttributeIsAArray(attr)) {
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(attr); ++i)
      hashContent(c, mlirArrayAttrGetElement(attr, i));
  } else if (mlirAttributeIsADictionary(attr)) {
    for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(attr); ++i)
      hashContent(c, mlirDictionaryAttrGetElement(attr, i).attribute);
  }
}

static MlirWalkResult hashOpContents(MlirOperation op, void *userData) {
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i)
    hashContent(userData, mlirOperationGetAttribute(op, i).attribute);
  return MlirWalkResultAdvance;
}

// An op's printed text, hashed as it streams, with the markers counted
// (a marker may straddle two chunks).
typedef struct Printed {
  XXH3_state_t *state;
  size_t markers;
  char tail[sizeof kElided - 1];
  size_t tailLength;
} Printed;

static size_t countIn(const char *text, size_t length) {
  size_t n = 0, m = sizeof kElided - 1;
  for (const char *p = text; length >= m && (p = memmem(p, length - (size_t)(p - text), kElided, m));
       p += m)
    ++n;
  return n;
}

static void printedUpdate(MlirStringRef text, void *userData) {
  Printed *p = userData;
  XXH3_128bits_update(p->state, text.data, text.length);
  size_t m = sizeof kElided - 1;
  // Markers that start in the tail and end in this chunk.
  char joint[2 * sizeof kElided];
  size_t head = text.length < m - 1 ? text.length : m - 1;
  memcpy(joint, p->tail, p->tailLength);
  memcpy(joint + p->tailLength, text.data, head);
  p->markers += countIn(joint, p->tailLength + head) + countIn(text.data, text.length);
  // Keep the last m-1 bytes seen, for the next chunk.
  size_t total = p->tailLength + text.length, keep = total < m - 1 ? total : m - 1;
  char next[sizeof kElided];
  for (size_t i = 0; i < keep; ++i) {
    size_t from = total - keep + i;
    next[i] = from < p->tailLength ? p->tail[from] : text.data[from - p->tailLength];
  }
  memcpy(p->tail, next, keep);
  p->tailLength = keep;
}

// Each op of the body: printed with large elements elided and their
// contents hashed in walk order, when the printed markers are exactly the
// attributes the walk elided; printed whole otherwise (an op whose printer
// does not elide, or text that happens to hold the marker). A leading byte
// says which, so the two forms never meet.
static void hashOp(MlirOperation op, XXH3_state_t *state, MlirOpPrintingFlags elided, MlirOpPrintingFlags whole) {
  Contents contents = {XXH3_createState(), 0};
  XXH3_state_t *text = XXH3_createState();
  if (!contents.state || !text)
    tcFatal("out of memory hashing a module");
  XXH3_128bits_reset(contents.state);
  mlirOperationWalk(op, hashOpContents, &contents, MlirWalkPreOrder);
  if (contents.count) {
    XXH3_128bits_reset(text);
    Printed printed = {text, 0, {0}, 0};
    mlirOperationPrintWithFlags(op, elided, printedUpdate, &printed);
    if (printed.markers == contents.count) {
      TcHash128 t = tcHashFromXXH(XXH3_128bits_digest(text)), c = tcHashFromXXH(XXH3_128bits_digest(contents.state));
      XXH3_128bits_update(state, "E", 1);
      XXH3_128bits_update(state, &t, sizeof t);
      XXH3_128bits_update(state, &c, sizeof c);
      XXH3_freeState(text);
      XXH3_freeState(contents.state);
      return;
    }
  }
  XXH3_128bits_update(state, "F", 1);
  mlirOperationPrintWithFlags(op, whole, tcHashUpdate, state);
  XXH3_freeState(text);
  XXH3_freeState(contents.state);
}

static void hashBody(MlirOperation module, XXH3_state_t *state) {
  MlirOpPrintingFlags whole = mlirOpPrintingFlagsCreate(), elided = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsEnableDebugInfo(whole, false, false);
  mlirOpPrintingFlagsUseLocalScope(whole);
  mlirOpPrintingFlagsEnableDebugInfo(elided, false, false);
  mlirOpPrintingFlagsUseLocalScope(elided);
  mlirOpPrintingFlagsElideLargeElementsAttrs(elided, kElideAbove);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockIsNull(body) ? (MlirOperation){NULL} : mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    hashOp(op, state, elided, whole);
    XXH3_128bits_update(state, "\n", 1);
  }
  mlirOpPrintingFlagsDestroy(whole);
  mlirOpPrintingFlagsDestroy(elided);
}

TcHash128 tcComputeIRHashCached(MlirOperation module, TcIRHashCache *cache) {
  XXH3_state_t *state = XXH3_createState();
  TcIRHashCache *own = cache ? NULL : tcIRHashCacheCreate();
  if (!state)
    tcFatal("out of memory hashing a module");
  XXH3_128bits_reset(state);
  hashModuleAttributes(module, state);
  hashBody(module, state);
  Walk w = {state, cache ? cache : own, module, false};
  mlirOperationWalk(module, hashOpResources, &w, MlirWalkPreOrder);
  TcHash128 hash = tcHashFromXXH(XXH3_128bits_digest(state));
  XXH3_freeState(state);
  tcIRHashCacheDestroy(own);
  return hash;
}

TcHash128 tcComputeIRHash(MlirOperation module) { return tcComputeIRHashCached(module, NULL); }
