//===- RuntimeInternal.h - lib/Runtime's cross-file internals -----*- C -*-===//
//
// What a TcArtifact points to: the library handle and the entry points the
// descriptor lists (Descriptor.c parses them, Artifact.c resolves their
// packed wrappers and calls them).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_RUNTIME_INTERNAL_H
#define TENSORC_RUNTIME_INTERNAL_H

#include "tensorc/Runtime.h"

typedef void (*TcPackedFn)(void **args);
/// A dynamic entry point's packed wrapper (args[n] is the dims array) and
/// shape function (docs/dynamic-shapes.md §3).
typedef int32_t (*TcPackedDynamicFn)(void **args);
typedef int32_t (*TcShapesFn)(int64_t *dims);

/// One entry point. `types` holds the inputs then the outputs; every string
/// and array is owned by the entry.
typedef struct TcRtEntry {
  char *name, *packedName;
  char *shapesName; ///< the shape function's symbol; NULL for a static entry
  TcPackedFn packed;
  TcPackedDynamicFn packedDynamic;
  TcShapesFn shapes;
  intptr_t numInputs, numOutputs;
  TcAbiTensorType *types;
  char **names; ///< per tensor (inputs then outputs) its name, or NULL
} TcRtEntry;

/// A loaded artifact: `handle` from dlopen, `descriptor` borrowed from the
/// library, `entries` owned.
typedef struct TcRtArtifact {
  void *handle;
  const char *descriptor;
  intptr_t numEntries;
  TcRtEntry *entries;
} TcRtArtifact;

/// Parses descriptor JSON into `a->entries` (packed wrappers unresolved).
/// On failure returns false with a message in `err`; what was parsed is
/// still owned by `a` (tcRtEntriesDestroy frees it).
bool tcRtDescriptorParse(const char *json, TcRtArtifact *a, char *err, size_t errSize);

/// Frees `a->entries` and what they own.
void tcRtEntriesDestroy(TcRtArtifact *a);

#endif // TENSORC_RUNTIME_INTERNAL_H
