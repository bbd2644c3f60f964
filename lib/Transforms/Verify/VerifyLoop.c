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
// The expected function type is built in the context and compared as a
// whole, so the message shows both types. The schedule's legality (parallel,
// tile, vector_width) is a producer promise and not checked.
//
// The buffer, slot and body helpers are duplicated in VerifyKernel.c (the
// lead owns VerifyCommon.c); they are written to be hoisted there verbatim.
//
//===----------------------------------------------------------------------===//
#include "VerifyInternal.h"

#include "mlir-c/AffineMap.h"

#include <stdio.h>
#include <string.h>

enum { kNumSlots = 16 };

//===-- Buffers (same as VerifyKernel.c) ------------------------------------===//

// The identity layout, or a strided layout whose offset and strides are static.
static bool hasStaticLayout(MlirType memref) {
  MlirAttribute layout = mlirMemRefTypeGetLayout(memref);
  if (mlirAttributeIsAAffineMap(layout))
    return mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(layout));
  if (!mlirAttributeIsAStridedLayout(layout) ||
      mlirShapedTypeIsDynamicStrideOrOffset(mlirStridedLayoutAttrGetOffset(layout)))
    return false;
  for (intptr_t i = 0; i < mlirStridedLayoutAttrGetNumStrides(layout); ++i)
    if (mlirShapedTypeIsDynamicStrideOrOffset(mlirStridedLayoutAttrGetStride(layout, i)))
      return false;
  return true;
}

// Returns the reason `t` is not a buffer (docs/dialects.md §3), or NULL.
static const char *bufferProblem(MlirType t) {
  if (!mlirTypeIsAMemRef(t))
    return "must be a memref";
  if (!mlirShapedTypeHasStaticShape(t))
    return "must have a static shape";
  if (mlirShapedTypeGetRank(t) > TCV_MAX_RANK)
    return "has a rank above the supported maximum";
  if (tcvDtypeOf(mlirShapedTypeGetElementType(t)) == TCV_DTYPE_UNSUPPORTED)
    return "has an unsupported element type";
  if (!hasStaticLayout(t))
    return "must have the identity layout or a strided layout with static offset and strides";
  if (!mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(t)))
    return "must be in the default memory space";
  return NULL;
}

static bool checkBuffer(MlirOperation op, MlirValue v, const char *what) {
  MlirType t = mlirValueGetType(v);
  const char *problem = bufferProblem(t);
  if (!problem)
    return true;
  char type[256];
  tcEmitOpError(op, "%s %s, got %s", what, problem, tcvFormatType(t, type, sizeof type));
  return false;
}

// operandSegmentSizes: 16 entries, k ones then zeros (IRDL checks the kind,
// the length, that each entry is 0 or 1 and the sum; the order is ours).
static bool checkBufferSlots(MlirOperation op) {
  MlirAttribute sizes =
      mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("operandSegmentSizes"));
  if (!mlirAttributeIsADenseI32Array(sizes) || mlirDenseArrayGetNumElements(sizes) != kNumSlots) {
    tcEmitOpError(op, "attribute 'operandSegmentSizes' must be an i32 array with %d entries", kNumSlots);
    return false;
  }
  for (intptr_t i = 0; i < kNumSlots; ++i) {
    int32_t n = mlirDenseI32ArrayGetElement(sizes, i), prev = i ? mlirDenseI32ArrayGetElement(sizes, i - 1) : 1;
    if ((n != 0 && n != 1) || (n == 1 && prev == 0)) {
      tcEmitOpError(op, "attribute 'operandSegmentSizes' must be ones followed by zeros (buffers fill slots b0, b1, "
                        "... without gaps), got %d in slot b%ld",
                    (int)n, (long)i);
      return false;
    }
  }
  return true;
}

static bool checkBuffers(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    char what[32];
    snprintf(what, sizeof what, "buffer #%ld", (long)i);
    if (!checkBuffer(op, mlirOperationGetOperand(op, i), what))
      return false;
  }
  return true;
}

//===-- Body symbol (same as VerifyKernel.c) --------------------------------===//

static bool nameIs(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  return s.length == strlen(name) && memcmp(s.data, name, s.length) == 0;
}

