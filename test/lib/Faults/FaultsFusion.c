//===- FaultsFusion.c - a fault in what a fusion decision built --------------===//
//
//   fused-operand  (after tc-fuse-elementwise) in the first nest a fusion
//                  group made (group >= 0), the last arith.addf of its
//                  body's entry block is replaced by its left operand: the
//                  fused body drops one operand of an add, as a fusion that
//                  lost track of a member's input would. Only that one nest
//                  is broken, so refusing its `fuse` decision (tensor-opt
//                  --tc-refuse) leaves nothing to break: the fault a
//                  decision bisection must trace to one decision
//                  (docs/bisect.md);
//   once           (after tc-fuse-elementwise) the same break, but only in
//                  the first build that finds the file named by
//                  TC_TEST_FAULT_ONCE_FILE missing (it creates the file,
//                  O_EXCL, so one build of concurrent ones wins); never
//                  without the variable. Two compilations of one program
//                  then end differently: the flaky case tensorc bisect must
//                  report as such (test/tools/tensorc/bisect-flaky.test).
//                  The variable is read by this test-only pass alone.
//
//===----------------------------------------------------------------------===//
#include "FaultsInternal.h"

#include "mlir-c/BuiltinAttributes.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

enum { kMaxNests = 1024 };

// The last arith.addf of the body's entry block, or a null op.
static MlirOperation lastAdd(MlirOperation body) {
  MlirOperation found = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(faultEntry(body)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (tcIsOp(op, "arith.addf"))
      found = op;
  return found;
}

// Breaks the first fused nest of `module` (file comment), recorded as
// fault `kind`.
static void breakFirstFused(MlirOperation module, const char *kind) {
  MlirOperation nests[kMaxNests];
  int count = faultCollect(module, "tc_loop.nest", nests, kMaxNests);
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  for (int i = 0; i < count; ++i) {
    MlirAttribute group = mlirOperationGetAttributeByName(nests[i], mlirStringRefCreateFromCString("group"));
    MlirAttribute sym = mlirOperationGetAttributeByName(nests[i], mlirStringRefCreateFromCString("body"));
    if (mlirAttributeIsNull(group) || !mlirAttributeIsAInteger(group) || mlirIntegerAttrGetValueInt(group) < 0 ||
        mlirAttributeIsNull(sym))
      continue;
    MlirOperation body = mlirSymbolTableLookup(symbols, mlirFlatSymbolRefAttrGetValue(sym));
    MlirOperation add = mlirOperationIsNull(body) ? (MlirOperation){NULL} : lastAdd(body);
    if (mlirOperationIsNull(add))
      continue;
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(add, 0), mlirOperationGetOperand(add, 0));
    mlirOperationDestroy(add);
    faultRecord(kind, nests[i]);
    break; // one nest: one decision's outcome
  }
  mlirSymbolTableDestroy(symbols);
}

void faultFusedOperand(MlirOperation module, MlirExternalPass pass, void *userData) {
  breakFirstFused(module, "fused-operand");
}

void faultOnce(MlirOperation module, MlirExternalPass pass, void *userData) {
  const char *marker = getenv("TC_TEST_FAULT_ONCE_FILE");
  int fd = marker && marker[0] ? open(marker, O_WRONLY | O_CREAT | O_EXCL, 0644) : -1;
  if (fd < 0)
    return; // no variable, or an earlier build took the fault
  close(fd);
  breakFirstFused(module, "once");
}
