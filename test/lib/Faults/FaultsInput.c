//===- FaultsInput.c - faults written into a production pass's input -----===//
//
// The other fault passes rewrite what a production pass built. These two
// run right *before* the pass that held their switch, because the switch
// changed what that pass read, not one op it wrote, and the pass's output
// no longer says what it read:
//
//   loop-bound-off-by-one  (after tc-plan-memory, before tc-lower-loops)
//               every tc_loop.nest whose outermost bound n is > 1 gets
//               bound n - 1, so tc-lower-loops plans and emits loops that
//               never run the last slice, as the switch made it do. After
//               tc-lower-loops a nest is one of several loop shapes
//               (sequential, threaded, chunked, cache-tiled, outlined)
//               whose bound no longer names n. One difference from the
//               switch: tc-lower-loops' `loops` decision counts the work of
//               n - 1 slices, not n. Recorded about each nest.
//   bufferize-alias  (after tc-lower-tensor, before tc-bufferize) in every
//               function tc-bufferize will bufferize, the first buffer
//               allocated with the type of input 0 is replaced by input 0
//               (through the cast tc-lower-tensor gives its operands), so a
//               temporary overwrites an input later ops still read. Done on
//               tc-bufferize's input because it decides from it which
//               results it computes in place: a result buffer aliased to an
//               input is copied, which after bufferization cannot be
//               told from the output argument it became. Recorded about
//               the function, as the switch did.
//
//===----------------------------------------------------------------------===//
#include "FaultsInternal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

enum { kMaxNests = 4096 };

//===-- loop-bound-off-by-one ----------------------------------------------===//

void faultLoopBoundOffByOne(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirOperation nests[kMaxNests];
  int n = faultCollect(module, "tc_loop.nest", nests, kMaxNests);
  for (int i = 0; i < n; ++i) {
    MlirStringRef name = mlirStringRefCreateFromCString("bounds");
    MlirAttribute bounds = mlirOperationGetAttributeByName(nests[i], name);
    intptr_t rank = mlirDenseArrayGetNumElements(bounds);
    if (rank == 0 || mlirDenseI64ArrayGetElement(bounds, 0) <= 1)
      continue;
    int64_t shorter[64];
    for (intptr_t d = 0; d < rank && d < 64; ++d)
      shorter[d] = mlirDenseI64ArrayGetElement(bounds, d);
    shorter[0] -= 1;
    mlirOperationSetAttributeByName(nests[i], name,
                                    mlirDenseI64ArrayGet(mlirOperationGetContext(nests[i]), rank, shorter));
    faultRecord("loop-bound-off-by-one", nests[i]);
  }
}

//===-- bufferize-alias -----------------------------------------------------===//

static bool hasAttribute(MlirOperation op, const char *name) {
  return !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name)));
}

// Aliases `func`'s first allocation of input 0's buffer type to input 0.
static void aliasFirstAllocation(MlirOperation func) {
  MlirBlock block = faultEntry(func);
  if (mlirBlockIsNull(block) || mlirBlockGetNumArguments(block) == 0)
    return;
  MlirValue input = mlirBlockGetArgument(block, 0);
  MlirType type = mlirValueGetType(input);
  MlirType buffer = mlirTypeIsARankedTensor(type) ? tcMemRefForTensor(type) : type;
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!tcIsOp(op, "memref.alloc") || !mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(op, 0)), buffer))
      continue;
    TcBuilder b = tcBuilderBefore(op);
    MlirValue alias = mlirTypeEqual(type, buffer)
                          ? input
                          : tcBuildValue(&b, "builtin.unrealized_conversion_cast", buffer, 1, &input, 0, NULL);
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), alias);
    mlirOperationDestroy(op);
    faultRecord("bufferize-alias", func);
    return;
  }
}

void faultBufferizeAlias(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (tcIsOp(op, "func.func") && !hasAttribute(op, "tc_loop.body") && !hasAttribute(op, "tc_kernel.body"))
      aliasFirstAllocation(op);
}
