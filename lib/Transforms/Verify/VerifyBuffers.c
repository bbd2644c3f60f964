//===- VerifyBuffers.c - buffers and bodies of tc_loop and tc_kernel ------===//
//
// docs/dialects.md §3 defines a buffer and a body once, and tc_loop.nest
// (VerifyLoop.c) and the tc_kernel ops (VerifyKernel.c) both use them, so
// their checks live here. A buffer is a static memref of a §1.1 dtype with
// the identity layout or a strided layout with static offset and strides (a
// nest's may also have run-time dimensions, with the identity layout, or a
// run-time offset), in the default memory space; the first failing property is the message. The
// slot ops (tc_loop.nest, tc_kernel.elementwise) pass up to 16 buffers through
// operandSegmentSizes, filled from b0 without gaps. A body is a func.func
// named by attribute `body`, defined in the enclosing builtin.module and
// marked with a unit attribute; each op builds the function type it expects
// and compares it as a whole, so the message shows both types.
//
//===----------------------------------------------------------------------===//
#include "VerifyInternal.h"

#include "mlir-c/AffineMap.h"

#include <stdio.h>

//===-- Buffers -------------------------------------------------------------===//

// The identity layout, or a strided layout whose strides are static, and
// its offset too unless `runTimeOffset` (a nest's buffer may be a view at a
// run-time offset, as conv2d's image n of a run-time batch).
static bool hasStaticLayout(MlirType memref, bool runTimeOffset) {
  MlirAttribute layout = mlirMemRefTypeGetLayout(memref);
  if (mlirAttributeIsAAffineMap(layout))
    return mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(layout));
  if (!mlirAttributeIsAStridedLayout(layout) ||
      (!runTimeOffset && mlirShapedTypeIsDynamicStrideOrOffset(mlirStridedLayoutAttrGetOffset(layout))))
    return false;
  for (intptr_t i = 0; i < mlirStridedLayoutAttrGetNumStrides(layout); ++i)
    if (mlirShapedTypeIsDynamicStrideOrOffset(mlirStridedLayoutAttrGetStride(layout, i)))
      return false;
  return true;
}

// Returns the reason `t` is not a buffer (docs/dialects.md §3), or NULL. A
// nest's buffer may have dynamic dimensions, with the identity layout.
static const char *bufferProblem(MlirType t, bool allowDynamic) {
  if (!mlirTypeIsAMemRef(t))
    return "must be a memref";
  bool dynamic = !mlirShapedTypeHasStaticShape(t);
  if (dynamic && !allowDynamic)
    return "must have a static shape";
  if (dynamic && !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(t)))
    return "with a dynamic dimension must have the identity layout";
  if (mlirShapedTypeGetRank(t) > TCV_MAX_RANK)
    return "has a rank above the supported maximum";
  if (tcvDtypeOf(mlirShapedTypeGetElementType(t)) == TCV_DTYPE_UNSUPPORTED)
    return "has an unsupported element type";
  if (!tcvSizeWithinLimit(t))
    return "holds more than 2^40 bytes, the supported maximum";
  if (!allowDynamic && !hasStaticLayout(t, false))
    return "must have the identity layout or a strided layout with static offset and strides";
  if (allowDynamic && !hasStaticLayout(t, true))
    return "must have the identity layout or a strided layout with static strides";
  if (!mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(t)))
    return "must be in the default memory space";
  return NULL;
}

static bool checkBuffer(MlirOperation op, MlirValue v, const char *what, bool allowDynamic) {
  MlirType t = mlirValueGetType(v);
  const char *problem = bufferProblem(t, allowDynamic);
  if (!problem)
    return true;
  char type[256];
  tcEmitOpError(op, "%s %s, got %s", what, problem, tcvFormatType(t, type, sizeof type));
  return false;
}

static bool checkBuffers(MlirOperation op, const char *const *names, bool allowDynamic) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    char what[32];
    if (names)
      snprintf(what, sizeof what, "operand '%s'", names[i]);
    else
      snprintf(what, sizeof what, "buffer #%ld", (long)i);
    if (!checkBuffer(op, mlirOperationGetOperand(op, i), what, allowDynamic))
      return false;
  }
  return true;
}

bool tcvCheckBuffers(MlirOperation op, const char *const *names) { return checkBuffers(op, names, false); }

bool tcvCheckBuffersRunTime(MlirOperation op, const char *const *names) { return checkBuffers(op, names, true); }

bool tcvCheckNestBuffers(MlirOperation op) { return checkBuffers(op, NULL, true); }

