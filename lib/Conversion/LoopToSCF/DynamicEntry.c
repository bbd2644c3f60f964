//===- DynamicEntry.c - the entry point of a function with run-time sizes --===//
//
// Part of tc-lower-loops (its last step). A public function that
// tc-bufferize gave a `tc.abi` and that takes a buffer with a `?` cannot
// keep its signature: the bare-pointer convention of docs/abi.md §2 has no
// sizes. Its entry point becomes the one of docs/dynamic-shapes.md §3
// (docs/abi.md §1):
//
//   func.func @f(%in0: !llvm.ptr, ..., %out0: !llvm.ptr, ..., %dims: !llvm.ptr) -> i32
//     %code = call @f__tc_shapes(<dims as memref<K x i64>>)
//     scf.if (%code == 0) {
//       <a memref descriptor per argument: its pointer, the sizes read from
//        dims (a static size is a constant), row-major strides>
//       <the body, unchanged, on those memrefs>
//     }
//     return %code
//
// so a shape the constraints reject returns its code before any output is
// touched, and the shape function's write of the outputs' sizes comes
// first. Each descriptor is an llvm struct cast to its memref type
// (builtin.unrealized_conversion_cast); finalize-memref-to-llvm's inverse
// casts cancel them (reconcile-unrealized-casts). The body ops keep their
// top-level block until every other tc-lower-loops step is done; the
// region is made last.
//
// Requires: the nests are lowered (no tc_loop.nest left in the function)
// and `@f__tc_shapes` exists (tc-lower-tensor builds it). Records one
// decision per function: `abi`, the entry point's form.
//
//===----------------------------------------------------------------------===//
#include "LoopToSCFInternal.h"

#include "../../Transforms/TransformsInternal.h"
#include "../ConversionInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxDescriptorRank = 64 };

static MlirAttribute attrOf(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

static bool takesRunTimeSizes(MlirOperation func) {
  if (!tcIsOp(func, "func.func") || mlirAttributeIsNull(attrOf(func, "tc.abi")) ||
      !mlirAttributeIsNull(attrOf(func, "sym_visibility")))
    return false;
  MlirType type = mlirTypeAttrGetValue(attrOf(func, "function_type"));
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(type); ++i) {
    MlirType t = mlirFunctionTypeGetInput(type, i);
    if (mlirTypeIsAMemRef(t) && !mlirShapedTypeHasStaticShape(t))
      return true;
  }
  return false;
}

static MlirValue insertValue(TcBuilder *b, MlirValue container, MlirValue value, intptr_t n, const int64_t *pos) {
  MlirValue operands[2] = {container, value};
  MlirNamedAttribute position = tcNamed(b->ctx, "position", mlirDenseI64ArrayGet(b->ctx, n, pos));
  return tcBuildValue(b, "llvm.insertvalue", mlirValueGetType(container), 2, operands, 1, &position);
}

static MlirValue constI64(TcBuilder *b, int64_t v) {
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirNamedAttribute value = tcNamed(b->ctx, "value", mlirIntegerAttrGet(i64, v));
  return tcBuildValue(b, "llvm.mlir.constant", i64, 0, NULL, 1, &value);
}

/// A memref of `type` over `ptr` with sizes `sizes` (i64) and row-major
/// strides: the llvm descriptor, cast to the memref type.
static MlirValue descriptor(TcBuilder *b, MlirValue ptr, MlirType type, const MlirValue *sizes) {
  intptr_t rank = mlirShapedTypeGetRank(type);
  char text[128];
  if (rank)
    snprintf(text, sizeof text, "!llvm.struct<(ptr, ptr, i64, array<%ld x i64>, array<%ld x i64>)>", (long)rank,
             (long)rank);
  else
    snprintf(text, sizeof text, "!llvm.struct<(ptr, ptr, i64)>");
  MlirType st = mlirTypeParseGet(b->ctx, mlirStringRefCreateFromCString(text));
  MlirValue d = tcBuildValue(b, "llvm.mlir.undef", st, 0, NULL, 0, NULL);
  d = insertValue(b, d, ptr, 1, (int64_t[]){0});
  d = insertValue(b, d, ptr, 1, (int64_t[]){1});
  d = insertValue(b, d, constI64(b, 0), 1, (int64_t[]){2});
  MlirValue stride = constI64(b, 1);
  for (intptr_t k = rank - 1; k >= 0; --k) {
    d = insertValue(b, d, sizes[k], 2, (int64_t[]){3, k});
    d = insertValue(b, d, stride, 2, (int64_t[]){4, k});
    if (k)
      stride = tcBBinary(b, "llvm.mul", stride, sizes[k]);
  }
  return tcBuildValue(b, "builtin.unrealized_conversion_cast", type, 1, &d, 0, NULL);
}

