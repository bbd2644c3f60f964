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
//===----------------------------------------------------------------------===//
#include "TargetInternal.h"

#include "llvm-c/IRReader.h"
#include "llvm-c/Linker.h"

#include "tensorc/SemanticHash.h"

#include <stdio.h>

extern const char tcBlisShim_BlisShim[];
extern const unsigned long tcBlisShim_BlisShim_size;

const char *tcBlisShimHash(char *out) {
  return tcFormatHash(tcHashBytes(tcBlisShim_BlisShim, tcBlisShim_BlisShim_size), out);
}

bool tcBlisAddIfNeeded(LLVMModuleRef module, bool *linked, char *err, size_t errSize) {
  LLVMValueRef callee = LLVMGetNamedFunction(module, "__tc_blis_gemm");
  *linked = false;
  if (!callee || !LLVMIsDeclaration(callee))
    return true;
  LLVMContextRef ctx = LLVMGetModuleContext(module);
  LLVMMemoryBufferRef text =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(tcBlisShim_BlisShim, tcBlisShim_BlisShim_size, "tensorc-blis-shim");
  LLVMModuleRef shim = NULL;
  char *message = NULL;
  if (LLVMParseIRInContext(ctx, text, &shim, &message)) { // takes `text`
    snprintf(err, errSize, "cannot parse the BLIS shim: %s", message ? message : "");
    LLVMDisposeMessage(message);
    return false;
  }
  LLVMSetDataLayout(shim, LLVMGetDataLayoutStr(module));
  LLVMSetTarget(shim, LLVMGetTarget(module));
  if (LLVMLinkModules2(module, shim)) { // takes `shim`
    snprintf(err, errSize, "cannot link the BLIS shim into the module");
    return false;
  }
  *linked = true;
  return true;
}
