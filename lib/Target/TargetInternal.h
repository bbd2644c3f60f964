//===- TargetInternal.h - lib/Target's cross-file internals -------*- C -*-===//
//
// The host TargetMachine (HostMachine.c), the manifest global
// (ManifestSection.c), the entry points and what the artifact gets for them
// (EntryPoints.c, PackedWrappers.c, CHeader.c), the bf16 conversions the
// code generator calls (SoftFloat.c), the shared-library link
// (SharedLink.c) and the emission record's readings of the code
// (Emission.c), used by the emitter (LLVMEmit.c).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TARGET_INTERNAL_H
#define TENSORC_TARGET_INTERNAL_H

#include "tensorc/HostTarget.h"
#include "tensorc/Runtime.h"
#include "tensorc/TextBuffer.h"

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"
#include "mlir-c/IR.h"

#include <jansson.h>

#include <stddef.h>

/// Creates a TargetMachine for the host's triple and `target`'s CPU and
/// features (lib/Host), O3, position-independent code. Caller owns it (LLVMDisposeTargetMachine).
/// Returns NULL with a message in `err` if LLVM has no target for the host.
LLVMTargetMachineRef tcHostMachineCreate(const TcHostTarget *target, char *err, size_t errSize);

/// Gives every function defined in `module` the target's preferred vector
/// width ("prefer-vector-width"), so LLVM's vectoriser uses what lib/Host chose.
void tcHostMachineSetVectorWidth(LLVMModuleRef module, const TcHostTarget *target);

/// Adds a private constant global holding `json` (NUL-terminated) to `module`
/// in TC_MANIFEST_SECTION and appends it to `llvm.used` so no pass drops it.
void tcManifestSectionAdd(LLVMModuleRef module, const char *json);

/// The target machine as the emission record states it: triple, CPU,
/// features, optimisation level, relocation model, code model and the
/// preferred vector width. New object.
json_t *tcHostMachineDescribe(LLVMTargetMachineRef machine, const TcHostTarget *target);

//===-- Entry points (docs/abi.md) -----------------------------------------===//

/// One entry point: an llvm.func with a valid `tc.abi`. `name` and `types`
/// (the inputs, then the outputs) are owned by the entry.
typedef struct TcTargetEntry {
  MlirOperation func;
  char *name;
  intptr_t numInputs, numOutputs;
  TcAbiTensorType *types;
  char **names; ///< per tensor (inputs then outputs) its tc.abi name, or NULL
  bool dynamic; ///< a type has a dynamic dimension (docs/dynamic-shapes.md §3)
} TcTargetEntry;

/// The module's entry points in module order. Owned; free with
/// tcEntryPointsDestroy.
typedef struct TcTargetEntries {
  TcTargetEntry *entries;
  intptr_t count;
} TcTargetEntries;

/// Finds and checks every entry point of `module`. On a malformed `tc.abi`
/// or one that disagrees with its function, emits an error at the function
/// and fails, leaving `out` empty.
MlirLogicalResult tcEntryPointsCollect(MlirOperation module, TcTargetEntries *out);
void tcEntryPointsDestroy(TcTargetEntries *entries);

/// The descriptor JSON of `entries` (format TC_ABI_FORMAT, or
/// TC_ABI_FORMAT_DYNAMIC when an entry is dynamic). Caller frees.
char *tcEntryPointsDescriptorJson(const TcTargetEntries *entries);

/// Adds to the translated `module` a packed wrapper per entry point and,
/// when there is at least one, the exported descriptor `__tc_abi`.
void tcEntryPointsAddToLLVM(LLVMModuleRef module, const TcTargetEntries *entries);

/// Appends a C header declaring the entry points to `out`; its include
/// guard is derived from `guardName` (NULL: a fixed default).
void tcEntryPointsWriteHeader(const TcTargetEntries *entries, const char *guardName, TcTextBuffer *out);

//===-- Code the artifact needs ----------------------------------------------===//

