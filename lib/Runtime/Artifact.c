//===- Artifact.c - opening shared artifacts and calling entry points -----===//
//
// tcArtifactCreate is the whole loading story: dlopen the file (RTLD_NOW, so
// an unresolved symbol is an error now rather than a crash later;
// RTLD_LOCAL, so two artifacts defining the same entry name do not clash;
// RTLD_NODELETE, so the code stays mapped after tcArtifactDestroy: an
// artifact's libomp and BLIS keep thread and memory pools that do not
// survive being unloaded, and what they hold stays reachable),
// find `__tc_abi`, parse it (Descriptor.c) and resolve each entry's packed
// wrapper with dlsym, checking that the symbol is a function (dladdr1's
// ELF symbol type), never data that would be called. Any failure closes the library again and leaves the
// caller with nothing to free. A call packs the input and output pointers
// into one array and calls the wrapper, which is all an artifact needs to be
// called without knowing its signature at compile time. A dynamic entry
// point (docs/dynamic-shapes.md §3) also has a shape function, resolved
// the same way; its calls pass one more pointer, the dims array (every
// input's shape, then every output's), and return the guard's code.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // dladdr1: the ELF symbol behind an address
#include "RuntimeInternal.h"

#include <dlfcn.h>
#include <link.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static TcRuntimeStatus failWith(TcRuntimeStatus status, char *err, size_t errSize, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static TcRuntimeStatus failWith(TcRuntimeStatus status, char *err, size_t errSize, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errSize, fmt, ap);
  va_end(ap);
  return status;
}

static TcRtArtifact *unwrap(TcArtifact a) { return a.ptr; }
static const TcRtEntry *unwrapEntry(TcEntryPoint e) { return e.ptr; }