// IRDL checks the kind, the length, that each entry is 0 or 1 and the sum;
// the order is ours. IR built through the C API skips IRDL, so every
// attribute read here may be missing (null) and is checked before use.
bool tcvCheckBufferSlots(MlirOperation op) {
  MlirAttribute sizes =
      mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("operandSegmentSizes"));
  if (mlirAttributeIsNull(sizes) || !mlirAttributeIsADenseI32Array(sizes) ||
      mlirDenseArrayGetNumElements(sizes) != TCV_NUM_SLOTS) {
    tcEmitOpError(op, "attribute 'operandSegmentSizes' must be an i32 array with %d entries", TCV_NUM_SLOTS);
    return false;
  }
  intptr_t used = 0;
  for (intptr_t i = 0; i < TCV_NUM_SLOTS; ++i) {
    int32_t n = mlirDenseI32ArrayGetElement(sizes, i), prev = i ? mlirDenseI32ArrayGetElement(sizes, i - 1) : 1;
    if ((n != 0 && n != 1) || (n == 1 && prev == 0)) {
      tcEmitOpError(op, "attribute 'operandSegmentSizes' must be ones followed by zeros (buffers fill slots b0, b1, "
                        "... without gaps), got %d in slot b%ld",
                    (int)n, (long)i);
      return false;
    }
    used += n;
  }
  if (used == mlirOperationGetNumOperands(op))
    return true;
  tcEmitOpError(op, "attribute 'operandSegmentSizes' fills %ld slots but the op has %ld operands", (long)used,
                (long)mlirOperationGetNumOperands(op));
  return false;
}

bool tcvCheckFusionGroup(MlirOperation op, int64_t group) {
  if (group >= -1)
    return true;
  tcEmitOpError(op, "attribute 'group' must be >= -1 (-1 = no fusion group), got %lld", (long long)group);
  return false;
}

//===-- Body symbol ---------------------------------------------------------===//

static bool nameIs(MlirOperation op, const char *name) {
  return tcvStringIs(mlirIdentifierStr(mlirOperationGetName(op)), name);
}

// One tcVerify run looks up one body per nest. Scanning the module for each
// made verifying a module of n nests O(n^2), so while a run is active
// (tcvBodyIndexBegin/End) the first lookup builds the module's symbol table
// and later ones use it; the IR does not change during a run. Thread-local:
// tc-verify may run on several threads at once.
typedef struct BodyIndex {
  int depth;              // nested Begin calls
  MlirOperation module;   // the module `table` indexes, or null
  MlirSymbolTable table;
} BodyIndex;

static _Thread_local BodyIndex tIndex;

void tcvBodyIndexBegin(void) { ++tIndex.depth; }

void tcvBodyIndexEnd(void) {
  if (--tIndex.depth > 0)
    return;
  if (!mlirSymbolTableIsNull(tIndex.table))
    mlirSymbolTableDestroy(tIndex.table);
  tIndex = (BodyIndex){0};
}

// The symbol table of `module` while a run is active, else null.
static MlirSymbolTable indexOf(MlirOperation module) {
  if (tIndex.depth == 0)
    return (MlirSymbolTable){NULL};
  if (!mlirOperationEqual(tIndex.module, module)) {
    if (!mlirSymbolTableIsNull(tIndex.table))
      mlirSymbolTableDestroy(tIndex.table);
    tIndex.module = module;
    tIndex.table = mlirSymbolTableCreate(module);
  }
  return tIndex.table;
}

// The func.func named `name` in the builtin.module enclosing `op`, or null.
static MlirOperation findFunc(MlirOperation op, MlirStringRef name) {
  MlirOperation module = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(module) && !nameIs(module, "builtin.module"))
    module = mlirOperationGetParentOperation(module);
  MlirOperation none = {NULL};
  if (mlirOperationIsNull(module))
    return none;
  MlirSymbolTable table = indexOf(module);
  if (!mlirSymbolTableIsNull(table)) {
    MlirOperation f = mlirSymbolTableLookup(table, name);
    return !mlirOperationIsNull(f) && nameIs(f, "func.func") ? f : none;
  }
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f)) {
    if (!nameIs(f, "func.func"))
      continue;
    MlirAttribute sym = mlirOperationGetInherentAttributeByName(f, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(sym) && mlirAttributeIsAString(sym) && mlirStringRefEqual(mlirStringAttrGetValue(sym), name))
      return f;
  }
  return none;
}

bool tcvLookupBody(MlirOperation op, const char *mark, MlirOperation *func, MlirStringRef *name) {
  MlirAttribute ref = mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("body"));
  if (mlirAttributeIsNull(ref) || !mlirAttributeIsAFlatSymbolRef(ref)) {
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

MlirType tcvBodyType(MlirOperation func) {
  MlirAttribute type = mlirOperationGetInherentAttributeByName(func, mlirStringRefCreateFromCString("function_type"));
  if (mlirAttributeIsNull(type) || !mlirAttributeIsAType(type))
    return (MlirType){NULL};
  return mlirTypeAttrGetValue(type);
}

bool tcvCheckBodyType(MlirOperation op, MlirOperation func, MlirStringRef name, MlirType expected) {
  MlirType got = tcvBodyType(func);
  if (mlirTypeIsNull(got)) {
    tcEmitOpError(op, "body @%.*s has no function type", (int)name.length, name.data);
    return false;
  }
  if (mlirTypeEqual(got, expected))
    return true;
  char e[4096], g[4096];
  tcEmitOpError(op, "body @%.*s must have type %s, got %s", (int)name.length, name.data,
                tcvFormatType(expected, e, sizeof e), tcvFormatType(got, g, sizeof g));
  return false;
}
