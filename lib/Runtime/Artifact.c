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
// called without knowing its signature at compile time.
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

static TcRuntimeStatus resolveWrappers(TcRtArtifact *a, const char *path, char *err, size_t errSize) {
  for (intptr_t i = 0; i < a->numEntries; ++i) {
    TcRtEntry *e = &a->entries[i];
    void *symbol = dlsym(a->handle, e->packedName);
    if (!symbol)
      return failWith(TC_RUNTIME_BAD_DESCRIPTOR, err, errSize,
                      "'%s' has a malformed " TC_ABI_DESCRIPTOR_SYMBOL " descriptor: functions[%ld].packed: the "
                      "library has no symbol '%s'",
                      path, (long)i, e->packedName);
    if (!isFunction(symbol))
      return failWith(TC_RUNTIME_BAD_DESCRIPTOR, err, errSize,
                      "'%s' has a malformed " TC_ABI_DESCRIPTOR_SYMBOL " descriptor: functions[%ld].packed: '%s' "
                      "is not a function",
                      path, (long)i, e->packedName);
    memcpy(&e->packed, &symbol, sizeof e->packed); // POSIX: data and function pointers convert
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

// Checks that every non-empty tensor has data and packs the pointers.
static TcRuntimeStatus packArguments(const TcRtEntry *e, void *const *inputs, void *const *outputs, void **args,
                                     char *err, size_t errSize) {
  for (intptr_t i = 0; i < e->numInputs + e->numOutputs; ++i) {
    bool isInput = i < e->numInputs;
    intptr_t k = isInput ? i : i - e->numInputs;
    void *p = isInput ? (inputs ? inputs[k] : NULL) : (outputs ? outputs[k] : NULL);
    if (!p && tcAbiTensorTypeGetNumElements(&e->types[i]) != 0)
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
  void *small[64];
  size_t n = (size_t)(e->numInputs + e->numOutputs);
  void **args = n <= 64 ? small : malloc(n * sizeof *args);
  if (!args)
    return failWith(TC_RUNTIME_OUT_OF_MEMORY, err, errSize, "out of memory calling %s", e->name);
  TcRuntimeStatus status = packArguments(e, inputs, outputs, args, err, errSize);
  if (status == TC_RUNTIME_OK)
    e->packed(args);
  if (args != small)
    free(args);
  return status;
}
