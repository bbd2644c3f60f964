//===- LoopToSCFInternal.h - tc-lower-loops, shared parts --------*- C -*-===//
#ifndef TENSORC_LIB_CONVERSION_LOOPTOSCF_LOOPTOSCFINTERNAL_H
#define TENSORC_LIB_CONVERSION_LOOPTOSCF_LOOPTOSCFINTERNAL_H

#include "../ConversionInternal.h"
#include "tensorc/HostTarget.h"

/// Retypes every buffer without elements to memref<0xT> and drops the
/// (dead) loads and stores on them (EmptyBuffers.c).
void tcRetypeEmptyBuffers(MlirOperation module);

/// The length of the chunks the innermost loop of an all-parallel nest is
/// split into when it runs in parallel: a multiple of every vector width
/// times LLVM's interleave factor.
#define TC_PARALLEL_CHUNK INT64_C(1024)
/// The chunk length when the innermost loop is the only one to split and
/// at most TC_PARALLEL_CHUNK long (its body is then heavy: a reduction).
#define TC_PARALLEL_SHORT_CHUNK INT64_C(16)

/// The work of `nest`: its number of points times the cost of `body` (its
/// operations, loops inside it counted trip-count times; saturating), a
/// run-time bound (-1) counted as 1.
int64_t tcNestWork(MlirOperation nest, MlirOperation body);

/// A function with more nests than this gets each in a function of its own.
#define TC_OUTLINE_MIN_NESTS 32

/// The side of the square tiles of a nest tiled for the cache.
#define TC_CACHE_TILE INT64_C(32)

/// True if the nest (its body function, rank, bounds) walks a buffer along
/// a non-contiguous dimension in its innermost loop and may be tiled for
/// the cache (CacheTiles.c states the rule).
bool tcNestWantsCacheTiles(MlirOperation body, intptr_t rank, const int64_t *bounds, bool allParallel);
/// The width in bits of a buffer element type (i1 counts as 8).
int tcElementBits(MlirType element);

/// Gives every public function with a `tc.abi` that takes a buffer with a
/// `?` the entry point of docs/dynamic-shapes.md §3 (DynamicEntry.c): pointers and
/// dims in, the shape function's code out. False, after a located error,
/// if a shape function is missing.
bool tcLowerDynamicEntries(MlirOperation module);

#endif // TENSORC_LIB_CONVERSION_LOOPTOSCF_LOOPTOSCFINTERNAL_H
