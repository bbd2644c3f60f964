//===- LLVMEmit.c - llvm dialect to optimised LLVM IR, assembly, objects ---===//
//
// One emission, top to bottom (tcTargetEmit): refuse what translation cannot
// take (TranslatableCheck.c), translate into a fresh LLVMContext, embed the
// manifest (ManifestSection.c), give the module the host's triple and data
// layout, verify it, run LLVM's `default<O3>` with the host TargetMachine
// (HostMachine.c), then print IR or let the TargetMachine write assembly or
// an object to memory. Every failure after the check is a compile failure
// reported at the module's location; nothing LLVM allocates outlives the
// call.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Target.h"

#include "TargetInternal.h"
#include "tensorc/Diagnostics.h"

#include "llvm-c/Analysis.h"
#include "llvm-c/Transforms/PassBuilder.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir-c/Target/LLVMIR.h"

#include <stdio.h>
#include <string.h>

void tcTargetRegisterTranslations(MlirContext ctx) { mlirRegisterAllLLVMTranslations(ctx); }

// Reports an LLVM error message at the module and frees the message.
static MlirLogicalResult failWith(MlirOperation module, const char *what, char *message) {
  tcEmitError(mlirOperationGetLocation(module), "%s: %s", what, message ? message : "unknown error");
  if (message)
    LLVMDisposeMessage(message);
  return mlirLogicalResultFailure();
}

static void setHostTarget(LLVMModuleRef llvmModule, LLVMTargetMachineRef machine) {
  char *triple = LLVMGetTargetMachineTriple(machine);
  LLVMSetTarget(llvmModule, triple);
  LLVMDisposeMessage(triple);
  LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(machine);
  LLVMSetModuleDataLayout(llvmModule, layout);
  LLVMDisposeTargetData(layout);
}

static MlirLogicalResult optimize(MlirOperation module, LLVMModuleRef llvmModule, LLVMTargetMachineRef machine) {
  char *message = NULL;
  if (LLVMVerifyModule(llvmModule, LLVMReturnStatusAction, &message))
    return failWith(module, "the translated LLVM IR is invalid", message);
  LLVMDisposeMessage(message);
  LLVMPassBuilderOptionsRef options = LLVMCreatePassBuilderOptions();
  LLVMErrorRef error = LLVMRunPasses(llvmModule, "default<O3>", machine, options);
  LLVMDisposePassBuilderOptions(options);
  if (error)
    return failWith(module, "LLVM's O3 pipeline failed", LLVMGetErrorMessage(error));
  return mlirLogicalResultSuccess();
}

// Prints IR, or has the machine write assembly or an object, into `out`.
static MlirLogicalResult emit(MlirOperation module, LLVMModuleRef llvmModule, LLVMTargetMachineRef machine,
                              TcEmitKind kind, TcTextBuffer *out) {
  if (kind == TC_EMIT_LLVM) {
    char *text = LLVMPrintModuleToString(llvmModule);
    tcTextBufferAppendCString(out, text);
    LLVMDisposeMessage(text);
    return mlirLogicalResultSuccess();
  }
  char *message = NULL;
  LLVMMemoryBufferRef buffer = NULL;
  LLVMCodeGenFileType type = kind == TC_EMIT_ASM ? LLVMAssemblyFile : LLVMObjectFile;
  if (LLVMTargetMachineEmitToMemoryBuffer(machine, llvmModule, type, &message, &buffer))
    return failWith(module, "LLVM code generation failed", message);
  tcTextBufferAppend(mlirStringRefCreate(LLVMGetBufferStart(buffer), LLVMGetBufferSize(buffer)), out);
  LLVMDisposeMemoryBuffer(buffer);
  return mlirLogicalResultSuccess();
}

// Everything after translation: the manifest, the host target, O3, output.
static MlirLogicalResult lowerLLVMModule(MlirOperation module, LLVMModuleRef llvmModule,
                                         const TcEmitOptions *options, TcTextBuffer *out) {
  char err[512];
  LLVMTargetMachineRef machine = tcHostMachineCreate(err, sizeof err);
  if (!machine) {
    tcEmitError(mlirOperationGetLocation(module), "%s", err);
    return mlirLogicalResultFailure();
  }
  if (options->manifestJson)
    tcManifestSectionAdd(llvmModule, options->manifestJson);
  setHostTarget(llvmModule, machine);
  MlirLogicalResult result = optimize(module, llvmModule, machine);
  if (mlirLogicalResultIsSuccess(result))
    result = emit(module, llvmModule, machine, options->kind, out);
  LLVMDisposeTargetMachine(machine);
  return result;
}

MlirLogicalResult tcTargetEmit(MlirOperation module, const TcEmitOptions *options, TcTextBuffer *out) {
  if (mlirLogicalResultIsFailure(tcTargetCheckTranslatable(module)))
    return mlirLogicalResultFailure();
  LLVMContextRef llvmCtx = LLVMContextCreate();
  LLVMModuleRef llvmModule = mlirTranslateModuleToLLVMIR(module, llvmCtx);
  MlirLogicalResult result = mlirLogicalResultFailure();
  if (!llvmModule)
    tcEmitError(mlirOperationGetLocation(module), "translation to LLVM IR failed");
  else
    result = lowerLLVMModule(module, llvmModule, options, out);
  if (llvmModule)
    LLVMDisposeModule(llvmModule);
  LLVMContextDispose(llvmCtx);
  return result;
}