static void recordEntry(MlirOperation func, intptr_t nArgs, intptr_t k) {
  char subject[512], detail[768];
  MlirStringRef name = mlirStringAttrGetValue(attrOf(func, "sym_name")); // not NUL-terminated
  snprintf(detail, sizeof detail,
           "entry point with run-time sizes: %ld pointer(s) and dims (%ld sizes); returns the code of "
           "@%.*s__tc_shapes, computing only on 0",
           (long)nArgs, (long)k, (int)name.length, name.data);
  TcDecision decision = {"abi", tcDecisionSubject(func, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(func), &decision);
}

static bool rewriteEntry(MlirOperation func, MlirSymbolTable symbols) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirLocation loc = mlirOperationGetLocation(func);
  MlirStringRef fname = mlirStringAttrGetValue(attrOf(func, "sym_name"));
  char shapesName[512];
  snprintf(shapesName, sizeof shapesName, "%.*s__tc_shapes", (int)fname.length, fname.data);
  MlirOperation shapes = mlirSymbolTableLookup(symbols, mlirStringRefCreateFromCString(shapesName));
  if (mlirOperationIsNull(shapes) || mlirAttributeIsNull(attrOf(shapes, "tc.shapes_of"))) {
    tcEmitOpError(func, "tc-lower-loops: a function with run-time sizes needs its shape function @%s "
                        "(tc-lower-tensor builds it)", shapesName);
    return false;
  }
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation ret = mlirBlockGetTerminator(block);
  intptr_t n = mlirBlockGetNumArguments(block), k = 0;
  MlirType ptr = mlirTypeParseGet(ctx, mlirStringRefCreateFromCString("!llvm.ptr"));
  MlirType i32 = mlirIntegerTypeGet(ctx, 32), i64 = mlirIntegerTypeGet(ctx, 64);
  for (intptr_t i = 0; i < n; ++i)
    k += mlirShapedTypeGetRank(mlirValueGetType(mlirBlockGetArgument(block, i)));
  MlirValue *ptrs = malloc((size_t)(n + 1) * sizeof *ptrs);
  if (!ptrs)
    tcFatal("out of memory in tc-lower-loops");
  for (intptr_t i = 0; i <= n; ++i)
    ptrs[i] = mlirBlockAddArgument(block, ptr, loc);
  MlirOperation first = mlirBlockGetFirstOperation(block);

  // The check, before everything the body does.
  TcBuilder b = tcBuilderBefore(first);
  int64_t kShape[1] = {k};
  MlirType dimsType = mlirMemRefTypeContiguousGet(i64, 1, kShape, mlirAttributeGetNull());
  MlirValue dims = descriptor(&b, ptrs[n], dimsType, (MlirValue[]){constI64(&b, k)});
  MlirNamedAttribute callee = tcNamed(ctx, "callee", mlirFlatSymbolRefAttrGet(ctx, mlirStringRefCreateFromCString(shapesName)));
  MlirValue code = tcBuildValue(&b, "func.call", i32, 1, &dims, 1, &callee);
  MlirValue ok = tcBCmpI(&b, TC_CMPI_EQ, code, tcBConstInt(&b, i32, 0));

  // The guarded block: the descriptors, then the body moved in.
  MlirRegion then = mlirRegionCreate(), otherwise = mlirRegionCreate();
  MlirBlock guarded = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(then, guarded);
  MlirRegion regions[2] = {then, otherwise};
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("scf.if"), loc);
  mlirOperationStateAddOperands(&st, 1, &ok);
  mlirOperationStateAddOwnedRegions(&st, 2, regions);
  MlirOperation ifOp = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(block, first, ifOp);
  TcBuilder in = tcBuilderAtEnd(guarded, loc, false);
  MlirOperation yield = tcBuildOp(&in, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
  in = tcBuilderBefore(yield);
  for (intptr_t i = 0, offset = 0; i < n; ++i) {
    MlirValue arg = mlirBlockGetArgument(block, i);
    MlirType type = mlirValueGetType(arg);
    intptr_t rank = mlirShapedTypeGetRank(type);
    MlirValue sizes[kMaxDescriptorRank];
    if (rank > kMaxDescriptorRank) // tc-verify caps ranks well below this
      tcFatal("tc-lower-loops: a buffer of rank %ld in an entry point", (long)rank);
    for (intptr_t d = 0; d < rank; ++d) {
      if (!mlirShapedTypeIsDynamicDim(type, d)) {
        sizes[d] = constI64(&in, mlirShapedTypeGetDimSize(type, d));
        continue;
      }
      MlirValue index = tcBIndex(&in, offset + d);
      sizes[d] = tcBLoad(&in, dims, 1, &index);
    }
    offset += rank;
    mlirValueReplaceAllUsesOfWith(arg, descriptor(&in, ptrs[i], type, sizes));
  }
  for (MlirOperation op = first, next; !mlirOperationEqual(op, ret); op = next) {
    next = mlirOperationGetNextInBlock(op);
    mlirOperationMoveBefore(op, yield);
  }
  TcBuilder end = tcBuilderBefore(ret);
  tcBuildOp(&end, "func.return", 0, NULL, 1, &code, 0, NULL);
  mlirOperationDestroy(ret);
  for (intptr_t i = n - 1; i >= 0; --i)
    mlirBlockEraseArgument(block, (unsigned)i);

  MlirType *inputs = malloc((size_t)(n + 1) * sizeof *inputs);
  if (!inputs)
    tcFatal("out of memory in tc-lower-loops");
  for (intptr_t i = 0; i <= n; ++i)
    inputs[i] = ptr;
  mlirOperationSetAttributeByName(func, mlirStringRefCreateFromCString("function_type"),
                                  mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n + 1, inputs, 1, &i32)));
  mlirOperationRemoveAttributeByName(func, mlirStringRefCreateFromCString("arg_attrs"));
  free(inputs);
  free(ptrs);
  recordEntry(func, n, k);
  return true;
}

bool tcLowerDynamicEntries(MlirOperation module) {
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(block); ok && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (takesRunTimeSizes(op))
      ok = rewriteEntry(op, symbols);
  mlirSymbolTableDestroy(symbols);
  return ok;
}
