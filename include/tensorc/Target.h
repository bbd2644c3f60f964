//===- Target.h - from the llvm dialect to LLVM IR, assembly, objects -*- C -*-===//
//
// The last stage of the pipeline (design.md §4): a module in the llvm dialect
// is checked to hold nothing translation cannot handle, translated to LLVM
// IR, optimised with LLVM's O3 for the host (a host TargetMachine, so the
// vectorisers see the real vector width) and emitted as LLVM IR text,
// assembly, an ELF object or a shared library. The artifact carries its
// manifest: the JSON document is embedded as a read-only global in the
// section TC_MANIFEST_SECTION, kept alive through `llvm.used`, so any binary
// built from it can say how it was built (docs/tensor-translate.md). The
// emitter completes that manifest first with its own record, `emission`
// (docs/manifest.md §2.2): the translation, the target machine, the LLVM
// pipeline, the vector-math variants the final code calls, the bf16
// conversions and BLIS shim linked in, the link line and the libraries the
// linked artifact needs, so the manifest describes the bytes it rides in. Entry
// points (llvm.func with `tc.abi`) get a packed wrapper each and the module
// an ABI descriptor, `__tc_abi`; a C header can declare them (docs/abi.md).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TARGET_H
#define TENSORC_TARGET_H

#include "tensorc/Manifest.h"
#include "tensorc/TextBuffer.h"

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The object-file section that holds the embedded manifest JSON.
#define TC_MANIFEST_SECTION ".tc_manifest"

/// What tcTargetEmit produces.
typedef enum TcEmitKind {
  TC_EMIT_LLVM,   ///< optimised LLVM IR as text
  TC_EMIT_ASM,    ///< host assembly
  TC_EMIT_OBJ,    ///< a host relocatable object (position independent)
  TC_EMIT_SHARED, ///< a shared library, linked by the system C compiler `cc`
  TC_EMIT_HEADER, ///< a C header declaring the entry points (no translation)
} TcEmitKind;

/// Options of one emission. Strings are borrowed for the call only.
typedef struct TcEmitOptions {
  TcEmitKind kind;
  TcManifest *manifest;     ///< completed with the emission record of its last module and
                            ///< embedded in TC_MANIFEST_SECTION (borrowed); NULL: none
  const char *headerGuard;  ///< TC_EMIT_HEADER: the include guard is made from this name (e.g. the
                            ///< header's file name); NULL: a default
} TcEmitOptions;

/// Checks that every op in `module` is one LLVM IR translation handles: the
/// `llvm` and `omp` dialects and `builtin.module`, and that the module's
/// `llvm.target_triple`, `llvm.data_layout` and `llvm.ident` are strings.
/// Emits a located error at the first other op, naming it, and fails. Translating a module that holds
/// anything else would crash inside MLIR, so tcTargetEmit calls this first.
MlirLogicalResult tcTargetCheckTranslatable(MlirOperation module);

/// Registers the LLVM IR translations of every dialect on `ctx`; call once
/// per context before tcTargetEmit.
void tcTargetRegisterTranslations(MlirContext ctx);

/// Translates `module` (llvm dialect) to LLVM IR, adds the entry points'
/// packed wrappers and the ABI descriptor, runs O3 with a host
/// TargetMachine, sets the emission record of the manifest's last module
/// (tcManifestSetEmission) and embeds the manifest if given, and appends the
/// result of `options->kind` to `out` (binary for objects and shared
/// libraries; `out` is not reset). The caller serialises the same manifest
/// afterwards to write it beside the artifact: the bytes are those embedded.
/// TC_EMIT_HEADER checks the module and its entry points and writes the
/// header without translating. On any failure (including a `tc.abi` that is
/// malformed or disagrees with its function, and a failed link) emits an
/// error at the offending op or at the module and fails; `out` is then
/// unchanged. `module` is not modified.
MlirLogicalResult tcTargetEmit(MlirOperation module, const TcEmitOptions *options, TcTextBuffer *out);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_TARGET_H
