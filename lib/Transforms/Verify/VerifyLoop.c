//===- VerifyLoop.c - tc-verify rules for tc_loop.nest --------------------===//
//
// docs/dialects.md §3. A nest names its body, a func.func, and carries the
// schedule as attributes. The driver checks nothing for tc_loop, so the rule
// checks everything itself, in the order a reader would: attribute names, the
// buffer slots (operandSegmentSizes filled from b0 without gaps), each buffer
// (a static memref of a §1.1 dtype with a static layout in the default memory
// space), the schedule attributes against L = size of `bounds`, and last the
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
                                      "operandSegmentSizes", NULL};
  TcvArray bounds, parallel, tile;
  return tcvCheckAllowedAttrs(op, attrs) && tcvCheckBufferSlots(op) && tcvCheckBuffers(op, NULL) &&
         tcvGetI64Array(op, "bounds", &bounds) && checkEntriesAtLeast(op, "bounds", &bounds, 0) &&
         tcvGetBoolArray(op, "parallel", &parallel) && checkOnePerLoop(op, "parallel", &parallel, bounds.size) &&
         tcvGetI64Array(op, "tile", &tile) && checkOnePerLoop(op, "tile", &tile, bounds.size) &&
         checkEntriesAtLeast(op, "tile", &tile, 0) && checkVectorWidthAndGroup(op, bounds.size) &&
         checkNestBody(op, bounds.size);
}