/// If `module` computes any bf16 value, links in weak hidden definitions of
/// the f32/f64 -> bf16 conversions LLVM's code generator calls
/// (`__truncsfbf2`, `__truncdfbf2`), which libgcc 12 lacks, and sets
/// *linked. Returns false with a message in `err` if LLVM refuses them (a
/// broken invariant).
bool tcSoftFloatAddIfNeeded(LLVMModuleRef module, bool *linked, char *err, size_t errSize);

/// Marks the calls of the libm functions listed in the module attribute
/// `tc.vector_math` (tc-plan-vector-math) with the libmvec variants up to
/// `t->vectorMath`, for LLVM's loop vectoriser (VectorMath.c). Does nothing
/// for TC_VECTOR_MATH_NONE. Where AVX-512 variants are offered and the
/// vector width is below 512 bits, a function with such a call gets
/// "prefer-vector-width"="512" (after tcHostMachineSetVectorWidth). Returns
/// the variants offered to some call (a new array of their names, in a
/// fixed order) and sets `*widened` to a new array of the functions given
/// 512 bits, in module order.
json_t *tcVectorMathApply(MlirOperation module, LLVMModuleRef llvmModule, const TcHostTarget *t, json_t **widened);

/// If `module` declares `__tc_blis_gemm` (tc_kernel.gemm kernel "blis"),
/// links in the embedded BLIS shim that defines it (BlisLink.c) and sets
/// *linked. Returns false with a message in `err` if LLVM refuses it (a
/// broken invariant).
bool tcBlisAddIfNeeded(LLVMModuleRef module, bool *linked, char *err, size_t errSize);

/// The XXH3-128 of the embedded BLIS shim's IR, formatted into `out`
/// (TC_HASH_TEXT_SIZE bytes), which is returned.
const char *tcBlisShimHash(char *out);

/// If `module` declares `__tc_panel_gemm` (tc_kernel.gemm kernel "panel"),
/// links in the embedded panel gemm (BlisLink.c), its functions compiled for
/// the module's target, and sets *linked. False with `err` as above.
bool tcPanelAddIfNeeded(LLVMModuleRef module, bool *linked, char *err, size_t errSize);

/// The XXH3-128 of the embedded panel gemm's IR, as tcBlisShimHash.
const char *tcPanelShimHash(char *out);

/// Links the `numObjects` (1 or 2) relocatable objects into a shared
/// library with the system C compiler (`cc -shared ...`, found on PATH;
/// SharedLink.c gives the line) and appends the library's bytes to `out`.
/// On failure (no `cc`, a link error) emits an error at `module` with the
/// linker's output and fails.
MlirLogicalResult tcSharedLibraryLink(MlirOperation module, const TcTextBuffer *objects, size_t numObjects,
                                      TcTextBuffer *out);

/// The link line of tcSharedLibraryLink for `numObjects` objects, with the
/// objects named artifact.o and manifest.o and the output artifact.so (no
/// temporary directory): a new array of strings.
json_t *tcSharedLinkCommand(size_t numObjects);

//===-- The emission record (Emission.c) ----------------------------------===//

/// XXH3-128 of the module's printed LLVM IR, formatted into `out`.
const char *tcLLVMModuleHash(LLVMModuleRef module, char *out);

/// The libmvec variants (`_ZGV...`) the code of `module` calls, sorted: a
/// new array. Read after O3, this is what the artifact will call.
json_t *tcVectorMathCalled(LLVMModuleRef module);

/// What the linked shared library `library` needs (DT_NEEDED), each
/// resolved as its loader will (the rpaths of lib/Host/ArtifactLibraries.c)
/// and described with its package, version and hash: a new array of
/// {"soname", "path", "package", "version", "xxh3_128"} in the file's order,
/// or NULL if `library` is not a shared object.
json_t *tcLinkedLibraries(const TcTextBuffer *library);

#endif // TENSORC_TARGET_INTERNAL_H
