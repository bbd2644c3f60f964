//===- VerifyLoop.c - tc-verify rules for tc_loop.nest --------------------===//
//
// docs/dialects.md §3. A nest names its body, a func.func, and carries the
// schedule as attributes. The driver checks nothing for tc_loop, so the rule
// checks everything itself, in the order a reader would: attribute names, the
// buffer slots (operandSegmentSizes filled from b0 without gaps), each buffer
// (a memref of a §1.1 dtype with a static layout in the default memory space;
// a dynamic dimension needs the identity layout), the bounds (-1 is a
// run-time bound, named by `bound_dims`), the schedule attributes against
// L = size of `bounds`, and last the
// body: it must be a func.func defined in the enclosing module, marked
// `tc_loop.body`, whose type is exactly (index x L, buffer types...) -> ().
// The buffer, slot and body checks are shared with tc_kernel and live in
// VerifyBuffers.c. The schedule's legality (parallel, tile, vector_width) is
// a producer promise and not checked.
//
//===----------------------------------------------------------------------===//
#include "VerifyInternal.h"

static bool checkEntriesAtLeast(MlirOperation op, const char *name, const TcvArray *a, int64_t min) {
  for (intptr_t i = 0; i < a->size; ++i)
    if (a->data[i] < min) {
      tcEmitOpError(op, "attribute '%s' entry #%ld (%lld) must be >= %lld", name, (long)i, (long long)a->data[i],
                    (long long)min);
      return false;
    }
  return true;
}

static bool checkOnePerLoop(MlirOperation op, const char *name, const TcvArray *a, intptr_t loops) {
  if (a->size == loops)
    return true;
  tcEmitOpError(op, "attribute '%s' must have %ld entries (one per loop, as 'bounds'), got %ld", name, (long)loops,
                (long)a->size);
  return false;
}

static bool checkVectorWidthAndGroup(MlirOperation op, intptr_t loops) {
  int64_t width, group;
  if (!tcvGetI64(op, "vector_width", &width) || !tcvGetI64(op, "group", &group))
    return false;
  if (width < 1) {
    tcEmitOpError(op, "attribute 'vector_width' must be >= 1, got %lld", (long long)width);
    return false;
  }
  if (width > 1 && loops == 0) {
    tcEmitOpError(op, "attribute 'vector_width' %lld needs at least one loop, but 'bounds' is empty", (long long)width);
    return false;
  }
  return tcvCheckFusionGroup(op, group);
}

// A bound of -1 is run-time (docs/dialects.md §3.1): `bound_dims` holds,
// for each, in loop order, the buffer slot and the dimension of that
// buffer whose size the bound is. No -1, no `bound_dims`.
static bool checkRunTimeBounds(MlirOperation op, const TcvArray *bounds) {
  intptr_t dynamic = 0;
  for (intptr_t i = 0; i < bounds->size; ++i)
    dynamic += bounds->data[i] == -1;
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("bound_dims"));
  if (mlirAttributeIsNull(a)) {
    if (dynamic == 0)
      return true;
    tcEmitOpError(op, "attribute 'bound_dims' is required: %ld bound(s) are -1 (run-time)", (long)dynamic);
    return false;
  }
  TcvArray dims;
  if (!tcvGetI64Array(op, "bound_dims", &dims))
    return false;
  if (dims.size != 2 * dynamic) {
    tcEmitOpError(op, "attribute 'bound_dims' must have %ld entries (a slot and a dimension for each -1 bound), got %ld",
                  (long)(2 * dynamic), (long)dims.size);
    return false;
  }
  for (intptr_t k = 0; k < dims.size; k += 2) {
    int64_t slot = dims.data[k], dim = dims.data[k + 1];
    if (slot < 0 || slot >= mlirOperationGetNumOperands(op)) {
      tcEmitOpError(op, "attribute 'bound_dims' entry #%ld (%lld) must name a buffer slot below %ld", (long)k,
                    (long long)slot, (long)mlirOperationGetNumOperands(op));
      return false;
    }
    intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetOperand(op, slot)));
    if (dim < 0 || dim >= rank) {
      tcEmitOpError(op, "attribute 'bound_dims' entry #%ld (%lld) must name a dimension of buffer #%lld (rank %ld)",
                    (long)(k + 1), (long long)dim, (long long)slot, (long)rank);
      return false;
    }
  }
  return true;
}

// The body's type must be exactly (index x loops, buffer types...) -> ().
static bool checkNestBody(MlirOperation op, intptr_t loops) {
  MlirOperation func;
  MlirStringRef name;
  if (!tcvLookupBody(op, "tc_loop.body", &func, &name))
    return false;
  MlirContext ctx = mlirOperationGetContext(op);
  MlirType inputs[TCV_MAX_ARRAY + TCV_NUM_SLOTS];
  intptr_t n = 0;
  for (intptr_t i = 0; i < loops; ++i)
    inputs[n++] = mlirIndexTypeGet(ctx);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    inputs[n++] = mlirValueGetType(mlirOperationGetOperand(op, i));
  return tcvCheckBodyType(op, func, name, mlirFunctionTypeGet(ctx, n, inputs, 0, NULL));
}

bool tcvVerifyLoopNest(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"body", "bounds", "parallel", "tile", "vector_width", "group",
                                      "operandSegmentSizes", "bound_dims", NULL};
  TcvArray bounds, parallel, tile;
  return tcvCheckAllowedAttrs(op, attrs) && tcvCheckBufferSlots(op) && tcvCheckNestBuffers(op) &&
         tcvGetI64Array(op, "bounds", &bounds) && checkEntriesAtLeast(op, "bounds", &bounds, -1) &&
         checkRunTimeBounds(op, &bounds) &&
         tcvGetBoolArray(op, "parallel", &parallel) && checkOnePerLoop(op, "parallel", &parallel, bounds.size) &&
         tcvGetI64Array(op, "tile", &tile) && checkOnePerLoop(op, "tile", &tile, bounds.size) &&
         checkEntriesAtLeast(op, "tile", &tile, 0) && checkVectorWidthAndGroup(op, bounds.size) &&
         checkNestBody(op, bounds.size);
}
