//===- TargetInternal.h - lib/Target's cross-file internals -------*- C -*-===//
//
// The host TargetMachine (HostMachine.c) and the manifest global
// (ManifestSection.c), used by the emitter (LLVMEmit.c).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TARGET_INTERNAL_H
#define TENSORC_TARGET_INTERNAL_H

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"

#include <stddef.h>

/// Creates a TargetMachine for the host (triple, CPU and features), O3,
/// position-independent code. Caller owns it (LLVMDisposeTargetMachine).
/// Returns NULL with a message in `err` if LLVM has no target for the host.
LLVMTargetMachineRef tcHostMachineCreate(char *err, size_t errSize);

/// Adds a private constant global holding `json` (NUL-terminated) to `module`
/// in TC_MANIFEST_SECTION and appends it to `llvm.used` so no pass drops it.
void tcManifestSectionAdd(LLVMModuleRef module, const char *json);

#endif // TENSORC_TARGET_INTERNAL_H
