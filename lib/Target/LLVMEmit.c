//===- LLVMEmit.c - llvm dialect to optimised LLVM IR, assembly, objects ---===//
//
// One emission, top to bottom (tcTargetEmit): refuse what translation cannot
// take (TranslatableCheck.c), collect and check the entry points
// (EntryPoints.c; a header is written from them and nothing else happens),
// translate into a fresh LLVMContext, give the module the host's triple and
// data layout, add the packed wrappers and the ABI descriptor
// (PackedWrappers.c), the vector-math variants (VectorMath.c), any bf16
// conversions the code will call (SoftFloat.c) and the BLIS shim
// (BlisLink.c), verify, run LLVM's `default<O3>` with the host
// TargetMachine (HostMachine.c), read off the optimised code what it calls
// (Emission.c), then print IR or let the TargetMachine write assembly or an
// object to memory, and for a shared library link that object
// (SharedLink.c).
//
// Each step adds to the emission record, which completes the manifest
// before it is embedded (ManifestSection.c): after O3 for IR, assembly and
// objects, whose manifest goes into the module itself; for a shared library
// after a first link of the code alone, whose DT_NEEDED entries say what
// the artifact needs, and the manifest is then linked in as an object of
// its own. Every failure after the checks is a compile failure reported at
// the module's location; nothing LLVM allocates outlives the call.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Target.h"

#include "TargetInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/SemanticHash.h"

#include "llvm-c/Analysis.h"
#include "llvm-c/Transforms/PassBuilder.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir-c/Target/LLVMIR.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tcTargetRegisterTranslations(MlirContext ctx) { mlirRegisterAllLLVMTranslations(ctx); }

// Reports an LLVM error message at the module and frees the message.
static MlirLogicalResult failWith(MlirOperation module, const char *what, char *message) {
  tcEmitError(mlirOperationGetLocation(module), "%s: %s", what, message ? message : "unknown error");
  if (message)
    LLVMDisposeMessage(message);
  return mlirLogicalResultFailure();
}

/// LLVM's pass pipeline, as LLVMRunPasses takes it.
static const char kPipeline[] = "default<O3>";

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
  LLVMErrorRef error = LLVMRunPasses(llvmModule, kPipeline, machine, options);
  LLVMDisposePassBuilderOptions(options);
  if (error)
    return failWith(module, "LLVM's O3 pipeline failed", LLVMGetErrorMessage(error));
  return mlirLogicalResultSuccess();
}

// Has the machine write assembly or an object of `llvmModule` into `out`.
static MlirLogicalResult codegen(MlirOperation module, LLVMModuleRef llvmModule, LLVMTargetMachineRef machine,
                                 LLVMCodeGenFileType type, TcTextBuffer *out) {
  char *message = NULL;
  LLVMMemoryBufferRef buffer = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(machine, llvmModule, type, &message, &buffer))
    return failWith(module, "LLVM code generation failed", message);
  tcTextBufferAppend(mlirStringRefCreate(LLVMGetBufferStart(buffer), LLVMGetBufferSize(buffer)), out);
  LLVMDisposeMemoryBuffer(buffer);
  return mlirLogicalResultSuccess();
}

// One emission: the LLVM module and machine, and the record being written.
typedef struct Emission {
  MlirOperation module;
  LLVMModuleRef llvm;
  LLVMTargetMachineRef machine;
  const TcEmitOptions *options;
  json_t *record;
} Emission;

static const char *kindName(TcEmitKind kind) {
  static const char *const names[] = {"llvm", "asm", "obj", "shared", "header"};
  return names[kind];
}

// Completes the manifest with the record and returns its text (caller
// frees), or NULL when there is no manifest (the record is dropped).
static char *finishManifest(Emission *e) {
  json_t *record = e->record;
  e->record = NULL;
  if (!e->options->manifest) {
    json_decref(record);
    return NULL;
  }
  tcManifestSetEmission(e->options->manifest, record);
  return tcManifestToString(e->options->manifest);
}

// The manifest alone, as an object of its own for the second link.
static MlirLogicalResult manifestObject(Emission *e, const char *json, TcTextBuffer *out) {
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("tensorc-manifest", LLVMGetModuleContext(e->llvm));
  LLVMSetTarget(m, LLVMGetTarget(e->llvm));
  LLVMSetDataLayout(m, LLVMGetDataLayoutStr(e->llvm));
  tcManifestSectionAdd(m, json);
  MlirLogicalResult result = codegen(e->module, m, e->machine, LLVMObjectFile, out);
  LLVMDisposeModule(m);
  return result;
}

// A shared library: the code is linked alone first, so the record can name
// what the artifact needs (DT_NEEDED, resolved); then again with the
// manifest's own object, which adds no dependency (checked).
static MlirLogicalResult emitShared(Emission *e, TcTextBuffer *out) {
  TcTextBuffer objects[2] = {{0}, {0}}, first = {0}, second = {0};
  MlirLogicalResult result = codegen(e->module, e->llvm, e->machine, LLVMObjectFile, &objects[0]);
  if (mlirLogicalResultIsSuccess(result))
    result = tcSharedLibraryLink(e->module, objects, 1, &first);
  json_t *needed = mlirLogicalResultIsSuccess(result) ? tcLinkedLibraries(&first) : NULL;
  if (mlirLogicalResultIsSuccess(result) && !needed)
    tcFatal("the linker wrote a shared library without a dynamic section");
  char *json = NULL;
  if (mlirLogicalResultIsSuccess(result)) {
    json_object_set_new(e->record, "link", json_pack("{s:o, s:O}", "command",
                                                     tcSharedLinkCommand(e->options->manifest ? 2 : 1), "needed",
                                                     needed));
    json = finishManifest(e);
  }
  if (json && mlirLogicalResultIsSuccess(result = manifestObject(e, json, &objects[1])) &&
      mlirLogicalResultIsSuccess(result = tcSharedLibraryLink(e->module, objects, 2, &second))) {
    json_t *again = tcLinkedLibraries(&second);
    if (!json_equal(again, needed))
      tcFatal("the manifest's object changed what the artifact needs");
    json_decref(again);
  }
  TcTextBuffer *library = json ? &second : &first;
  if (mlirLogicalResultIsSuccess(result))
    tcTextBufferAppend(mlirStringRefCreate(library->data ? library->data : "", library->length), out);
  json_decref(needed);
  free(json);
  for (int i = 0; i < 2; ++i)
    free(objects[i].data);
  free(first.data);
  free(second.data);
  return result;
}

