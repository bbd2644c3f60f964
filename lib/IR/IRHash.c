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
//     module's resource section. Custom, not generic: a module printed in
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
#include "tensorc/SemanticHash.h"

#include "IRInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/TextBuffer.h"

#include "mlir-c/BuiltinAttributes.h"

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

static void hashBody(MlirOperation module, XXH3_state_t *state) {
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsEnableDebugInfo(flags, false, false);
  mlirOpPrintingFlagsUseLocalScope(flags);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockIsNull(body) ? (MlirOperation){NULL} : mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    mlirOperationPrintWithFlags(op, flags, tcHashUpdate, state);
    XXH3_128bits_update(state, "\n", 1);
  }
  mlirOpPrintingFlagsDestroy(flags);
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
