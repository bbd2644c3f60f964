//===- BlisLink.c - what an artifact that calls BLIS needs -----------------===//
//
// tc-lower-kernels lowers `tc_kernel.gemm kernel = "blis"` to calls of
// `__tc_blis_gemm`, the artifact's BLIS shim (ArtifactRuntime/Blis.c). At
// build time clang compiles the shim to LLVM IR, which is embedded here
// (tcBlisShim_BlisShim, lib/Target/CMakeLists.txt); a module that declares
// `__tc_blis_gemm` gets it linked in before O3, with the module's triple and
// data layout, as SoftFloat.c does for the bf16 conversions. Objects
// (`--emit=obj`) therefore carry the shim too and need only BLIS itself.
//
// The shared link names BLIS with --as-needed (a library that calls no BLIS
// records no dependency on it), from the directory of Debian's pthreads
// flavour (lib/Host/ArtifactLibraries.c says why). The emission record
// says whether the shim was linked in and which shim it was (the hash of
// the embedded IR).
//
// The panel gemm (ArtifactRuntime/Panel.c, for `tc_kernel.gemm kernel =
// "panel"`) is embedded and linked the same way, but its functions lose the
// generic CPU clang compiled them for: they are linked before the module's
// vector width is set and compile for the artifact's target machine, as
// the generated code does (their work is theirs, not a library's).
//
//===----------------------------------------------------------------------===//
#include "TargetInternal.h"

#include "llvm-c/IRReader.h"
#include "llvm-c/Linker.h"

#include "tensorc/SemanticHash.h"

#include <stdio.h>
#include <string.h>

extern const char tcBlisShim_BlisShim[];
extern const unsigned long tcBlisShim_BlisShim_size;
extern const char tcPanelShim_PanelShim[];
extern const unsigned long tcPanelShim_PanelShim_size;

const char *tcBlisShimHash(char *out) {
  return tcFormatHash(tcHashBytes(tcBlisShim_BlisShim, tcBlisShim_BlisShim_size), out);
}

const char *tcPanelShimHash(char *out) {
  return tcFormatHash(tcHashBytes(tcPanelShim_PanelShim, tcPanelShim_PanelShim_size), out);
}

/// The CPU attributes clang gave the shim's functions (its generic x86-64),
/// removed so that they compile for the module's target machine.
static void forgetCpu(LLVMModuleRef shim) {
  static const char *const keys[] = {"target-cpu", "target-features", "tune-cpu"};
  for (LLVMValueRef fn = LLVMGetFirstFunction(shim); fn; fn = LLVMGetNextFunction(fn))
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; ++i)
      LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, keys[i], (unsigned)strlen(keys[i]));
}

/// Links the embedded IR `ir` (`what`) into `module` if it declares
/// `symbol`; `ownCpu` keeps the shim's generic CPU (BLIS's shim, whose
/// work is in BLIS), else its functions take the module's.
static bool linkIfNeeded(LLVMModuleRef module, const char *symbol, const char *ir, unsigned long size,
                         const char *what, bool ownCpu, bool *linked, char *err, size_t errSize) {
  LLVMValueRef callee = LLVMGetNamedFunction(module, symbol);
  *linked = false;
  if (!callee || !LLVMIsDeclaration(callee))
    return true;
  LLVMContextRef ctx = LLVMGetModuleContext(module);
  LLVMMemoryBufferRef text = LLVMCreateMemoryBufferWithMemoryRangeCopy(ir, size, what);
  LLVMModuleRef shim = NULL;
  char *message = NULL;
  if (LLVMParseIRInContext(ctx, text, &shim, &message)) { // takes `text`
    snprintf(err, errSize, "cannot parse the %s: %s", what, message ? message : "");
    LLVMDisposeMessage(message);
    return false;
  }
  LLVMSetDataLayout(shim, LLVMGetDataLayoutStr(module));
  LLVMSetTarget(shim, LLVMGetTarget(module));
  if (!ownCpu)
    forgetCpu(shim);
  if (LLVMLinkModules2(module, shim)) { // takes `shim`
    snprintf(err, errSize, "cannot link the %s into the module", what);
    return false;
  }
  *linked = true;
  return true;
}

bool tcBlisAddIfNeeded(LLVMModuleRef module, bool *linked, char *err, size_t errSize) {
  return linkIfNeeded(module, "__tc_blis_gemm", tcBlisShim_BlisShim, tcBlisShim_BlisShim_size, "BLIS shim", true,
                      linked, err, errSize);
}

bool tcPanelAddIfNeeded(LLVMModuleRef module, bool *linked, char *err, size_t errSize) {
  return linkIfNeeded(module, "__tc_panel_gemm", tcPanelShim_PanelShim, tcPanelShim_PanelShim_size, "panel gemm",
                      false, linked, err, errSize);
}
