//===- LLVMEmit.c - llvm dialect to optimised LLVM IR, assembly, objects ---===//
//
// One emission, top to bottom (tcTargetEmit): refuse what translation cannot
// take (TranslatableCheck.c), collect and check the entry points
// (EntryPoints.c; a header is written from them and nothing else happens),
// translate into a fresh LLVMContext, embed the manifest (ManifestSection.c),
// give the module the host's triple and data layout, add the packed wrappers
// and the ABI descriptor (PackedWrappers.c) and any bf16 conversions the code
// will call (SoftFloat.c), verify, run LLVM's `default<O3>` with the host
// TargetMachine (HostMachine.c), then print IR or let the TargetMachine write
// assembly or an object to memory, and for a shared library link that object
// (SharedLink.c). Every failure after the checks is a compile failure
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
  MlirLogicalResult result = mlirLogicalResultSuccess();
  if (kind == TC_EMIT_SHARED)
    result = tcSharedLibraryLink(module, LLVMGetBufferStart(buffer), LLVMGetBufferSize(buffer), out);
  else
    tcTextBufferAppend(mlirStringRefCreate(LLVMGetBufferStart(buffer), LLVMGetBufferSize(buffer)), out);
  LLVMDisposeMemoryBuffer(buffer);
  return result;
}

// Everything after translation: the manifest, the host target, what the
// entry points need, O3, output.
static MlirLogicalResult lowerLLVMModule(MlirOperation module, LLVMModuleRef llvmModule,
                                         const TcTargetEntries *entries, const TcEmitOptions *options,
                                         TcTextBuffer *out) {
  char err[512];
  TcHostTarget target;
  LLVMTargetMachineRef machine = NULL;
  if (tcHostTargetResolve(&target, err, sizeof err))
    machine = tcHostMachineCreate(&target, err, sizeof err);
  if (!machine) {
    tcEmitError(mlirOperationGetLocation(module), "%s", err);
    return mlirLogicalResultFailure();
  }
  if (options->manifestJson)
    tcManifestSectionAdd(llvmModule, options->manifestJson);
  setHostTarget(llvmModule, machine);
  tcEntryPointsAddToLLVM(llvmModule, entries);
  tcHostMachineSetVectorWidth(llvmModule, &target);
  tcVectorMathApply(module, llvmModule, target.vectorMath);
  MlirLogicalResult result = mlirLogicalResultSuccess();
  if (!tcSoftFloatAddIfNeeded(llvmModule, err, sizeof err) || !tcBlisAddIfNeeded(llvmModule, err, sizeof err)) {
    tcEmitError(mlirOperationGetLocation(module), "%s", err);
    result = mlirLogicalResultFailure();
  }
  if (mlirLogicalResultIsSuccess(result))
    result = optimize(module, llvmModule, machine);
  if (mlirLogicalResultIsSuccess(result))
    result = emit(module, llvmModule, machine, options->kind, out);
  LLVMDisposeTargetMachine(machine);
  return result;
}

static MlirLogicalResult translateAndEmit(MlirOperation module, const TcTargetEntries *entries,
                                          const TcEmitOptions *options, TcTextBuffer *out) {
  LLVMContextRef llvmCtx = LLVMContextCreate();
  LLVMModuleRef llvmModule = mlirTranslateModuleToLLVMIR(module, llvmCtx);
  MlirLogicalResult result = mlirLogicalResultFailure();
  if (!llvmModule)
    tcEmitError(mlirOperationGetLocation(module), "translation to LLVM IR failed");
  else
    result = lowerLLVMModule(module, llvmModule, entries, options, out);
  if (llvmModule)
    LLVMDisposeModule(llvmModule);
  LLVMContextDispose(llvmCtx);
  return result;
}

MlirLogicalResult tcTargetEmit(MlirOperation module, const TcEmitOptions *options, TcTextBuffer *out) {
  TcTargetEntries entries;
  if (mlirLogicalResultIsFailure(tcTargetCheckTranslatable(module)) ||
      mlirLogicalResultIsFailure(tcEntryPointsCollect(module, &entries)))
    return mlirLogicalResultFailure();
  MlirLogicalResult result = mlirLogicalResultSuccess();
  if (options->kind == TC_EMIT_HEADER)
    tcEntryPointsWriteHeader(&entries, options->headerGuard, out);
  else
    result = translateAndEmit(module, &entries, options, out);
  tcEntryPointsDestroy(&entries);
  return result;
}
