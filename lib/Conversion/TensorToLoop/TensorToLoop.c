//===- TensorToLoop.c - the tc-lower-tensor pass ---------------------------===//
//
// Requires: a verified module (tc-verify) whose tc_tensor ops live in
// func.func bodies. Guarantees: no tc_tensor op remains; each became
// tc_loop nests over buffers (memref.alloc for results) whose body
// functions compute it exactly as docs/dialects.md §2.2 says, up to what
// the numerical contract allows; tensors and buffers meet through
// unrealized casts until tc-bufferize. An op without a lowering stops the
// pass with a located compile failure: nothing is left half lowered
// silently. Every tc_tensor op has a lowering (tcHasLowering; a C API test
// checks it against the IRDL definitions), so a missing one is a bug.
//
// A function with a `?` in its signature first gets its shape function
// (tcBuildShapeFunctions: the run-time checks of docs/dynamic-shapes.md §2,
// built from the tc_tensor ops before they are lowered; decision `guards`);
// its elementwise ops become nests with run-time bounds (`bound_dims`) over
// buffers sized from their operands' memref.dim; any other op with a `?`
// is refused (StaticShapes.c).
//
// Records one decision per lowered op: `lower`, subject the op, detail
// "<n> nest(s)" or what replaced it. The test-only faults of what this
// pass builds are passes of their own that run after it (test/lib/Faults).
//
// The op families live one per file; the table below is the only place
// that lists them.
//
// Anchored on builtin.module: every nest it builds names a body function
// it inserts into the module's symbol table.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "../../Transforms/TransformsInternal.h"
#include "TensorToLoopInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef const TcLoweringPattern *(*TcFamilyFn)(intptr_t *count);

static const TcFamilyFn kFamilies[] = {
    tcUnaryLowerings,
    tcBinaryLowerings,
    tcConstantLowerings,
    tcCastLowerings,
    tcReduceLowerings,
    tcNormLowerings,
    tcLinalgLowerings,
    tcConvPoolLowerings,
    tcShapeLowerings,
};

static const TcLoweringPattern *findLowering(MlirStringRef name) {
  for (size_t f = 0; f < sizeof kFamilies / sizeof kFamilies[0]; ++f) {
    intptr_t n;
    const TcLoweringPattern *patterns = kFamilies[f](&n);
    for (intptr_t i = 0; i < n; ++i)
      if (strlen(patterns[i].opName) == name.length && memcmp(patterns[i].opName, name.data, name.length) == 0)
        return &patterns[i];
  }
  return NULL;
}

bool tcHasLowering(MlirStringRef opName) { return findLowering(opName) != NULL; }

bool tcHasDynamicLowering(MlirOperation op) {
  const TcLoweringPattern *pattern = findLowering(mlirIdentifierStr(mlirOperationGetName(op)));
  return pattern && pattern->dynamic && pattern->dynamic(op);
}

bool tcLowerAnyDynamic(MlirOperation op) { return true; }

static bool isTensorOp(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  return name.length > 10 && memcmp(name.data, "tc_tensor.", 10) == 0;
}

static void recordLowering(MlirOperation op, intptr_t nests) {
  char subject[512], detail[64];
  snprintf(detail, sizeof detail, "%ld tc_loop.nest", (long)nests);
  TcDecision decision = {"lower", tcDecisionSubject(op, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(op), &decision);
}

MlirLogicalResult tcLowerTensorOp(MlirOperation module, MlirSymbolTable symbols, MlirOperation func,
                                  MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  const TcLoweringPattern *pattern = findLowering(name);
  if (!pattern) // test/CAPI/verify-coverage checks that every op has one
    tcFatal("tc-lower-tensor: %.*s has no lowering", (int)name.length, name.data);
  TcLowering l = {module, func, op, symbols, tcBuilderBefore(op), pattern->data, 0};
  if (mlirLogicalResultIsFailure(pattern->lower(&l)))
    return mlirLogicalResultFailure();
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      tcFatal("tc-lower-tensor: the lowering of an op left uses of its result %ld", (long)i);
  // Counted as they are built: counting the nests of the whole block before
  // and after each op made lowering a block of n ops O(n^2).
  recordLowering(op, l.nests);
  mlirOperationDestroy(op);
  return mlirLogicalResultSuccess();
}

/// Lowers the tc_tensor ops of one function, in order. The ops are
/// collected first: lowering inserts ops and erases the current one.
static MlirLogicalResult lowerFunction(MlirOperation module, MlirSymbolTable symbols, MlirOperation func) {
  MlirRegion body = mlirOperationGetRegion(func, 0);
  MlirBlock block = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(block))
    return mlirLogicalResultSuccess();
  intptr_t n = 0, cap = 64;
  MlirOperation *ops = malloc(cap * sizeof *ops);
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isTensorOp(op))
      continue;
    if (n == cap)
      ops = realloc(ops, (cap *= 2) * sizeof *ops);
    ops[n++] = op;
  }
  MlirLogicalResult result = mlirLogicalResultSuccess();
  for (intptr_t i = 0; i < n && mlirLogicalResultIsSuccess(result); ++i)
    result = tcLowerTensorOp(module, symbols, func, ops[i]);
  free(ops);
  return result;
}

static bool isFunc(MlirOperation op) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                            mlirStringRefCreateFromCString("func.func"));
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  if (!tcRefuseDynamicShapes(module, "tc-lower-tensor") || !tcBuildShapeFunctions(module)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  // Body functions are inserted before their function, so walking forward
  // from each function never visits one.
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isFunc(op))
      continue;
    if (mlirLogicalResultIsFailure(lowerFunction(module, symbols, op))) {
      mlirExternalPassSignalFailure(pass);
      break;
    }
  }
  mlirSymbolTableDestroy(symbols);
}

MlirPass tcCreateLowerTensorPass(void) {
  static _Alignas(8) const char passId = 0;
  return tcCreateLoweringPass(&passId, "TcLowerTensor", "tc-lower-tensor",
                              "Lower every tc_tensor op to tc_loop nests over buffers", run);
}