// LLVM IR, assembly or an object: the manifest goes into the module itself.
static MlirLogicalResult emitSingle(Emission *e, TcTextBuffer *out) {
  json_object_set_new(e->record, "link", json_null());
  char *json = finishManifest(e);
  if (json)
    tcManifestSectionAdd(e->llvm, json);
  free(json);
  TcEmitKind kind = e->options->kind;
  if (kind != TC_EMIT_LLVM)
    return codegen(e->module, e->llvm, e->machine, kind == TC_EMIT_ASM ? LLVMAssemblyFile : LLVMObjectFile, out);
  char *text = LLVMPrintModuleToString(e->llvm);
  tcTextBufferAppendCString(out, text);
  LLVMDisposeMessage(text);
  return mlirLogicalResultSuccess();
}

// Gives the module the host target, what the entry points need, the vector
// widths and variants, the bf16 conversions and the BLIS shim, recording each.
static bool prepare(Emission *e, const TcTargetEntries *entries, const TcHostTarget *target, char *err,
                    size_t errSize) {
  char hash[TC_HASH_TEXT_SIZE];
  setHostTarget(e->llvm, e->machine);
  tcEntryPointsAddToLLVM(e->llvm, entries);
  bool softFloat = false, blis = false, panel = false;
  bool ok = tcPanelAddIfNeeded(e->llvm, &panel, err, errSize); // before the width: it compiles as generated code
  tcHostMachineSetVectorWidth(e->llvm, target);
  json_t *widened = NULL;
  json_t *offered = tcVectorMathApply(e->module, e->llvm, target, &widened);
  ok = ok && tcSoftFloatAddIfNeeded(e->llvm, &softFloat, err, errSize) && tcBlisAddIfNeeded(e->llvm, &blis, err, errSize);
  json_object_set_new(e->record, "target_machine", tcHostMachineDescribe(e->machine, target));
  json_object_set_new(e->record, "vector_math",
                      json_pack("{s:s, s:o, s:o}", "offered_up_to", tcVectorMathGetName(target->vectorMath), "offered",
                                offered, "widened_to_512", widened));
  json_object_set_new(e->record, "soft_float",
                      softFloat ? json_pack("{s:b, s:[s, s]}", "linked", 1, "functions", "__truncsfbf2", "__truncdfbf2")
                                : json_pack("{s:b}", "linked", 0));
  json_object_set_new(e->record, "blis_shim",
                      blis ? json_pack("{s:b, s:s, s:s}", "linked", 1, "xxh3_128", tcBlisShimHash(hash), "config",
                                       tcHostBlisConfigGetName(target->blisConfig))
                           : json_pack("{s:b}", "linked", 0));
  json_object_set_new(e->record, "panel_gemm",
                      panel ? json_pack("{s:b, s:s}", "linked", 1, "xxh3_128", tcPanelShimHash(hash))
                            : json_pack("{s:b}", "linked", 0));
  return ok;
}

// Everything after translation: prepare, O3, read the result, output.
static MlirLogicalResult lowerLLVMModule(MlirOperation module, LLVMModuleRef llvmModule,
                                         const TcTargetEntries *entries, const TcEmitOptions *options,
                                         TcTextBuffer *out) {
  char err[512], hash[TC_HASH_TEXT_SIZE];
  TcHostTarget target;
  Emission e = {module, llvmModule, NULL, options, NULL};
  if (tcHostTargetResolve(&target, err, sizeof err))
    e.machine = tcHostMachineCreate(&target, err, sizeof err);
  if (!e.machine) {
    tcEmitError(mlirOperationGetLocation(module), "%s", err);
    return mlirLogicalResultFailure();
  }
  e.record = json_pack("{s:s, s:{s:s}}", "kind", kindName(options->kind), "translation", "from",
                       "the llvm dialect, by mlirTranslateModuleToLLVMIR");
  MlirLogicalResult result = mlirLogicalResultSuccess();
  if (!prepare(&e, entries, &target, err, sizeof err)) {
    tcEmitError(mlirOperationGetLocation(module), "%s", err);
    result = mlirLogicalResultFailure();
  }
  json_t *pipeline = json_pack("{s:s, s:s, s:s}", "passes", kPipeline, "options",
                               "LLVMCreatePassBuilderOptions defaults", "ir_before", tcLLVMModuleHash(llvmModule, hash));
  json_object_set_new(e.record, "pipeline", pipeline);
  if (mlirLogicalResultIsSuccess(result))
    result = optimize(module, llvmModule, e.machine);
  if (mlirLogicalResultIsSuccess(result)) {
    json_object_set_new(pipeline, "ir_after", json_string(tcLLVMModuleHash(llvmModule, hash)));
    json_object_set_new(json_object_get(e.record, "vector_math"), "called", tcVectorMathCalled(llvmModule));
    result = options->kind == TC_EMIT_SHARED ? emitShared(&e, out) : emitSingle(&e, out);
  }
  json_decref(e.record);
  LLVMDisposeTargetMachine(e.machine);
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