// dlopen searches the library path for a name without a slash; a tool's
// argument names a file, so make it one.
static void *openFile(const char *path) {
  if (strchr(path, '/'))
    return dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  size_t n = strlen(path) + 3;
  char *local = malloc(n);
  if (!local)
    return NULL;
  snprintf(local, n, "./%s", path);
  void *handle = dlopen(local, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  free(local);
  return handle;
}

// Whether `symbol` is the address of a function: an artifact whose
// descriptor names a data object as an entry point would otherwise be
// called into that data.
static bool isFunction(void *symbol) {
  Dl_info info;
  const ElfW(Sym) *sym = NULL;
  if (!dladdr1(symbol, &info, (void **)&sym, RTLD_DL_SYMENT) || !sym)
    return false;
  return ELF64_ST_TYPE(sym->st_info) == STT_FUNC || ELF64_ST_TYPE(sym->st_info) == STT_GNU_IFUNC;
}

// The function `name` (the descriptor's `member` of function `index`).
static TcRuntimeStatus resolveFunction(TcRtArtifact *a, const char *path, intptr_t index, const char *member,
                                       const char *name, void **symbol, char *err, size_t errSize) {
  *symbol = dlsym(a->handle, name);
  if (!*symbol)
    return failWith(TC_RUNTIME_BAD_DESCRIPTOR, err, errSize,
                    "'%s' has a malformed " TC_ABI_DESCRIPTOR_SYMBOL " descriptor: functions[%ld].%s: the "
                    "library has no symbol '%s'",
                    path, (long)index, member, name);
  if (!isFunction(*symbol))
    return failWith(TC_RUNTIME_BAD_DESCRIPTOR, err, errSize,
                    "'%s' has a malformed " TC_ABI_DESCRIPTOR_SYMBOL " descriptor: functions[%ld].%s: '%s' "
                    "is not a function",
                    path, (long)index, member, name);
  return TC_RUNTIME_OK;
}

// POSIX lets data and function pointers convert: the memcpys below.
static TcRuntimeStatus resolveWrappers(TcRtArtifact *a, const char *path, char *err, size_t errSize) {
  for (intptr_t i = 0; i < a->numEntries; ++i) {
    TcRtEntry *e = &a->entries[i];
    void *symbol;
    TcRuntimeStatus status = resolveFunction(a, path, i, "packed", e->packedName, &symbol, err, errSize);
    if (status != TC_RUNTIME_OK)
      return status;
    if (!e->shapesName) {
      memcpy(&e->packed, &symbol, sizeof e->packed);
      continue;
    }
    memcpy(&e->packedDynamic, &symbol, sizeof e->packedDynamic);
    if ((status = resolveFunction(a, path, i, "shapes", e->shapesName, &symbol, err, errSize)) != TC_RUNTIME_OK)
      return status;
    memcpy(&e->shapes, &symbol, sizeof e->shapes);
  }
  return TC_RUNTIME_OK;
}

static TcRuntimeStatus load(TcRtArtifact *a, const char *path, char *err, size_t errSize) {
  dlerror();
  if (!(a->handle = openFile(path))) {
    const char *why = dlerror();
    return failWith(TC_RUNTIME_CANNOT_LOAD, err, errSize, "cannot load '%s': %s", path, why ? why : "out of memory");
  }
  a->descriptor = dlsym(a->handle, TC_ABI_DESCRIPTOR_SYMBOL);
  if (!a->descriptor)
    return failWith(TC_RUNTIME_NOT_AN_ARTIFACT, err, errSize,
                    "'%s' is not a tensorc artifact: it has no " TC_ABI_DESCRIPTOR_SYMBOL " descriptor", path);
  char why[512];
  if (!tcRtDescriptorParse(a->descriptor, a, why, sizeof why))
    return failWith(TC_RUNTIME_BAD_DESCRIPTOR, err, errSize,
                    "'%s' has a malformed " TC_ABI_DESCRIPTOR_SYMBOL " descriptor: %s", path, why);
  return resolveWrappers(a, path, err, errSize);
}

TcRuntimeStatus tcArtifactCreate(const char *path, TcArtifact *artifact, char *err, size_t errSize) {
  artifact->ptr = NULL;
  if (!path)
    return failWith(TC_RUNTIME_BAD_ARGUMENT, err, errSize, "no path given");
  TcRtArtifact *a = calloc(1, sizeof *a);
  if (!a)
    return failWith(TC_RUNTIME_OUT_OF_MEMORY, err, errSize, "out of memory loading '%s'", path);
  TcRuntimeStatus status = load(a, path, err, errSize);
  if (status == TC_RUNTIME_OK) {
    artifact->ptr = a;
    return status;
  }
  tcArtifactDestroy((TcArtifact){a});
  return status;
}

void tcArtifactDestroy(TcArtifact artifact) {
  TcRtArtifact *a = unwrap(artifact);
  if (!a)
    return;
  tcRtEntriesDestroy(a);
  if (a->handle)
    dlclose(a->handle);
  free(a);
}

const char *tcArtifactGetDescriptor(TcArtifact artifact) { return unwrap(artifact)->descriptor; }
intptr_t tcArtifactGetNumEntryPoints(TcArtifact artifact) { return unwrap(artifact)->numEntries; }

TcEntryPoint tcArtifactGetEntryPoint(TcArtifact artifact, intptr_t index) {
  TcRtArtifact *a = unwrap(artifact);
  return (TcEntryPoint){index >= 0 && index < a->numEntries ? &a->entries[index] : NULL};
}

TcEntryPoint tcArtifactLookupEntryPoint(TcArtifact artifact, const char *name) {
  TcRtArtifact *a = unwrap(artifact);
  for (intptr_t i = 0; i < a->numEntries; ++i)
    if (strcmp(a->entries[i].name, name) == 0)
      return (TcEntryPoint){&a->entries[i]};
  return (TcEntryPoint){NULL};
}

const char *tcEntryPointGetName(TcEntryPoint entry) { return unwrapEntry(entry)->name; }
intptr_t tcEntryPointGetNumInputs(TcEntryPoint entry) { return unwrapEntry(entry)->numInputs; }
intptr_t tcEntryPointGetNumOutputs(TcEntryPoint entry) { return unwrapEntry(entry)->numOutputs; }

const TcAbiTensorType *tcEntryPointGetInput(TcEntryPoint entry, intptr_t index) {
  const TcRtEntry *e = unwrapEntry(entry);
  return index >= 0 && index < e->numInputs ? &e->types[index] : NULL;
}

const TcAbiTensorType *tcEntryPointGetOutput(TcEntryPoint entry, intptr_t index) {
  const TcRtEntry *e = unwrapEntry(entry);
  return index >= 0 && index < e->numOutputs ? &e->types[e->numInputs + index] : NULL;
}

const char *tcEntryPointGetInputName(TcEntryPoint entry, intptr_t index) {
  const TcRtEntry *e = unwrapEntry(entry);
  return index >= 0 && index < e->numInputs ? e->names[index] : NULL;
}

const char *tcEntryPointGetOutputName(TcEntryPoint entry, intptr_t index) {
  const TcRtEntry *e = unwrapEntry(entry);
  return index >= 0 && index < e->numOutputs ? e->names[e->numInputs + index] : NULL;
}

// The number of elements of tensor `i` of `e`: its type's, or for a dynamic
// entry point its shape in `dims`.
static int64_t numElements(const TcRtEntry *e, intptr_t i, const int64_t *dims) {
  if (!dims)
    return tcAbiTensorTypeGetNumElements(&e->types[i]);
  TcAbiTensorType t = e->types[i];
  for (intptr_t j = 0; j < i; ++j)
    dims += e->types[j].rank;
  memcpy(t.shape, dims, sizeof(int64_t) * (size_t)t.rank);
  return tcAbiTensorTypeGetNumElements(&t);
}

// Checks that every non-empty tensor has data and packs the pointers.
static TcRuntimeStatus packArguments(const TcRtEntry *e, void *const *inputs, void *const *outputs,
                                     const int64_t *dims, void **args, char *err, size_t errSize) {
  for (intptr_t i = 0; i < e->numInputs + e->numOutputs; ++i) {
    bool isInput = i < e->numInputs;
    intptr_t k = isInput ? i : i - e->numInputs;
    void *p = isInput ? (inputs ? inputs[k] : NULL) : (outputs ? outputs[k] : NULL);
    if (!p && numElements(e, i, dims) != 0)
      return failWith(TC_RUNTIME_BAD_ARGUMENT, err, errSize, "%s: %s #%ld is a NULL pointer", e->name,
                      isInput ? "input" : "output", (long)k);
    args[i] = p;
  }
  return TC_RUNTIME_OK;
}

TcRuntimeStatus tcEntryPointCall(TcEntryPoint entry, void *const *inputs, void *const *outputs, char *err,
                                 size_t errSize) {
  const TcRtEntry *e = unwrapEntry(entry);
  if (!e)
    return failWith(TC_RUNTIME_BAD_ARGUMENT, err, errSize, "calling a null entry point");
  if (e->shapesName)
    return failWith(TC_RUNTIME_BAD_ARGUMENT, err, errSize,
                    "%s has dynamic dimensions: call it with its shapes (tcEntryPointCallShaped)", e->name);
  void *small[64];
  size_t n = (size_t)(e->numInputs + e->numOutputs);
  void **args = n <= 64 ? small : malloc(n * sizeof *args);
  if (!args)
    return failWith(TC_RUNTIME_OUT_OF_MEMORY, err, errSize, "out of memory calling %s", e->name);
  TcRuntimeStatus status = packArguments(e, inputs, outputs, NULL, args, err, errSize);
  if (status == TC_RUNTIME_OK)
    e->packed(args);
  if (args != small)
    free(args);
  return status;
}

bool tcEntryPointIsDynamic(TcEntryPoint entry) { return unwrapEntry(entry)->shapesName != NULL; }

// Whether every input dimension is a size (>= 0): what a shape function
// may assume of its dims.
static TcRuntimeStatus checkInputShapes(const TcRtEntry *e, const int64_t *const *inputShapes, char *err,
                                        size_t errSize) {
  for (intptr_t i = 0; i < e->numInputs; ++i)
    for (int d = 0; d < e->types[i].rank; ++d)
      if (!inputShapes || !inputShapes[i] || inputShapes[i][d] < 0)
        return failWith(TC_RUNTIME_BAD_ARGUMENT, err, errSize, "%s: input #%ld has no shape or a negative size",
                        e->name, (long)i);
  return TC_RUNTIME_OK;
}

// The dims array of a call (`*dims`, owned by the caller on success):
// every input's shape from `inputShapes`, checked, then room for every
// output's.
static TcRuntimeStatus packDims(const TcRtEntry *e, const int64_t *const *inputShapes, int64_t **dims, char *err,
                                size_t errSize) {
  TcRuntimeStatus checked = checkInputShapes(e, inputShapes, err, errSize);
  if (checked != TC_RUNTIME_OK)
    return checked;
  size_t total = 1;
  for (intptr_t i = 0; i < e->numInputs + e->numOutputs; ++i)
    total += (size_t)e->types[i].rank;
  int64_t *p = *dims = calloc(total, sizeof **dims);
  if (!p)
    return failWith(TC_RUNTIME_OUT_OF_MEMORY, err, errSize, "out of memory calling %s", e->name);
  for (intptr_t i = 0; i < e->numInputs; p += e->types[i].rank, ++i)
    memcpy(p, inputShapes[i], sizeof(int64_t) * (size_t)e->types[i].rank);
  return TC_RUNTIME_OK;
}

static void unpackOutputShapes(const TcRtEntry *e, const int64_t *dims, int64_t *const *outputShapes) {
  for (intptr_t i = 0; i < e->numInputs; ++i)
    dims += e->types[i].rank;
  for (intptr_t k = 0; k < e->numOutputs; dims += e->types[e->numInputs + k].rank, ++k)
    memcpy(outputShapes[k], dims, sizeof(int64_t) * (size_t)e->types[e->numInputs + k].rank);
}

// A static entry point's guard: the inputs must have its shapes.
static int32_t staticShapes(const TcRtEntry *e, int64_t *dims) {
  int64_t *p = dims;
  for (intptr_t i = 0; i < e->numInputs + e->numOutputs; p += e->types[i].rank, ++i) {
    if (i >= e->numInputs)
      memcpy(p, e->types[i].shape, sizeof(int64_t) * (size_t)e->types[i].rank);
    else if (memcmp(p, e->types[i].shape, sizeof(int64_t) * (size_t)e->types[i].rank) != 0)
      return TC_ABI_GUARD_ARG_SHAPE;
  }
  return TC_ABI_GUARD_OK;
}

static TcRuntimeStatus rejected(const TcRtEntry *e, int32_t code, char *err, size_t errSize) {
  const char *name = tcAbiGuardGetName(code);
  return failWith(TC_RUNTIME_REJECTED, err, errSize, "%s: the inputs' shapes break the run-time constraint %s%s%s "
                  "(code %d): nothing was computed", e->name, name ? "'" : "", name ? name : "of an unknown kind",
                  name ? "'" : "", (int)code);
}

TcRuntimeStatus tcEntryPointInferShapes(TcEntryPoint entry, const int64_t *const *inputShapes,
                                        int64_t *const *outputShapes, int32_t *guard, char *err, size_t errSize) {
  const TcRtEntry *e = unwrapEntry(entry);
  *guard = TC_ABI_GUARD_OK;
  if (!e)
    return failWith(TC_RUNTIME_BAD_ARGUMENT, err, errSize, "asking a null entry point for shapes");
  int64_t *dims;
  TcRuntimeStatus packed = packDims(e, inputShapes, &dims, err, errSize);
  if (packed != TC_RUNTIME_OK)
    return packed;
  *guard = e->shapesName ? e->shapes(dims) : staticShapes(e, dims);
  if (*guard == TC_ABI_GUARD_OK)
    unpackOutputShapes(e, dims, outputShapes);
  free(dims);
  return *guard == TC_ABI_GUARD_OK ? TC_RUNTIME_OK : rejected(e, *guard, err, errSize);
}

static TcRuntimeStatus callDynamic(const TcRtEntry *e, void *const *inputs, void *const *outputs, int64_t *dims,
                                   int32_t *guard, char *err, size_t errSize) {
  size_t n = (size_t)(e->numInputs + e->numOutputs);
  void **args = calloc(n + 1, sizeof *args);
  if (!args)
    return failWith(TC_RUNTIME_OUT_OF_MEMORY, err, errSize, "out of memory calling %s", e->name);
  TcRuntimeStatus status = TC_RUNTIME_OK;
  if ((*guard = e->shapes(dims)) != TC_ABI_GUARD_OK)
    status = rejected(e, *guard, err, errSize);
  else if ((status = packArguments(e, inputs, outputs, dims, args, err, errSize)) == TC_RUNTIME_OK) {
    args[n] = dims;
    if ((*guard = e->packedDynamic(args)) != TC_ABI_GUARD_OK)
      status = rejected(e, *guard, err, errSize);
  }
  free(args);
  return status;
}

TcRuntimeStatus tcEntryPointCallShaped(TcEntryPoint entry, void *const *inputs, const int64_t *const *inputShapes,
                                       void *const *outputs, int64_t *const *outputShapes, int32_t *guard,
                                       char *err, size_t errSize) {
  const TcRtEntry *e = unwrapEntry(entry);
  *guard = TC_ABI_GUARD_OK;
  if (!e)
    return failWith(TC_RUNTIME_BAD_ARGUMENT, err, errSize, "calling a null entry point");
  int64_t *dims;
  TcRuntimeStatus packed = packDims(e, inputShapes, &dims, err, errSize);
  if (packed != TC_RUNTIME_OK)
    return packed;
  TcRuntimeStatus status;
  if (e->shapesName)
    status = callDynamic(e, inputs, outputs, dims, guard, err, errSize);
  else if ((*guard = staticShapes(e, dims)) != TC_ABI_GUARD_OK)
    status = rejected(e, *guard, err, errSize);
  else
    status = tcEntryPointCall(entry, inputs, outputs, err, errSize);
  if (status == TC_RUNTIME_OK)
    unpackOutputShapes(e, dims, outputShapes);
  free(dims);
  return status;
}
