//===- FaultsInput.c - faults written into a production pass's input -----===//
//
// The other fault passes rewrite what a production pass built. This one
// runs right *before* the pass that held its switch, because the switch
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