// The func.func named `name` in the builtin.module enclosing `op`, or null.
static MlirOperation findFunc(MlirOperation op, MlirStringRef name) {
  MlirOperation module = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(module) && !nameIs(module, "builtin.module"))
    module = mlirOperationGetParentOperation(module);
  MlirOperation none = {NULL};
  if (mlirOperationIsNull(module))
    return none;
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f)) {
    if (!nameIs(f, "func.func"))
      continue;
    MlirAttribute sym = mlirOperationGetInherentAttributeByName(f, mlirStringRefCreateFromCString("sym_name"));
    if (mlirAttributeIsAString(sym) && mlirStringRefEqual(mlirStringAttrGetValue(sym), name))
      return f;
  }
  return none;
}

// Resolves attribute `body` to a defined func.func carrying unit attribute
// `mark`; stores it in `*func` and its name in `*name`.
static bool lookupBody(MlirOperation op, const char *mark, MlirOperation *func, MlirStringRef *name) {
  MlirAttribute ref = mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("body"));
  if (!mlirAttributeIsAFlatSymbolRef(ref)) {
    tcEmitOpError(op, "attribute 'body' must be a flat symbol reference (e.g. `@body`)");
    return false;
  }
  *name = mlirFlatSymbolRefAttrGetValue(ref);
  *func = findFunc(op, *name);
  int n = (int)name->length;
  if (mlirOperationIsNull(*func)) {
    tcEmitOpError(op, "attribute 'body' names @%.*s, which is not a func.func in the enclosing module", n, name->data);
    return false;
  }
  if (mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(*func, 0)))) {
    tcEmitOpError(op, "body @%.*s is only declared: it must be defined", n, name->data);
    return false;
  }
  MlirAttribute marker = mlirOperationGetDiscardableAttributeByName(*func, mlirStringRefCreateFromCString(mark));
  if (mlirAttributeIsNull(marker) || !mlirAttributeIsAUnit(marker)) {
    tcEmitOpError(op, "body @%.*s must carry the unit attribute '%s'", n, name->data, mark);
    return false;
  }
  return true;
}

// Compares the body's function type with `expected`, naming both.
static bool checkBodyType(MlirOperation op, MlirOperation func, MlirStringRef name, MlirType expected) {
  MlirType got = mlirTypeAttrGetValue(
      mlirOperationGetInherentAttributeByName(func, mlirStringRefCreateFromCString("function_type")));
  if (mlirTypeEqual(got, expected))
    return true;
  char e[4096], g[4096];
  tcEmitOpError(op, "body @%.*s must have type %s, got %s", (int)name.length, name.data,
                tcvFormatType(expected, e, sizeof e), tcvFormatType(got, g, sizeof g));
  return false;
}

//===-- tc_loop.nest --------------------------------------------------------===//

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
  if (group >= -1)
    return true;
  tcEmitOpError(op, "attribute 'group' must be >= -1 (-1 = no fusion group), got %lld", (long long)group);
  return false;
}

// The body's type must be exactly (index x loops, buffer types...) -> ().
static bool checkNestBody(MlirOperation op, intptr_t loops) {
  MlirOperation func;
  MlirStringRef name;
  if (!lookupBody(op, "tc_loop.body", &func, &name))
    return false;
  MlirContext ctx = mlirOperationGetContext(op);
  MlirType inputs[TCV_MAX_ARRAY + kNumSlots];
  intptr_t n = 0;
  for (intptr_t i = 0; i < loops; ++i)
    inputs[n++] = mlirIndexTypeGet(ctx);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    inputs[n++] = mlirValueGetType(mlirOperationGetOperand(op, i));
  return checkBodyType(op, func, name, mlirFunctionTypeGet(ctx, n, inputs, 0, NULL));
}

bool tcvVerifyLoopNest(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"body", "bounds", "parallel", "tile", "vector_width", "group",
                                      "operandSegmentSizes", NULL};
  TcvArray bounds, parallel, tile;
  return tcvCheckAllowedAttrs(op, attrs) && checkBufferSlots(op) && checkBuffers(op) &&
         tcvGetI64Array(op, "bounds", &bounds) && checkEntriesAtLeast(op, "bounds", &bounds, 0) &&
         tcvGetBoolArray(op, "parallel", &parallel) && checkOnePerLoop(op, "parallel", &parallel, bounds.size) &&
         tcvGetI64Array(op, "tile", &tile) && checkOnePerLoop(op, "tile", &tile, bounds.size) &&
         checkEntriesAtLeast(op, "tile", &tile, 0) && checkVectorWidthAndGroup(op, bounds.size) &&
         checkNestBody(op, bounds.size);
}
