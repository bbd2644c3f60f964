//===- Emission.c - what the emitter reads off the code it produced --------===//
//
// The emission record (docs/manifest.md §2.2) states what the artifact is,
// not what was planned: the libmvec variants are those the optimised code
// calls (the loop vectoriser may use none of the variants it was offered,
// or only the narrow ones), the libraries are the DT_NEEDED entries of the
// library the linker wrote, resolved as the artifact's loader will resolve
// them, and the LLVM IR is identified by the hash of its printed text
// before and after O3 (weights hashed from their bytes, not their printed
// decimal text). All of it is a function of the code and the
// installed libraries, never of a path of this run.
//
//===----------------------------------------------------------------------===//
#include "TargetInternal.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/HostLibraries.h"
#include "tensorc/SemanticHash.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

// The bytes of a constant, hashed from its storage where it is constant
// data (a leaf array of numbers), recursing through arrays and structs of
// such, printed otherwise; every node says what it is, so no two constants
// hash alike.
static void hashConstant(XXH3_state_t *state, LLVMValueRef c) {
  if (LLVMIsAConstantDataSequential(c)) {
    size_t size;
    const char *data = LLVMGetRawDataValues(c, &size);
    XXH3_128bits_update(state, "D", 1);
    XXH3_128bits_update(state, &size, sizeof size);
    XXH3_128bits_update(state, data, size);
  } else if (LLVMIsAConstantArray(c) || LLVMIsAConstantStruct(c) || LLVMIsAConstantVector(c)) {
    int n = LLVMGetNumOperands(c);
    XXH3_128bits_update(state, "A", 1);
    XXH3_128bits_update(state, &n, sizeof n);
    for (int i = 0; i < n; ++i)
      hashConstant(state, LLVMGetOperand(c, (unsigned)i));
  } else {
    char *text = LLVMPrintValueToString(c);
    XXH3_128bits_update(state, "P", 1);
    XXH3_128bits_update(state, text, strlen(text) + 1);
    LLVMDisposeMessage(text);
  }
}

// A global's initialiser is hashed apart when it is aggregate constant data
// (weights: printing 16 MB of floats in decimal is most of the cost of
// hashing a real model's module).
static bool isDataInitializer(LLVMValueRef init) {
  return init && (LLVMIsAConstantDataSequential(init) || LLVMIsAConstantArray(init) || LLVMIsAConstantStruct(init));
}

// XXH3-128 of the printed module, in which each global with a data
// initialiser is printed with `poison` in its place, followed by each such
// global's name and initialiser bytes, in module order. The initialisers
// are put back before this returns.
const char *tcLLVMModuleHash(LLVMModuleRef module, char *out) {
  size_t count = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g; g = LLVMGetNextGlobal(g))
    count += isDataInitializer(LLVMGetInitializer(g));
  LLVMValueRef *globals = calloc(count ? count : 1, sizeof *globals);
  LLVMValueRef *saved = calloc(count ? count : 1, sizeof *saved);
  XXH3_state_t *state = XXH3_createState();
  if (!globals || !saved || !state)
    tcFatal("out of memory hashing LLVM IR");
  XXH3_128bits_reset(state);
  size_t n = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g; g = LLVMGetNextGlobal(g)) {
    LLVMValueRef init = LLVMGetInitializer(g);
    if (!isDataInitializer(init))
      continue;
    globals[n] = g, saved[n++] = init;
    LLVMSetInitializer(g, LLVMGetPoison(LLVMTypeOf(init)));
  }
  char *text = LLVMPrintModuleToString(module);
  XXH3_128bits_update(state, text, strlen(text));
  LLVMDisposeMessage(text);
  for (size_t i = 0; i < n; ++i) {
    size_t length;
    const char *name = LLVMGetValueName2(globals[i], &length);
    XXH3_128bits_update(state, name, length + 1);
    hashConstant(state, saved[i]);
    LLVMSetInitializer(globals[i], saved[i]);
  }
  XXH128_hash_t digest = XXH3_128bits_digest(state);
  tcFormatHash((TcHash128){digest.high64, digest.low64}, out);
  XXH3_freeState(state);
  free(globals);
  free(saved);
  return out;
}

static int compareNames(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

// Whether some call in `module` calls `fn`.
static bool isCalled(LLVMValueRef fn) {
  for (LLVMUseRef use = LLVMGetFirstUse(fn); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsACallInst(user) && LLVMGetCalledValue(user) == fn)
      return true;
  }
  return false;
}

json_t *tcVectorMathCalled(LLVMModuleRef module) {
  size_t n = 0, cap = 8;
  char **names = malloc(cap * sizeof *names);
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn)) {
    size_t length;
    const char *name = LLVMGetValueName2(fn, &length);
    if (length < 4 || strncmp(name, "_ZGV", 4) != 0 || !isCalled(fn))
      continue;
    if (n == cap)
      names = realloc(names, (cap *= 2) * sizeof *names);
    names[n++] = strndup(name, length);
  }
  qsort(names, n, sizeof *names, compareNames);
  json_t *list = json_array();
  for (size_t i = 0; i < n; ++i) {
    json_array_append_new(list, json_string(names[i]));
    free(names[i]);
  }
  free(names);
  return list;
}

json_t *tcLinkedLibraries(const TcTextBuffer *library) {
  json_t *dyn = tcElfDynamic(library->data, library->length);
  if (!dyn)
    return NULL;
  size_t count;
  const TcArtifactLibrary *libs = tcArtifactLibraries(&count);
  const char *rpath[8];
  size_t r = 0;
  for (size_t i = 0; i < count && r + 1 < sizeof rpath / sizeof rpath[0]; ++i)
    if (libs[i].dir)
      rpath[r++] = libs[i].dir;
  rpath[r] = NULL;
  json_t *needed = json_object_get(dyn, "needed");
  size_t n = json_array_size(needed), k = 0;
  char (*paths)[PATH_MAX] = calloc(n ? n : 1, sizeof *paths);
  const char **found = calloc(n ? n : 1, sizeof *found);
  for (size_t i = 0; i < n; ++i)
    if (tcHostLibraryLocate(json_string_value(json_array_get(needed, i)), rpath, paths[i], sizeof paths[i]))
      found[k++] = paths[i];
  json_t *described = tcHostLibrariesDescribe(found, k), *result = json_array();
  for (size_t i = 0, j = 0; i < n; ++i) {
    json_t *entry = paths[i][0] ? json_deep_copy(json_array_get(described, j++))
                                : json_pack("{s:n, s:s, s:s, s:n}", "path", "package", "unknown", "version",
                                            "unknown", "xxh3_128");
    json_object_set(entry, "soname", json_array_get(needed, i));
    json_array_append_new(result, entry);
  }
  json_decref(described);
  json_decref(dyn);
  free(paths);
  free(found);
  return result;
}
