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
// The shared link adds, with --as-needed (a library that calls no BLIS
// records no dependency on it):
//
//   -L<blis> -Wl,-rpath,<blis> -lblis      <blis> = TC_BLIS_LIBDIR
//
// TC_BLIS_LIBDIR is the directory of Debian's pthreads flavour of BLIS
// (libblis-pthread-dev), named explicitly with an rpath: the system-wide
// libblis.so.4 is an alternative that may be the OpenMP flavour, which would
// bring GCC's libgomp into a process that already runs LLVM's libomp for the
// parallel loops (docs/lowering.md "BLIS at run time").
//
//===----------------------------------------------------------------------===//
#include "TargetInternal.h"

#include "llvm-c/IRReader.h"
#include "llvm-c/Linker.h"

#include <stdio.h>

#ifndef TC_BLIS_LIBDIR
#define TC_BLIS_LIBDIR "/usr/lib/x86_64-linux-gnu/blis-pthread"
#endif

extern const char tcBlisShim_BlisShim[];
extern const unsigned long tcBlisShim_BlisShim_size;

bool tcBlisAddIfNeeded(LLVMModuleRef module, char *err, size_t errSize) {
  LLVMValueRef callee = LLVMGetNamedFunction(module, "__tc_blis_gemm");
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
  return true;
}

intptr_t tcBlisLinkArguments(char **argv, intptr_t n) {
  argv[n++] = "-Wl,--as-needed";
  argv[n++] = "-L" TC_BLIS_LIBDIR;
  argv[n++] = "-Wl,-rpath," TC_BLIS_LIBDIR;
  argv[n++] = "-lblis";
  argv[n++] = "-Wl,--no-as-needed";
  return n;
}
