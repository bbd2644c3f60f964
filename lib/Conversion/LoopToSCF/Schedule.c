//===- Schedule.c - how tc-lower-loops runs a nest -------------------------===//
//
// tc-lower-loops decides, per nest, whether its parallel loops run on
// OpenMP threads and how the innermost loop is laid out for LLVM's loop
// vectoriser. Everything here is a schedule (docs/dialects.md §3.1): it
// never changes what a nest computes, only in which order and on which
// thread each point runs.
//
// Parallel or not: a fork/join of the OpenMP runtime costs microseconds, so
// a nest is parallelised only if its work, the number of points times an
// estimate of the body's cost (its operations, loops inside it counted
// trip-count times), reaches the target's threshold (lib/Host:
// TC_PARALLEL_MIN_WORK, default TC_PARALLEL_MIN_WORK_DEFAULT; docs/lowering.md). Smaller
// nests run sequentially, and the manifest says why.
//
// Chunks: when every loop of a nest is parallel, the innermost one is split
// into chunks of a fixed length (a multiple of any vector width times
// LLVM's interleave factor), the chunk loop joins the parallel loops and
// each chunk runs as one sequential innermost loop. Which points go through
// the vector body and which through the scalar remainder then depends only
// on the chunk, never on how many threads share the chunks: results are the
// same for every thread count even where a vector function (libmvec) and
// its scalar counterpart differ in the last bits.
//
//===----------------------------------------------------------------------===//
#include "LoopToSCFInternal.h"


#include <string.h>

enum { kUnknownTripCount = 16 };

static bool isOp(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), mlirStringRefCreateFromCString(name));
}

/// The constant value of an index produced by arith.constant, or -1.
static int64_t constantIndex(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return -1;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!isOp(def, "arith.constant"))
    return -1;
  MlirAttribute value = mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
  return mlirAttributeIsAInteger(value) ? mlirIntegerAttrGetValueInt(value) : -1;
}

static int64_t tripCount(MlirOperation loop) {
  int64_t lb = constantIndex(mlirOperationGetOperand(loop, 0));
  int64_t ub = constantIndex(mlirOperationGetOperand(loop, 1));
  int64_t step = constantIndex(mlirOperationGetOperand(loop, 2));
  if (lb < 0 || ub < 0 || step <= 0)
    return kUnknownTripCount;
  return ub > lb ? (ub - lb + step - 1) / step : 0;
}

static int64_t saturatingMul(int64_t a, int64_t b) {
  return a != 0 && b > INT64_MAX / a ? INT64_MAX : a * b;
}

static int64_t saturatingAdd(int64_t a, int64_t b) { return a > INT64_MAX - b ? INT64_MAX : a + b; }

static int64_t blockCost(MlirBlock block) {
  int64_t cost = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    int64_t inner = 0;
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
      for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
           b = mlirBlockGetNextInRegion(b))
        inner = saturatingAdd(inner, blockCost(b));
    if (isOp(op, "scf.for"))
      inner = saturatingMul(inner, tripCount(op));
    cost = saturatingAdd(cost, saturatingAdd(1, inner));
  }
  return cost;
}

int64_t tcNestWork(MlirOperation nest, MlirOperation body) {
  MlirAttribute bounds = mlirOperationGetAttributeByName(nest, mlirStringRefCreateFromCString("bounds"));
  int64_t points = 1;
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(bounds); ++i) { // a run-time bound (-1) counts 1
    int64_t bound = mlirDenseI64ArrayGetElement(bounds, i);
    points = saturatingMul(points, bound == -1 ? 1 : bound);
  }
  int64_t cost = 1;
  if (!mlirOperationIsNull(body))
    cost = blockCost(mlirRegionGetFirstBlock(mlirOperationGetRegion(body, 0)));
  return saturatingMul(points, cost > 0 ? cost : 1);
}

int tcElementBits(MlirType element) {
  if (mlirTypeIsAIndex(element))
    return 64;
  if (mlirTypeIsAInteger(element))
    return (int)mlirIntegerTypeGetWidth(element) < 8 ? 8 : (int)mlirIntegerTypeGetWidth(element);
  if (mlirTypeIsAF16(element) || mlirTypeIsABF16(element))
    return 16;
  if (mlirTypeIsAF32(element))
    return 32;
  return 64;
}
