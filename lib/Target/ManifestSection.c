//===- ManifestSection.c - the manifest embedded in the artifact ----------===//
//
// The manifest JSON becomes a private constant byte array, NUL-terminated,
// named `__tc_manifest`, placed in TC_MANIFEST_SECTION with alignment 1.
// Private globals nobody references are deleted by O3's global DCE, so it is
// appended to `llvm.used` (the appending array in section "llvm.metadata"
// that LLVM's passes and code generator must keep); an `llvm.used` the
// module already has is rebuilt with its old entries first.
//
//===----------------------------------------------------------------------===//
#include "TargetInternal.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/Target.h"

#include <stdlib.h>
#include <string.h>

static LLVMValueRef addJsonGlobal(LLVMModuleRef module, const char *json) {
  LLVMContextRef ctx = LLVMGetModuleContext(module);
  size_t len = strlen(json);
  LLVMValueRef init = LLVMConstStringInContext2(ctx, json, len, /*DontNullTerminate=*/0);
  LLVMValueRef global = LLVMAddGlobal(module, LLVMTypeOf(init), "__tc_manifest");
  LLVMSetInitializer(global, init);
  LLVMSetGlobalConstant(global, 1);
  LLVMSetLinkage(global, LLVMPrivateLinkage);
  LLVMSetSection(global, TC_MANIFEST_SECTION);
  LLVMSetAlignment(global, 1);
  return global;
}

// Replaces `llvm.used` by one holding its old entries and `value`.
static void appendToUsed(LLVMModuleRef module, LLVMValueRef value) {
  LLVMTypeRef ptr = LLVMPointerTypeInContext(LLVMGetModuleContext(module), 0);
  LLVMValueRef old = LLVMGetNamedGlobal(module, "llvm.used");
  LLVMValueRef oldInit = old ? LLVMGetInitializer(old) : NULL;
  unsigned n = oldInit ? (unsigned)LLVMGetNumOperands(oldInit) : 0;
  LLVMValueRef *entries = calloc(n + 1, sizeof *entries);
  if (!entries)
    tcFatal("out of memory embedding the manifest");
  for (unsigned i = 0; i < n; ++i)
    entries[i] = LLVMGetOperand(oldInit, i);
  entries[n] = value;
  if (old)
    LLVMDeleteGlobal(old);
  LLVMValueRef array = LLVMConstArray2(ptr, entries, n + 1);
  LLVMValueRef used = LLVMAddGlobal(module, LLVMTypeOf(array), "llvm.used");
  LLVMSetInitializer(used, array);
  LLVMSetLinkage(used, LLVMAppendingLinkage);
  LLVMSetSection(used, "llvm.metadata");
  free(entries);
}

void tcManifestSectionAdd(LLVMModuleRef module, const char *json) {
  appendToUsed(module, addJsonGlobal(module, json));
}
