//===- ToolContext.c - the MLIR context every tensorc tool starts from -----===//
//
// Every tool reads programs that may use any upstream dialect next to
// tensorc's (func, arith, the llvm dialect after lowering), so each starts
// from a context with all upstream dialects registered; tensorc's own are
// loaded by tcRegisterDialects, whose failure each tool reports in its way.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Tool.h"

#include "mlir-c/RegisterEverything.h"

MlirContext tcToolContextCreate(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  return ctx;
}
