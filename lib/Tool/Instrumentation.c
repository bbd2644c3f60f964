//===- Instrumentation.c - mlir-opt's pass instrumentation flags -----------===//
//
// Each flag maps onto one MLIR C API call on a pass manager. IR printing is
// op-scoped (mlir-opt's default; module scope would need threading off):
// --mlir-print-ir-after-change and -after-failure imply printing after, as
// in mlir-opt, where they only narrow --mlir-print-ir-after-all.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Instrumentation.h"

#include "tensorc/Passes.h"

void tcPassManagerInstrument(MlirPassManager pm, const TcInstrumentation *inst) {
  mlirPassManagerEnableVerifier(pm, inst->verifyEach);
  bool after = inst->printAfterAll || inst->printAfterChange || inst->printAfterFailure;
  if (inst->printBeforeAll || after) {
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    if (inst->printGeneric)
      mlirOpPrintingFlagsPrintGenericOpForm(flags);
    if (inst->printDebugInfo)
      mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
    mlirPassManagerEnableIRPrinting(pm, inst->printBeforeAll, after, false, inst->printAfterChange,
                                    inst->printAfterFailure, flags, mlirStringRefCreate(NULL, 0));
    mlirOpPrintingFlagsDestroy(flags);
  }
  if (inst->timing)
    mlirPassManagerEnableTiming(pm);
  if (inst->statistics)
    mlirPassManagerEnableStatistics(pm, MLIR_PASS_DISPLAY_MODE_LIST);
}

void tcPrintPassList(FILE *out) {
  intptr_t n;
  const TcPassInfo *passes = tcGetPassRegistry(&n);
  fprintf(out, "tensorc passes (name, anchor, version, description):\n");
  for (intptr_t i = 0; i < n; ++i)
    fprintf(out, "  %-24s %-15s v%-3d %s\n", passes[i].argument, passes[i].anchor[0] ? passes[i].anchor : "any op",
            passes[i].version, passes[i].description);
  fprintf(out, "\nUpstream MLIR passes: every pass `mlir-opt --help` lists, by the same name.\n");
}
