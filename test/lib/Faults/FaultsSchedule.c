//===- FaultsSchedule.c - faults in the order and threads of nests ----------===//
//
//   read-after-write  (after tc-plan-memory) a nest that reads memory a later
//                     nest of the function overwrites (tc-plan-memory lets
//                     temporaries with disjoint lives share it) is moved
//                     after that nest: it reads the later write, as a
//                     scheduler that ignored the anti-dependence would;
//   parallel-race     (after tc-lower-loops) in every scf.parallel, the
//                     first induction variable is taken modulo the chunk a
//                     thread of a static schedule gets, ceil(n / threads):
//                     each thread indexes its iterations from its own chunk
//                     start, so every thread writes the first chunk of the
//                     buffer (a race between them) and the rest stays
//                     unwritten. On one thread the chunk is the whole range:
//                     nothing changes, so only a run on several threads of a
//                     build whose nests are threaded shows it.
//
//===----------------------------------------------------------------------===//
#include "FaultsInternal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

enum { kMaxNests = 1024 };

//===-- read-after-write ------------------------------------------------------===//

// The memory behind a buffer: through views, subviews and casts.
static MlirValue memoryOf(MlirValue v) {
  while (!mlirValueIsABlockArgument(v)) {
    MlirOperation def = mlirOpResultGetOwner(v);
    if (!(tcIsOp(def, "memref.view") || tcIsOp(def, "memref.subview") || tcIsOp(def, "memref.cast") ||
          tcIsOp(def, "memref.reinterpret_cast")))
      break;
    v = mlirOperationGetOperand(def, 0);
  }
  return v;
}

// Whether `nest` loads from (`store` false) or stores to (true) memory `m`.
static bool touches(MlirOperation nest, MlirSymbolTable symbols, MlirValue m, bool store) {
  MlirAttribute sym = mlirOperationGetAttributeByName(nest, mlirStringRefCreateFromCString("body"));
  MlirAttribute bounds = mlirOperationGetAttributeByName(nest, mlirStringRefCreateFromCString("bounds"));
  MlirOperation body = mlirSymbolTableLookup(symbols, mlirFlatSymbolRefAttrGetValue(sym));
  if (mlirOperationIsNull(body))
    return false;
  intptr_t rank = mlirDenseArrayGetNumElements(bounds);
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(nest); ++k) {
    if (!mlirValueEqual(memoryOf(mlirOperationGetOperand(nest, k)), m))
      continue;
    MlirValue arg = mlirBlockGetArgument(faultEntry(body), rank + k);
    for (MlirOpOperand u = mlirValueGetFirstUse(arg); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
      MlirOperation user = mlirOpOperandGetOwner(u);
      if (store ? tcIsOp(user, "memref.store") && mlirOpOperandGetOperandNumber(u) == 1
                : tcIsOp(user, "memref.load"))
        return true;
    }
  }
  return false;
}

// True if b overwrites memory a reads, and b reads nothing a writes.
static bool antiDependent(MlirOperation a, MlirOperation b, MlirSymbolTable symbols) {
  bool war = false;
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(a); ++k) {
    MlirValue m = memoryOf(mlirOperationGetOperand(a, k));
    if (touches(a, symbols, m, true) && touches(b, symbols, m, false))
      return false;
    war |= touches(a, symbols, m, false) && touches(b, symbols, m, true);
  }
  return war;
}

static void reorderFunction(MlirOperation func, MlirSymbolTable symbols) {
  MlirOperation nests[kMaxNests];
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(faultEntry(func)); !mlirOperationIsNull(op) && n < kMaxNests;
       op = mlirOperationGetNextInBlock(op))
    if (tcIsOp(op, "tc_loop.nest"))
      nests[n++] = op;
  for (int i = 0; i + 1 < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (antiDependent(nests[i], nests[j], symbols)) {
        mlirOperationMoveAfter(nests[i], nests[j]);
        faultRecord("read-after-write", nests[i]);
        return;
      }
}

void faultReadAfterWrite(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (tcIsOp(op, "func.func") && !mlirBlockIsNull(faultEntry(op)) &&
        mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("tc_loop.body"))))
      reorderFunction(op, symbols);
  mlirSymbolTableDestroy(symbols);
}

//===-- parallel-race -----------------------------------------------------------===//

static const char kThreads[] = "omp_get_num_threads";

// Declares `func.func private @omp_get_num_threads() -> i32` once.
static void declareThreads(MlirOperation module) {
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  bool declared = !mlirOperationIsNull(mlirSymbolTableLookup(symbols, mlirStringRefCreateFromCString(kThreads)));
  mlirSymbolTableDestroy(symbols);
  if (declared)
    return;
  MlirContext ctx = mlirOperationGetContext(module);
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  MlirNamedAttribute attrs[3] = {
      tcNamed(ctx, "sym_name", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(kThreads))),
      tcNamed(ctx, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(ctx, 0, NULL, 1, &i32))),
      tcNamed(ctx, "sym_visibility", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("private"))),
  };
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"),
                                                   mlirOperationGetLocation(module));
  mlirOperationStateAddAttributes(&state, 3, attrs);
  MlirRegion body = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&state, 1, &body);
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  mlirBlockInsertOwnedOperation(block, 0, mlirOperationCreate(&state));
}

// iv -> lb + (iv - lb) mod ceil((ub - lb) / threads), at the top of the body.
static void chunkLocal(MlirOperation loop) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  intptr_t ivs = mlirBlockGetNumArguments(body);
  MlirValue iv = mlirBlockGetArgument(body, 0), lb = mlirOperationGetOperand(loop, 0);
  MlirValue ub = mlirOperationGetOperand(loop, ivs);
  TcBuilder b = tcBuilderBefore(mlirBlockGetFirstOperation(body));
  MlirContext ctx = b.ctx;
  MlirType i32 = mlirIntegerTypeGet(ctx, 32), index = mlirIndexTypeGet(ctx);
  MlirNamedAttribute callee = tcNamed(ctx, "callee", mlirFlatSymbolRefAttrGet(ctx, mlirStringRefCreateFromCString(kThreads)));
  MlirValue t32 = tcBuildValue(&b, "func.call", i32, 0, NULL, 1, &callee);
  MlirValue threads = tcBConvert(&b, "arith.index_cast", t32, index);
  MlirValue chunk = tcBBinary(&b, "arith.ceildivui", tcBBinary(&b, "arith.subi", ub, lb), threads);
  MlirValue rel = tcBBinary(&b, "arith.subi", iv, lb);
  MlirValue local = tcBBinary(&b, "arith.addi", tcBBinary(&b, "arith.remui", rel, chunk), lb);
  MlirOperation keep[1] = {mlirOpResultGetOwner(rel)};
  mlirValueReplaceAllUsesExcept(iv, local, 1, keep);
}

void faultParallelRace(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirOperation loops[kMaxNests];
  int n = faultCollect(module, "scf.parallel", loops, kMaxNests);
  if (n)
    declareThreads(module);
  for (int i = 0; i < n; ++i) {
    chunkLocal(loops[i]);
    faultRecord("parallel-race", loops[i]);
  }
}
