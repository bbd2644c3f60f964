//===- CacheTiles.c - when tc-lower-loops tiles a nest for the cache ------===//
//
// A nest whose innermost loop walks some buffer along a non-contiguous
// dimension (a transpose: y[i, j] = x[j, i]) touches a new cache line of
// that buffer at every point: for a large buffer every line is evicted
// before its neighbours are used, and the nest runs at a fraction of
// memory bandwidth. Tiling the last two loops into kCacheTile² blocks keeps
// the lines of both buffers that one block touches in the first-level
// cache until the block is done.
//
// The rule (docs/lowering.md, "tc-lower-loops"): every loop is parallel
// (so the points may run in any order, docs/dialects.md §3.1), the rank is
// at least 2, the last two bounds are at least 2·kCacheTile, and the body
// has a load or store, anywhere in it, whose index list has the innermost
// induction variable at a position other than the last. Tiles are fixed,
// so which point runs in which tile never depends on the thread count.
//
//===----------------------------------------------------------------------===//
#include "LoopToSCFInternal.h"

static bool isAccess(MlirOperation op, intptr_t *firstIndex) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (mlirStringRefEqual(name, mlirStringRefCreateFromCString("memref.load")))
    return *firstIndex = 1, true;
  if (mlirStringRefEqual(name, mlirStringRefCreateFromCString("memref.store")))
    return *firstIndex = 2, true;
  return false;
}

/// True if `op` indexes a buffer with `inner` anywhere but last.
static bool stridedAccess(MlirOperation op, MlirValue inner) {
  intptr_t first;
  if (!isAccess(op, &first))
    return false;
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = first; i + 1 < n; ++i)
    if (mlirValueEqual(mlirOperationGetOperand(op, i), inner))
      return true;
  return false;
}

static bool walkStrided(MlirBlock block, MlirValue inner) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (stridedAccess(op, inner))
      return true;
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
      for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
           b = mlirBlockGetNextInRegion(b))
        if (walkStrided(b, inner))
          return true;
  }
  return false;
}

bool tcNestWantsCacheTiles(MlirOperation body, intptr_t rank, const int64_t *bounds, bool allParallel) {
  if (!allParallel || rank < 2 || bounds[rank - 1] < 2 * TC_CACHE_TILE || bounds[rank - 2] < 2 * TC_CACHE_TILE ||
      mlirOperationIsNull(body))
    return false;
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(body, 0));
  return walkStrided(block, mlirBlockGetArgument(block, rank - 1));
}
